// The reference's answers where the specification says "not shown". They are choices of this
// implementation, not the contract: a conformant target may choose otherwise (see README.md).
export interface ReferenceChoices {
  /** GET /lockers, /lockers/providers and /parcels: a bare array, or the records under `content`. */
  listEnvelope: 'array' | 'content';
  /** Status code of a successful publish (§4.6 does not show it). */
  publishSuccessStatus: 200 | 201 | 202;
  /** Which parcel identifier PATCH /parcels/{parcelId} takes (§4.9 does not show it). */
  cancelPathId: 'carrierParcelId' | 'shipmentUid';
  /** Locker records carry the stored lockerGroups as an extra member, so that LCK-UPDATE-GROUPS-KEPT is observable. */
  echoLockerGroups: boolean;
}

export const DEFAULT_CHOICES: ReferenceChoices = {
  listEnvelope: 'array',
  publishSuccessStatus: 200,
  cancelPathId: 'carrierParcelId',
  echoLockerGroups: true,
};
