// The points where the faults and conformant variations of origin set-ay (reference/faults/) change the service: each
// does what the service does with its fault off, and the fault's behaviour with it on. Set AY's faults are bugs of the
// spec's pairs and the code they share: a helper written for one member of a pair used for the other, a copy not
// updated with its original, a check left behind by a refactor. Called from app.ts (the base paths), create-points.ts
// (the record a create makes), update-points.ts (an update's checks, its features and its answer), locker-update.ts
// (an update's group check), status-points.ts (a status change to the status held), publish-points.ts (a PRE_CHECK, a
// booking stored), parcels.ts (the lockerUid path's lookup), push-points.ts (ParcelUpdates), trigger.ts (an event the
// mock takes, a parcel it makes), networks.ts and network-points.ts (a network add's records) and collections.ts (a
// CollectionNotification).
import { badRequest } from '../errors';
import { byTenantBookings, type CarriersApp, isSecondCarrier } from '../faults/behaviour/shared';
import type {
  LockerGroup,
  LockerRecord,
  LockerWriteBody,
  NetworkLockerRecord,
  StoredLocker,
  StoredParcel,
} from '../model';
import type { Reply } from '../request-types';
import { PROVIDER_MODELS } from '../seed';
import { type Editable, isObject, type Switches } from './fault-point-state';

// --- The base paths (app.ts basePaths) ---

/** The interface version the staging mock is built for (§9: 1.1.0). */
const INTERFACE_VERSION = { major: 1, minor: 1 };

/**
 * The base path the staging mock is served under. Fault say-mock-base-minor-version: the mock's router prefix is built
 * from the interface's major and minor version (the mock follows the interface's minor releases), the service's from
 * its major only: /mock/v1.1.
 */
export function mockBaseBySetAY(app: Switches, base: string): string {
  if (!app.fault('say-mock-base-minor-version')) return base;
  return base.replace(/\/v1$/, `/v${INTERFACE_VERSION.major}.${INTERFACE_VERSION.minor}`);
}

// --- The record a create makes (create-points.ts record) ---

/**
 * The locker record a create built, edited in place.
 * - Fault say-create-sides-flattened: the entity's carrier columns are filled by member name from one flat map of the
 *   request's carrier and provider objects, `{...carrier, ...provider}`, so a provider object carrying lockerName or
 *   status (members the document names because the record has them) overwrites the carrier's of that name.
 * - Variation ok-ay-provider-side-pending: a locker the provider has not confirmed shows provider.status PENDING.
 */
export function createdBySetAY(app: Switches, record: LockerRecord, body: LockerWriteBody): LockerRecord {
  const provider = body.provider;
  if (app.fault('say-create-sides-flattened') && provider) {
    const flat: Editable = { ...body.carrier, ...provider };
    if (typeof flat['lockerName'] === 'string') record.carrier.lockerName = flat['lockerName'];
    if (typeof flat['status'] === 'string') record.carrier.status = flat['status'];
  }
  if (app.fault('ok-ay-provider-side-pending') && provider?.status === undefined) record.provider.status = 'PENDING';
  return record;
}

// --- An update's checks, features and answer (update-points.ts), its group check (locker-update.ts) ---

/** The members the locker record's Location always carries: the create table's, and type. */
const RECORD_LOCATION_MEMBERS = ['street', 'streetNumber', 'postalCode', 'city', 'lon', 'lat', 'countryCode', 'type'];

/**
 * Fault say-update-location-checked-as-record: the update's DTO reuses the locker record's Location model (the
 * response's), whose members are all written, so a location sent without type is refused; the create has a request
 * model of its own.
 */
export function updateCheckedBySetAY(app: Switches, body: LockerWriteBody): void {
  if (!app.fault('say-update-location-checked-as-record') || !isObject(body.location)) return;
  const missing = RECORD_LOCATION_MEMBERS.find((m) => body.location![m] === undefined);
  if (missing) throw badRequest('VALIDATION_FAILED', `/location/${missing} is required`);
}

/**
 * The features an update writes, from those it was sent. Fault say-update-barcode-reader-from-pin-pad: the update's
 * hand-written mapper copies each member sent, and its hasPinBarcodeReader line reads hasPinPad.
 */
export function featuresSentBySetAY(app: Switches, sent: LockerWriteBody['features']): LockerWriteBody['features'] {
  if (!app.fault('say-update-barcode-reader-from-pin-pad') || !sent || sent['hasPinBarcodeReader'] === undefined)
    return sent;
  return { ...sent, hasPinBarcodeReader: sent['hasPinPad'] ?? null };
}

/** Fault say-update-groups-check-left-in-create: the update assigns its groups with no unique-key check. */
export function groupsCheckedBySetAY(app: Switches, groups: LockerGroup[] | undefined): LockerGroup[] | undefined {
  return app.fault('say-update-groups-check-left-in-create') ? undefined : groups;
}

/** Features as a create without any writes them. */
const CREATE_DEFAULT_FEATURES = { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null };

/**
 * The 200 record of an update, edited in place.
 * - Fault say-update-answer-create-defaults: the answer is assembled by the create's response assembler, which takes
 *   metadata and features from the request (after an insert the entity's collections are not loaded), with the
 *   create's defaults where the request has none.
 * - Variation ok-ay-update-answer-groups-by-key: the groups the answer echoes, ordered by key.
 */
export function updateAnswerBySetAY(app: Switches, sent: LockerWriteBody, view: Editable): void {
  if (app.fault('say-update-answer-create-defaults')) {
    view['metadata'] = structuredClone(sent.metadata ?? []);
    view['features'] = structuredClone(sent.features ?? CREATE_DEFAULT_FEATURES);
  }
  const groups = view['lockerGroups'];
  if (app.fault('ok-ay-update-answer-groups-by-key') && Array.isArray(groups))
    view['lockerGroups'] = [...groups].sort((a: Editable, b: Editable) =>
      String(a['key']).localeCompare(String(b['key'])),
    );
}

// --- A status change to the status held (status-points.ts deferred) ---

type StatusApp = Switches & { emitLockerUpdate(locker: StoredLocker, cause: 'status', statusBefore?: string): void };

/**
 * Fault say-status-conflict-resyncs-provider-side: the same-status branch shares the conflict handler of the provider
 * integration, which resyncs the carrier side from the provider side once the request is answered: carrier.status
 * takes provider.status, and the change is pushed. Never an answer of its own.
 */
export function statusRepeatedBySetAY(app: StatusApp, locker: StoredLocker, asked: string): Reply | undefined {
  if (!app.fault('say-status-conflict-resyncs-provider-side') || locker.record.carrier.status !== asked) return;
  setImmediate(() => {
    const before = locker.record.carrier.status;
    if (before === locker.record.provider.status) return;
    locker.record.carrier.status = locker.record.provider.status;
    app.emitLockerUpdate(locker, 'status', before);
  });
  return undefined;
}

// --- ParcelUpdates (push-points.ts pushed) ---

/**
 * Whether a ParcelUpdates is sent. Fault say-by-tenant-booking-topic-unsubscribed: the status changes that follow a
 * booking (a cancellation, a trigger event) go out on the topic the booking registered, and the by-tenant path
 * registers a topic of its 1.0 form that the dispatcher does not subscribe to.
 */
export function parcelPushedBySetAY(app: Switches, parcel: StoredParcel, cause: string): boolean {
  return cause === 'booking' || byTenantBookings.get(app)?.has(parcel) !== true;
}

// --- A network add's records (networks.ts, network-points.ts status) ---

/**
 * A network record as written. Fault say-network-provider-name-from-catalogue: providerName is joined from the
 * provider catalogue (the pairs of GET /lockers/providers, whose entries carry a providerName too) on the locker's
 * provider name, model and version: a pair the catalogue lacks joins nothing, and providerName is null.
 */
export function networkMemberBySetAY(
  app: Switches,
  locker: LockerRecord,
  member: NetworkLockerRecord,
): NetworkLockerRecord {
  if (!app.fault('say-network-provider-name-from-catalogue')) return member;
  const { name, lockerModel, lockerVersion } = locker.provider;
  const entry = PROVIDER_MODELS.find(
    (p) => p.providerName === name && p.lockerModel === lockerModel && p.lockerVersion === lockerVersion,
  );
  return { ...member, providerName: (entry?.providerName ?? null) as string };
}

/**
 * The status a locker joins a network with. Variation ok-ay-second-carrier-network-active: the second carrier's
 * network admits lockers at once, ACTIVE; the first carrier's as before.
 */
export function networkStatusBySetAY(app: CarriersApp, carrier: string, status: string): string {
  return app.fault('ok-ay-second-carrier-network-active') && isSecondCarrier(app, carrier) ? 'ACTIVE' : status;
}
