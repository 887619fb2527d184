// The points where the faults and variations of set M change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in parcels.ts, spec-set-d-points.ts, parcel-list.ts, cancel.ts, trigger.ts, set-k-faults.ts,
// collections.ts and http-io.ts.
import { ApiError } from '../errors';
import type { StoredParcel, TriggerBody } from '../model';
import type { FaultPointApp, Reply } from '../request-types';
import { type Editable, isObject, type Switches } from './fault-point-state';

/** Whether an address the consignee e-mail step takes (fault sm-push-aborted-without-email). */
const ADDRESS = /^[^@\s]+@[^@\s]+$/;

/**
 * A ParcelUpdates as set M's faults send it; answers whether it is dropped.
 * Fault sm-push-signature-buffer: the signature image is held as bytes (a bytea read into a Buffer), and the webhook
 * publisher's JSON.stringify writes a Buffer as {"type": "Buffer", "data": [...]}.
 * Fault sm-push-aborted-without-email: the consignee e-mail and the carrier webhook are two steps of one notification
 * job, the e-mail step first; its address check throws where the consignee has no e-mail address, failing the job
 * before the webhook step.
 */
export function setMParcelPush(app: Switches, body: unknown): boolean {
  if (!isObject(body)) return false;
  const signature = body['signature'];
  if (app.fault('sm-push-signature-buffer') && typeof signature?.imageBase64 === 'string')
    body['signature'] = { ...signature, imageBase64: Buffer.from(signature.imageBase64, 'base64') };
  const email = body['consignee']?.['email'];
  return app.fault('sm-push-aborted-without-email') && !(typeof email === 'string' && ADDRESS.test(email));
}

/**
 * Fault sm-list-log-masking-in-place: GET /parcels passes its answer through the response-logging interceptor, which
 * masks personal data for the log on the answer object itself, before it is written: j***@example.com.
 */
export function maskedForLog<T>(app: Switches, view: (item: T) => unknown): (item: T) => unknown {
  if (!app.fault('sm-list-log-masking-in-place')) return view;
  return (item) => {
    const record = view(item);
    const consignee = isObject(record) ? record['consignee'] : undefined;
    const email = isObject(consignee) ? consignee['email'] : undefined;
    if (typeof email === 'string' && email.includes('@'))
      consignee!['email'] = `${email.slice(0, 1)}***${email.slice(email.lastIndexOf('@'))}`;
    return record;
  };
}

/**
 * Fault sm-cancel-new-version-row: parcels are stored append-only: a cancellation inserts the parcel's next version
 * and deletes the current row, and the new row takes a fresh shipmentUid from the sequence, its surrogate key.
 */
export function cancelledAsNewVersion(app: FaultPointApp, parcel: StoredParcel): void {
  if (app.fault('sm-cancel-new-version-row')) parcel.record.shipmentUid = app.state.newShipmentUid();
}

/** Variation ok-m-cancel-accepted-async: how long a cancellation waits in the queue, and the ones waiting. */
const CANCEL_QUEUE_MS = 300;
const pendingCancels = new WeakSet<StoredParcel>();

/**
 * Variation ok-m-cancel-accepted-async: a cancellation the checks let through is queued and answered 202; it is
 * applied 300 ms later (status, history entry, ParcelUpdates through `pushed`), unless the parcel was delivered or
 * changed meanwhile. Undefined where the variation is off: the cancellation is applied now.
 */
export function cancelQueued(app: FaultPointApp, parcel: StoredParcel, pushed: () => void): Reply | undefined {
  if (!app.fault('ok-m-cancel-accepted-async')) return undefined;
  const { shipmentUid, carrierParcelId } = parcel.record;
  const answer = { status: 202, body: { shipmentUid, carrierParcelId, status: 'CANCELLATION_REQUESTED' } };
  if (pendingCancels.has(parcel)) return answer;
  pendingCancels.add(parcel);
  setTimeout(() => {
    pendingCancels.delete(parcel);
    if (parcel.record.shipmentStatus !== 'BOOKED' || parcel.delivered) return;
    parcel.record.shipmentStatus = 'CANCELLED';
    parcel.record.events.push({ type: 'CANCELLED', timestamp: new Date().toISOString() });
    pushed();
  }, CANCEL_QUEUE_MS).unref();
  return answer;
}

/**
 * Fault sm-trigger-api-booking-forwarded: the staging mock resolves parcel_id in its own table of the parcels it
 * created (`made`); parcels published through the API are not there.
 */
export function knownToMock(app: Switches, made: boolean): boolean {
  return made || !app.fault('sm-trigger-api-booking-forwarded');
}

/**
 * Fault sm-trigger-api-booking-forwarded: an event for a parcel the mock does not know, other than the BOOKING_CREATED
 * that makes one, is answered 200 and forwarded to the platform under the mock's id, where its consumer finds no
 * parcel and drops it. Undefined where the event goes on as usual.
 */
export function forwardedUnknown(
  app: Switches,
  body: TriggerBody,
  parcel: StoredParcel | undefined,
): Reply | undefined {
  if (!app.fault('sm-trigger-api-booking-forwarded') || parcel || body.event_type === 'BOOKING_CREATED') return;
  const message = `${body.event_type} forwarded for parcel ${body.parcel_id}`;
  return { status: 200, body: { message, event_type: body.event_type } };
}

/**
 * Fault sm-mock-access-code-bare-pin: the staging mock writes the collection code in its own form, the bare PIN, into
 * the accessCodes column it shares with the service, whenever it applies an event to a parcel that has a code.
 */
export function mockAccessCode(app: Switches, parcel: StoredParcel): void {
  const codes = parcel.record.accessCodes as Editable | null;
  const code = codes?.['consigneeCollectionCode'];
  if (app.fault('sm-mock-access-code-bare-pin') && isObject(code) && typeof code['code'] === 'string')
    codes!['consigneeCollectionCode'] = code['code'];
}

/**
 * The lockers a CollectionNotification names, from the lockerUid of each waiting parcel. Fault
 * sm-collection-count-off-by-one: the job groups the waiting parcels by locker and keeps the groups HAVING
 * COUNT(*) > 1, where >= 1 belongs: a locker holding a single waiting parcel is not named.
 */
export function lockersToCollect(app: Switches, lockerUids: readonly string[]): Set<string> {
  if (!app.fault('sm-collection-count-off-by-one')) return new Set(lockerUids);
  return new Set(lockerUids.filter((uid, i) => lockerUids.indexOf(uid) !== i));
}

/**
 * Fault sm-unknown-locker-problem-body: the publish paths resolve the locker through the locker service, and its
 * refusal (no such locker for the carrier) is passed on as that service wrote it, an RFC 7807 problem, only its status
 * mapped to 400. Undefined for every other error.
 */
export function upstreamProblem(app: Switches, error: ApiError, route: string | undefined): Reply | undefined {
  if (!app.fault('sm-unknown-locker-problem-body') || error.errorCode !== 'UNKNOWN_LOCKER') return undefined;
  if (route !== '/parcels/data' && route !== '/parcels/data/by-tenant-locker-id') return undefined;
  const problem = { type: 'https://lockers.internal/problems/locker-not-found', title: 'Locker not found' };
  return { status: 400, body: { ...problem, status: 404, detail: error.message, instance: '/internal/v1/lockers' } };
}

/**
 * A parcel record as every place shows it: set M's view points, given the stored parcel. Variation
 * ok-m-dimensions-status-measured: dimensionsStatus tells whether the locker measured the parcel, NOT_MEASURED until
 * it is delivered into a compartment, MEASURED from then on.
 */
export function setMParcelView(app: Switches, parcel: StoredParcel, record: Editable): void {
  if (app.fault('ok-m-dimensions-status-measured'))
    record['dimensionsStatus'] = parcel.delivered ? 'MEASURED' : 'NOT_MEASURED';
}
