// A request the service refused creates and changes nothing (§2 and every operation's refusal: GEN-REJECTED-NO-EFFECT),
// judged once for the suites and `judge` on recorded traffic: what the refused request could have changed is, read
// after it, as it was before it. The drivers say what to read: the record it named, the list of what it would have
// made, a network's membership.
import { canonical } from './record-fidelity';
import type { Json } from '../http/json';
import { is2xx, is4xx, type Judgement } from './judgement';

/**
 * What a refused request could have changed, read after it (`after`), is as it was (`before`): compared as values
 * (object members in any order, array entries in any order, a null member as an absent one). `what` names it.
 */
export function noEffectJudgement(what: string, before: unknown, after: unknown): Judgement {
  const [was, is] = [canonical(before), canonical(after)];
  return {
    rule: 'GEN-REJECTED-NO-EFFECT',
    ...(was === is ? {} : { failure: `${what} as it was (${was.slice(0, 200)}), got ${is.slice(0, 200)}` }),
  };
}

/**
 * A refused request held no id a carrier chose: a valid request under the id it carried (answered with `status`) is
 * taken where the same request under another id was (the drivers' control): a create's carrier.lockerId, a
 * booking's carrierParcelId. A create the tables make invalid is GEN-REJECTED-NO-EFFECT's; a booking valid by them,
 * refused for the service's own reason (a locker unknown), GEN-REFUSED-KEPT's (what such a refusal leaves is not
 * stated).
 */
export function idNotHeldJudgement(
  id: string,
  status: number,
  { request, member, rule }: { request: string; member: string; rule: string } = {
    request: 'create',
    member: 'carrier.lockerId',
    rule: 'GEN-REJECTED-NO-EFFECT',
  },
): Judgement {
  return {
    rule,
    ...(is2xx(status)
      ? {}
      : {
          failure:
            `a valid ${request} under ${member} ${id}, which only refused ${request}s carried before, was ` +
            `answered ${status} where the same ${request} under another ${member} was taken`,
        }),
  };
}

/**
 * A refused create made no locker: a LockerUpdates about a locker no create answered (`known`: the uids the creates
 * answered with), carrying the refused request's carrier.lockerId and lockerName (`refused`), announces one.
 */
export function refusedCreatePushedJudgement(
  body: Json,
  known: { has(uid: string): boolean },
  refused: Json,
): Judgement | undefined {
  const carrier = (body['carrier'] ?? {}) as Json;
  const same = carrier['lockerId'] === refused['lockerId'] && carrier['lockerName'] === refused['lockerName'];
  if (!same || known.has(String(body['uid']))) return undefined;
  return {
    rule: 'GEN-REJECTED-NO-EFFECT',
    failure:
      `a LockerUpdates about locker ${String(body['uid'])}, carrying carrier.lockerId ${String(refused['lockerId'])} ` +
      'of a create that was refused: a refused create made no locker to push',
  };
}

/**
 * The rule a record's change breaks where only refused requests named it between two reads of it: one refused for its
 * key (401, 403, an empty key or a near miss of one) is AUTH-KEY-REQUIRED's ("rejected with a 4xx status and has no
 * effect"), one the tables make invalid GEN-REJECTED-NO-EFFECT's, one they make valid (refused for a reason the
 * service chose) GEN-REFUSED-KEPT's, a should.
 */
export const refusedChangeRule = (byKey: boolean, invalid: boolean): string =>
  byKey ? 'AUTH-KEY-REQUIRED' : invalid ? 'GEN-REJECTED-NO-EFFECT' : REFUSED_KEPT;

/** The rule of a change a valid request the service refused showed (the exploration's held ids, taken lockerIds). */
export const REFUSED_KEPT = 'GEN-REFUSED-KEPT';

/**
 * An update giving a member it lists JSON null, where the schema gives that member no null (LCK-UPDATE-NULL-KEPT, a
 * should): refused as a value of another type, or taken as the member omitted, the record showing it as before (§2.1:
 * "When lockerGroups is omitted, the current groups remain unchanged"). Taken as a removal (JSON Merge Patch's reading,
 * which §2.1 neither gives nor rules out) it is a warning.
 */
export function nullAsOmittedJudgement(member: string, status: number, before: unknown, after: unknown): Judgement {
  const refused = is4xx(status);
  const [was, is] = [canonical(before), canonical(after)];
  return {
    rule: 'LCK-UPDATE-NULL-KEPT',
    ...(refused || was === is
      ? {}
      : {
          failure:
            `${member} sent null was answered ${status} and then shown ${is.slice(0, 160)}, not as before ` +
            `(${was.slice(0, 160)}): a null the table does not give is refused or taken as the member omitted`,
        }),
  };
}
