// The reference's answers where the specification says "not shown". They are choices of this
// implementation, not the contract: a conformant target may choose otherwise (see README.md). The
// alternative and staging-like sets make other choices, and the harness must pass them too.
export interface ReferenceChoices {
  /**
   * GET /lockers, /lockers/providers and /parcels: a bare array, the records under `content`, pages of
   * `items`, or Spring Data's pages (`{content, page: {size, number, totalElements, totalPages}}` from page 0).
   */
  listEnvelope: 'array' | 'content' | 'paged' | 'spring';
  /** Records per page of the paged envelope where no `size` is asked for (§8: not shown). */
  pageSize: number;
  /** The most records a `size` query parameter gets on a page; undefined: pageSize (a page size capped whatever is
   * asked). */
  maxPageSize?: number;
  /** Status code of a successful publish (§4.6 does not show it). */
  publishSuccessStatus: 200 | 201 | 202;
  /**
   * Which parcel identifier PATCH /parcels/{parcelId} takes (§4.9 does not show it): one of them (the
   * other is looked up as that one and not found: 404, or 400 where malformedIdStatus refuses an id not
   * of the shipmentUid's shape), or both ('either': an id that is a
   * parcel's shipmentUid names that parcel, any other is taken as a carrierParcelId).
   */
  cancelPathId: 'carrierParcelId' | 'shipmentUid' | 'either';
  /** The cancel body (§4.9): none needed, or {reason} required. */
  cancelNeedsReason: boolean;
  /** The cancel answer: 200 with the parcel record, or 204 without a body. */
  cancelAnswer: 'record' | 'no-content';
  /**
   * PATCH /lockers/status body (§4.5): {uid, status}, {lockerUid, newStatus}, or {uid, active} (a
   * boolean: the locker then shows ACTIVE or INACTIVE, so a profile's state names differ from the status shown).
   */
  statusBody: 'uid-status' | 'lockerUid-newStatus' | 'uid-active';
  /** 409 when the locker already has the status, or an idempotent 200. */
  conflictOnSameStatus: boolean;
  /** Locker records carry the stored lockerGroups as an extra member, so that LCK-UPDATE-GROUPS-KEPT is observable. */
  echoLockerGroups: boolean;
  /** Undocumented extra members in every record and answer (the schemas are open). */
  extraFields: boolean;
  /** Status of a refused key on the operations §7 does not list (it shows 401 only for the others). */
  otherAuthFailureStatus: 401 | 403;
  /**
   * A key that is a near miss of a real one (that key with characters appended, a non-empty prefix of it,
   * it in another letter case, or it with surrounding whitespace where that reaches the service) on the
   * operations §7 does not list: 403, as a key known to belong to a carrier but not matching (a missing or
   * unrelated key keeps otherAuthFailureStatus), or null, answered as any other refused key. Where §7
   * lists 401 it stays 401 (AUTH-401-STATUS).
   */
  nearMissKeyStatus: 403 | null;
  /** Webhooks of one carrier in the order they happened, or gathered for a moment and sent newest first. */
  webhookOrder: 'in-order' | 'newest-first';
  /**
   * openingHours in an update request, which the update table of §2.1 does not list: 'stored', held to
   * the record's rules (§2.1 rules 1–2, as on create) and stored; 'refused', 400 VALIDATION_FAILED
   * whatever its value (the update takes the members its table lists). Moot where unlisted members are
   * ignored (unknownRequestMembers 'ignored' drops it first).
   */
  openingHoursOnUpdate: 'stored' | 'refused';
  /** Status of a create, update or publish refused for a missing, wrong-typed or out-of-set member. */
  refusedRequestStatus: 400 | 422;
  /**
   * Request members the §2 tables do not list: 'validated' holds those the OpenAPI schema names
   * (carrier.status, provider.lockerUid, ...) to their types and stores them; 'ignored' drops them
   * before validation, so they are neither checked nor stored.
   */
  unknownRequestMembers: 'validated' | 'ignored';
  /**
   * Every webhook delivery is sent twice (§6: delivery guarantees not shown): with the same body, or
   * 'restamped', the copy built anew with a fresh eventTimestamp as a service that rebuilds on resend does.
   */
  webhookDuplicates: false | 'same-body' | 'restamped';
  /** How long after the event a webhook is sent (a queue, a batch): pushes slower than a request's answer. */
  webhookLatencyMs: number;
  /**
   * Parcels a locker holds at once (a locker has compartments; the spec states no number): booked ones,
   * and delivered first-mile or return ones waiting for the courier. A full locker refuses a BOOKING
   * and the PRE_CHECK that asks whether it can take the parcel (§4.6) with 400 LOCKER_FULL; a cancelled
   * or collected parcel frees its compartment. null: no limit.
   */
  lockerCapacity: number | null;
  /**
   * A parcel whose stated dimensions fit none of the locker's compartment types (§2.1 compartmentTypes;
   * the unit of neither is shown, so taken as one) is refused as a BOOKING and as a PRE_CHECK: 400
   * VALIDATION_ERROR "no compartment fits the parcel", the answer that it cannot be accepted there (§4.6).
   * false: dimensions are never compared.
   */
  compartmentFit: boolean;
  /**
   * GET /lockers/providers entries: 'pairs' carry providerName, providerUid, lockerModel and
   * lockerVersion; 'own-members' name the pair in members of their own and none of those four, which
   * §2.2 lets a response leave out ("None of these is required to be present in a response").
   */
  providerEntries: 'pairs' | 'own-members';
  /**
   * A path uid or parcel id that is not of the shape the service issues (digits, for a uid): looked up
   * and not found (404), or refused for its shape before any lookup (400 VALIDATION_FAILED).
   */
  malformedIdStatus: 400 | 404;
  /**
   * Locker uids beyond 2^53 (a 64-bit sequence): strings in locker records (§2.1), int64 numbers written
   * from their digits in network records (§2.5), read from their digits in network requests (§4.10).
   */
  int64Uids: boolean;
  /** How long after a write the lists show it (a replica or an index behind the primary); 0: at once. */
  listLagMs: number;
  /** Third-party lockers a fresh reference holds, spread over the seven providers. */
  seededThirdPartyLockers: number;
  /** Delivered or cancelled parcels each carrier has from before the run. */
  seededParcelsPerCarrier: number;
  /**
   * The delivered ones among them are first-mile parcels waiting for the courier, so every locker holding
   * one is named in a CollectionNotification each period, as on a staging that has accumulated parcels.
   */
  seededAwaitingCourier?: boolean;
  /** Every JSON object of answers and deliveries written with its members in reverse order (JSON objects are
   * unordered). */
  memberOrder?: 'as-built' | 'reversed';
  /**
   * Records carry the members their tables require and no optional one: network records only lockerUid,
   * providerName and providerLockerStatus (§2.5), parcels never a signature (§2.4 requires none).
   */
  requiredMembersOnly?: boolean;
  /** Writes (every request but GET) taken one at a time, each this long: a service behind one lock; 0 or none: at
   * once. */
  serialWriteMs?: number;
}

/** The paged envelope's page size unless a staging is started with another (`--page-size`). */
export const MAX_PAGE_SIZE = 20;

export const DEFAULT_CHOICES: ReferenceChoices = {
  listEnvelope: 'array',
  pageSize: MAX_PAGE_SIZE,
  publishSuccessStatus: 200,
  cancelPathId: 'either',
  cancelNeedsReason: false,
  cancelAnswer: 'record',
  statusBody: 'uid-status',
  conflictOnSameStatus: true,
  echoLockerGroups: true,
  extraFields: false,
  otherAuthFailureStatus: 401,
  nearMissKeyStatus: null,
  webhookOrder: 'in-order',
  openingHoursOnUpdate: 'stored',
  refusedRequestStatus: 400,
  unknownRequestMembers: 'validated',
  webhookDuplicates: false,
  webhookLatencyMs: 0,
  lockerCapacity: null,
  compartmentFit: false,
  providerEntries: 'pairs',
  malformedIdStatus: 404,
  int64Uids: false,
  listLagMs: 0,
  seededThirdPartyLockers: 3,
  seededParcelsPerCarrier: 0,
};

export const ALTERNATIVE_CHOICES: ReferenceChoices = {
  ...DEFAULT_CHOICES,
  listEnvelope: 'content',
  publishSuccessStatus: 202,
  cancelPathId: 'shipmentUid',
  cancelNeedsReason: true,
  cancelAnswer: 'no-content',
  statusBody: 'lockerUid-newStatus',
  conflictOnSameStatus: false,
  echoLockerGroups: false,
  extraFields: true,
  otherAuthFailureStatus: 403,
  webhookOrder: 'newest-first',
  int64Uids: true,
  memberOrder: 'reversed',
};

// What a deployed staging service plausibly does: pages (with more seeded records than one page holds,
// even behind a providerName filter: 21 lockers per provider), 422 for refused members, unknown
// members dropped, at-least-once webhooks, cancel by the carrier's own parcel id only.
export const STAGING_LIKE_CHOICES: ReferenceChoices = {
  ...DEFAULT_CHOICES,
  listEnvelope: 'paged',
  publishSuccessStatus: 201,
  cancelPathId: 'carrierParcelId',
  statusBody: 'lockerUid-newStatus',
  echoLockerGroups: false,
  extraFields: true,
  otherAuthFailureStatus: 403,
  refusedRequestStatus: 422,
  unknownRequestMembers: 'ignored',
  webhookDuplicates: 'same-body',
  seededThirdPartyLockers: 7 * (MAX_PAGE_SIZE + 1),
  seededParcelsPerCarrier: 30,
  listLagMs: 1000,
};

// What implementations written from the spec by others chose, where a profile written like README's
// does not say it: the cancel path takes the shipmentUid (the profile names no pathId, so the harness
// learns it), status states named otherwise than the status they show, webhooks resent with a fresh
// eventTimestamp and slower than a request's answer, lockers with few compartments, an update that
// refuses openingHours (no member of its table), a near miss of a real key answered 403, a parcel no
// compartment fits refused with 400, provider entries without any of the members §2.2 makes optional,
// network records with their required members only, parcels without a signature.
export const INDEPENDENT_CHOICES: ReferenceChoices = {
  ...DEFAULT_CHOICES,
  cancelPathId: 'shipmentUid',
  cancelAnswer: 'no-content',
  statusBody: 'uid-active',
  conflictOnSameStatus: false,
  nearMissKeyStatus: 403,
  openingHoursOnUpdate: 'refused',
  echoLockerGroups: false,
  webhookDuplicates: 'restamped',
  webhookLatencyMs: 3500,
  lockerCapacity: 3,
  compartmentFit: true,
  providerEntries: 'own-members',
  malformedIdStatus: 400,
  requiredMembersOnly: true,
};

// Conformant, and hard on a client that assumes: writes one at a time, each 200 ms (requests sent together
// wait in line); every JSON object's members in reverse order.
export const SERIAL_WRITES_CHOICES: ReferenceChoices = { ...DEFAULT_CHOICES, serialWriteMs: 200 };
export const REVERSED_MEMBERS_CHOICES: ReferenceChoices = { ...DEFAULT_CHOICES, memberOrder: 'reversed' };

export const CHOICE_SETS = {
  default: DEFAULT_CHOICES,
  alternative: ALTERNATIVE_CHOICES,
  'staging-like': STAGING_LIKE_CHOICES,
  independent: INDEPENDENT_CHOICES,
  'serial-writes': SERIAL_WRITES_CHOICES,
  'reversed-members': REVERSED_MEMBERS_CHOICES,
} as const;
export type ChoiceSetName = keyof typeof CHOICE_SETS;
export const CHOICE_SET_NAMES = Object.keys(CHOICE_SETS) as ChoiceSetName[];

/** The name checked against the sets; throws one message naming the allowed ones. */
export function choiceSetName(name: string): ChoiceSetName {
  if (Object.hasOwn(CHOICE_SETS, name)) return name as ChoiceSetName;
  throw new Error(`"${name}" is not a choice set; use one of ${CHOICE_SET_NAMES.join(', ')}`);
}
