// Trigger request arbitraries (§4.11).
import { fromSchema } from './from-schema';

export const triggerRequest = fromSchema('TriggerRequest');
