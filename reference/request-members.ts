// The request members §2.1, §2.3, §4.10 and §4.11 list, for the choice that drops every other member
// before validation (unknownRequestMembers 'ignored'). The OpenAPI request schemas name more (carrier.status,
// provider.lockerUid, ...), because the record tables do; the request tables do not.
import type { RequestSchema } from './validation';

/** true: kept as sent; an object: only these members, each by its own shape; [shape]: an array of it. */
type Members = true | MemberObject | readonly [Members];
interface MemberObject {
  readonly [member: string]: Members;
}

const LOCKER: MemberObject = {
  carrier: { lockerName: true, lockerId: true, activationDate: true },
  location: {
    street: true,
    streetNumber: true,
    postalCode: true,
    city: true,
    lon: true,
    lat: true,
    countryCode: true,
    type: true,
  },
  metadata: [{ key: true, value: true }],
  features: { hasScreen: true, hasPinPad: true, hasPinBarcodeReader: true },
  lockerGroups: [{ key: true, uid: true }],
};

const PUBLISH: MemberObject = {
  eventType: true,
  lockerUid: true,
  carrierLockerId: true,
  carrierParcelId: true,
  shipmentType: true,
  consignee: { name: true, email: true },
  dimensions: { depth: true, height: true, width: true },
  weight: true,
  allocationType: true,
  requiresAccessibleCompartment: true,
  secondaryShipmentId: true,
  codAmount: true,
  codCurrency: true,
  lockStatus: true,
};

const LISTED: Record<RequestSchema, Members> = {
  LockerCreateRequest: { ...LOCKER, provider: { name: true, lockerModel: true, lockerVersion: true } },
  // §2.1 says no provider object is accepted on update: it stays, to be refused rather than dropped.
  LockerUpdateRequest: { ...LOCKER, provider: true },
  OpeningHours: true,
  PublishByLockerUidRequest: PUBLISH,
  PublishByCarrierLockerIdRequest: PUBLISH,
  AddNetworkLockersRequest: { lockerUids: true },
  TriggerRequest: {
    parcel_id: true,
    provider_locker_id: true,
    event_type: true,
    carrier_name: true,
    provider_name: true,
    shipment_type: true,
    labelless: true,
  },
};

// Values of the wrong kind are left as they are, for validation to refuse.
function keep(value: unknown, members: Members): unknown {
  if (members === true) return value;
  if (isMemberArray(members)) return Array.isArray(value) ? value.map((v) => keep(v, members[0])) : value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => Object.hasOwn(members, name))
      .map(([name, v]) => [name, keep(v, members[name]!)]),
  );
}

function isMemberArray(members: MemberObject | readonly [Members]): members is readonly [Members] {
  return Array.isArray(members);
}

/** A copy of the body with only the members the request table of the schema's operation lists. */
export function listedMembersOnly(schema: RequestSchema, body: unknown): unknown {
  return keep(body, LISTED[schema]);
}
