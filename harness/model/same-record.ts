// One record in two places (a list and a webhook body, two reads of a list): every member its schema in
// the document names is the same in both, but those the rule excuses in rules.yaml (`excused:`, each with
// the sentence that lets it differ). Members the schema does not name (a target's extras) are not compared:
// the spec says nothing of them. Members a later change of state moves are compared only where both places
// show the same state.
import { ruleById } from '../../spec/catalogue';
import { memberNames, resolveSchema } from '../../spec/schemas';
import type { Json } from '../http/json';
import { canonical } from '../judgements/record-fidelity';
import { instantOf, oneInstant } from '../judgements/instants';
import { nfc } from './as-sent';

/**
 * The members of a parcel record a change of its state moves (§3: "Parcel: carries shipmentStatus and
 * dimensionsStatus"; §2.4: events "History of events of the parcel"; the access code a delivery or a cancellation
 * revokes; the signature a delivery brings).
 */
export const PARCEL_STATE_MEMBERS: ReadonlySet<string> = new Set([
  // Where it comes from is not stated (§2.4 "string or null"): it may follow a rename of the locker.
  'carrierLockerId',
  'shipmentStatus',
  'dimensionsStatus',
  'events',
  'accessCodes',
  'signature',
]);

export interface SameRecord {
  /** The document's component whose members are compared. */
  component: string;
  /** The rule a difference breaks; its `excused` members are not compared. */
  rule: string;
  /** Members that may differ because the two places show different states of the record. */
  moving?: ReadonlySet<string>;
  /** Compare only members both places carry (null counts as carried): §2 gives response records no required column. */
  carriedByBoth?: boolean;
}

/** `member: here … there …` for each member the two places show differently; none when they agree. */
export function recordDifferences(
  { component, rule, moving, carriedByBoth }: SameRecord,
  here: Json | undefined,
  there: Json | undefined,
): string[] {
  const excused = ruleById(rule).excused ?? {};
  const differences: string[] = [];
  for (const member of memberNames(component)) {
    if (Object.hasOwn(excused, member) || moving?.has(member)) continue;
    if (carriedByBoth && !(here && member in here && there && member in there)) continue;
    const a = here?.[member];
    const b = there?.[member];
    if (!alike(a, b))
      differences.push(`${member}: ${JSON.stringify(a ?? null)} here, ${JSON.stringify(b ?? null)} there`);
  }
  return differences;
}

type Schema = Parameters<typeof resolveSchema>[0];

const pathsOf = new Map<string, string[]>();

/**
 * Every member path of a component the document names, walking into its objects: `uid`, `carrier.lockerName`,
 * `openingHours.accessMode`, `metadata` (an array, or an object deeper in, compares whole; arrays in any order).
 */
export function memberPaths(component: string): string[] {
  const known = pathsOf.get(component);
  if (known) return known;
  // One level in: deeper objects (an access code, whose inner fields the spec leaves open) compare whole.
  const walk = (schema: Schema, prefix: string): string[] =>
    Object.entries(resolveSchema(schema).properties ?? {}).flatMap(([name, member]) => {
      const inner = resolveSchema(member as Schema);
      return inner.properties && !prefix ? walk(inner, `${name}.`) : [`${prefix}${name}`];
    });
  const paths = walk({ $ref: `#/components/schemas/${component}` }, '');
  pathsOf.set(component, paths);
  return paths;
}

/**
 * One value read in two places: text alike in NFC (§8 states no character set, so a normal form is the target's),
 * an instant alike when it names the same moment to the second, in any notation (instants.ts), null and absent
 * alike, arrays in any order.
 */
function alike(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') {
    if (instantOf(a) && instantOf(b)) return oneInstant(a, b);
    return a.normalize('NFC') === b.normalize('NFC');
  }
  return canonical(nfc(a ?? null)) === canonical(nfc(b ?? null));
}

/** Whether the record carries the member at `path` (null counts as carried). */
function carries(record: Json | undefined, path: string): boolean {
  const parts = path.split('.');
  const parent = parts.length > 1 ? at(record, parts.slice(0, -1).join('.')) : record;
  return parent !== null && typeof parent === 'object' && !Array.isArray(parent) && parts.at(-1)! in parent;
}

function at(record: Json | undefined, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Json)[part];
  }
  return value;
}

/** One member path two places show differently, with both values. */
export interface PathChange {
  path: string;
  here: unknown;
  there: unknown;
}

/** Showings of a record compared with another of it, and the members compared, in this process so far. */
const tally = { records: 0, members: 0 };

/** What this process compared so far (pathChanges): a driver takes the difference across what it ran. */
export const comparedSoFar = (): { records: number; members: number } => ({ ...tally });

/**
 * Each member path of the component's schema (and `also`) the two show differently, but those `excused` (paths, or
 * the start of paths: `provider.` excuses the provider side); none when they agree.
 */
export function pathChanges(
  component: string,
  excused: readonly string[],
  here: Json | undefined,
  there: Json | undefined,
  also: readonly string[] = [],
  carriedByBoth = false,
): PathChange[] {
  const changes: PathChange[] = [];
  tally.records += 1;
  for (const path of [...memberPaths(component), ...also]) {
    if (excused.some((e) => path === e || (e.endsWith('.') && path.startsWith(e)))) continue;
    if (carriedByBoth && (!carries(here, path) || !carries(there, path))) continue;
    tally.members += 1;
    const a = at(here, path);
    const b = at(there, path);
    if (!alike(a, b)) changes.push({ path, here: a, there: b });
  }
  return changes;
}

/**
 * Each member path of the component's schema that `here` shows with a value and `there` leaves out, but those
 * `excused`: where a body is the record itself (a push, §6), what one place shows of it the other shows too (null and
 * absent alike).
 */
export function uncarriedPaths(
  component: string,
  excused: readonly string[],
  here: Json | undefined,
  there: Json | undefined,
): string[] {
  return (
    memberPaths(component)
      // A member excused whole excuses its inner members too.
      .filter((path) => !excused.some((e) => path === e || path.startsWith(e.endsWith('.') ? e : `${e}.`)))
      // Null, absent and empty alike: a list written "skip empty" and a push written otherwise show one record.
      .filter((path) => !isEmpty(at(here, path)) && !carries(there, path))
      .map((path) => `${path}: ${JSON.stringify(at(here, path))}, then left out`)
  );
}

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

/** `path: here, then there` for a change. */
export const changeText = (c: PathChange): string =>
  `${c.path}: ${JSON.stringify(c.here ?? null)}, then ${JSON.stringify(c.there ?? null)}`;

/** `path: here, then there` for each member path the two show differently (pathChanges). */
export function pathDifferences(
  component: string,
  excused: readonly string[],
  here: Json | undefined,
  there: Json | undefined,
  also: readonly string[] = [],
  carriedByBoth = false,
): string[] {
  return pathChanges(component, excused, here, there, also, carriedByBoth).map(changeText);
}

/** The excused member paths rules.yaml gives a rule (`excused:`), each with its sentence. */
export const excusedBy = (rule: string): string[] => Object.keys(ruleById(rule).excused ?? {});

/**
 * Members the requests that write a record name and its schema does not (lockerGroups, "request only", §2.1): a target
 * that shows them in the record shows what the requests left them, so the frame compares them where they are shown.
 */
export function requestOnlyMembers(component: string, requests: readonly string[]): string[] {
  const own = new Set(memberNames(component));
  return [...new Set(requests.flatMap((r) => memberNames(r)))].filter((m) => !own.has(m));
}
