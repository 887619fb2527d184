// The points where the faults of set AP change the service: each does what the service does with its fault off, and
// the fault's behaviour with it on; its variations are set-ap-variations.ts. Called from app.ts (a parcel as every
// place shows it, the LockerUpdates and ParcelUpdates pushes), lockers.ts (each listed record), locker-update.ts (an
// update's answer), networks.ts (each record of an add's answer), publish-points.ts (a publish answered),
// cancel-points.ts (a cancellation's push) and http-io.ts (an error body).
import { cancelPathForm } from '../faults/behaviour/shared';
import type { StoredLocker } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { errorByAPVariations, parcelViewByAPVariations, pushByAPVariations } from './set-ap-variations';

/** What a push point reads of the app: whether a fault is on, and the carriers (the second one's subscription). */
type PushApp = Pick<FaultPointApp, 'fault' | 'options'>;

/** Whether a push goes to the second carrier (its webhook subscription, migrated from 1.0). */
export const toSecondCarrier = (app: PushApp, owner: CarrierAccount): boolean =>
  owner.name === app.options.carriers[1]?.name;

// --- A parcel as every place shows it (app.ts parcelView: GET /parcels, the cancel answer, ParcelUpdates) ---

/**
 * - Fault sap-alt-delivery-code-v10-member: an ALTERNATIVE_DELIVERY booking's code as the 1.0 redirection adapter
 *   issues it, under consigneeCollection.
 * - Fault sap-return-signature-string: a RETURN parcel's signature as the 1.0 returns module keeps it, the base64 text.
 * - Fault sap-courier-pickup-kept-apart: COURIER_COLLECTED entries live in the pick-up log the reader never joined.
 */
export function parcelViewBySetAP(app: Switches, record: Editable): void {
  const codes = record['accessCodes'];
  if (
    app.fault('sap-alt-delivery-code-v10-member') &&
    record['shipmentType'] === 'ALTERNATIVE_DELIVERY' &&
    isObject(codes) &&
    codes['consigneeCollectionCode'] !== undefined
  )
    record['accessCodes'] = { consigneeCollection: codes['consigneeCollectionCode'] };
  if (app.fault('sap-return-signature-string') && record['shipmentType'] === 'RETURN' && isObject(record['signature']))
    record['signature'] = record['signature']['imageBase64'];
  if (app.fault('sap-courier-pickup-kept-apart') && Array.isArray(record['events']))
    record['events'] = record['events'].filter((e: unknown) => !(isObject(e) && e['type'] === 'COURIER_COLLECTED'));
  parcelViewByAPVariations(app, record);
}

// --- The LockerUpdates push (app.ts emitLockerUpdate) ---

/**
 * A LockerUpdates about to be sent to `owner`; false where nothing is sent.
 * - Fault sap-create-with-groups-push-unmapped: a create that assigned groups raised the 1.0 LockerGroupsAssigned,
 *   which the dispatcher does not map.
 * - Fault sap-create-push-always-empty-schedule: the 1.0 LockerCreated builder fills a missing weeklySchedule with [].
 * - Fault sap-second-carrier-push-name-alias: the second carrier's subscription gets the 1.0 alias carrier.name.
 */
export function lockerPushBySetAP(
  app: PushApp,
  locker: StoredLocker,
  owner: CarrierAccount,
  cause: 'create' | 'status' | 'update',
  body: Record<string, unknown>,
): boolean {
  if (app.fault('sap-create-with-groups-push-unmapped') && cause === 'create' && locker.lockerGroups.length > 0)
    return false;
  const hours = body['openingHours'];
  if (
    app.fault('sap-create-push-always-empty-schedule') &&
    cause === 'create' &&
    isObject(hours) &&
    hours['accessMode'] === 'ALWAYS' &&
    hours['weeklySchedule'] === undefined
  )
    body['openingHours'] = { ...hours, weeklySchedule: [] };
  const carrier = body['carrier'];
  if (app.fault('sap-second-carrier-push-name-alias') && toSecondCarrier(app, owner) && isObject(carrier))
    body['carrier'] = { ...carrier, name: carrier['lockerName'] };
  pushByAPVariations(app, owner, body);
  return true;
}

/**
 * A ParcelUpdates about to be sent to `owner`. Fault sap-cancel-by-parcel-id-push-v10-timestamp: a cancellation by
 * carrierParcelId is pushed by the 1.0 cancel handler's event, the time under timestamp.
 */
export function parcelPushBySetAP(
  app: PushApp,
  owner: CarrierAccount,
  cause: 'booking' | 'cancel' | 'trigger',
  body: Record<string, unknown>,
): void {
  if (
    app.fault('sap-cancel-by-parcel-id-push-v10-timestamp') &&
    cause === 'cancel' &&
    cancelPathForm.get(app) === 'carrierParcelId'
  ) {
    body['timestamp'] = body['eventTimestamp'];
    delete body['eventTimestamp'];
  }
  pushByAPVariations(app, owner, body);
}

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
