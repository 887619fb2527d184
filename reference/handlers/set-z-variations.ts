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
