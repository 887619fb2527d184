// Faults and variations of set bk: a service caught half way through its migration to CIS 1.1.0 (§9) and from an
// older storage schema to a newer one. Each function does what the specification has the service do while its fault
// (or variation) is off, and what the half-migrated service does while it is on; faults/migration-leftovers.ts
// declares them.
import { ApiError, badRequest } from '../../errors';
import type { LockerGroup, LockerRecord, Network, PublishBody, StoredLocker, StoredParcel } from '../../model';
import type { Reply } from '../../request-types';
import { PROVIDER_MODELS } from '../../seed';
import { type Editable, isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';

/** The shipment types of the staging mock's parcels (§4.11), kept in the mock's own documents. */
const MOCK_SHIPMENT_TYPES: ReadonlySet<unknown> = new Set(['FIRST_MILE', 'RETURN']);

/** An object's members in their order, `from` written under the name `to` in its place. */
function renamed(record: Editable, from: string, to: string): Editable {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k === from ? to : k, v]));
}

/** The same members, renamed in place (an object others hold a reference to). */
function renameInPlace(body: Record<string, unknown>, from: string, to: string): void {
  const entries = Object.entries(body);
  for (const [k] of entries) delete body[k];
  for (const [k, v] of entries) body[k === from ? to : k] = v;
}

// --- Lockers: create, list, update, status, catalogue ---

/** Whether the catalogue (§2.2) lists the locker's provider, model and version pair. */
const catalogued = (provider: LockerRecord['provider']): boolean =>
  PROVIDER_MODELS.some(
    (p) =>
      p.providerName === provider.name &&
      p.lockerModel === provider.lockerModel &&
      p.lockerVersion === provider.lockerVersion,
  );

/**
 * Fault sbk-create-uncatalogued-onboarding-202: the catalogue migration moved only the model and version pairs in use
 * to the 1.1 catalogue, and a create naming a pair the new catalogue lacks is carried out by the 1.0 onboarding
 * workflow, whose controller answers 202 Accepted (the locker is stored, listed and pushed as any other).
 */
export function uncataloguedCreateAccepted(app: Switches, locker: StoredLocker, status: number): number {
  if (!app.fault('sbk-create-uncatalogued-onboarding-202') || catalogued(locker.record.provider)) return status;
  return 202;
}

/** Fault sbk-provider-filter-null-column-passes: per reference, the lockers whose provider_name column is NULL. */
const nulledProviderColumns = new WeakMap<object, Set<string>>();

/**
 * Fault sbk-provider-filter-null-column-passes: the providerName filter reads the new provider_name column as
 * `provider_name = :name OR provider_name IS NULL` (rows the backfill had not reached kept findable), and the 1.0
 * group-assignment service, which saves the whole locker row with its 1.0 entity, writes that column NULL on every
 * locker it assigns groups to: such a locker passes every providerName filter.
 */
export function providerColumnNulledByGroups(app: Switches, locker: StoredLocker, ofProvider: () => boolean): boolean {
  if (!app.fault('sbk-provider-filter-null-column-passes')) return ofProvider();
  const nulled = perApp(nulledProviderColumns, app, () => new Set<string>());
  if (locker.record.ownedByCarrier !== null && locker.lockerGroups.length > 0) nulled.add(locker.record.uid);
  return ofProvider() || nulled.has(locker.record.uid);
}

/**
 * Variation ok-sbk-legacy-list-params-honoured: the 1.0 filters carrierId (the owning carrier) and providerId (the
 * catalogue's providerUid of the locker's provider) are still honoured where a list sends them; §4.2 says they no
 * longer exist and leaves what a service does with them open. Without them, every locker passes.
 */
export function legacyListFilters(app: Switches, query: URLSearchParams, locker: StoredLocker): boolean {
  if (!app.fault('ok-sbk-legacy-list-params-honoured')) return true;
  const carrierId = query.get('carrierId');
  const providerId = query.get('providerId');
  if (carrierId !== null && locker.record.ownedByCarrier !== carrierId) return false;
  const providerUid = PROVIDER_MODELS.find((p) => p.providerName === locker.record.provider.name)?.providerUid;
  return providerId === null || providerUid === providerId;
}

/**
 * Variation ok-sbk-seeded-location-type-v10-words: the backfill that moved the third-party lockers' documents to 1.1
 * converted the provider and carrier members and left location.type in the 1.0 vocabulary, upper case (INDOOR);
 * §2.1 rule 6 shows no allowed values beyond the example.
 */
export function seededLocationTypeV10(app: Switches, record: Editable): void {
  if (!app.fault('ok-sbk-seeded-location-type-v10-words') || record['ownedByCarrier'] !== null) return;
  const location = record['location'] as Editable | undefined;
  if (typeof location?.['type'] === 'string')
    record['location'] = { ...location, type: location['type'].toUpperCase() };
}

/**
 * Fault sbk-update-removed-member-deprecation-body: the migration put a deprecation filter in front of
 * PATCH /lockers/{uid}, refusing an update that still carries a provider object (1.0 updated it) with the API
 * gateway's deprecation answer, whose body is {errorCode, detail, sunset}: no message (see v11ErrorBody).
 */
export function removedMemberRefused(app: Switches, body: unknown): void {
  if (!app.fault('sbk-update-removed-member-deprecation-body') || !isObject(body) || !('provider' in body)) return;
  throw new ApiError(400, 'REMOVED_MEMBER', 'provider can no longer be updated (removed from the update in 1.1)');
}

/**
 * Fault sbk-update-carrier-v10-mapper-activation: the update's carrier mapper is the 1.0 one, given lockerName in
 * place of name by the migration; in 1.0 a locker's activationDate was set by the activation job and never by an
 * update, so the mapper has no activationDate and the stored one stays.
 */
export function v10CarrierMapperActivation(app: Switches, stored: string, updated: string): string {
  return app.fault('sbk-update-carrier-v10-mapper-activation') ? stored : updated;
}

/**
 * Fault sbk-address-resave-groups-from-v1: an update that sends location goes through the address migration's lazy
 * re-save, which rewrites the locker document in the v2 schema taking its lockerGroups from the v1 document's groups,
 * which lockers created on the 1.1 path never had: where the update leaves lockerGroups out, the groups are gone.
 */
export function groupsFromV1OnAddressResave(
  app: Switches,
  body: { location?: unknown; lockerGroups?: unknown },
  groups: LockerGroup[],
): LockerGroup[] {
  if (!app.fault('sbk-address-resave-groups-from-v1')) return groups;
  return body.location !== undefined && body.lockerGroups === undefined ? [] : groups;
}

/**
 * Fault sbk-status-network-member-v10-route: in 1.0 the carrier-side status of a network's locker belonged to the
 * network service, and the 1.1 PATCH /lockers/status still forwards the change of a locker some network holds to the
 * network service's 1.0 endpoint, which writes the membership's carrierLockerStatus and never the locker: answered
 * 200 with the locker as it was. undefined: the change is carried out here.
 */
export function networkMemberStatusRouted(
  app: StateApp,
  locker: StoredLocker,
  status: string,
  view: () => unknown,
): Reply | undefined {
  if (!app.fault('sbk-status-network-member-v10-route')) return undefined;
  const memberships = [...app.state.networks.values()]
    .map((n) => n.members.get(locker.record.uid))
    .filter((m) => m !== undefined);
  if (memberships.length === 0) return undefined;
  for (const member of memberships) member.carrierLockerStatus = status;
  return { status: 200, body: view() };
}

/**
 * Variation ok-sbk-catalogue-v10-model-version-beside: the catalogue's entries still carry the 1.0 combined member
 * lockerModelVersion ("M100 1.0") beside lockerModel and lockerVersion, for the portal not yet moved; §2.2 shows the
 * members of an entry and forbids none beside them (the removal of §2.1 rule 3 is the locker's provider object's).
 */
export function catalogueV10Members(app: Switches, pair: Editable): { lockerModelVersion?: string } {
  if (!app.fault('ok-sbk-catalogue-v10-model-version-beside')) return {};
  return { lockerModelVersion: `${String(pair['lockerModel'])} ${String(pair['lockerVersion'])}` };
}

// --- Parcels: publish, list, cancel ---

const PUBLISH_SHIPMENT_TYPES: ReadonlySet<unknown> = new Set(['LAST_MILE', 'ALTERNATIVE_DELIVERY']);

/**
 * Fault sbk-by-tenant-shipment-type-unknown-default: the by-tenant controller, copied from 1.0, still binds its body
 * with the 1.0 mapper, set to read an enum value it does not know as the enum's default (so that 1.0 clients sending
 * STANDARD kept working): a shipmentType outside LAST_MILE and ALTERNATIVE_DELIVERY is taken as LAST_MILE.
 */
export function unknownShipmentTypeDefaulted(app: Switches, byTenant: boolean, body: unknown): unknown {
  if (!app.fault('sbk-by-tenant-shipment-type-unknown-default') || !byTenant || !isObject(body)) return body;
  const sent = body['shipmentType'];
  return typeof sent === 'string' && !PUBLISH_SHIPMENT_TYPES.has(sent) ? { ...body, shipmentType: 'LAST_MILE' } : body;
}

/**
 * Fault sbk-precheck-v10-dto-null-dimensions: a PRE_CHECK, on either path, is still bound to the 1.0 check DTO, whose
 * dimension members are primitive ints: a dimension sent null cannot be bound and the check is refused 400. A BOOKING
 * goes through the 1.1 DTO and takes it.
 */
export function precheckDimensionsUnboxed(app: Switches, body: PublishBody): void {
  if (!app.fault('sbk-precheck-v10-dto-null-dimensions') || body.eventType !== 'PRE_CHECK') return;
  const member = (['depth', 'height', 'width'] as const).find((m) => body.dimensions?.[m] === null);
  if (member) throw badRequest('VALIDATION_FAILED', `/dimensions/${member}: null cannot be bound to int`);
}

/**
 * Fault sbk-mock-parcels-listed-v10-status: GET /parcels merges the staging mock's parcels (FIRST_MILE and RETURN),
 * which the mock still keeps as 1.0 documents, through an adapter whose table of renamed members lacks
 * status -> shipmentStatus: those parcels are listed with status in place of shipmentStatus.
 */
export function mockDocumentsAdapted<T>(app: Switches, view: (parcel: T) => unknown): (parcel: T) => unknown {
  if (!app.fault('sbk-mock-parcels-listed-v10-status')) return view;
  return (parcel) => {
    const shown = view(parcel);
    if (!isObject(shown) || !MOCK_SHIPMENT_TYPES.has(shown['shipmentType'])) return shown;
    return renamed(shown, 'shipmentStatus', 'status');
  };
}

/** Fault sbk-mock-parcel-cancel-old-status-column: per reference, the mock's status of each parcel it made. */
const mockDocumentStatuses = new WeakMap<object, Map<string, string>>();

/**
 * Fault sbk-mock-parcel-cancel-old-status-column: the 1.1 cancel writes the new status to the service's parcel
 * table, while the records of the parcels the staging mock made are read from the mock's own document, whose status
 * only the mock writes: the cancellation of such a parcel is answered 200, but the parcel is shown as it was.
 */
export function cancelledInServiceTableOnly(app: Switches, parcel: StoredParcel, mockMade: boolean): void {
  if (!app.fault('sbk-mock-parcel-cancel-old-status-column') || !mockMade) return;
  perApp(mockDocumentStatuses, app, () => new Map<string, string>()).set(
    parcel.record.shipmentUid,
    parcel.record.shipmentStatus,
  );
}

/** Fault sbk-mock-parcel-cancel-old-status-column: the status a mock-made parcel's document still holds. */
export function mockDocumentStatusShown(app: Switches, record: Editable): void {
  if (!app.fault('sbk-mock-parcel-cancel-old-status-column')) return;
  const kept = mockDocumentStatuses.get(app)?.get(record['shipmentUid']);
  if (kept !== undefined && 'shipmentStatus' in record) record['shipmentStatus'] = kept;
}

/**
 * Variation ok-sbk-cancel-answer-v10-ack: a cancellation is answered by the 1.0 cancel controller's acknowledgement,
 * {shipmentUid, carrierParcelId, status: CANCELLED, cancelledAt}, not the parcel record; §4.9 shows no response body.
 */
export function cancelAcknowledgedV10(app: Switches, parcel: StoredParcel, reply: Reply): Reply {
  if (!app.fault('ok-sbk-cancel-answer-v10-ack') || reply.status !== 200) return reply;
  const cancelledAt = [...parcel.record.events].reverse().find((e) => e.type === 'CANCELLED')?.timestamp ?? null;
  return {
    status: 200,
    body: {
      shipmentUid: parcel.record.shipmentUid,
      carrierParcelId: parcel.record.carrierParcelId,
      status: 'CANCELLED',
      cancelledAt,
    },
  };
}

// --- Networks ---

/** Fault sbk-network-single-add-not-in-old-table: per network, the members only the new table holds. */
const newTableOnly = new WeakMap<object, Set<string>>();

/**
 * Fault sbk-network-single-add-not-in-old-table: memberships moved to a new table; an add naming one locker is
 * served by the new single-member command, which writes the new table only, an add naming more by the 1.0 batch
 * handler, which writes both, and the "already a member" check still reads the old table. `held`: whether the
 * network holds the locker; the answer: whether the check finds it.
 */
export function memberInOldTable(app: Switches, network: Network, uid: string, held: boolean): boolean {
  if (!app.fault('sbk-network-single-add-not-in-old-table')) return held;
  return held && !(newTableOnly.get(network)?.has(uid) ?? false);
}

/** Fault sbk-network-single-add-not-in-old-table: the tables a membership is written to. */
export function membershipTablesWritten(app: Switches, network: Network, lockerUids: string[], uid: string): void {
  if (!app.fault('sbk-network-single-add-not-in-old-table')) return;
  const only = perApp(newTableOnly, network, () => new Set<string>());
  if (lockerUids.length === 1) only.add(uid);
  else only.delete(uid);
}

// --- Errors and authentication ---

/**
 * The error body as the half-migrated parts of the service write it.
 * - Fault sbk-network-refusals-v10-error-member: the network service's refusals (a body without lockerUids or with
 *   values that are no integers, a network uid not of the carrier) come from its 1.0 error helper, given errorCode
 *   for 1.1 and still writing the 1.0 member error beside it; the gateway's key refusals are written as before.
 * - Fault sbk-update-removed-member-deprecation-body: the deprecation filter's refusal, {errorCode, detail, sunset}.
 */
export function v11ErrorBody(
  app: Switches,
  route: string | undefined,
  status: number,
  body: Record<string, unknown>,
): void {
  if (
    app.fault('sbk-network-refusals-v10-error-member') &&
    route === '/networks/{uid}/lockers' &&
    status !== 401 &&
    status !== 403
  )
    body['error'] = body['errorCode'];
  if (app.fault('sbk-update-removed-member-deprecation-body') && body['errorCode'] === 'REMOVED_MEMBER') {
    body['detail'] = body['message'];
    body['sunset'] = '2026-06-30';
    delete body['message'];
  }
}

const PARCEL_ROUTES: ReadonlySet<string> = new Set([
  '/parcels/data',
  '/parcels/data/by-tenant-locker-id',
  '/parcels',
  '/parcels/{parcelId}',
]);

/**
 * Fault sbk-parcel-routes-v10-bearer: the parcel routes were the last moved to the 1.1 gateway and their route still
 * carries the 1.0 key extractor, which also takes the key as a bearer token (Authorization: Bearer <key>) where no
 * X-API-Key is sent.
 */
export function v10BearerKey(app: Switches, route: string, authorization: string | undefined): string | undefined {
  if (!app.fault('sbk-parcel-routes-v10-bearer') || !PARCEL_ROUTES.has(route)) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

// --- Webhooks ---

/**
 * Fault sbk-status-push-v10-carrier-name: the LockerUpdates of a status change is built by the 1.0 status module's
 * event mapper, whose carrier object names the locker name (the member §9 renamed to lockerName); a create's push
 * comes from the 1.1 publisher.
 */
export function statusPushV10Carrier(
  app: Switches,
  cause: 'create' | 'status' | 'update',
  body: Record<string, unknown>,
): void {
  if (!app.fault('sbk-status-push-v10-carrier-name') || cause !== 'status' || !isObject(body['carrier'])) return;
  body['carrier'] = renamed(body['carrier'], 'lockerName', 'name');
}

/**
 * Fault sbk-third-party-push-bridge-v10-schema: the events of parcels in third-party lockers reach the webhook through
 * the provider-event bridge, still on the 1.0 event schema, from before allocationType was added (§9): their
 * ParcelUpdates (booking, cancellation, staging events) carry no allocationType.
 */
export function providerBridgeV10Schema(app: StateApp, parcel: StoredParcel, body: Record<string, unknown>): void {
  if (!app.fault('sbk-third-party-push-bridge-v10-schema')) return;
  if (app.state.lockers.get(parcel.record.lockerUid)?.record.ownedByCarrier === null) delete body['allocationType'];
}

/**
 * Fault sbk-collection-returns-v10-locker-id: the notification naming a locker where a RETURN parcel of the carrier
 * waits for the courier is built by the returns module's 1.0 sporadic pick-up builder, whose member is lockerId:
 * {courierAccessCode, lockerId, eventTimestamp}, no carrierLockerId.
 */
export function returnsCollectionBuilder(
  app: StateApp,
  carrier: string,
  locker: StoredLocker,
  body: Record<string, unknown>,
): void {
  if (!app.fault('sbk-collection-returns-v10-locker-id')) return;
  const holdsReturn = app.state
    .parcelsOf(carrier)
    .some(
      (p) =>
        p.record.lockerUid === locker.record.uid &&
        p.record.shipmentType === 'RETURN' &&
        p.record.shipmentStatus === 'DELIVERED',
    );
  if (holdsReturn) renameInPlace(body, 'carrierLockerId', 'lockerId');
}

/**
 * Variation ok-sbk-collection-v10-aliases-beside: for the migration window every CollectionNotification also carries
 * the 1.0 members lockerId and timestamp beside carrierLockerId and eventTimestamp (§6 "Fields of
 * CollectionNotification beyond those listed: not shown.").
 */
export function collectionV10AliasesBeside(app: Switches, body: Record<string, unknown>): void {
  if (!app.fault('ok-sbk-collection-v10-aliases-beside')) return;
  if ('carrierLockerId' in body) body['lockerId'] = body['carrierLockerId'];
  if ('eventTimestamp' in body) body['timestamp'] = body['eventTimestamp'];
}
