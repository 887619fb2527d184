// The two publish paths (§4.6, §4.7): the path a parcel factory takes, its operation, and the schema of
// its request body; the parcel suites run each test on both.
export const PATHS = [
  { path: 'uid', operationId: 'publishParcel', schema: 'PublishByLockerUidRequest' },
  { path: 'tenant', operationId: 'publishParcelByCarrierLockerId', schema: 'PublishByCarrierLockerIdRequest' },
] as const;
