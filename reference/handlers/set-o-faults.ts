// The points where the faults and variations of set O change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in spec-set-d-points.ts (publish, pushes, consignee), parcels.ts, parcel-list.ts, cancel.ts,
// trigger.ts, collections.ts, server.ts and http-io.ts.
import { ApiError, badRequest } from '../errors';
import type { JsonObject, StoredLocker, StoredParcel } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { type Editable, isObject } from './fault-point-state';

/** The publish event types the gateway's rules name, each with the literal text its rule matches. */
const ROUTED_EVENT_TYPES = ['BOOKING', 'PRE_CHECK'];

/**
 * Fault so-publish-event-type-by-raw-text: the API gateway routes a publish to the booking or the check service by a
 * literal match on the raw body, `"eventType":"BOOKING"` or `"eventType":"PRE_CHECK"`; a body matching neither gets the
 * gateway's fallback refusal, whatever its parsed value says.
 */
function refuseUnroutedText(app: FaultPointApp, ctx: RequestContext): void {
  const eventType = isObject(ctx.body) ? ctx.body['eventType'] : undefined;
  if (!app.fault('so-publish-event-type-by-raw-text') || typeof ctx.raw !== 'string') return;
  if (typeof eventType !== 'string' || !ROUTED_EVENT_TYPES.includes(eventType)) return;
  if (!ctx.raw.includes(`"eventType":"${eventType}"`))
    throw badRequest('VALIDATION_FAILED', '/eventType must be PRE_CHECK or BOOKING');
}

/** JSON text of a value with every object's members in key order: one text per value, whatever order it was sent in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (!isObject(value)) return JSON.stringify(value);
  const members = Object.keys(value).sort();
  return `{${members.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
}

/** Variation ok-o-booking-retry-replayed: each booking's answer and parcel, by carrier and the request's value. */
const bookedBy = new WeakMap<FaultPointApp, Map<string, { reply: Reply; parcel: StoredParcel }>>();

/**
 * A publish as set O's faults and variations run it, around the publish itself (`publishIt`).
 * Variation ok-o-booking-retry-replayed: a BOOKING that repeats, value for value, the request that made a booking still
 * booked is a client's retry: answered as that one was (the processing time anew), nothing booked or pushed.
 * Fault so-publish-message-bundle-gap: the answer's message comes from a bundle keyed by event type and shipment type,
 * which has no entry for ALTERNATIVE_DELIVERY; the lookup gives null.
 */
export function setOPublish(app: FaultPointApp, ctx: RequestContext, publishIt: () => Reply): Reply {
  refuseUnroutedText(app, ctx);
  const sent = isObject(ctx.body) ? ctx.body : {};
  const retry = app.fault('ok-o-booking-retry-replayed') && sent['eventType'] === 'BOOKING';
  const key = retry ? `${ctx.carrier.name} ${canonicalJson(sent)}` : '';
  const store = bookedBy.get(app) ?? new Map<string, { reply: Reply; parcel: StoredParcel }>();
  bookedBy.set(app, store);
  const made = retry ? store.get(key) : undefined;
  if (made && made.parcel.record.shipmentStatus === 'BOOKED')
    return { ...made.reply, body: { ...(made.reply.body as Editable), timestamp: new Date().toISOString() } };
  const reply = publishIt();
  const parcel = app.state.parcels.at(-1);
  if (retry && reply.status < 300 && parcel?.owner === ctx.carrier.name)
    store.set(key, { reply: structuredClone(reply), parcel });
  const gap = app.fault('so-publish-message-bundle-gap') && sent['shipmentType'] === 'ALTERNATIVE_DELIVERY';
  if (gap && reply.status < 300 && isObject(reply.body)) return { ...reply, body: { ...reply.body, message: null } };
  return reply;
}

/** A LIKE pattern as a regular expression: % any run, _ any one character, the rest as it is. */
function likePattern(pattern: string): RegExp {
  const parts = [...pattern].map((c) =>
    c === '%' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return new RegExp(`^${parts.join('')}`, 's');
}

/**
 * Fault so-by-tenant-like-prefix: where no locker of the carrier's has the carrierLockerId exactly, the by-tenant path
 * falls back on the locker search of the carrier portal's type-ahead, `WHERE locker_id LIKE :id || '%' ORDER BY
 * locker_id LIMIT 1`, unescaped: a prefix of a carrier.lockerId (the empty one too) names that locker.
 */
export function typeaheadLocker(app: FaultPointApp, carrier: string, lockerId: string): StoredLocker | undefined {
  if (!app.fault('so-by-tenant-like-prefix')) return undefined;
  const like = likePattern(lockerId);
  return app.state
    .visibleLockers(carrier)
    .filter((l) => like.test(l.record.carrier.lockerId))
    .sort((a, b) => (a.record.carrier.lockerId < b.record.carrier.lockerId ? -1 : 1))[0];
}

/**
 * Fault so-consignee-name-split-rejoined: the contact service keeps a consignee's name as givenName and familyName,
 * split at the first blank, and the record shows `${givenName} ${familyName}`: a name without a blank comes back with a
 * trailing one.
 */
export function rejoinedName<T extends JsonObject | null | undefined>(app: FaultPointApp, consignee: T): T {
  const name = consignee?.['name'];
  if (!app.fault('so-consignee-name-split-rejoined') || typeof name !== 'string') return consignee;
  const [given, ...family] = name.split(' ');
  return { ...consignee, name: `${given} ${family.join(' ')}` };
}

/**
 * Fault so-parcel-list-to-map-first-wins: GET /parcels collects the rows into a map keyed by carrierParcelId with a
 * merge function that keeps the first (toMap(getCarrierParcelId, p -> p, (a, b) -> a), written to stop the duplicate
 * key exception): of the carrier's parcels sharing a carrierParcelId only the oldest is listed.
 */
export function firstPerParcelId(app: FaultPointApp, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('so-parcel-list-to-map-first-wins')) return parcels;
  const first = new Map<string, StoredParcel>();
  for (const p of parcels) if (!first.has(p.record.carrierParcelId)) first.set(p.record.carrierParcelId, p);
  return [...first.values()];
}

/** Variation ok-o-parcels-last-changed-first: the list ordered by each parcel's newest event, newest first. */
export function lastChangedFirst(app: FaultPointApp, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('ok-o-parcels-last-changed-first')) return parcels;
  const last = (p: StoredParcel) => p.record.events.reduce((t, e) => (e.timestamp > t ? e.timestamp : t), '');
  return [...parcels].reverse().sort((a, b) => (last(a) === last(b) ? 0 : last(a) > last(b) ? -1 : 1));
}

/**
 * Fault so-cancel-release-needs-active-locker: a cancellation releases the compartment through the provider's locker
 * command API before it is written, and the API refuses commands for a locker whose status is not ACTIVE; the refusal
 * is answered 400 and the parcel stays booked.
 */
export function releaseCompartment(app: FaultPointApp, parcel: StoredParcel): void {
  const locker = app.state.lockers.get(parcel.record.lockerUid);
  if (app.fault('so-cancel-release-needs-active-locker') && locker && locker.record.carrier.status !== 'ACTIVE')
    throw badRequest('COMPARTMENT_RELEASE_FAILED', `locker ${locker.record.uid} does not accept commands`);
}

/** Fault so-cancel-refusal-message-table: the refusal's reason per status, written before COLLECTED existed. */
const NOT_CANCELLABLE_REASON: Record<string, string> = {
  CANCELLED: 'parcel {id} is already cancelled',
  DELIVERED: 'parcel {id} has been delivered',
};

/**
 * Fault so-cancel-refusal-message-table: the refusal's message is REASONS[status].replace('{id}', id), and the table
 * has no COLLECTED: the refusal of a collected parcel throws a TypeError, answered 500.
 */
export function refusalReason(app: FaultPointApp, status: string): void {
  if (app.fault('so-cancel-refusal-message-table') && NOT_CANCELLABLE_REASON[status] === undefined)
    throw new ApiError(500, 'INTERNAL_ERROR', "Cannot read properties of undefined (reading 'replace')");
}

/**
 * Fault so-trigger-parcel-keyed-by-provider-locker: the staging mock plays the provider, which knows no carrier, and
 * finds the parcel an event names by (locker, parcel_id) among every carrier's parcels, the newest first.
 */
export function mockParcel(
  app: FaultPointApp,
  carrier: string,
  match: (p: StoredParcel) => boolean,
): StoredParcel | undefined {
  if (!app.fault('so-trigger-parcel-keyed-by-provider-locker')) return app.state.latestParcel(carrier, match);
  return [...app.state.parcels].reverse().find(match);
}

/** Fault so-collection-one-locker-per-carrier: the notification DTO holds one carrierLockerId, the group's first. */
export function oneLockerPerCarrier(app: FaultPointApp, lockerUids: Set<string>): Set<string> {
  if (!app.fault('so-collection-one-locker-per-carrier')) return lockerUids;
  return new Set([...lockerUids].slice(0, 1));
}

/** Fault so-push-dedup-by-parcel-id-status: the (carrierParcelId, shipmentStatus) pairs pushed, of every carrier. */
const pushedPairs = new WeakMap<FaultPointApp, Set<string>>();

/**
 * A ParcelUpdates as set O's faults send it: true where it is not sent.
 * Fault so-push-dedup-by-parcel-id-status: the sender drops an event whose idempotency key, carrierParcelId and
 * shipmentStatus, it has sent before (meant to drop redelivered events; the carrier and the shipmentUid are left out).
 * Fault so-push-cloudevents-pilot-carrier: the second carrier is in the pilot of the CloudEvents publisher (a feature
 * flag per carrier), which sends the record as `data` of a structured-mode CloudEvent.
 */
export function setOParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown): boolean {
  if (!isObject(body)) return false;
  if (app.fault('so-push-dedup-by-parcel-id-status')) {
    const pairs = pushedPairs.get(app) ?? new Set<string>();
    pushedPairs.set(app, pairs);
    const pair = `${String(body['carrierParcelId'])} ${String(body['shipmentStatus'])}`;
    if (pairs.has(pair)) return true;
    pairs.add(pair);
  }
  if (app.fault('so-push-cloudevents-pilot-carrier') && owner === app.options.carriers[1]) {
    const data = { ...body };
    for (const member of Object.keys(body)) delete body[member];
    Object.assign(body, {
      specversion: '1.0',
      id: `${String(data['shipmentUid'])}-${String(data['eventTimestamp'])}`,
      source: '/carrier-integration/parcels',
      type: 'com.carrier-integration.parcel.updated',
      time: data['eventTimestamp'],
      datacontenttype: 'application/json',
      data,
    });
  }
  return false;
}

/**
 * Fault so-parcels-key-checked-in-query: GET /parcels only checks that a key header is there and scopes the query by
 * `owner = (SELECT carrier FROM api_keys WHERE key = :key)`: a key no carrier has matches no row, answered 200 with no
 * parcel. A missing header is still refused.
 */
export function keyCheckedInQuery(app: FaultPointApp, path: string, apiKey: unknown): boolean {
  return app.fault('so-parcels-key-checked-in-query') && path === '/parcels' && typeof apiKey === 'string' && !!apiKey;
}

/** Variation ok-o-error-codes-dotted: the parcel operations, whose errorCodes are message keys of their area. */
const PARCEL_ROUTES = new Set([
  '/parcels/data',
  '/parcels/data/by-tenant-locker-id',
  '/parcels',
  '/parcels/{parcelId}',
]);

/** Variation ok-o-error-codes-dotted: an errorCode of a parcel operation as a dotted message key (parcel.not_found). */
export function dottedCode(app: FaultPointApp, route: string | undefined, status: number, code: string): string {
  if (!app.fault('ok-o-error-codes-dotted') || !PARCEL_ROUTES.has(route ?? '')) return code;
  return `${status === 401 || status === 403 ? 'auth' : 'parcel'}.${code.toLowerCase()}`;
}
