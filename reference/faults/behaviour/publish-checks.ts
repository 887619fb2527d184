// The faults' behaviour where a publish is read and checked (publish-points.ts read, excused, refused, checked, locker,
// measured, the by-tenant lookup; parcels.ts's lookups by uid and by carrierLockerId). With its fault off each point
// does what the service does.
import type { ErrorObject } from 'ajv';
import type { ReferenceApp, RequestContext } from '../../app';
import { ApiError, badRequest } from '../../errors';
import { isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { PublishBody, StoredLocker } from '../../model';
import type { FaultPointApp } from '../../request-types';
import type { RequestSchema } from '../../validation';
import { carrierKey } from './parcels';
import { ISO_4217_TEXT } from './publish';
import {
  firstSeenAt,
  lockerIdIndex,
  lockerIdMapOf,
  lockersSeen,
  networkHolding,
  nextRequestNumber,
  rolloutBucketOf,
  suspendedLockers,
} from './shared';

/** Fault sm-shipment-type-domain-enum: the values of the domain's ShipmentType enum that §2.3 does not list. */
const DOMAIN_ONLY_SHIPMENT_TYPES: readonly unknown[] = ['FIRST_MILE', 'RETURN'];

/**
 * Fault sm-shipment-type-domain-enum: the publish DTO types shipmentType with the domain's ShipmentType enum, shared
 * with the staging mock (LAST_MILE, ALTERNATIVE_DELIVERY, FIRST_MILE, RETURN): the validator's refusal of the
 * trigger's values is let through.
 */
export function domainShipmentType(app: Switches, e: ErrorObject): boolean {
  return (
    app.fault('sm-shipment-type-domain-enum') &&
    e.instancePath === '/shipmentType' &&
    e.keyword === 'enum' &&
    DOMAIN_ONLY_SHIPMENT_TYPES.includes(e.data)
  );
}

/** A LIKE pattern as a regular expression: % any run, _ any one character, the rest as it is. */
function likePattern(pattern: string): RegExp {
  const parts = [...pattern].map((c) =>
    c === '%' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return new RegExp(`^${parts.join('')}`, 's');
}

/**
 * Fault so-by-tenant-like-prefix: where no locker of the carrier's has the carrierLockerId exactly, the by-tenant path
 * falls back on the locker search of the carrier portal's type-ahead, `WHERE locker_id LIKE :id || '%' ORDER BY
 * locker_id LIMIT 1`, unescaped: a prefix of a carrier.lockerId (the empty one too) names that locker.
 */
export function typeaheadLocker(app: FaultPointApp, carrier: string, lockerId: string): StoredLocker | undefined {
  if (!app.fault('so-by-tenant-like-prefix')) return undefined;
  const like = likePattern(lockerId);
  return app.state
    .visibleLockers(carrier)
    .filter((l) => like.test(l.record.carrier.lockerId))
    .sort((a, b) => (a.record.carrier.lockerId < b.record.carrier.lockerId ? -1 : 1))[0];
}

/**
 * Fault sab-zero-dimension-500: the compartment chooser (a Java service) orients the parcel by its aspect ratio, the
 * longest side divided by the shortest in int arithmetic, over the sides given; a side of 0 throws "/ by zero".
 */
export function parcelOriented(app: Switches, dimensions: PublishBody['dimensions']): void {
  if (!app.fault('sab-zero-dimension-500')) return;
  const sides = [dimensions?.depth, dimensions?.height, dimensions?.width].filter(
    (v): v is number => typeof v === 'number',
  );
  if (sides.length && Math.min(...sides) === 0)
    throw new ApiError(500, 'INTERNAL_ERROR', 'java.lang.ArithmeticException: / by zero');
}

const ownFirst = (lockers: StoredLocker[], carrier: string): StoredLocker[] =>
  [...lockers].sort(
    (a, b) => Number(b.record.ownedByCarrier === carrier) - Number(a.record.ownedByCarrier === carrier),
  );

/**
 * A locker matched by another id than its carrier.lockerId, as the booking takes it: the parcel row copies
 * carrierLockerId from the request, the id it was named by.
 */
const namedAs = (locker: StoredLocker | undefined, sentId: string): StoredLocker | undefined =>
  locker && locker.record.carrier.lockerId !== sentId
    ? { ...locker, record: { ...locker.record, carrier: { ...locker.record.carrier, lockerId: sentId } } }
    : locker;

/**
 * The locker a by-tenant publish names. Fault sab-by-tenant-former-id-alias: a locker keeps the carrier.lockerId it
 * was created with as an alias, and the lookup matches the current id or an alias, the oldest locker first. Fault
 * sab-tenant-id-nfkc-match: where no locker has the id exactly, ids are compared in Unicode NFKC.
 */
export function tenantLocker(
  app: FaultPointApp,
  carrier: string,
  schema: RequestSchema,
  sent: PublishBody,
  lookup: () => StoredLocker | undefined,
): StoredLocker | undefined {
  const aliased = app.fault('sab-by-tenant-former-id-alias');
  const folded = app.fault('sab-tenant-id-nfkc-match');
  const sentId = sent.carrierLockerId;
  if ((!aliased && !folded) || schema !== 'PublishByCarrierLockerIdRequest' || sentId === undefined) return lookup();
  const candidates = ownFirst(app.state.visibleLockers(carrier), carrier);
  const nfkc = (id: string) => id.normalize('NFKC');
  const found = aliased
    ? candidates.find((l) => l.record.carrier.lockerId === sentId || l.createdAs === sentId)
    : (candidates.find((l) => l.record.carrier.lockerId === sentId) ??
      candidates.find((l) => nfkc(l.record.carrier.lockerId) === nfkc(sentId)));
  return namedAs(found, sentId) ?? lookup();
}

/** The order of a text column under the database's default collation (en_US.UTF-8): case and punctuation ignored. */
const collation = new Intl.Collator('en', { sensitivity: 'base', ignorePunctuation: true });
const inDatabaseOrder = (a: string, b: string) => collation.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The locker a publish names. Fault sad-by-tenant-binary-search-collation: the by-tenant path keeps the carrier's
 * lockers as the database returns them, ORDER BY locker_id under its collation, and binary-searches carrierLockerId in
 * them comparing code points: where the two orders disagree, an id a locker has is not found. Variation
 * ok-ad-by-tenant-own-lockers-only: only the carrier's own lockers.
 */
export function byTenantIndex(
  app: FaultPointApp,
  carrier: string,
  schema: RequestSchema,
  sent: PublishBody,
  lookup: () => StoredLocker | undefined,
): StoredLocker | undefined {
  const id = sent.carrierLockerId;
  if (schema !== 'PublishByCarrierLockerIdRequest' || typeof id !== 'string') return lookup();
  if (!app.fault('sad-by-tenant-binary-search-collation')) return ownLockerOnly(app, carrier, lookup());
  const index = app.state
    .visibleLockers(carrier)
    .sort((a, b) => inDatabaseOrder(a.record.carrier.lockerId, b.record.carrier.lockerId));
  for (let [lo, hi] = [0, index.length - 1]; lo <= hi;) {
    const mid = (lo + hi) >> 1;
    const at = index[mid]!.record.carrier.lockerId;
    if (at === id) {
      const same = index.filter((l) => l.record.carrier.lockerId === id);
      return same.find((l) => l.record.ownedByCarrier === carrier) ?? same[0];
    }
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** Variation ok-ad-by-tenant-own-lockers-only: the carrier's own locker identifier names one of its own lockers. */
export function ownLockerOnly(
  app: Switches,
  carrier: string,
  found: StoredLocker | undefined,
): StoredLocker | undefined {
  if (!app.fault('ok-ad-by-tenant-own-lockers-only')) return found;
  return found?.record.ownedByCarrier === carrier ? found : undefined;
}

/** ...and in place of the schema's pattern: its refusal of a codCurrency the text contains is let through. */
export function currencyInListText(app: Switches, error: ErrorObject, sent: unknown): boolean {
  if (!app.fault('saf-currency-list-substring-match') || error.instancePath !== '/codCurrency') return false;
  const currency: unknown = isObject(sent) ? sent['codCurrency'] : undefined;
  return typeof currency === 'string' && ISO_4217_TEXT.includes(currency);
}

/** Fault sah-parcel-id-null-as-empty: the binder reads a null carrierParcelId as an empty string (Nulls.AS_EMPTY). */
export function parcelIdNullAsEmpty(app: Switches, body: unknown): unknown {
  if (!app.fault('sah-parcel-id-null-as-empty') || !isObject(body) || body['carrierParcelId'] !== null) return body;
  return { ...body, carrierParcelId: '' };
}

/** Fault sah-allocation-pattern-alternation: allocationType's pattern, its alternation left unbracketed. */
const ALLOCATION_PATTERN = /^HARD_RESERVATION|SOFT_RESERVATION$/;

/** Fault sah-allocation-pattern-alternation: an allocationType outside the set the pattern takes is let through. */
export function allocationPatternAlternation(app: Switches, error: ErrorObject, sent: unknown): boolean {
  if (!app.fault('sah-allocation-pattern-alternation') || !isObject(sent)) return false;
  const value: unknown = sent['allocationType'];
  return (
    error.keyword === 'enum' &&
    error.instancePath === '/allocationType' &&
    typeof value === 'string' &&
    ALLOCATION_PATTERN.test(value)
  );
}

/**
 * Validation errors of a publish that these faults let through:
 * - fault saj-cod-currency-checked-with-amount-only: codCurrency is checked by the cash-on-delivery validator, which
 *   runs `if (body.codAmount)`, so a codCurrency string goes unchecked where codAmount is absent, null or 0;
 * - fault saj-weight-quantity-object: weight is bound to the Quantity type of the measures library, whose
 *   deserializer takes a number of grams or an object {value, unit}.
 */
export function codCurrencyAndWeightExcused(app: Switches, error: ErrorObject, sent: unknown): boolean {
  if (!isObject(sent)) return false;
  if (
    app.fault('saj-cod-currency-checked-with-amount-only') &&
    error.instancePath === '/codCurrency' &&
    typeof sent['codCurrency'] === 'string' &&
    !sent['codAmount']
  )
    return true;
  return app.fault('saj-weight-quantity-object') && error.instancePath === '/weight' && isObject(sent['weight']);
}

/**
 * Checks of a valid publish body that a fault adds. Fault saj-dimensions-all-null-refused: the parcel-size
 * service is called with the dimensions stripped of null members, and its non-empty constraint refuses what is left
 * when no member has a value (all three null, or none sent).
 */
export function dimensionsAllNullRefused(app: Switches, body: PublishBody): void {
  if (!app.fault('saj-dimensions-all-null-refused') || !isObject(body.dimensions)) return;
  const sides = ['depth', 'height', 'width'] as const;
  if (sides.every((side) => body.dimensions?.[side] === null || body.dimensions?.[side] === undefined))
    throw badRequest('VALIDATION_FAILED', '/dimensions must not be empty: give at least one of depth, height, width');
}

/** Fault sal-reenabled-locker-still-suspended: a publish naming a suspended locker is refused. */
export function checkNotSuspended(app: Switches, locker: StoredLocker): void {
  if (!app.fault('sal-reenabled-locker-still-suspended')) return;
  if (perApp(suspendedLockers, app, () => new Set<string>()).has(locker.record.uid))
    throw badRequest('LOCKER_INACTIVE', `locker ${locker.record.uid} is not active and cannot accept parcels`);
}

/**
 * Fault saw-by-tenant-provider-registry-fallback: a carrierLockerId no locker the carrier sees has, looked up as a
 * provider-side id in the provider registry, every locker of the platform, owner aside. Undefined otherwise.
 */
export function providerRegistryFallback(app: StateApp, carrierLockerId: string): StoredLocker | undefined {
  if (!app.fault('saw-by-tenant-provider-registry-fallback')) return undefined;
  for (const locker of app.state.lockers.values())
    if (locker.record.provider.lockerUid === carrierLockerId) return locker;
  return undefined;
}

// --- The by-tenant lookup (publish-points.ts) ---

/**
 * The by-tenant path's lookup where a fault makes it (undefined: the path's own lookup). Fault
 * sax-by-tenant-index-nfc-raw-lookup: the sent carrierLockerId looked up, unnormalized, in an index holding every
 * carrier.lockerId in NFC; the carrier's own locker before a third party's, as the path's own lookup has it.
 */
export function nfcIndexRawLookup(
  app: StateApp,
  carrier: string,
  carrierLockerId: string,
): { locker: StoredLocker | undefined } | undefined {
  if (!app.fault('sax-by-tenant-index-nfc-raw-lookup')) return undefined;
  const indexed = app.state
    .visibleLockers(carrier)
    .filter((l) => l.record.carrier.lockerId.normalize('NFC') === carrierLockerId);
  return { locker: indexed.find((l) => l.record.ownedByCarrier === carrier) ?? indexed[0] };
}

/**
 * The lockerUid the /parcels/data path looks the locker up by. Fault say-publish-uid-through-network-int64: the
 * network module's uid helper, BigInt(text).toString() (§4.10's lockerUids are int64), normalises it first.
 */
export function uidThroughNetworkInt64(app: Switches, lockerUid: string): string {
  if (!app.fault('say-publish-uid-through-network-int64')) return lockerUid;
  try {
    return BigInt(lockerUid).toString();
  } catch {
    return lockerUid;
  }
}

// --- The by-tenant lookup (publish-points.ts byTenantLocker) ---

/**
 * Fault saz-by-tenant-owner-desc-nulls-first: ORDER BY owned_by DESC LIMIT 1 puts the third-party locker (owner NULL)
 * first where the carrier's own locker holds the same carrier.lockerId; undefined where the service's own lookup
 * stands.
 */
export function ownerDescNullsFirst(app: StateApp, carrier: string, carrierLockerId: string): StoredLocker | undefined {
  if (!app.fault('saz-by-tenant-owner-desc-nulls-first')) return undefined;
  const holding = app.state.visibleLockers(carrier).filter((l) => l.record.carrier.lockerId === carrierLockerId);
  if (!holding.some((l) => l.record.ownedByCarrier === carrier)) return undefined;
  return holding.find((l) => l.record.ownedByCarrier === null);
}

// Fault rejected-publish-books: the booking is made before validation refuses the request.
export function bookDespiteRejection(
  app: ReferenceApp,
  ctx: RequestContext,
  locate: (b: PublishBody) => StoredLocker | undefined,
): void {
  const body = ctx.body as Partial<PublishBody> | null;
  if (!body || typeof body !== 'object' || typeof body.carrierParcelId !== 'string') return;
  const locker = locate(body as PublishBody);
  if (!locker) return;
  app.state.parcels.push({
    owner: ctx.carrier.name,
    record: {
      shipmentUid: app.state.newShipmentUid(),
      lockerUid: locker.record.uid,
      carrierParcelId: body.carrierParcelId,
      carrierLockerId: locker.record.carrier.lockerId,
      shipmentType: 'LAST_MILE',
      shipmentStatus: 'BOOKED',
      dimensionsStatus: 'INCOMPLETE',
      allocationType: 'HARD_RESERVATION',
      accessCodes: null,
      consignee: null,
      events: [{ type: 'BOOKING_CREATED', timestamp: app.now() }],
      lockStatus: 'UNLOCKED',
    },
  });
}

// --- A publish checked (publish-points.ts checked) ---

/**
 * Checks of a valid publish body.
 * - Fault sbc-by-tenant-secondary-id-check-inverted: the by-tenant controller's copy of the secondaryShipmentId guard
 *   compares with !== where the original compares with ===.
 */
export function byTenantSecondaryIdCheckInverted(app: Switches, byTenant: boolean, body: PublishBody): void {
  if (
    app.fault('sbc-by-tenant-secondary-id-check-inverted') &&
    byTenant &&
    body.secondaryShipmentId !== undefined &&
    body.secondaryShipmentId !== body.carrierParcelId
  )
    throw badRequest('VALIDATION_FAILED', '/secondaryShipmentId must differ from carrierParcelId');
}

// --- The by-tenant lookup (publish-points.ts byTenantLocker, parcels.ts publishByCarrierLockerId) ---

/**
 * The lockerId map's lookup (fault sbd-by-tenant-map-same-id-dropped): the carrier's own locker the map holds under
 * `carrierLockerId`, else a third party's locker of that id (the map holds the carrier's own lockers only); undefined
 * where the fault is off.
 */
export function byTenantLockerIdMap(
  app: StateApp,
  carrier: string,
  carrierLockerId: string,
): { locker: StoredLocker | undefined } | undefined {
  if (!app.fault('sbd-by-tenant-map-same-id-dropped')) return undefined;
  const idMap = lockerIdMapOf(app);
  const visible = app.state.visibleLockers(carrier);
  const own = visible.find((l) => {
    if (l.record.ownedByCarrier !== carrier) return false;
    const held = idMap.get(l);
    return (held ? held.indexed : l.record.carrier.lockerId) === carrierLockerId;
  });
  return {
    locker:
      own ?? visible.find((l) => l.record.ownedByCarrier === null && l.record.carrier.lockerId === carrierLockerId),
  };
}

/** The members of a publish request §2.3 requires on the by-tenant path: a request of these alone is "express". */
const EXPRESS_MEMBERS = new Set(['eventType', 'carrierLockerId', 'carrierParcelId', 'dimensions']);

/**
 * The locker a by-tenant publish addresses; `located` is the full path's lookup. Fault
 * sbd-by-tenant-express-path-any-owner: a request carrying only the required members (no shipmentType, consignee,
 * weight, allocationType...: the sorting-centre scanners' request) takes the express path, which resolves
 * carrierLockerId through the platform-wide locker-id cache (every locker by carrier.lockerId, the caller's own and the
 * third-party ones first) with no owner filter: an id only another carrier's locker has books into that locker.
 */
export function byTenantExpressAnyOwner(
  app: StateApp,
  body: PublishBody,
  located: () => StoredLocker | undefined,
): StoredLocker | undefined {
  const found = located();
  if (found || !app.fault('sbd-by-tenant-express-path-any-owner')) return found;
  if (!Object.keys(body).every((m) => EXPRESS_MEMBERS.has(m))) return found;
  return [...app.state.lockers.values()].find((l) => l.record.carrier.lockerId === body.carrierLockerId);
}

// --- A publish's weight (publish-points.ts checked) ---

/** Fault sbe-weight-read-as-kilograms: the most a compartment carries, in the kilograms the parcel service takes. */
const COMPARTMENT_LIMIT_KG = 30;
/** Variation ok-be-weight-limit-grams: the most a compartment carries, in the grams §2.3 gives. */
const COMPARTMENT_LIMIT_G = 31_500;

/**
 * A publish's weight against what a compartment carries (checked after the schema's checks). Fault
 * sbe-weight-read-as-kilograms, variation ok-be-weight-limit-grams.
 */
export function weightOverCompartmentRefused(app: Switches, body: PublishBody): void {
  const weight = body.weight;
  if (typeof weight !== 'number') return;
  // Fault sbe-weight-read-as-kilograms: §2.3's grams handed unconverted to a contract in kilograms.
  if (app.fault('sbe-weight-read-as-kilograms') && weight > COMPARTMENT_LIMIT_KG)
    throw badRequest(
      'PARCEL_TOO_HEAVY',
      `weight ${weight} kg is more than the ${COMPARTMENT_LIMIT_KG} kg a compartment carries`,
    );
  // Variation ok-be-weight-limit-grams: a parcel too heavy for any compartment cannot be accepted.
  if (app.fault('ok-be-weight-limit-grams') && weight > COMPARTMENT_LIMIT_G)
    throw badRequest(
      'PARCEL_TOO_HEAVY',
      `weight ${weight} g is more than the ${COMPARTMENT_LIMIT_G} g a compartment carries`,
    );
}

// --- The lockerUid path's lookup (parcels.ts publishByLockerUid) ---

/**
 * The locker POST /parcels/data names by its lockerUid; `located` is the service's own lookup (the platform uid).
 * Fault sbe-publish-lockeruid-provider-side: WHERE uid = :lockerUid OR provider_locker_uid = :lockerUid, the first
 * row of the table that matches.
 */
export function lockerUidMatchedProviderSide(
  app: StateApp,
  carrier: string,
  lockerUid: string,
  located: () => StoredLocker | undefined,
): StoredLocker | undefined {
  if (!app.fault('sbe-publish-lockeruid-provider-side')) return located();
  return app.state
    .visibleLockers(carrier)
    .find((l) => l.record.uid === lockerUid || l.record.provider.lockerUid === lockerUid);
}

// --- A publish's currency check (parcels.ts publish) ---

/**
 * Fault sbf-currency-flag-bucketed-per-request: the ISO 4217 check made only where the request id falls in the flag's
 * half. The check made where the fault is off.
 */
export function currencyCheckRolledOut(app: Switches, check: () => void): void {
  if (!app.fault('sbf-currency-flag-bucketed-per-request')) return check();
  if (rolloutBucketOf(`req-${nextRequestNumber(app, 'publish-requests')}`) < 50) check();
}

// --- The by-tenant lookup (parcels.ts publishByCarrierLockerId) ---

/** Fault sbf-by-tenant-current-partition-only: the current partition's window. */
const CURRENT_PARTITION_MS = 10_000;

/**
 * Fault sbf-by-tenant-current-partition-only: the by-tenant lookup reads the current partition only, so a carrier's
 * locker first seen more than its window ago is not found. The locker found where the fault is off.
 */
export function currentPartitionOnly(app: Switches, locker: StoredLocker | undefined): StoredLocker | undefined {
  if (!app.fault('sbf-by-tenant-current-partition-only') || !locker || locker.record.ownedByCarrier === null)
    return locker;
  return Date.now() - firstSeenAt(lockersSeen, app, locker) > CURRENT_PARTITION_MS ? undefined : locker;
}

// --- A publish checked (publish-points.ts checked) ---

/** Fault sbg-soft-reservation-null-dimension: the soft allocator sizes a parcel by its three dimensions. */
export function softReservationNullDimensionRefused(app: FaultPointApp, body: PublishBody): void {
  if (!app.fault('sbg-soft-reservation-null-dimension') || body.allocationType !== 'SOFT_RESERVATION') return;
  const dims = (body.dimensions ?? {}) as Record<string, unknown>;
  const unsized = ['depth', 'height', 'width'].find((d) => dims[d] === null);
  if (unsized) throw badRequest('VALIDATION_FAILED', `/dimensions/${unsized} must be an integer`);
}

// --- The locker a publish books into (publish-points.ts locker) ---

/**
 * Fault sbg-by-tenant-network-pooled: a BOOKING by carrierLockerId into a locker of the carrier's network is
 * allocated by the network's pool, in the member holding the fewest of the carrier's bookings (the first on a tie).
 */
export function networkPooledLocker(
  app: FaultPointApp,
  carrier: string,
  byTenant: boolean,
  body: PublishBody,
  located: StoredLocker | undefined,
): StoredLocker | undefined {
  if (!app.fault('sbg-by-tenant-network-pooled') || !byTenant || body.eventType !== 'BOOKING' || !located)
    return located;
  const network = networkHolding(app, located.record.uid, carrier);
  if (!network || network.members.size < 2) return located;
  let chosen: StoredLocker | undefined;
  let fewest = Infinity;
  for (const uid of network.members.keys()) {
    const member = app.state.ownedLocker(carrier, uid);
    if (!member) continue;
    const booked = app.state.parcels.filter(
      (p) => p.owner === carrier && p.record.lockerUid === uid && p.record.shipmentStatus === 'BOOKED',
    ).length;
    if (booked < fewest) [chosen, fewest] = [member, booked];
  }
  return chosen ?? located;
}

// --- The by-tenant lookup (publish-points.ts byTenantLocker) ---

/**
 * Fault sbh-by-tenant-index-moved-by-refused-update: the by-tenant lookup asks the index an update writes
 * (locker-update.ts lockerIdIndexedBeforeCheck) first.
 */
export function lockerIdIndexLookup(app: StateApp, carrier: string, carrierLockerId: string): StoredLocker | undefined {
  if (!app.fault('sbh-by-tenant-index-moved-by-refused-update')) return undefined;
  const uid = lockerIdIndex.get(app)?.get(carrierKey(carrier, carrierLockerId));
  return uid === undefined ? undefined : app.state.ownedLocker(carrier, uid);
}
