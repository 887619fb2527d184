// The points where the conformant variations of set Z (`ok-z-*`) change the service: each does what
// the service does with its variation off. Called from set-z-faults.ts (publish, outbox), spec-set-d-points.ts (the
// parcel view), cancel.ts and collections.ts.
import { Readable } from 'node:stream';
import { bookingByUid } from '../faults/behaviour/shared';
import type { Editable, Switches } from './fault-point-state';

/** Variation ok-z-parcel-locker-id-null-on-uid-path: the record of the BOOKING in flight, as its push shows it. */
export function setZParcelView(app: Switches, record: Editable): void {
  const pending = bookingByUid.get(app);
  if (pending !== undefined && record['carrierParcelId'] === pending) record['carrierLockerId'] = null;
}

/**
 * Variation ok-z-cancel-parcel-id-form-first: where the cancel takes either form, an id is looked up as a
 * carrierParcelId first and as a shipmentUid second (the reference: shipmentUid first).
 */
export function cancelFormsOrder<T>(app: Switches, forms: T[]): T[] {
  return app.fault('ok-z-cancel-parcel-id-form-first') ? [...forms].reverse() : forms;
}

/**
 * Variation ok-z-collection-run-on-dropoff: a drop-off also runs the collection job, with its once-a-period
 * bookkeeping, so a locker's first notification comes at once, the next ones a period apart.
 */
export function dropOffRunsCollection(app: Switches): boolean {
  return app.fault('ok-z-collection-run-on-dropoff');
}

/**
 * Variation ok-z-webhook-chunked-body: the sender streams each body (Transfer-Encoding: chunked, no
 * Content-Length), as a streaming JSON writer does. Undefined: the body is sent whole.
 */
export function chunkedBody(app: Switches): ((payload: string | Buffer) => Readable) | undefined {
  if (!app.fault('ok-z-webhook-chunked-body')) return undefined;
  return (payload) => {
    const bytes = Buffer.from(payload);
    const half = Math.ceil(bytes.length / 2);
    return Readable.from([bytes.subarray(0, half), bytes.subarray(half)]);
  };
}
