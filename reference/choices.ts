// The reference's answers where the specification says "not shown". They are choices of this
// implementation, not the contract: a conformant target may choose otherwise (see README.md). The
// alternative set makes the other choice on every point, and the harness must pass it too.
export interface ReferenceChoices {
  /** GET /lockers, /lockers/providers and /parcels: a bare array, or the records under `content`. */
  listEnvelope: 'array' | 'content';
  /** Status code of a successful publish (§4.6 does not show it). */
  publishSuccessStatus: 200 | 201 | 202;
  /** Which parcel identifier PATCH /parcels/{parcelId} takes (§4.9 does not show it). */
  cancelPathId: 'carrierParcelId' | 'shipmentUid';
  /** The cancel body (§4.9): none needed, or {reason} required. */
  cancelNeedsReason: boolean;
  /** The cancel answer: 200 with the parcel record, or 204 without a body. */
  cancelAnswer: 'record' | 'no-content';
  /** PATCH /lockers/status body (§4.5): {uid, status} or {lockerUid, newStatus}. */
  statusBody: 'uid-status' | 'lockerUid-newStatus';
  /** 409 when the locker already has the status, or an idempotent 200. */
  conflictOnSameStatus: boolean;
  /** Locker records carry the stored lockerGroups as an extra member, so that LCK-UPDATE-GROUPS-KEPT is observable. */
  echoLockerGroups: boolean;
  /** Undocumented extra members in every record and answer (the schemas are open). */
  extraFields: boolean;
  /** Status of a refused key on the operations §7 does not list (it shows 401 only for the others). */
  otherAuthFailureStatus: 401 | 403;
  /** Webhooks of one carrier in the order they happened, or gathered for a moment and sent newest first. */
  webhookOrder: 'in-order' | 'newest-first';
}

export const DEFAULT_CHOICES: ReferenceChoices = {
  listEnvelope: 'array',
  publishSuccessStatus: 200,
  cancelPathId: 'carrierParcelId',
  cancelNeedsReason: false,
  cancelAnswer: 'record',
  statusBody: 'uid-status',
  conflictOnSameStatus: true,
  echoLockerGroups: true,
  extraFields: false,
  otherAuthFailureStatus: 401,
  webhookOrder: 'in-order',
};

export const ALTERNATIVE_CHOICES: ReferenceChoices = {
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
};
