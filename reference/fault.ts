// What a named fault is: the rule it breaks and how (faults.ts lists them).
import type { ErrorObject } from 'ajv';
import type { RequestSchema } from './validation';

export interface Fault {
  name: string;
  /** The rule the fault breaks ('none': a conformant variation). */
  rule: string;
  /** Where it came from: the set it was written in (`set-ab`, `x45`, `explored`, ...; docs/measurements.md). */
  origin: string;
  description: string;
  /**
   * Why the self-test does not gate on it yet: a fault the harness does not catch yet, or a conformant variation
   * (rule 'none') the harness must let through. Switched on like any other.
   */
  candidate?: string;
  /** Validation errors the fault lets through, where the fault is a constraint not enforced. */
  relax?: { schema: RequestSchema; error: (e: ErrorObject, body: unknown) => boolean };
}

/** A fault's `relax.error`: the validation error of a required member left out. */
export const requiredMember = (member: string) => (e: ErrorObject) =>
  e.keyword === 'required' && e.params['missingProperty'] === member;

/** A fault's `relax.error`: any validation error at or under a JSON pointer. */
export const at = (pointer: string) => (e: ErrorObject) =>
  e.instancePath === pointer || e.instancePath.startsWith(`${pointer}/`);
