// The staging trigger's request (§4.11) for a parcel in a locker: snake_case members, the provider-side
// locker id (not the platform uid) and the provider's name, or the profile's where the target's differ.
import type { Json } from '../../http/json';
import { tookFromRecords } from '../../http/request-shortfall';
import type { TargetProfile } from '../../target/profile';

export function triggerBody(
  profile: TargetProfile,
  locker: Json,
  parcelId: string,
  eventType: string,
  shipmentType = 'FIRST_MILE',
): Json {
  return {
    parcel_id: parcelId,
    ...triggerIdentity(profile.trigger, locker),
    event_type: eventType,
    shipment_type: shipmentType,
  };
}

/**
 * Who the trigger names (§4.11): the profile's names, else the locker record's. A value taken from the record is
 * registered as such: where it is off the document (an ownedByCarrier that is not one of the carrier names), a
 * refusal judges nothing (request-shortfall.ts).
 */
export function triggerIdentity(trigger: TargetProfile['trigger'], locker: Json): Json {
  const named = trigger ?? {};
  const fromRecord: Json = {
    provider_locker_id: locker['provider']?.['lockerUid'],
    carrier_name: locker['ownedByCarrier'],
    provider_name: locker['provider']?.['name'],
  };
  const given: Json = {
    provider_locker_id: named.providerLockerId,
    carrier_name: named.carrierName,
    provider_name: named.providerName,
  };
  const identity: Json = {};
  for (const member of Object.keys(fromRecord)) {
    identity[member] = given[member] ?? fromRecord[member];
    if (given[member] === undefined) tookFromRecords('triggerFirstMileEvent', member, fromRecord[member]);
  }
  return identity;
}
