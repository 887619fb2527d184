// A created locker (§4.1 "Success: 201 with the locker record (2.1)."), judged once for the suites, the exploration
// and `judge` on recorded traffic: the record it is answered with carries a uid no other locker has and every member
// that was sent, as sent (text compared in NFC, as-sent.ts).
import type { Json } from '../http/json';
import { asSent } from '../model/as-sent';
import type { Judgement } from './judgement';

const RULE = 'LCK-CREATE-ECHO';

/** The record a create was answered with, or a list shows after it (`where` says which), shows what it sent. */
export function createdAsSentJudgement(sent: Json, record: Json | undefined, where: string): Judgement {
  const differences = asSent(sent, record).differences;
  return {
    rule: RULE,
    ...(differences.length ? { failure: `${where} as sent: ${differences.slice(0, 3).join('; ')}` } : {}),
  };
}

/**
 * The uid a create was answered with is a uid (a string, or the digits of one) that no other locker was given:
 * `earlier` names where it was answered to another create before, if it was.
 */
export function freshUidJudgement(uid: unknown, earlier: string | undefined): Judgement {
  const failure =
    typeof uid !== 'string' && typeof uid !== 'number'
      ? `a uid, got ${JSON.stringify(uid)}`
      : earlier !== undefined
        ? `a uid no other locker has, got ${String(uid)}, answered to ${earlier} too`
        : undefined;
  return { rule: RULE, ...(failure ? { failure } : {}) };
}

/** The list shows a created locker under the uid its create was answered (`listedUids`: the uids it shows it under). */
export function listedUnderUidJudgement(uid: unknown, listedUids: readonly unknown[], what: string): Judgement {
  const held = listedUids.length === 1 && String(listedUids[0]) === String(uid);
  return {
    rule: RULE,
    ...(held ? {} : { failure: `${what} listed under uid ${String(uid)} alone, got ${JSON.stringify(listedUids)}` }),
  };
}

/**
 * A create written in another wire form (`words` say how) shows the record as the plain form's answer did: `extra`,
 * the differences from the request the plain form's answer did not have.
 */
export function wireEchoJudgement(extra: readonly string[], what: string, words: string): Judgement {
  return {
    rule: RULE,
    ...(extra.length
      ? { failure: `${what} written with ${words}: the answer as the plain form's, got ${extra.join('; ')}` }
      : {}),
  };
}

/**
 * A created locker the list does not show (LCK-LIST-INCLUDES-CREATED, a should: which lockers the list holds is not
 * stated, §4.2). Where the list was read through, held or failed; read in part (a page not read), undefined: the
 * caller says it was not observable, and why.
 */
export function listedCreatedJudgement(
  locker: string,
  listed: boolean,
  listing: { complete: boolean },
): Judgement | undefined {
  if (listed) return { rule: 'LCK-LIST-INCLUDES-CREATED' };
  return listing.complete ? { rule: 'LCK-LIST-INCLUDES-CREATED', failure: `${locker} is not listed` } : undefined;
}
