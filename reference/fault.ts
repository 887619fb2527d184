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

/** An error of the member at `pointer` whose value the validator saw (ajv runs verbose: `data` is the value). */
export const valueAt = (e: ErrorObject, pointer: string): unknown => (e.instancePath === pointer ? e.data : undefined);

/** The members of an update that may be sent null under variation ok-ba-update-null-members-omitted. */
export const UPDATE_MEMBERS: readonly string[] = ['/carrier', '/location', '/metadata', '/features', '/lockerGroups'];

/** A metadata entry written as a [key, value] pair, each text or null (fault sba-create-metadata-entry-array-shape). */
export const isEntryPair = (value: unknown): boolean =>
  Array.isArray(value) && value.length <= 2 && value.every((v) => v === null || typeof v === 'string');

/** The members an update's carrier or location requires (§2.1): fault sbl-update-anyof-lets-incomplete-sibling. */
export const REQUIRED_SECTION_MEMBERS = {
  carrier: ['lockerName', 'lockerId', 'activationDate'],
  location: ['street', 'streetNumber', 'postalCode', 'city', 'lon', 'lat', 'countryCode'],
} as const;

export type Section = keyof typeof REQUIRED_SECTION_MEMBERS;

/** Whether an update body's section (carrier or location) carries every member its schema requires, none null. */
export function sectionComplete(body: unknown, section: Section): boolean {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object' && !Array.isArray(v);
  const sent = isObject(body) ? body[section] : undefined;
  return isObject(sent) && REQUIRED_SECTION_MEMBERS[section].every((m) => sent[m] !== undefined && sent[m] !== null);
}
