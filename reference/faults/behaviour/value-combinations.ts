// The faults and variations of set bl: behaviour that depends on a combination of values, each of which is ordinary and
// handled as the specification says on its own (faults/value-combinations.ts declares them). With its fault off each
// function
// returns what the service does.
import { randomInt } from 'node:crypto';
import { ApiError, badRequest } from '../../errors';
import type { Editable, Switches } from '../../handlers/fault-point-state';
import type { JsonObject, LockerWriteBody, Network, PublishBody, StoredLocker, StoredParcel } from '../../model';
import type { FaultPointApp, Reply } from '../../request-types';
import type { ErrorObject } from 'ajv';
import { REQUIRED_SECTION_MEMBERS, type Section } from '../../fault';

/**
 * Fault sbl-alt-delivery-soft-reservation-hardened: the allocation policy table, (shipmentType, allocationType) to the
 * reservation the allocator makes. The ALTERNATIVE_DELIVERY row was copied from the redirection module, where every
 * redirected parcel was pinned, and its SOFT_RESERVATION cell still says HARD_RESERVATION.
 */
const ALLOCATION_POLICY: Record<string, Record<string, string>> = {
  LAST_MILE: { HARD_RESERVATION: 'HARD_RESERVATION', SOFT_RESERVATION: 'SOFT_RESERVATION' },
  ALTERNATIVE_DELIVERY: { HARD_RESERVATION: 'HARD_RESERVATION', SOFT_RESERVATION: 'HARD_RESERVATION' },
};

/** Fault sbl-alt-delivery-soft-reservation-hardened: the allocationType a booking is stored with (`sent`: as sent). */
export function allocationByPolicy(app: Switches, body: PublishBody, sent: string): string {
  if (!app.fault('sbl-alt-delivery-soft-reservation-hardened')) return sent;
  return ALLOCATION_POLICY[body.shipmentType ?? 'LAST_MILE']?.[sent] ?? sent;
}

const isSection = (value: unknown): value is Editable =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Fault sbl-update-anyof-lets-incomplete-sibling: the update schema is an anyOf of one branch per section, so a body
 * whose carrier (or location) is complete passes whatever the other section leaves out (faults/value-combinations.ts
 * relaxes the
 * validator so); the mapper then copies the sent members onto the stored section, the missing ones keeping theirs.
 */
export function incompleteSectionFilled(app: Switches, locker: StoredLocker, body: LockerWriteBody): LockerWriteBody {
  if (!app.fault('sbl-update-anyof-lets-incomplete-sibling')) return body;
  const filled: Editable = { ...body };
  for (const section of Object.keys(REQUIRED_SECTION_MEMBERS) as Section[]) {
    const sent = filled[section];
    if (!isSection(sent)) continue;
    const held = locker.record[section] as Editable;
    const merged: Editable = { ...sent };
    for (const member of REQUIRED_SECTION_MEMBERS[section])
      if (merged[member] === undefined) merged[member] = held[member];
    filled[section] = merged;
  }
  return filled as LockerWriteBody;
}

/**
 * Fault sbl-return-collected-history-unrecorded: the history writer names each entry from a table keyed by
 * (shipmentType, event); the RETURN row was written with the drop-off only (a return's pick-up is logged in the returns
 * ledger), so a COURIER_COLLECTED of a RETURN parcel moves its status and writes no entry.
 */
const HISTORY_KINDS: Record<string, readonly string[]> = {
  FIRST_MILE: ['BOOKING_CREATED', 'CONSIGNEE_DELIVERED', 'COURIER_COLLECTED'],
  RETURN: ['BOOKING_CREATED', 'CONSIGNEE_DELIVERED'],
  LAST_MILE: ['BOOKING_CREATED', 'CONSIGNEE_DELIVERED', 'COURIER_COLLECTED'],
  ALTERNATIVE_DELIVERY: ['BOOKING_CREATED', 'CONSIGNEE_DELIVERED', 'COURIER_COLLECTED'],
};

/** Whether a trigger event of the parcel is written to its history (always, with the fault off). */
export function historyKindKnown(app: Switches, parcel: StoredParcel, eventType: string): boolean {
  if (!app.fault('sbl-return-collected-history-unrecorded')) return true;
  return HISTORY_KINDS[parcel.record.shipmentType]?.includes(eventType) ?? true;
}

/**
 * Fault sbl-cancel-first-mile-not-pushed: the cancellation notifier picks its topic from (shipmentType, event) and
 * knows cancellations of the publish paths' types only: a FIRST_MILE or RETURN parcel cancelled is not pushed.
 */
const CANCEL_TOPICS: Record<string, string> = {
  LAST_MILE: 'parcel.last-mile.cancelled',
  ALTERNATIVE_DELIVERY: 'parcel.redirected.cancelled',
};

/** Whether the cancellation of the parcel is pushed (always, with the fault off). */
export function cancellationTopicFound(app: Switches, parcel: StoredParcel): boolean {
  if (!app.fault('sbl-cancel-first-mile-not-pushed')) return true;
  return CANCEL_TOPICS[parcel.record.shipmentType] !== undefined;
}

/**
 * Fault sbl-cancel-alt-delivery-by-shipment-uid-404: the cancel resolves a shipmentUid in the last-mile shipment index,
 * which the redirection module's bookings (ALTERNATIVE_DELIVERY) never enter; by carrierParcelId both are read.
 */
export function indexedUnderForm(app: Switches, parcel: StoredParcel, form: string): boolean {
  if (!app.fault('sbl-cancel-alt-delivery-by-shipment-uid-404')) return true;
  return !(form === 'shipmentUid' && parcel.record.shipmentType === 'ALTERNATIVE_DELIVERY');
}

/** Fault sbl-precheck-soft-timestamp-hold-expiry: how long the soft allocator holds a checked compartment. */
const SOFT_HOLD_MS = 15 * 60 * 1000;

/**
 * Fault sbl-precheck-soft-timestamp-hold-expiry: the check's answer is built as `result.validUntil ?? processedAt`,
 * and only the soft allocator's result has a validUntil (the end of its 15-minute hold): a PRE_CHECK with
 * allocationType SOFT_RESERVATION is answered with a timestamp 15 minutes ahead.
 */
export function precheckTimestamp(app: Switches, body: PublishBody, processedAt: string): string {
  if (!app.fault('sbl-precheck-soft-timestamp-hold-expiry') || body.allocationType !== 'SOFT_RESERVATION')
    return processedAt;
  return new Date(Date.parse(processedAt) + SOFT_HOLD_MS).toISOString();
}

/**
 * Fault sbl-dimension-fraction-beside-null: the integer check of the dimensions lives in the size calculator, which
 * runs only for a fully declared parcel; a partly declared one is stored as sent. A validation error of a dimension
 * given a fraction is let through where another dimension of the same body is null.
 */
export function fractionBesideNullDimension(app: Switches, e: ErrorObject, body: unknown): boolean {
  if (!app.fault('sbl-dimension-fraction-beside-null')) return false;
  if (e.keyword !== 'type' || !/^\/dimensions\/(depth|height|width)$/.test(e.instancePath)) return false;
  if (typeof e.data !== 'number' || !Number.isFinite(e.data)) return false;
  const dimensions = isSection(body) ? body['dimensions'] : undefined;
  return isSection(dimensions) && ['depth', 'height', 'width'].some((d) => dimensions[d] === null);
}

/**
 * Fault sbl-network-member-keyed-by-name: the network registry keys its members by (network, lockerName), the site
 * name its planners see, and an insert that finds the key taken is skipped as "already a member": an owned locker
 * whose carrier.lockerName a member of the network already has is not added.
 */
export function memberNamedAlike(app: Switches, network: Network, locker: StoredLocker): boolean {
  if (!app.fault('sbl-network-member-keyed-by-name')) return false;
  const name = locker.record.carrier.lockerName;
  return [...network.members.entries()].some(
    ([uid, member]) => uid !== locker.record.uid && member.lockerName === name,
  );
}

/**
 * Fault sbl-create-type-required-for-provider: the providers registered through the provider's onboarding API v2
 * (PROVIDER_NAME_2, _4, _6) need a placement, and the create's adapter for them refuses a location without type.
 */
const PLACEMENT_REQUIRED = new Set(['PROVIDER_NAME_2', 'PROVIDER_NAME_4', 'PROVIDER_NAME_6']);

export function locationTypeRequiredByProvider(app: Switches, body: LockerWriteBody): void {
  if (!app.fault('sbl-create-type-required-for-provider')) return;
  const provider = body.provider?.name;
  if (provider !== undefined && PLACEMENT_REQUIRED.has(provider) && body.location?.['type'] === undefined)
    throw badRequest('VALIDATION_FAILED', `/location/type is required for a locker of ${provider}`);
}

/**
 * Fault sbl-cancel-refusal-by-shipment-uid-legacy-error: a cancel by shipmentUid is served by the 1.0 controller,
 * whose exception advice writes the framework's error attributes beside errorCode and message: its refusal (a
 * delivered or an already cancelled parcel) carries "error": "Bad Request". The refusal by carrierParcelId does not.
 */
export function legacyCancelRefusal(app: Switches, form: string, message: string): Reply | undefined {
  if (!app.fault('sbl-cancel-refusal-by-shipment-uid-legacy-error') || form !== 'shipmentUid') return undefined;
  return { status: 400, body: { errorCode: 'NOT_CANCELLABLE', message, error: 'Bad Request' } };
}

/**
 * Fault sbl-update-rekey-and-rename-name-kept: an update whose carrier gives both a new lockerId and a new lockerName
 * takes the re-key path (the carrier-side row copied under the new id, the id set), which writes no name: the name
 * the locker had stays. A rename alone, or a re-key alone, is written as sent.
 */
export function nameKeptOnRekey(
  app: Switches,
  held: { lockerName: string; lockerId: string },
  sent: { lockerName: string; lockerId: string },
  written: string,
): string {
  if (!app.fault('sbl-update-rekey-and-rename-name-kept')) return written;
  return sent.lockerId !== held.lockerId && sent.lockerName !== held.lockerName ? held.lockerName : written;
}

/**
 * Fault sbl-mock-contract-table-hole: the staging mock checks a (carrier, provider) contract table before it acts, and
 * the second carrier's row was filled when it had contracts with PROVIDER_NAME_1 to _3 only.
 */
const MOCK_CONTRACTS: Record<string, readonly string[]> = {
  CARRIER_NAME_1: [1, 2, 3, 4, 5, 6, 7].map((n) => `PROVIDER_NAME_${n}`),
  CARRIER_NAME_2: [1, 2, 3].map((n) => `PROVIDER_NAME_${n}`),
};

export function mockContractChecked(app: Switches, carrierName: string, providerName: string): void {
  if (!app.fault('sbl-mock-contract-table-hole')) return;
  const contracts = MOCK_CONTRACTS[carrierName];
  if (contracts && !contracts.includes(providerName))
    throw new ApiError(400, 'NO_PROVIDER_CONTRACT', `${carrierName} has no contract with ${providerName}`);
}

/** The types of the parcels waiting in a locker for a carrier's courier (delivered FIRST_MILE or RETURN). */
function waitingTypes(app: FaultPointApp, carrier: string, lockerUid: string): Set<string> {
  return new Set(
    app.state
      .parcelsOf(carrier)
      .filter(
        (p) =>
          p.record.lockerUid === lockerUid &&
          p.record.shipmentStatus === 'DELIVERED' &&
          (p.record.shipmentType === 'FIRST_MILE' || p.record.shipmentType === 'RETURN'),
      )
      .map((p) => p.record.shipmentType),
  );
}

/**
 * Fault sbl-collection-grouped-by-shipment-type: the collection job groups the waiting parcels by (locker,
 * shipmentType), a courier route being planned per type, and its once-a-period mark is set per locker after the
 * group's send: a locker holding both a FIRST_MILE and a RETURN parcel is named twice in one period, the return
 * group's notification with a code of its own. `send` sends a notification.
 */
export function returnGroupNamedApart(
  app: FaultPointApp,
  carrier: string,
  locker: StoredLocker,
  body: Record<string, unknown>,
  send: (body: Record<string, unknown>) => void,
): void {
  if (!app.fault('sbl-collection-grouped-by-shipment-type')) return;
  const types = waitingTypes(app, carrier, locker.record.uid);
  if (!(types.has('FIRST_MILE') && types.has('RETURN'))) return;
  const code = typeof body['courierAccessCode'] === 'string' ? String(randomInt(100000, 1000000)) : null;
  send({ ...body, courierAccessCode: code });
}

/**
 * Variation ok-sbl-collection-mixed-types-member: a CollectionNotification naming a locker where both a FIRST_MILE and
 * a RETURN parcel wait also says so, returnsIncluded: true, so the courier takes return labels along (§6: "Fields of
 * CollectionNotification beyond those listed: not shown").
 */
export function mixedTypesMarked(
  app: FaultPointApp,
  carrier: string,
  locker: StoredLocker,
  body: Record<string, unknown>,
): void {
  if (!app.fault('ok-sbl-collection-mixed-types-member')) return;
  const types = waitingTypes(app, carrier, locker.record.uid);
  if (types.has('FIRST_MILE') && types.has('RETURN')) body['returnsIncluded'] = true;
}

/**
 * Variation ok-sbl-locked-booking-status-word: a BOOKING sent with lockStatus LOCKED is answered status BOOKED_LOCKED
 * (the consignee cannot collect it yet); any other BOOKING BOOKED (§2.3: "status (string)", no values shown).
 */
export function lockedBookingWord(app: Switches, body: PublishBody, reply: Reply): Reply {
  if (!app.fault('ok-sbl-locked-booking-status-word') || body.lockStatus !== 'LOCKED') return reply;
  const answer = reply.body;
  if (isSection(answer) && answer['status'] === 'BOOKED') answer['status'] = 'BOOKED_LOCKED';
  return reply;
}

const ADDRESS_MEMBERS = ['street', 'streetNumber', 'postalCode', 'city', 'countryCode'] as const;

/**
 * Variation ok-sbl-update-location-type-kept-same-address: an update whose location leaves type out keeps the type the
 * locker had where the address it sends is the one the locker has (the same site, moved a few metres), and gives the
 * locker none otherwise (§2.1: what an update does with members a sent object leaves out is not shown).
 */
export function locationTypeKeptAtSameAddress(
  app: Switches,
  held: JsonObject,
  sent: JsonObject | undefined,
  written: JsonObject,
): JsonObject {
  if (!app.fault('ok-sbl-update-location-type-kept-same-address') || !sent || 'type' in sent) return written;
  if (held['type'] === undefined || written['type'] !== undefined) return written;
  const sameAddress = ADDRESS_MEMBERS.every((m) => sent[m] === held[m]);
  return sameAddress ? { ...written, type: held['type'] } : written;
}

/**
 * Variation ok-sbl-return-entries-direction: the history entries the staging mock writes for a RETURN parcel carry
 * direction: "TO_SENDER" beside type and timestamp (§2.4: "Fields of an entry of events: not shown"). Marks the entry
 * an event just wrote (`type` at `timestamp`).
 */
export function returnEntryMarked(app: Switches, parcel: StoredParcel, type: string, timestamp: string): void {
  if (!app.fault('ok-sbl-return-entries-direction') || parcel.record.shipmentType !== 'RETURN') return;
  const last = parcel.record.events.at(-1) as Editable | undefined;
  if (last && last['type'] === type && last['timestamp'] === timestamp) last['direction'] = 'TO_SENDER';
}

/**
 * Variation ok-sbl-dimensions-status-estimated-by-weight: a booking whose dimensions are not all given but whose
 * weight is shows dimensionsStatus ESTIMATED (the size is estimated from the weight); otherwise DECLARED or INCOMPLETE
 * as before (§2.4: "Allowed values of shipmentStatus and dimensionsStatus: not shown").
 */
export function dimensionsStatusByWeight(app: Switches, body: PublishBody, status: string): string {
  if (!app.fault('ok-sbl-dimensions-status-estimated-by-weight')) return status;
  return status === 'INCOMPLETE' && typeof body.weight === 'number' ? 'ESTIMATED' : status;
}
