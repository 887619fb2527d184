// The points where the faults of set AP change the service: each does what the service does with its fault off, and
// the fault's behaviour with it on; its variations are set-ap-variations.ts. Called from app.ts (a parcel as every
// place shows it, the LockerUpdates and ParcelUpdates pushes), lockers.ts (each listed record), locker-update.ts (an
// update's answer), networks.ts (each record of an add's answer), publish-points.ts (a publish answered),
// cancel-points.ts (a cancellation's push) and http-io.ts (an error body).
import type { Switches } from './fault-point-state';
import { errorByAPVariations } from './set-ap-variations';

// --- An error body (http-io.ts) ---

const MOCK_ROUTE = '/parcel/first-mile/event';
const BY_TENANT_ROUTE = '/parcels/data/by-tenant-locker-id';

/** Refusals made before a handler's own checks (the body, its schema, the key, the route). */
const REQUEST_LEVEL_CODES = new Set([
  'BODY_REQUIRED',
  'MALFORMED_JSON',
  'UNSUPPORTED_CONTENT_TYPE',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL_ERROR',
]);

const DOMAIN_REFUSAL_REASONS: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 409: 'Conflict' };

/** A refusal a handler made itself, for a reason of its domain (not a request it could not read). */
export const domainRefusal = (status: number, code: unknown): boolean =>
  DOMAIN_REFUSAL_REASONS[status] !== undefined && typeof code === 'string' && !REQUEST_LEVEL_CODES.has(code);

/**
 * The body of an error answer on `route`, edited in place; returns the status to answer.
 * - Fault sap-mock-refusals-v10-error-member: the staging mock's own refusals keep the 1.0 member error.
 * - Fault sap-by-tenant-refusal-as-publish-answer: the by-tenant controller answers its domain refusals with the 1.0
 *   publish response, status REJECTED.
 */
export function errorBySetAP(
  app: Switches,
  route: string | undefined,
  status: number,
  body: Record<string, unknown>,
): number {
  const domain = domainRefusal(status, body['errorCode']);
  if (app.fault('sap-mock-refusals-v10-error-member') && route === MOCK_ROUTE && domain)
    body['error'] = DOMAIN_REFUSAL_REASONS[status];
  if (app.fault('sap-by-tenant-refusal-as-publish-answer') && route === BY_TENANT_ROUTE && domain) {
    const { message } = body;
    delete body['errorCode'];
    delete body['message'];
    Object.assign(body, { status: 'REJECTED', message, timestamp: new Date().toISOString() });
  }
  return errorByAPVariations(app, route, status, body);
}
