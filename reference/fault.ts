// What a named fault is: the rule it breaks and how (faults.ts lists them).
import type { ErrorObject } from 'ajv';
import type { RequestSchema } from './validation';

export interface Fault {
  name: string;
  /** The rule the fault breaks. */
  rule: string;
  description: string;
  /**
   * Why the self-test does not gate on it yet: a fault written from the spec alone that the harness does not catch
   * yet, or a conformant variation (rule 'none') the harness must let through. Switched on like any other.
   */
  candidate?: string;
  /** Validation errors the fault lets through, where the fault is a constraint not enforced. */
  relax?: { schema: RequestSchema; error: (e: ErrorObject, body: unknown) => boolean };
}
