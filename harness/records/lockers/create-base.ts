// createLocker's refused-request tests: a created locker cannot be deleted, so the tests of a worker
// share one generated base, and one accepted control of it, rather than leaving a locker each.
import type { Exchange } from '../../http/exchange';
import type { Json } from '../../http/json';
import type { Tagger } from './tagging';

/** A worker's base for the run: a bound valid create body, and its control once sent (every other operation's tests
 * each send their own). */
export interface CreateBase {
  bound: Json;
  control?: Promise<{ exchange: Exchange; at: number }>;
}
const createBases = new Map<string, CreateBase>();
export function createBase(runId: string, generate: () => Json): CreateBase {
  if (!createBases.has(runId)) createBases.set(runId, { bound: generate() });
  return createBases.get(runId)!;
}

/** A control accepted in the last minutes stands for the base; one refused, or older, is sent again (a target may start
 * refusing creates). */
const CONTROL_KEPT_MS = 5 * 60_000;
export async function sharedControl(base: CreateBase, send: () => Promise<Exchange>): Promise<Exchange> {
  const kept = base.control && (await base.control);
  if (kept && kept.exchange.status >= 200 && kept.exchange.status < 300 && Date.now() - kept.at < CONTROL_KEPT_MS)
    return kept.exchange;
  base.control = send().then((exchange) => ({ exchange, at: Date.now() }));
  return (await base.control).exchange;
}

/** The create body under a carrier.lockerId of its own: the only member in which it differs from the shared control. */
export function retagged(body: Json, tag: Tagger): Json {
  return body['carrier'] && typeof body['carrier'] === 'object'
    ? { ...body, carrier: { ...body['carrier'], lockerId: tag.next('CC') } }
    : body;
}
