// How a request the spec says is accepted is answered, judged once for the suites, the exploration, the boundary pass
// and `judge` on recorded traffic: the operation's documented success status with the answer it documents (§4.1
// "Success: 201 with the locker record (2.1)."; §4.3 "Success: 200 with the updated locker record."), and what an
// update's answer, or a later read, shows of what it sent.
import { operation, successResponses } from '../../spec/operations';
import type { Exchange } from '../http/exchange';
import type { Json } from '../http/json';
import { successShortfall } from '../http/success-answer';
import { asSent } from '../model/as-sent';
import { changedUnsent, keptFromBefore, lowerPrecision } from './record-fidelity';
import { answerText, type Judgement } from './judgement';

/** The rule that states each operation's success answer, for the operations whose success a run judges so. */
const SUCCESS_RULE: Record<string, string> = {
  createLocker: 'LCK-CREATE-201',
  updateLocker: 'LCK-UPDATE-200',
};

/** The rule an operation's success answer is judged under. */
export function successRuleOf(operationId: string): string {
  const rule = SUCCESS_RULE[operationId];
  if (!rule) throw new Error(`no success rule is written for ${operationId}`);
  return rule;
}

/**
 * Why an answer is not the success its operation documents: a status the document does not list for it, or, where
 * `body`, an answer short of what it documents (success-answer.ts); nothing where it is. `body`: false where the
 * answer's body is not whole (a recording cut it), so only its status is judged.
 */
export function documentedShortfall(exchange: Exchange, body = true): string | undefined {
  const documented = successResponses(operation(exchange.operationId)).map((r) => r.code);
  const listed = documented.some(
    (code) => code === String(exchange.status) || (code.endsWith('XX') && code[0] === String(exchange.status)[0]),
  );
  if (!listed) return `${documented.join(' or ')}, got ${answerText(exchange, 200)}`;
  return body ? successShortfall(exchange) : undefined;
}

/** An accepted request's answer is its operation's documented success. `what` names the request in the failure. */
export function answeredJudgement(
  exchange: Exchange,
  what = `a valid ${exchange.operationId}`,
  body = true,
): Judgement {
  const shortfall = documentedShortfall(exchange, body);
  return {
    rule: successRuleOf(exchange.operationId),
    ...(shortfall === undefined ? {} : { failure: `${what} answered as documented: expected ${shortfall}` }),
  };
}

/**
 * LCK-UPDATE-200's second half: the record an update was answered with, or a read after it (`where` says which),
 * shows every member the update sent as sent (as-sent.ts: text compared in NFC), and, where `uid` is given, that
 * locker's uid.
 */
export function updateShownJudgement(sent: Json, record: Json | undefined, where: string, uid?: unknown): Judgement {
  const differences = asSent(sent, record).differences;
  // The locker the path names (§4.3 "Path: uid"): its record, not another's; a uid's JSON type is LCK-RECORD-SHAPE's.
  if (uid !== undefined && String(record?.['uid']) !== String(uid))
    differences.unshift(`uid ${String(uid)}, got ${String(record?.['uid'])}`);
  return {
    rule: successRuleOf('updateLocker'),
    ...(differences.length ? { failure: `${where} with the change: ${differences.slice(0, 3).join('; ')}` } : {}),
  };
}

/**
 * Left out of the list's comparison with an update's answer: openingHours, which neither request table lists (§2.1:
 * who sets it and when is not shown).
 */
const NOT_THE_CLIENTS: Json = { openingHours: true };

/** The listed record with the answer's coordinates where it shows them at another precision (§8 states none). */
function coordinatesAsAnswered(answered: Json, listed: Json): Json {
  const was = answered['location'] as Json | undefined;
  const now = listed['location'] as Json | undefined;
  if (!was || !now || typeof was !== 'object' || typeof now !== 'object') return listed;
  const near = (member: string, range: number) =>
    lowerPrecision(was[member], now[member], range) || lowerPrecision(now[member], was[member], range);
  const location = { ...now };
  if (near('lon', 180)) location['lon'] = was['lon']!;
  if (near('lat', 90)) location['lat'] = was['lat']!;
  return { ...listed, location };
}

/**
 * LCK-UPDATE-200 at the list after an update: the list shows the locker as the update's answer did, in the members a
 * client decides (record-fidelity.ts `changedUnsent`: not the statuses nor the provider's side, nor openingHours);
 * coordinates at another precision are LCK-COORDINATES-ECHO's.
 */
export function updateListedJudgement(answered: Json, listed: Json, uid: unknown): Judgement {
  const changed = changedUnsent(NOT_THE_CLIENTS, answered, coordinatesAsAnswered(answered, listed));
  const what = `the list shows locker ${String(uid)} otherwise than the last update answered`;
  return {
    rule: successRuleOf('updateLocker'),
    ...(changed.length ? { failure: `${what}: ${changed.join('; ')}` } : {}),
  };
}

/**
 * LCK-UPDATE-OMITTED-KEPT: every member an update did not send (`sent`) is in `after` (its answer, or a read after
 * it) as it was in `before` (the record just before it), the statuses and the provider's side aside
 * (record-fidelity.ts `changedUnsent`).
 */
export function omittedKeptJudgement(sent: Json, before: Json, after: Json | undefined, where: string): Judgement {
  const changed = changedUnsent(sent, before, after);
  return {
    rule: 'LCK-UPDATE-OMITTED-KEPT',
    ...(changed.length ? { failure: `${where}: members the update did not send changed: ${changed.join('; ')}` } : {}),
  };
}

/**
 * LCK-UPDATE-ARRAYS-REPLACED (a should: whether an update merges or replaces an array is implied, not stated) against
 * the record just before an update (`before`): an array sent is the array the record then has, with no entry of before
 * that the update did not send again (record-fidelity.ts `keptFromBefore`).
 */
export function replacedJudgement(sent: Json, before: Json, after: Json | undefined, where: string): Judgement {
  const kept = keptFromBefore(sent, before, after);
  return {
    rule: 'LCK-UPDATE-ARRAYS-REPLACED',
    ...(kept.length ? { failure: `${where}: the update did not replace what it sent: ${kept.join('; ')}` } : {}),
  };
}
