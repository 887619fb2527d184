// What one carrier is shown of the other's records (§5: "Each API key belongs to one carrier"; §6: events go "to a URL
// provided by the carrier"), judged once for the suites, the webhook listener and `judge` on recorded traffic. The
// drivers tell whose each record is, and whose each endpoint: the run by its tags and paths, the traffic by the key
// that made each record and the path most of a carrier's deliveries reached.
import type { Json } from '../http/json';
import type { Judgement } from './judgement';

/**
 * PCL-LIST-OWN: a carrier's parcel list shows none of another carrier's parcels. `ownerOf` names the carrier that
 * booked a listed parcel, where the driver knows it.
 */
export function ownParcelsJudgement(
  items: readonly unknown[],
  own: string,
  ownerOf: (parcel: Json) => string | undefined,
): Judgement {
  const parcels = items.filter((p): p is Json => p !== null && typeof p === 'object');
  const leaked = parcels.find((p) => {
    const owner = ownerOf(p);
    return owner !== undefined && owner !== own;
  });
  return {
    rule: 'PCL-LIST-OWN',
    ...(leaked
      ? {
          failure:
            `only ${own}'s parcels, got ${String(leaked['carrierParcelId'])} in locker ` +
            `${String(leaked['lockerUid'])}, booked by ${ownerOf(leaked)!}`,
        }
      : {}),
  };
}

/**
 * WH-OWN-CARRIER: a delivery at one carrier's endpoint (`receiver`) is about a record of that carrier (`owner`).
 * `elsewhere`: where the owner's own events go, where the driver knows it.
 */
export function ownCarrierJudgement(path: string, receiver: string, owner: string, elsewhere?: string): Judgement {
  return {
    rule: 'WH-OWN-CARRIER',
    ...(receiver === owner
      ? {}
      : {
          failure:
            `the delivery at ${path} (the ${receiver} carrier's URL) is about a record the ${owner} carrier's key ` +
            `created${elsewhere ? `, whose own events go to ${elsewhere}` : ''}`,
        }),
  };
}
