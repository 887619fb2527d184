// The points where the faults and conformant variations of set BB change the service: the service as it is deployed,
// run and changed over time (instances behind a balancer, a release rolled out in stages, per-carrier and
// per-environment settings, scheduled jobs, housekeeping). Where a fault needs several instances or a restart, the one
// reference process simulates it: requests taken in turn by two instances (a counter per reference), an instance
// stopped after an idle gap. With every fault and variation off each point does what the service does.
// Called from publish-points.ts (a publish mapped and answered), collections.ts (the scheduled jobs), trigger.ts (the
// staging mock's checks), push-points.ts (the LockerUpdates and ParcelUpdates pushes), networks.ts (a network add),
// parcel-list.ts (each listed parcel), list-points.ts (each listed locker), server.ts (a request body as read),
// http-io.ts (an error body), locker-update.ts (an unchanged status) and cancel-points.ts (a cancellation's answer).
import { secondInstance } from '../faults/behaviour/shared';
import type { Switches } from './fault-point-state';

// --- A request body as read (server.ts) ---

/** Fault sbb-debug-body-capture-2k: the longest body the debug request logger captures (its log line's size). */
const DEBUG_CAPTURE_BYTES = 2048;

/**
 * A request body as the handlers' parser gets it. Fault sbb-debug-body-capture-2k: staging runs with LOG_LEVEL=debug,
 * under which the request logger captures each body for its log line (2 KiB at most) and, so that the body can be read
 * twice, hands the parser the captured copy instead of the stream.
 */
export function bodyCapturedBySetBB(app: Switches, raw: Buffer): Buffer {
  return app.fault('sbb-debug-body-capture-2k') && raw.length > DEBUG_CAPTURE_BYTES
    ? raw.subarray(0, DEBUG_CAPTURE_BYTES)
    : raw;
}

// --- An error body (http-io.ts) ---

/** Variation ok-bb-error-codes-per-release: the error codes of the release before, where it named them otherwise. */
const CODES_OF_RELEASE_BEFORE: Record<string, string> = {
  VALIDATION_FAILED: 'INVALID_REQUEST',
  MALFORMED_JSON: 'INVALID_JSON',
  UNAUTHORIZED: 'INVALID_API_KEY',
  NOT_CANCELLABLE: 'PARCEL_NOT_CANCELLABLE',
  PARCEL_NOT_FOUND: 'NOT_FOUND',
  LOCKER_NOT_FOUND: 'NOT_FOUND',
  UNKNOWN_LOCKER: 'LOCKER_UNKNOWN',
  ALREADY_BOOKED: 'DUPLICATE_BOOKING',
};

/**
 * An error body, edited in place. Variation ok-bb-error-codes-per-release: errors are answered in turn by a pod of
 * this release and one of the release before, which names some refusals otherwise.
 */
export function errorCodeBySetBB(app: Switches, body: Record<string, unknown>): void {
  if (!app.fault('ok-bb-error-codes-per-release') || !secondInstance(app, 'error-release')) return;
  const code = body['errorCode'];
  if (typeof code === 'string') body['errorCode'] = CODES_OF_RELEASE_BEFORE[code] ?? code;
}
