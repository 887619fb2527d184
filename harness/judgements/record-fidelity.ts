// A locker record against the request that made or changed it (§4.1, §4.3: the answer is "the locker
// record", the record of the locker the body describes; §4.2 lists the same records). Every member
// sent is compared, at every depth; what the spec leaves open is not: the order of array entries,
// entries a service adds, members a sent object or array entry did not carry (merged or replaced is not stated),
// members the record never shows (lockerGroups is request only), and statuses the service manages.
import type { Json } from '../http/json';
import { inUtc, oneInstant, showsInstant } from './instants';
import { rareCharactersFolded } from '../../generators';

/**
 * The members of a record that differ from the request; lon/lat also apart, whose exact numbers are a should
 * (LCK-COORDINATES-ECHO): a coordinate shown at a lower precision is among `coordinates` only, any other number
 * among `members` too. Likewise an instant (LCK-INSTANT-PRECISION): off by less than a second, among `instants`
 * only.
 */
export interface Differences {
  members: string[];
  coordinates: string[];
  instants: string[];
  /** Texts sent with rare characters and shown without them, or with spaces for them (an observed form). */
  forms: string[];
}

/** Request members with no counterpart in the locker record (§2.1: lockerGroups is "request only"). */
const REQUEST_ONLY = new Set(['lockerGroups']);
/** The coordinates, each with its range of degrees. */
const COORDINATES = new Map([
  ['location.lon', 180],
  ['location.lat', 90],
]);
/** A date-time is the instant it names: 08:00Z and 10:00+02:00 are the same activation. */
const INSTANTS = new Set(['carrier.activationDate']);

const show = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value));
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * One text per value, equal for equal values: object members in name order, array entries in sorted
 * order (no array of a locker record is ordered by the spec), a null member the same as an absent
 * one (a serializer may leave nulls out), and a date-time as the instant it names.
 */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(',')}]`;
  if (isObject(value)) {
    const members = Object.keys(value)
      .filter((k) => value[k] !== null && value[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`);
    return `{${members.join(',')}}`;
  }
  // A date-time is the instant it names: written at another offset (09:00+01:00 for 08:00Z), it is the same value.
  return JSON.stringify(inUtc(value) ?? null);
}

/**
 * Whether `got` is the number `sent` at a lower precision, as a service may store it (§8 states no precision or range
 * of coordinates): within one unit of the last decimal `got` shows (rounded or cut, either way), or the same 32-bit
 * float; or one sent outside its coordinate's range of degrees (`range`: 180 for lon, 90 for lat), which a service
 * may wrap or clamp. Any other value (another number, the other coordinate, a text) is not the number sent.
 */
export function lowerPrecision(sent: unknown, got: unknown, range: number): boolean {
  if (typeof sent !== 'number' || typeof got !== 'number') return false;
  if (Math.abs(sent) > range || Math.fround(sent) === Math.fround(got)) return true;
  const decimals = (/\.(\d+)/.exec(String(got))?.[1] ?? '').length;
  return Math.abs(got - sent) <= 10 ** -decimals * (1 + 1e-9);
}

function sameLeaf(path: string, sent: unknown, got: unknown): boolean {
  if (sent === null) return got === null || got === undefined;
  // An empty text kept as none (a serializer that omits empty values): no sentence says an empty string comes back so.
  if (sent === '' && (got === null || got === undefined)) return true;
  if (INSTANTS.has(path) && typeof sent === 'string' && typeof got === 'string') return oneInstant(sent, got);
  return got === sent;
}

function compare(path: string, sent: unknown, got: unknown, out: Differences): void {
  if (isObject(sent)) {
    for (const [member, value] of Object.entries(sent)) {
      if (path === '' && REQUEST_ONLY.has(member)) continue;
      compare(path ? `${path}.${member}` : member, value, isObject(got) ? got[member] : undefined, out);
    }
    return;
  }
  if (Array.isArray(sent)) {
    // Each entry sent is one entry of the record, in any order; the record may hold more, and an object entry more
    // members than were sent (a row id, say), as the record itself may.
    for (const entry of matchEntries(path, sent, Array.isArray(got) ? got : []).missing)
      out.members.push(
        `${path}: sent the entry ${show(entry)}, the record's ${path} ` +
          `${Array.isArray(got) ? `has no such entry (${show(got)})` : `is ${show(got)}`}`,
      );
    return;
  }
  if (INSTANTS.has(path) && typeof sent === 'string' && !showsInstant(sent, got))
    out.instants.push(`${path}: sent ${show(sent)}, the record has ${show(got)}`);
  if (sameLeaf(path, sent, got)) return;
  const difference = `${path}: sent ${show(sent)}, the record has ${show(got)}`;
  if (rareCharactersFolded(sent, got)) {
    out.forms.push(difference);
    return;
  }
  if (COORDINATES.has(path)) out.coordinates.push(difference);
  const range = COORDINATES.get(path);
  if (range === undefined || !lowerPrecision(sent, got, range)) out.members.push(difference);
}

/** The leaves of a value that say something: a null or absent member matches more entries than a value does. */
function specificity(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + specificity(v), 0);
  if (isObject(value)) return Object.values(value).reduce((n: number, v) => n + specificity(v), 0);
  return value === null || value === undefined ? 0 : 1;
}

/** Whether a record's entry shows an entry sent: every member sent, as sent (an object entry may carry more). */
function showsEntry(path: string, entry: unknown, candidate: unknown): boolean {
  if (!isObject(entry)) return canonical(candidate) === canonical(entry);
  const differences: Differences = { members: [], coordinates: [], instants: [], forms: [] };
  compare(path, entry, candidate, differences);
  return isObject(candidate) && differences.members.length === 0;
}

/**
 * Each entry sent matched to one entry of the record that shows it (every member sent, as sent; an object entry may
 * carry more), the entries that say most first, so that {key: null} does not take the entry {value: "x"} was sent as;
 * what was sent and not found, and the record's entries no sent one took.
 */
function matchEntries(
  path: string,
  sent: readonly unknown[],
  got: readonly unknown[],
): { missing: unknown[]; left: unknown[] } {
  const left = [...got];
  const missing: unknown[] = [];
  for (const entry of [...sent].sort((a, b) => specificity(b) - specificity(a))) {
    // An entry shown exactly first: one shown only alike (an empty text shown as null) leaves the exact one to another.
    const exact = left.findIndex((candidate) => canonical(candidate) === canonical(entry));
    const at = exact >= 0 ? exact : left.findIndex((candidate) => showsEntry(path, entry, candidate));
    if (at >= 0) left.splice(at, 1);
    else missing.push(entry);
  }
  return { missing, left };
}

/** Where `record` does not show what `sent` (a create or update request) carried. */
export function notAsSent(sent: Json, record: Json | undefined): Differences {
  const out: Differences = { members: [], coordinates: [], instants: [], forms: [] };
  compare('', sent, record ?? {}, out);
  return out;
}

/**
 * The record without what the service manages itself: the statuses (§3: transitions not shown; a
 * provider may activate a new locker). What a refused request must leave as it was; the activation as the instant it
 * names (read back at another offset, it is as it was).
 */
export function withoutManaged(record: Json | undefined): Json | undefined {
  if (!record) return record;
  const { carrier, provider, ...rest } = record;
  const { status: _carrierStatus, ...carrierRest } = (carrier ?? {}) as Json;
  const { status: _providerStatus, ...providerRest } = (provider ?? {}) as Json;
  if ('activationDate' in carrierRest) carrierRest['activationDate'] = inUtc(carrierRest['activationDate']) as Json;
  return { ...rest, carrier: carrierRest, provider: providerRest };
}

/**
 * The record members an update may not send, and what of them is the carrier's: the provider's
 * lockerName, lockerUid and status are the provider's side (who sets them, and when, is not shown),
 * carrier.status is the status operation's (§4.5). lockerGroups is LCK-UPDATE-GROUPS-KEPT's.
 */
const KEPT: Record<string, (value: Json) => unknown> = {
  // The activation apart: the instant it names, to the second (changedUnsent).
  carrier: ({ status: _status, activationDate: _activation, ...rest }) => rest,
  provider: (p) => ({ name: p['name'], lockerModel: p['lockerModel'], lockerVersion: p['lockerVersion'] }),
  location: (v) => v,
  features: (v) => v,
  metadata: (v) => v,
  openingHours: (v) => v,
};

/**
 * Entries of an array an update sent that the record still holds from before it, beyond the ones sent: the member sent
 * is the array the record then has (implied by §2.1 and §4.3: the change applied), so an entry the client set before
 * and did not send again is the old value kept in part. Entries a service adds of its own are left open, as on
 * create: only entries of `before` that the update did not send count.
 */
export function keptFromBefore(sent: Json, before: Json, after: Json | undefined): string[] {
  const kept: string[] = [];
  for (const [member, value] of Object.entries(sent)) {
    if (REQUEST_ONLY.has(member) || !Array.isArray(value) || !Array.isArray(after?.[member])) continue;
    const was = Array.isArray(before[member]) ? (before[member] as unknown[]).map(canonical) : [];
    // The record's entries no sent one took; of them, those the record held before (a row id and all), unless one
    // shows an entry sent (an entry sent twice may take one row).
    const { left } = matchEntries(member, value, after[member] as unknown[]);
    const old = left
      .filter((entry) => !value.some((one) => showsEntry(member, one, entry)))
      .map(canonical)
      .filter((entry) => was.includes(entry));
    if (old.length)
      kept.push(
        `${member}: sent ${show(value)}, the record keeps ${old.length} entr${old.length === 1 ? 'y' : 'ies'} of ` +
          `before it (${old.slice(0, 3).join(', ')})`,
      );
  }
  return kept;
}

/** Members of the record an update did not send that are not as they were before it. */
export function changedUnsent(sent: Json, before: Json, after: Json | undefined): string[] {
  const changed: string[] = [];
  for (const [member, part] of Object.entries(KEPT)) {
    if (sent[member] !== undefined) continue;
    const was = isObject(before[member]) ? part(before[member]) : before[member];
    const now = isObject(after?.[member]) ? part(after[member]) : after?.[member];
    if (canonical(was) !== canonical(now)) changed.push(`${member} was ${show(was)}, is now ${show(now)}`);
  }
  // The activation is the instant it names: a service may show it at another offset, or at another precision in
  // another place (§2.1 and §8 state neither).
  const [was, now] = [before['carrier'], after?.['carrier']].map((c) => (isObject(c) ? c['activationDate'] : c));
  if (sent['carrier'] === undefined && was !== undefined && was !== now && !oneInstant(was, now))
    changed.push(`carrier.activationDate was ${show(was)}, is now ${show(now)}`);
  return changed;
}
