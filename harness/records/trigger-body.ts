// The staging trigger's request (§4.11) for a parcel in a locker: snake_case members, the provider-side
// locker id (not the platform uid) and the provider's name, or the profile's where the target's differ.
import type { Json } from '../http/json';
import type { TargetProfile } from '../target/profile';

export function triggerBody(profile: TargetProfile, locker: Json, parcelId: string, eventType: string): Json {
  return {
    parcel_id: parcelId,
    provider_locker_id: profile.trigger?.providerLockerId ?? locker['provider']?.['lockerUid'],
    event_type: eventType,
    carrier_name: profile.trigger?.carrierName ?? locker['ownedByCarrier'],
    provider_name: profile.trigger?.providerName ?? locker['provider']?.['name'],
    shipment_type: 'FIRST_MILE',
  };
}
