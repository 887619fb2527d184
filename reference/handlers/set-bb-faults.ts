// The points where the faults and conformant variations of set BB change the service: the service as it is deployed,
// run and changed over time (instances behind a balancer, a release rolled out in stages, per-carrier and
// per-environment settings, scheduled jobs, housekeeping). Where a fault needs several instances or a restart, the one
// reference process simulates it: requests taken in turn by two instances (a counter per reference), an instance
// stopped after an idle gap. With every fault and variation off each point does what the service does.
// Called from publish-points.ts (a publish mapped and answered), collections.ts (the scheduled jobs), trigger.ts (the
// staging mock's checks), push-points.ts (the LockerUpdates and ParcelUpdates pushes), networks.ts (a network add),
// parcel-list.ts (each listed parcel), list-points.ts (each listed locker), server.ts (a request body as read),
// http-io.ts (an error body), locker-update.ts (an unchanged status) and cancel-points.ts (a cancellation's answer).
import { deploymentOf, secondInstance } from '../faults/behaviour/shared';
import type { CarrierAccount } from '../options';
import type { Switches } from './fault-point-state';

// --- The pushes (push-points.ts) ---

/** Fault sbb-create-push-subscription-lazy-load: how long a resolved subscription is kept. */
const SUBSCRIPTION_TTL_MS = 30_000;

/**
 * Whether a LockerUpdates goes out. Fault sbb-create-push-subscription-lazy-load: the locker-created publisher
 * resolves the carrier's webhook subscription lazily, on the carrier's first create after start and after each expiry
 * of the resolved one (30 s), and returns while the lookup is pending, dropping the event that started it.
 */
export function lockerPushBySetBB(app: Switches, owner: CarrierAccount, cause: string): boolean {
  if (!app.fault('sbb-create-push-subscription-lazy-load') || cause !== 'create') return true;
  const { subscriptions } = deploymentOf(app);
  const resolvedAt = subscriptions.get(owner.name);
  if (resolvedAt !== undefined && Date.now() - resolvedAt <= SUBSCRIPTION_TTL_MS) return true;
  subscriptions.set(owner.name, Date.now());
  return false;
}

/** Fault sbb-parcel-outbox-copytruncate: the size at which the parcel outbox log is rotated. */
const OUTBOX_ROTATED_AT_BYTES = 16 * 1024;

/**
 * Whether a ParcelUpdates reaches its relay. Fault sbb-parcel-outbox-copytruncate: ParcelUpdates are appended to a
 * JSON-lines outbox log that a shipper tails; logrotate rotates it at 16 KiB with copytruncate, and the line appended
 * between the copy and the truncation, the one that took the log past the size, is in neither file.
 */
export function parcelOutboxBySetBB(app: Switches, body: Record<string, unknown>): boolean {
  if (!app.fault('sbb-parcel-outbox-copytruncate')) return true;
  const state = deploymentOf(app);
  let line: string;
  try {
    line = JSON.stringify(body);
  } catch {
    return true;
  }
  state.outboxBytes += Buffer.byteLength(line) + 1;
  if (state.outboxBytes < OUTBOX_ROTATED_AT_BYTES) return true;
  state.outboxBytes = 0;
  return false;
}

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
