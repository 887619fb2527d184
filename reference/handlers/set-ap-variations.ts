// The points where the conformant variations of set AP (`ok-ap-*`) change the service: each does what the service does
// with its variation off. Called through set-ap-faults.ts from app.ts (a parcel as every place shows it, the
// LockerUpdates and ParcelUpdates pushes), locker-update.ts (an update's answer), publish-points.ts (a publish
// answered) and http-io.ts (an error body).
import type { Switches } from './fault-point-state';

/** Variation ok-ap-by-tenant-error-codes: the by-tenant module's error codes. */
const BY_TENANT_CODES: Record<string, string> = {
  UNKNOWN_LOCKER: 'TENANT_LOCKER_NOT_FOUND',
  ALREADY_BOOKED: 'DUPLICATE_BOOKING',
  VALIDATION_FAILED: 'INVALID_REQUEST',
};

/**
 * An error body on `route`, edited in place; returns the status to answer.
 * - Variation ok-ap-by-tenant-error-codes: the by-tenant path's refusals under its own codes.
 * - Variation ok-ap-mock-unknown-locker-404: the mock answers an unknown provider_locker_id 404.
 */
export function errorByAPVariations(
  app: Switches,
  route: string | undefined,
  status: number,
  body: Record<string, unknown>,
): number {
  const code = body['errorCode'];
  if (
    app.fault('ok-ap-by-tenant-error-codes') &&
    route === '/parcels/data/by-tenant-locker-id' &&
    typeof code === 'string' &&
    BY_TENANT_CODES[code] !== undefined
  )
    body['errorCode'] = BY_TENANT_CODES[code];
  if (
    app.fault('ok-ap-mock-unknown-locker-404') &&
    route === '/parcel/first-mile/event' &&
    code === 'UNKNOWN_PROVIDER_LOCKER'
  )
    return 404;
  return status;
}
