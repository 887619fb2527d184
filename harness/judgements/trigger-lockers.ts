// A trigger that names a locker by the platform's uid instead of the provider-side id (§2.6 "provider_locker_id |
// string | yes | the provider's locker id"), judged once for the suites and `judge` on recorded traffic: it is refused,
// and it acts on no parcel of the locker that uid names.
import type { Exchange } from '../http/exchange';
import type { Json } from '../http/json';
import { answerText, is4xx, type Judgement } from './judgement';

/** What a trigger acts on in a parcel: its status and its events. */
const stateOf = (p: Json) => JSON.stringify([p['carrierParcelId'], p['shipmentStatus'], p['events']]);

/**
 * TRG-PROVIDER-LOCKER-ID-REJECTED: a trigger giving locker `uid`'s platform uid as provider_locker_id (its
 * provider-side id is `providerLockerUid`) is refused with a 4xx; a success fails. Another answer (a 5xx, a
 * redirect) tells nothing of this rule.
 */
export function platformUidRefusedJudgement(
  exchange: Exchange,
  uid: string,
  providerLockerUid: unknown,
): Judgement | undefined {
  const status = exchange.status;
  if (is4xx(status)) return { rule: 'TRG-PROVIDER-LOCKER-ID-REJECTED' };
  if (status < 200 || status >= 300) return undefined;
  return {
    rule: 'TRG-PROVIDER-LOCKER-ID-REJECTED',
    failure:
      `a 4xx refusal of a trigger giving locker ${uid}'s platform uid as provider_locker_id (its provider.lockerUid ` +
      `is ${String(providerLockerUid)}), got ${answerText(exchange)}`,
  };
}

/**
 * TRG-PROVIDER-LOCKER-ID at the answer: such a trigger refused (a 4xx) acts on nothing (what a refused request left is
 * GEN-REJECTED-NO-EFFECT's, and a later list is held to it all the same); accepted, only a list after it tells.
 */
export function platformUidRefusedNothingJudgement(exchange: Exchange): Judgement | undefined {
  return is4xx(exchange.status) ? { rule: 'TRG-PROVIDER-LOCKER-ID' } : undefined;
}

/**
 * TRG-PROVIDER-LOCKER-ID: such a trigger acted on no parcel of locker `uid`: the parcels of the locker a whole list
 * showed before it (`before`) and after it (`after`) are in the same states. `where` names the read after.
 */
export function platformUidNoEffectJudgement(
  uid: string,
  before: readonly Json[],
  after: readonly Json[],
  where: string,
): Judgement {
  const states = (parcels: readonly Json[]) => JSON.stringify(parcels.map(stateOf).sort());
  const acted = states(before) !== states(after);
  const changed = after.find((p) => !before.some((b) => stateOf(b) === stateOf(p)));
  return {
    rule: 'TRG-PROVIDER-LOCKER-ID',
    ...(acted
      ? {
          failure:
            `no parcel of locker ${uid} acted on by a trigger that gave its platform uid as provider_locker_id, ` +
            `got ${changed ? `parcel ${String(changed['carrierParcelId'])} changed or added` : 'a parcel gone'} ` +
            `in ${where}`,
        }
      : {}),
  };
}
