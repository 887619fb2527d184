// Publish request arbitraries of both paths (§2.3), from the document's schemas.
import { fromSchema } from './from-schema';

export const publishByLockerUid = fromSchema('PublishByLockerUidRequest');
export const publishByCarrierLockerId = fromSchema('PublishByCarrierLockerIdRequest');
