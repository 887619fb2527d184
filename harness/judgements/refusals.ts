// A request that carries what the spec says is refused, judged once for the suites and `judge` on recorded traffic:
// each defect of its body (checks/request-defects.ts: a required member missing, a member of another type,
// a value outside a listed set, two lockerGroups of one key) under the rule that says so, held by a 4xx.
import { operation } from '../../spec/operations';
import type { Exchange } from '../http/exchange';
import { requestDefects } from '../checks/request-defects';
import { answerText, is2xx, is4xx, type Judgement } from './judgement';

/**
 * One judgement per defect of the request's body: held where the answer is a 4xx, failed where it is a 2xx or a 5xx.
 * Any other status (a redirect) tells neither, and judges nothing.
 */
export function refusalJudgements(exchange: Exchange): Judgement[] {
  const status = exchange.status;
  const tells = is4xx(status) || is2xx(status) || status >= 500;
  if (!tells) return [];
  return requestDefects(operation(exchange.operationId), exchange.request.body).map(({ rule, what }) => ({
    rule,
    ...(is4xx(status) ? {} : { failure: `a 4xx refusal of a request that ${what}, got ${answerText(exchange)}` }),
  }));
}
