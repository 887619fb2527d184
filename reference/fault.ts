// What a named fault is: the rule it breaks and how (faults.ts lists them).
import type { ErrorObject } from 'ajv';
import type { RequestSchema } from './validation';

export interface Fault {
  name: string;
  /** The rule the fault breaks. */
  rule: string;
  description: string;
  /** Validation errors the fault lets through, where the fault is a constraint not enforced. */
  relax?: { schema: RequestSchema; error: (e: ErrorObject, body: unknown) => boolean };
}
