// The points where the faults of set AB change the parcel side and its webhooks: each does what the
// service does with its fault off, and the fault's behaviour with it on; its variations are set-ab-variations.ts.
// Called from parcels.ts (the publish, the by-tenant lookup), parcel-list.ts, cancel.ts, spec-set-d-points.ts (the
// ParcelUpdates) and collections.ts.
import { ApiError } from '../errors';
import type { PublishBody, StoredLocker, StoredParcel } from '../model';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import type { RequestSchema } from '../validation';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { answerNamesBooking, namedChange } from './set-ab-variations';

type PublishSchema = Extract<RequestSchema, 'PublishByLockerUidRequest' | 'PublishByCarrierLockerIdRequest'>;

/**
 * Fault sab-publish-either-locker-id: both publish paths bind one DTO whose class-level constraint asks for at least
 * one of lockerUid and carrierLockerId, and the locker is resolved from whichever is there.
 */
function eitherLockerId(app: FaultPointApp, carrier: string, sent: Editable, schema: PublishSchema): Editable {
  if (!app.fault('sab-publish-either-locker-id')) return sent;
  const byUid = schema === 'PublishByLockerUidRequest';
  const [wanted, other] = byUid ? ['lockerUid', 'carrierLockerId'] : ['carrierLockerId', 'lockerUid'];
  if ((sent[wanted] !== undefined && sent[wanted] !== null) || typeof sent[other] !== 'string') return sent;
  const locker = byUid
    ? app.state.lockerByCarrierLockerId(carrier, sent[other])
    : app.state.visibleLocker(carrier, sent[other]);
  if (!locker) return sent;
  return { ...sent, [wanted]: byUid ? locker.record.uid : locker.record.carrier.lockerId };
}

/** Fault sab-booking-confirms-check-snapshot: the proposals PRE_CHECKs made, by carrier, path, locker and parcel. */
const PROPOSAL_MS = 5 * 60_000;
const PROPOSED = ['shipmentType', 'consignee'];
const proposals = new WeakMap<Switches, Map<string, { at: number; data: Editable }>>();

function proposalsOf(app: Switches): Map<string, { at: number; data: Editable }> {
  const held = proposals.get(app) ?? new Map<string, { at: number; data: Editable }>();
  proposals.set(app, held);
  return held;
}

const proposalKey = (carrier: string, schema: PublishSchema, sent: Editable): string =>
  JSON.stringify([carrier, schema, sent['lockerUid'] ?? sent['carrierLockerId'], sent['carrierParcelId']]);

/**
 * Fault sab-booking-confirms-check-snapshot: a BOOKING that follows a PRE_CHECK of the same parcel into the same
 * locker confirms the check's proposal, which holds the delivery details (shipmentType, consignee) the check sent.
 */
function confirmedProposal(app: Switches, carrier: string, schema: PublishSchema, sent: Editable): Editable {
  if (!app.fault('sab-booking-confirms-check-snapshot') || sent['eventType'] !== 'BOOKING') return sent;
  const held = proposalsOf(app).get(proposalKey(carrier, schema, sent));
  if (!held || Date.now() - held.at >= PROPOSAL_MS) return sent;
  const bound = { ...sent };
  for (const member of PROPOSED)
    if (member in held.data) bound[member] = structuredClone(held.data[member]);
    else delete bound[member];
  return bound;
}

/** Fault sab-booking-confirms-check-snapshot: an accepted PRE_CHECK keeps its proposal, a BOOKING consumes it. */
function keptProposal(app: Switches, carrier: string, schema: PublishSchema, sent: Editable, reply: Reply): void {
  if (!app.fault('sab-booking-confirms-check-snapshot') || reply.status >= 300) return;
  const key = proposalKey(carrier, schema, sent);
  if (sent['eventType'] === 'BOOKING') proposalsOf(app).delete(key);
  if (sent['eventType'] !== 'PRE_CHECK') return;
  const data = Object.fromEntries(PROPOSED.filter((m) => m in sent).map((m) => [m, structuredClone(sent[m])]));
  proposalsOf(app).set(key, { at: Date.now(), data });
}

/**
 * A publish as set AB's faults and variations run it, around the publish itself: the body as bound (either locker
 * identifier, a check's proposal confirmed), then what the answer names.
 */
export function setABPublish(
  app: FaultPointApp,
  ctx: RequestContext,
  schema: PublishSchema,
  publish: () => Reply,
): Reply {
  if (!isObject(ctx.body)) return publish();
  const carrier = ctx.carrier.name;
  const sent = confirmedProposal(app, carrier, schema, eitherLockerId(app, carrier, ctx.body, schema));
  ctx.body = sent;
  const reply = publish();
  keptProposal(app, carrier, schema, sent, reply);
  return answerNamesBooking(app, carrier, sent, reply);
}

/**
 * Fault sab-zero-dimension-500: the compartment chooser (a Java service) orients the parcel by its aspect ratio, the
 * longest side divided by the shortest in int arithmetic, over the sides given; a side of 0 throws "/ by zero".
 */
export function parcelOriented(app: Switches, dimensions: PublishBody['dimensions']): void {
  if (!app.fault('sab-zero-dimension-500')) return;
  const sides = [dimensions?.depth, dimensions?.height, dimensions?.width].filter(
    (v): v is number => typeof v === 'number',
  );
  if (sides.length && Math.min(...sides) === 0)
    throw new ApiError(500, 'INTERNAL_ERROR', 'java.lang.ArithmeticException: / by zero');
}

const ownFirst = (lockers: StoredLocker[], carrier: string): StoredLocker[] =>
  [...lockers].sort(
    (a, b) => Number(b.record.ownedByCarrier === carrier) - Number(a.record.ownedByCarrier === carrier),
  );

/**
 * A locker matched by another id than its carrier.lockerId, as the booking takes it: the parcel row copies
 * carrierLockerId from the request, the id it was named by.
 */
const namedAs = (locker: StoredLocker | undefined, sentId: string): StoredLocker | undefined =>
  locker && locker.record.carrier.lockerId !== sentId
    ? { ...locker, record: { ...locker.record, carrier: { ...locker.record.carrier, lockerId: sentId } } }
    : locker;

/**
 * The locker a by-tenant publish names. Fault sab-by-tenant-former-id-alias: a locker keeps the carrier.lockerId it
 * was created with as an alias, and the lookup matches the current id or an alias, the oldest locker first. Fault
 * sab-tenant-id-nfkc-match: where no locker has the id exactly, ids are compared in Unicode NFKC.
 */
export function tenantLocker(
  app: FaultPointApp,
  carrier: string,
  schema: RequestSchema,
  sent: PublishBody,
  lookup: () => StoredLocker | undefined,
): StoredLocker | undefined {
  const aliased = app.fault('sab-by-tenant-former-id-alias');
  const folded = app.fault('sab-tenant-id-nfkc-match');
  const sentId = sent.carrierLockerId;
  if ((!aliased && !folded) || schema !== 'PublishByCarrierLockerIdRequest' || sentId === undefined) return lookup();
  const candidates = ownFirst(app.state.visibleLockers(carrier), carrier);
  const nfkc = (id: string) => id.normalize('NFKC');
  const found = aliased
    ? candidates.find((l) => l.record.carrier.lockerId === sentId || l.createdAs === sentId)
    : (candidates.find((l) => l.record.carrier.lockerId === sentId) ??
      candidates.find((l) => nfkc(l.record.carrier.lockerId) === nfkc(sentId)));
  return namedAs(found, sentId) ?? lookup();
}

/**
 * Fault sab-parcel-list-trailing-comma: GET /parcels streams a bare array with a hand-written writer that walks the
 * parcel table, writes the caller's rows and puts a comma after each unless its index is the table's last: when the
 * table's newest row is another carrier's (or the mock's for another carrier), the array ends in ",]".
 */
export function streamedArray(app: FaultPointApp, carrier: string, reply: Reply): Reply {
  if (!app.fault('sab-parcel-list-trailing-comma') || !Array.isArray(reply.body) || reply.body.length === 0)
    return reply;
  if (app.state.parcels.at(-1)?.owner === carrier) return reply;
  return { ...reply, raw: `[${reply.body.map((record) => JSON.stringify(record)).join(',')},]` };
}

/** Where a cancel answers with the parcel record. */
interface CancelApp extends FaultPointApp {
  parcelView(parcel: StoredParcel): unknown;
}

/**
 * Fault sab-cancel-unknown-tombstone: a cancel is an upsert on (carrier, carrierParcelId), kept so that a cancel
 * arriving before its booking is not lost: an id no parcel of the carrier has becomes a CANCELLED parcel of that id.
 */
export function cancelledBeforeBooked(app: CancelApp, carrier: string, id: string): Reply | undefined {
  if (!app.fault('sab-cancel-unknown-tombstone')) return undefined;
  const timestamp = new Date().toISOString();
  const parcel: StoredParcel = {
    owner: carrier,
    record: {
      shipmentUid: app.state.newShipmentUid(),
      lockerUid: '',
      carrierParcelId: id,
      carrierLockerId: null,
      shipmentType: 'LAST_MILE',
      shipmentStatus: 'CANCELLED',
      dimensionsStatus: 'INCOMPLETE',
      allocationType: 'HARD_RESERVATION',
      accessCodes: null,
      consignee: null,
      events: [{ type: 'CANCELLED', timestamp }],
      lockStatus: 'UNLOCKED',
    },
  };
  app.state.parcels.push(parcel);
  app.lag.written(parcel, parcel.record);
  return app.options.choices.cancelAnswer === 'record'
    ? { status: 200, body: app.parcelView(parcel) }
    : { status: 204 };
}

/** Fault sab-cancel-lock-leaked: the cancel locks held, by carrier and carrierParcelId. */
const cancelLocks = new WeakMap<Switches, Set<string>>();

/**
 * Fault sab-cancel-lock-leaked: a cancel takes a lock named by (carrier, carrierParcelId) before its guard and
 * releases it on its success path only: a refused cancel (a cancelled or delivered parcel) leaves it held, and every
 * later cancel of that id, a new booking of it too, is answered 409 CANCEL_IN_PROGRESS.
 */
export function cancelLocked(app: Switches, carrier: string, parcel: StoredParcel): void {
  if (!app.fault('sab-cancel-lock-leaked')) return;
  const held = cancelLocks.get(app) ?? new Set<string>();
  cancelLocks.set(app, held);
  const key = JSON.stringify([carrier, parcel.record.carrierParcelId]);
  if (held.has(key))
    throw new ApiError(409, 'CANCEL_IN_PROGRESS', `a cancellation of parcel "${parcel.record.carrierParcelId}" runs`);
  held.add(key);
  const before = parcel.record.shipmentStatus;
  // Released where the cancellation was written, after the handler: the refusal's path never gets there.
  queueMicrotask(() => {
    if (before === 'BOOKED' && parcel.record.shipmentStatus === 'CANCELLED') held.delete(key);
  });
}

const second = (timestamp: string) => Math.floor(Date.parse(timestamp) / 1000);

/**
 * Fault sab-cancel-delivered-same-second: "delivered" is stored as delivered_at > created_at, delivered_at a NOT NULL
 * DATETIME(0) whose default is the row's creation time: a parcel delivered within the second it was created counts
 * as not delivered, and its cancel is carried out. True: the delivered parcel may be cancelled.
 */
export function deliveredUnseen(app: Switches, parcel: StoredParcel): boolean {
  if (!app.fault('sab-cancel-delivered-same-second') || !parcel.delivered) return false;
  const created = parcel.record.events[0]?.timestamp;
  const delivered = [...parcel.record.events].reverse().find((e) => e.type === 'CONSIGNEE_DELIVERED')?.timestamp;
  return created !== undefined && delivered !== undefined && second(delivered) <= second(created);
}

/**
 * The ParcelUpdates body as set AB's faults and variations send it. Fault sab-push-proto3-default-omitted: the event
 * is a protobuf message written with its JSON mapping, which leaves out an enum at its zero value, and allocationType
 * (added in 1.1 as an enum) has HARD_RESERVATION first.
 */
export function setABParcelPush(app: Switches, body: unknown): void {
  if (app.fault('sab-push-proto3-default-omitted') && isObject(body) && body['allocationType'] === 'HARD_RESERVATION')
    delete body['allocationType'];
  namedChange(app, body);
}

/**
 * The key the collection job's "named this period" bookkeeping uses. Fault sab-collection-dedup-by-locker-id: the
 * carrier's own locker id (carrier.lockerId), which an update may change, in place of the locker.
 */
export function collectionKey(app: FaultPointApp, carrier: string, uid: string, key: string): string {
  const locker = app.state.lockers.get(uid);
  if (!app.fault('sab-collection-dedup-by-locker-id') || !locker) return key;
  return JSON.stringify([carrier, locker.record.carrier.lockerId]);
}

/**
 * How often the collection job runs. Faults sab-collection-dedup-by-locker-id, sab-collection-calendar-bucket: four
 * times a period (hourly where the period is a day, to pick drop-offs up sooner), its bookkeeping keeping each locker
 * to one notification a period.
 */
export function collectionJobEvery(app: Switches, period: number): number {
  const hourly = app.fault('sab-collection-dedup-by-locker-id') || app.fault('sab-collection-calendar-bucket');
  return hourly ? Math.max(1, Math.floor(period / 4)) : period;
}

/**
 * Whether a locker was named this period. Fault sab-collection-calendar-bucket: "this period" is the calendar period
 * (the UTC day: floor(t / period)) the run falls in, not the last period before it.
 */
export function namedThisPeriod(
  app: Switches,
  last: number | undefined,
  now: number,
  window: number,
  period: number,
): boolean {
  if (last === undefined) return false;
  if (!app.fault('sab-collection-calendar-bucket')) return now - last < window;
  return Math.floor(last / period) === Math.floor(now / period);
}

/** When a notification is stamped; fault sab-collection-calendar-bucket: at the job's run. */
export function collectionStamp(app: Switches, last: number | undefined, now: number, period: number): number {
  if (last === undefined || app.fault('sab-collection-calendar-bucket')) return now;
  return Math.max(now, last + period);
}
