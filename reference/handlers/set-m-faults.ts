// The points where the faults and variations of set M change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in parcels.ts, spec-set-d-points.ts, parcel-list.ts, cancel.ts, trigger.ts, set-k-faults.ts,
// collections.ts and http-io.ts.
import { ApiError } from '../errors';
import type { StoredParcel } from '../model';
import type { Reply } from '../request-types';
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
