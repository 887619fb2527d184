// The points where the faults and variations of set S change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in spec-set-d-points.ts (publish, parcel view, pushes), cancel.ts, trigger.ts,
// parcel-list.ts, http-io.ts and set-i-faults.ts (delivery headers).
import { createHash, createHmac } from 'node:crypto';
import type { FaultPointApp, Reply } from '../request-types';
import { type Editable, isObject } from './fault-point-state';

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
