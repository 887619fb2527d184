// What the route wrappers of several routes share (requests-wrappers.ts, requests-<route>.ts).
import { badRequest } from '../../errors';
import { type Editable, isObject, type Switches } from '../../handlers/fault-point-state';
import { withBody } from '../../handlers/partial-writes';
import type { LockerGroup, LockerRecord, StoredLocker } from '../../model';
import { listedMembersOnly } from '../../request-members';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import type { RequestSchema } from '../../validation';
import type { Handler } from './shared';

/** The reply, or what `then` makes of it, whether the handler answered at once or awaited. */
export function after(reply: Reply | Promise<Reply>, then: (reply: Reply) => Reply): Reply | Promise<Reply> {
  return reply instanceof Promise ? reply.then(then) : then(reply);
}

/** Every record array of a list answer: the bare array, or the arrays an envelope holds (one level in). */
export function recordArrays(body: unknown): unknown[][] {
  if (Array.isArray(body)) return [body];
  if (!isObject(body)) return [];
  return Object.values(body).flatMap((v) => (Array.isArray(v) ? [v] : isObject(v) ? recordArrays(v) : []));
}

/** The request with another body, its text written anew (as the binder hands it on). */

/**
 * Fault sw-groups-bound-as-set: lockerGroups is bound into a Set of group DTOs whose equality is key and uid, so a
 * group sent twice is one group before the one-group-per-key check ever sees the request.
 */
export function groupsBoundAsSet(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const groups = isObject(ctx.body) ? ctx.body['lockerGroups'] : undefined;
  if (!app.fault('sw-groups-bound-as-set') || !Array.isArray(groups)) return ctx;
  const seen = new Set<string>();
  const bound = groups.filter((g) => {
    if (!isObject(g)) return true;
    const identity = JSON.stringify([g['key'], g['uid']]);
    return seen.has(identity) ? false : (seen.add(identity), true);
  });
  return bound.length === groups.length ? ctx : withBody(ctx, { ...(ctx.body as Editable), lockerGroups: bound });
}

const FEATURES = ['hasScreen', 'hasPinPad', 'hasPinBarcodeReader'];

/** Fault sy-locker-version-semver-coerced: a version as semver.coerce writes it (1.0 to 1.0.0, v2 to 2.0.0). */
function semverCoerced(version: string): string {
  const parts = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version);
  return parts ? `${Number(parts[1])}.${Number(parts[2] ?? 0)}.${Number(parts[3] ?? 0)}` : version;
}

/**
 * The locker body as the binder and the model registry hand it on. Fault sy-single-value-as-array: a single object
 * where metadata or lockerGroups takes an array is bound as an array of it. Fault sy-features-go-plain-bools: the
 * features are plain Go bools, so a null or absent member is false (and a create without features all false). Fault
 * sy-locker-version-semver-coerced: the registry stores provider.lockerVersion as semver.coerce gives it back.
 */
export function bound(app: FaultPointApp, ctx: RequestContext, create: boolean): RequestContext {
  if (!isObject(ctx.body)) return ctx;
  const body: Editable = structuredClone(ctx.body);
  let changed = false;
  for (const member of app.fault('sy-single-value-as-array') ? ['metadata', 'lockerGroups'] : []) {
    if (isObject(body[member])) [body[member], changed] = [[body[member]], true];
  }
  const features = body['features'];
  if (app.fault('sy-features-go-plain-bools') && (isObject(features) || (create && features === undefined))) {
    const sent: Editable = isObject(features) ? features : {};
    const zero = FEATURES.filter((f) => sent[f] === undefined || sent[f] === null).map((f) => [f, false]);
    [body['features'], changed] = [{ ...sent, ...Object.fromEntries(zero) }, true];
  }
  const provider = body['provider'];
  const version = isObject(provider) ? provider['lockerVersion'] : undefined;
  if (create && app.fault('sy-locker-version-semver-coerced') && typeof version === 'string')
    [provider['lockerVersion'], changed] = [semverCoerced(version), true];
  return changed ? withBody(ctx, body) : ctx;
}

/**
 * Fault sy-activation-date-future-or-present: activationDate carries a "today or later" constraint (its date, in UTC,
 * compared with today's): a locker activated on an earlier day is refused 400 on create and update.
 */
export function checkActivationNotPast(app: FaultPointApp, ctx: RequestContext): void {
  const carrier = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
  const sent = isObject(carrier) ? Date.parse(String(carrier['activationDate'])) : NaN;
  if (!app.fault('sy-activation-date-future-or-present') || Number.isNaN(sent)) return;
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  if (sent < today.getTime())
    throw badRequest('VALIDATION_FAILED', '/carrier/activationDate must be a date in the present or in the future');
}

/** Fault sy-list-cache-key-path-only: the list cache's entries per app, by caller and request path. */
export const listCaches = new WeakMap<object, Map<string, { reply: Reply; at: number }>>();

/** Fault sy-list-cache-key-path-only: a locker write that succeeded empties the list cache (allEntries). */
export function evictingLists<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) =>
    after(handle(app, ctx), (reply) => {
      if (reply.status < 300) listCaches.get(app)?.clear();
      return reply;
    });
}

/** The first member of the sent body the listed copy lacks, as a JSON pointer. */
function unlistedMember(sent: unknown, listed: unknown, at = ''): string | undefined {
  if (Array.isArray(sent) && Array.isArray(listed))
    return sent.map((v, i) => unlistedMember(v, listed[i], `${at}/${i}`)).find((p) => p !== undefined);
  if (!isObject(sent) || !isObject(listed)) return undefined;
  for (const [name, value] of Object.entries(sent)) {
    if (!Object.hasOwn(listed, name)) return `${at}/${name}`;
    const deeper = unlistedMember(value, listed[name], `${at}/${name}`);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}

/**
 * Variation ok-y-locker-unknown-members-refused: the create and update DTOs fail on properties they do not declare
 * (the members the §2.1 request tables list): any other member, at the top or nested, is refused 400.
 */
export function checkListedOnly(app: FaultPointApp, ctx: RequestContext, create: boolean): void {
  if (!app.fault('ok-y-locker-unknown-members-refused')) return;
  const schema = create ? 'LockerCreateRequest' : 'LockerUpdateRequest';
  const extra = unlistedMember(ctx.body, listedMembersOnly(schema, ctx.body));
  if (extra === undefined) return;
  const operation = create ? 'create' : 'update';
  throw badRequest('VALIDATION_FAILED', `${extra} is not a member of the locker ${operation} request`);
}

/** Fault saa-list-newest-from-command-log: per app and carrier, its newest create as the command log holds it. */
export const newestCreate = new WeakMap<object, Map<string, { uid: string; sent: Editable; snapshot: string }>>();

/** Fault saa-list-newest-from-command-log: another locker write of the carrier has the projector catch up. */
export function caughtUp<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) =>
    after(handle(app, ctx), (reply) => {
      if (reply.status < 300) newestCreate.get(app)?.delete(ctx.carrier.name);
      return reply;
    });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Per app, what a fault keeps between requests. */
export function heldBy<T>(store: WeakMap<object, T>, app: object, make: () => T): T {
  const held = store.get(app) ?? make();
  store.set(app, held);
  return held;
}

/**
 * What the wrappers of poolMapperAndUnionQuery use of the app beyond the fault points' shape (the reference app has it
 * all).
 */
export interface PooledApp extends FaultPointApp {
  validate(schema: RequestSchema, body: unknown): unknown;
  lockerView(locker: StoredLocker): LockerRecord;
  list<T>(items: readonly T[], query: URLSearchParams, view?: (item: T) => unknown): Reply;
}

/** Fault sag-strings-html-escaped-on-bind: validator.js's escape(), character by character. */
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
  '/': '&#x2F;',
  '\\': '&#x5C;',
  '`': '&#x60;',
};

/**
 * Fault sag-strings-html-escaped-on-bind: the create and update bodies' free-text members (the portal renders them) go
 * through an HTML escaper on the way in: carrier.lockerName, location.street, streetNumber and city, metadata values.
 */
export function escapedOnBind(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('sag-strings-html-escaped-on-bind') || !isObject(ctx.body)) return ctx;
  const body: Editable = structuredClone(ctx.body);
  let changed = false;
  const escape = (holder: unknown, member: string) => {
    if (!isObject(holder) || typeof holder[member] !== 'string') return;
    const escaped = (holder[member] as string).replace(/[&"'<>/\\`]/g, (c) => HTML_ESCAPES[c]!);
    changed ||= escaped !== holder[member];
    holder[member] = escaped;
  };
  escape(body['carrier'], 'lockerName');
  for (const member of ['street', 'streetNumber', 'city']) escape(body['location'], member);
  if (Array.isArray(body['metadata'])) for (const entry of body['metadata']) escape(entry, 'value');
  return changed ? withBody(ctx, body) : ctx;
}

/**
 * What the wrappers of registryAndErrorMapper use of the app beyond the fault points' shape (the reference app has it
 * all).
 */
export interface RegistryApp extends FaultPointApp {
  validate(schema: RequestSchema, body: unknown): unknown;
}

/** Fault sai-status-legacy-column-read: per app, the old status column of each locker a status change wrote past. */
export const legacyStatuses = new WeakMap<object, Map<string, string>>();

/** Fault sai-status-legacy-column-read: the records the locker service answers show the old column's status. */
export function legacyStatusShown(app: FaultPointApp, records: Editable[]): void {
  if (!app.fault('sai-status-legacy-column-read')) return;
  const legacy = heldBy(legacyStatuses, app, () => new Map<string, string>());
  for (const record of records) {
    const status = legacy.get(String(record['uid']));
    if (status !== undefined && isObject(record['carrier'])) record['carrier'] = { ...record['carrier'], status };
  }
}

/** Fault sai-update-features-no-row-404: per app, whether each created locker got a features row. */
export const featureRows = new WeakMap<object, Map<string, boolean>>();

/** Fault sai-groups-keyed-by-locker-id: per app, group assignments by (carrier, carrier.lockerId) no locker shows. */
const groupsByLockerId = new WeakMap<object, Map<string, LockerGroup[]>>();

const groupKey = (carrier: string, lockerId: string) => JSON.stringify([carrier, lockerId]);

/** Fault sai-groups-keyed-by-locker-id: the groups a locker shows are those held under its current carrier.lockerId. */
export function regrouped(
  app: FaultPointApp,
  carrier: string,
  locker: StoredLocker,
  formerId: string | undefined,
): void {
  const held = heldBy(groupsByLockerId, app, () => new Map<string, LockerGroup[]>());
  if (formerId !== undefined && locker.lockerGroups.length > 0)
    held.set(groupKey(carrier, formerId), locker.lockerGroups);
  const key = groupKey(carrier, locker.record.carrier.lockerId);
  locker.lockerGroups = held.get(key) ?? [];
  held.delete(key);
}

/** The reply with the lockerGroups it echoes (where it echoes them) as the locker holds them. */
export function groupsAnswered(reply: Reply, locker: StoredLocker): Reply {
  if (!isObject(reply.body) || !('lockerGroups' in reply.body)) return reply;
  return { ...reply, body: { ...reply.body, lockerGroups: locker.lockerGroups.map((g) => ({ ...g })) } };
}

/**
 * What the wrappers of repositoryAndSecondService use of the app beyond the fault points' shape (the reference app has
 * it all).
 */
export interface LegacyColumnApp extends FaultPointApp {
  validate(schema: RequestSchema, body: unknown): unknown;
}

/** The JSON text of an answer body, where it holds nothing JSON.stringify refuses (a BigInt). */
export function jsonText(body: unknown): string | undefined {
  try {
    return JSON.stringify(body);
  } catch {
    return undefined;
  }
}
