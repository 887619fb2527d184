// A valid request without members the spec makes optional is accepted (§2.1: location.type on create; every member of
// an update), judged once for the suites and for `judge` on recorded traffic.
import type { Exchange } from '../http/exchange';
import type { Json } from '../http/json';
import { successShortfall } from '../http/success-answer';
import { answerText, type Judgement } from './judgement';

/** Per operation, the rule that says its requests are accepted without some members, and which members a body lacks. */
export const OPTIONAL_MEMBERS: Record<string, { rule: string; lacks: (body: Json) => string[] }> = {
  createLocker: {
    rule: 'LCK-CREATE-LOCATION-TYPE-OPTIONAL',
    lacks: (b) => (b['location'] && (b['location'] as Json)['type'] === undefined ? ['location.type'] : []),
  },
  updateLocker: {
    rule: 'LCK-UPDATE-OPTIONAL',
    lacks: (b) => ['carrier', 'location', 'metadata', 'features', 'lockerGroups'].filter((m) => b[m] === undefined),
  },
};

/**
 * The judgement of a valid request that lacked optional members, or nothing where it lacked none. Accepted, it holds
 * (`answerKept`: the answer is there to be read whole, and is the one documented);
 * refused, it fails where the refusal is for what it lacked: `blamed`, the members a refusal is known to be for (a
 * driver that sent the request valid in every other way blames all it lacked, which is the default; a recording's
 * 400 only those its words name).
 */
export function optionalMembersJudgement(
  exchange: Exchange,
  body: Json,
  blamed?: string[],
  answerKept = true,
): Judgement | undefined {
  const optional = OPTIONAL_MEMBERS[exchange.operationId];
  const lacks = optional ? optional.lacks(body) : [];
  if (!optional || !lacks.length) return undefined;
  if (exchange.status >= 200 && exchange.status < 300) {
    // Accepted is a 2xx with the answer the operation documents (a record, not a login page), where the answer is
    // there to read (a recording may keep it cut short).
    const shortfall = answerKept ? successShortfall(exchange) : undefined;
    return { rule: optional.rule, ...(shortfall ? { failure: `accepted with ${shortfall}` } : {}) };
  }
  const named = blamed ?? lacks;
  if (!named.length) return undefined;
  return {
    rule: optional.rule,
    failure: `a valid request without ${named.join(', ')} accepted, got ${answerText(exchange)}`,
  };
}
