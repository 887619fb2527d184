// The points where the faults and variations of set S change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in spec-set-d-points.ts (publish, parcel view, pushes), cancel.ts, trigger.ts,
// parcel-list.ts, http-io.ts and set-i-faults.ts (delivery headers).
import { createHash, createHmac } from 'node:crypto';
import { badRequest } from '../errors';
import { secondaryIdRows } from '../faults/behaviour/parcels';
import type { StoredLocker, StoredParcel } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { type Editable, isObject } from './fault-point-state';

/** The by-tenant path's body: a carrierLockerId and no lockerUid. */
const tenantLockerId = (body: Editable): string | undefined =>
  typeof body['carrierLockerId'] === 'string' && !('lockerUid' in body) ? body['carrierLockerId'] : undefined;

/** Fault ss-publish-unicode-escape-filter: the input filter's pattern, meant for \u0000 and the other controls. */
const LOW_ESCAPE = /\\u00[0-9a-fA-F]{2}/;

/**
 * Fault ss-publish-unicode-escape-filter: the publish router's input filter strips every \u00XX escape from the raw
 * body before it is parsed (written to keep NUL and control characters out, its pattern one digit too wide).
 */
function escapesFiltered(app: FaultPointApp, ctx: RequestContext): void {
  if (!app.fault('ss-publish-unicode-escape-filter') || ctx.raw === undefined || !LOW_ESCAPE.test(ctx.raw)) return;
  const filtered = ctx.raw.replace(new RegExp(LOW_ESCAPE.source, 'g'), '');
  try {
    ctx.body = JSON.parse(filtered);
    ctx.raw = filtered;
  } catch {
    throw badRequest('MALFORMED_JSON', 'the body is not valid JSON');
  }
}

/**
 * Fault ss-by-tenant-single-result-across-carriers: the by-tenant path reads the carrier-created lockers of that
 * carrier.lockerId, of every carrier, as a single result (the owner is checked on the row found); two rows are
 * refused as ambiguous.
 */
function refuseAmbiguousTenantId(app: FaultPointApp, ctx: RequestContext): void {
  if (!app.fault('ss-by-tenant-single-result-across-carriers') || !isObject(ctx.body)) return;
  const sent = tenantLockerId(ctx.body);
  if (sent === undefined) return;
  const rows = [...app.state.lockers.values()].filter(
    (l) => l.record.ownedByCarrier !== null && l.record.carrier.lockerId === sent,
  );
  if (rows.length > 1)
    throw badRequest('AMBIGUOUS_LOCKER_ID', `more than one locker is registered under carrierLockerId "${sent}"`);
}

/**
 * Fault ss-unlocked-booking-as-release: a BOOKING with lockStatus UNLOCKED is taken for the command that releases a
 * locked booking of that carrierParcelId ("UNLOCKED releases the parcel for collection"), not for a booking.
 */
function unlockedAsRelease(app: FaultPointApp, ctx: RequestContext): Reply | undefined {
  if (!app.fault('ss-unlocked-booking-as-release') || !isObject(ctx.body)) return undefined;
  const { eventType, lockStatus, carrierParcelId } = ctx.body;
  if (eventType !== 'BOOKING' || lockStatus !== 'UNLOCKED') return undefined;
  const locked = app.state.latestParcel(
    ctx.carrier.name,
    (p) =>
      p.record.carrierParcelId === carrierParcelId &&
      p.record.shipmentStatus === 'BOOKED' &&
      p.record.lockStatus === 'LOCKED',
  );
  if (!locked)
    throw badRequest('PARCEL_NOT_LOCKED', `no locked booking of parcel "${String(carrierParcelId)}" to release`);
  locked.record.lockStatus = 'UNLOCKED';
  const timestamp = new Date().toISOString();
  const message = `Booking ${locked.record.shipmentUid} released for collection`;
  return { status: app.options.choices.publishSuccessStatus, body: { status: 'UNLOCKED', message, timestamp } };
}

/**
 * Fault ss-by-tenant-locker-stub-merged: the by-tenant path builds the locker of the draft parcel from the locker-id
 * lookup row (uid and carrier.lockerId), its metadata collection empty, and the parcel's locker association cascades
 * MERGE with orphan removal: the check's draft validation and the booking's save write the empty metadata over the
 * locker's.
 */
function mergedLockerStub(app: FaultPointApp, ctx: RequestContext, reply: Reply): void {
  if (!app.fault('ss-by-tenant-locker-stub-merged') || reply.status >= 300 || !isObject(ctx.body)) return;
  const sent = tenantLockerId(ctx.body);
  const locker = sent === undefined ? undefined : app.state.lockerByCarrierLockerId(ctx.carrier.name, sent);
  if (!locker?.record.metadata.length) return;
  locker.record.metadata = [];
  app.lag.written(locker, locker.record);
}

/** Fault ss-cancel-id-matches-secondary-id: the booking's second label id, kept with the parcel row. */
function keepSecondaryId(app: FaultPointApp, ctx: RequestContext, reply: Reply): void {
  if (!app.fault('ss-cancel-id-matches-secondary-id') || reply.status >= 300 || !isObject(ctx.body)) return;
  const { eventType, carrierParcelId, secondaryShipmentId } = ctx.body;
  if (eventType !== 'BOOKING' || typeof secondaryShipmentId !== 'string') return;
  const booked = app.state.latestParcel(ctx.carrier.name, (p) => p.record.carrierParcelId === carrierParcelId);
  if (booked && !secondaryIdRows.has(booked)) secondaryIdRows.set(booked, secondaryShipmentId);
}

/** A publish as set S's faults run it, around the publish itself (`publishIt`). */
export function setSPublish(app: FaultPointApp, ctx: RequestContext, publishIt: () => Reply): Reply {
  escapesFiltered(app, ctx);
  refuseAmbiguousTenantId(app, ctx);
  const released = unlockedAsRelease(app, ctx);
  if (released) return released;
  const reply = publishIt();
  mergedLockerStub(app, ctx, reply);
  keepSecondaryId(app, ctx, reply);
  return reply;
}

/**
 * Fault ss-cancel-id-matches-secondary-id: the cancel by carrierParcelId runs "... WHERE carrier = ? AND status =
 * BOOKED AND (carrierParcelId = :id OR secondaryShipmentId = :id) LIMIT 1" (any id on the label), the first row in
 * table order. Undefined where the fault is off or nothing matches.
 */
export function secondaryIdMatch(
  app: FaultPointApp,
  carrier: string,
  form: string,
  id: string,
): StoredParcel | undefined {
  if (!app.fault('ss-cancel-id-matches-secondary-id') || form !== 'carrierParcelId') return undefined;
  return app.state.parcels.find(
    (p) =>
      p.owner === carrier &&
      p.record.shipmentStatus === 'BOOKED' &&
      (p.record.carrierParcelId === id || secondaryIdRows.get(p) === id),
  );
}

/** Fault ss-third-party-allocation-provider-words: the provider allocation API's words, echoed in its confirmation. */
const PROVIDER_WORDS: Record<string, string> = { HARD_RESERVATION: 'HARD', SOFT_RESERVATION: 'SOFT' };

/** Fault ss-shipment-type-derived-from-consignee: the types the entity's getter derives. */
const DERIVED_TYPES = new Set(['LAST_MILE', 'ALTERNATIVE_DELIVERY']);

/** Variation ok-s-access-codes-courier-code: a six-digit code derived from the parcel (stable between reads). */
const courierCode = (shipmentUid: string) =>
  String(100000 + (parseInt(createHash('sha256').update(shipmentUid).digest('hex').slice(0, 8), 16) % 900000));

/**
 * A parcel record as every place shows it (list, cancel answer, push): set S's view.
 * Fault ss-third-party-allocation-provider-words: parcels in third-party lockers carry the provider's words.
 * Fault ss-shipment-type-derived-from-consignee: a last-mile type is derived from whether there is a consignee.
 * Fault ss-cancel-clears-locker-uid: lockerUid is read through the parcel's compartment, released on cancel and on
 * collection.
 * Variation ok-s-access-codes-courier-code: a booked last-mile parcel also carries the courier's drop-off code.
 */
export function setSParcelView(app: FaultPointApp, record: Editable): void {
  const thirdParty = app.state.lockers.get(record['lockerUid'])?.record.ownedByCarrier === null;
  if (app.fault('ss-third-party-allocation-provider-words') && thirdParty)
    record['allocationType'] = PROVIDER_WORDS[record['allocationType']] ?? record['allocationType'];
  if (app.fault('ss-shipment-type-derived-from-consignee') && DERIVED_TYPES.has(record['shipmentType']))
    record['shipmentType'] = record['consignee'] ? 'LAST_MILE' : 'ALTERNATIVE_DELIVERY';
  const released = record['shipmentStatus'] === 'CANCELLED' || record['shipmentStatus'] === 'COLLECTED';
  if (app.fault('ss-cancel-clears-locker-uid') && released) record['lockerUid'] = null;
  const code = record['accessCodes']?.['consigneeCollectionCode'];
  const booked = record['shipmentStatus'] === 'BOOKED' && DERIVED_TYPES.has(record['shipmentType']);
  if (app.fault('ok-s-access-codes-courier-code') && isObject(code) && booked)
    record['accessCodes'] = {
      ...record['accessCodes'],
      courierDropOffCode: { code: courierCode(String(record['shipmentUid'])), validUntil: code['validUntil'] },
    };
}

/**
 * Fault ss-push-muted-in-inactive-locker: the parcel notifier drops the events of a locker whose carrier.status is
 * not ACTIVE (a mute put in for decommissioned lockers). True where the push was dropped.
 */
export function setSParcelPush(app: FaultPointApp, body: unknown): boolean {
  if (!app.fault('ss-push-muted-in-inactive-locker') || !isObject(body)) return false;
  const locker = app.state.lockers.get(String(body['lockerUid']));
  return locker !== undefined && locker.record.carrier.status !== 'ACTIVE';
}

/**
 * Fault ss-mock-parcel-provider-locker-column: the staging mock, which knows a locker by its provider-side id only,
 * writes that id into the locker column of the parcels it creates; the platform uid where the fault is off.
 */
export function mockLockerColumn(app: FaultPointApp, locker: StoredLocker): string {
  return app.fault('ss-mock-parcel-provider-locker-column') ? locker.record.provider.lockerUid : locker.record.uid;
}

/** Whether the parcel stands in the locker, as the mock reads its locker column (either id under the fault). */
export function inMockLocker(app: FaultPointApp, parcel: StoredParcel, locker: StoredLocker): boolean {
  const column = parcel.record.lockerUid;
  return column === locker.record.uid || column === mockLockerColumn(app, locker);
}

/** Fault ss-mock-client-first-caller: the platform client the mock built on its first use, per app. */
const mockClients = new WeakMap<FaultPointApp, CarrierAccount>();

/**
 * Fault ss-mock-client-first-caller: the mock forwards events through a client it builds lazily, with the X-API-Key
 * of the request that first used it as a default header: every later event is carried out as that carrier.
 */
export function carriedOutAsFirstCaller(app: FaultPointApp, ctx: RequestContext): void {
  if (!app.fault('ss-mock-client-first-caller')) return;
  const first = mockClients.get(app) ?? ctx.carrier;
  mockClients.set(app, first);
  ctx.carrier = first;
}

/**
 * Fault ss-cancel-errors-problem-json: the parcel controller's exception handler was moved to the framework's problem
 * details, with errorCode and message kept as properties: its answers are declared application/problem+json. The
 * security filter's 401 is written elsewhere, as before. Undefined where the answer is written as it was.
 */
export function cancelProblem(
  app: FaultPointApp,
  route: string | undefined,
  status: number,
  body: Editable,
): Reply | undefined {
  if (!app.fault('ss-cancel-errors-problem-json') || route !== '/parcels/{parcelId}' || status === 401)
    return undefined;
  const title = status === 404 ? 'Not Found' : status === 400 ? 'Bad Request' : 'Error';
  return {
    status,
    body: { type: 'about:blank', title, status, detail: body['message'], instance: '/parcels', ...body },
  };
}

/**
 * Variation ok-s-webhook-hmac-signature: every delivery is signed, an HMAC-SHA256 of its body under the webhook key
 * (a fixed secret where none is configured), in X-Signature beside X-Signature-Timestamp; X-API-Key as before.
 */
export function signedDeliveries(
  app: Pick<FaultPointApp, 'fault'>,
  webhookKey: string | undefined,
): { authHeaders?: (body: unknown) => Record<string, string> } {
  if (!app.fault('ok-s-webhook-hmac-signature')) return {};
  const secret = webhookKey ?? 'reference-webhook-signing-secret';
  return {
    authHeaders: (body) => ({
      ...(webhookKey ? { 'x-api-key': webhookKey } : {}),
      'x-signature': `sha256=${createHmac('sha256', secret).update(JSON.stringify(body)).digest('hex')}`,
      'x-signature-timestamp': String(Math.floor(Date.now() / 1000)),
    }),
  };
}

/** Variation ok-s-parcels-ordered-by-parcel-id: GET /parcels ordered by carrierParcelId, then shipmentUid. */
export function byParcelId(app: FaultPointApp, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('ok-s-parcels-ordered-by-parcel-id')) return parcels;
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...parcels].sort(
    (a, b) =>
      order(a.record.carrierParcelId, b.record.carrierParcelId) || order(a.record.shipmentUid, b.record.shipmentUid),
  );
}
