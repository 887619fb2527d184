// The provider/model pairs the target lists (GET /lockers/providers), read once per worker, and the turn
// that spreads the run's lockers over them.
import type { CisClient } from '../../http/client';
import { detectList } from '../../http/envelope';
import type { Json } from '../../http/json';

/** A provider with one of its locker models, as GET /lockers/providers lists them and lockers name them. */
export interface ProviderPair {
  name: string;
  lockerModel: string;
  lockerVersion: string;
}

const FALLBACK_PROVIDER: ProviderPair = { name: 'PROVIDER_NAME_1', lockerModel: 'M100', lockerVersion: '1.0' };

let pairTurn = 0;
let providerPairs: Promise<ProviderPair[]> | undefined;

/** The pairs read and the turn, forgotten (forgetProviders in locker-factory.ts says why). */
export function forgetPairs(): void {
  providerPairs = undefined;
  pairTurn = 0;
}

/** The provider/model pairs the target lists, read once per worker; a target may accept only those. */
export async function knownPairs(api: CisClient): Promise<ProviderPair[]> {
  providerPairs ??= api.call('listProviders').then((exchange) => {
    const entries = (detectList(exchange.body)?.items ?? []) as Json[];
    const pairs = entries
      .filter(
        (e) =>
          typeof e['providerName'] === 'string' &&
          typeof e['lockerModel'] === 'string' &&
          typeof e['lockerVersion'] === 'string',
      )
      .map((e) => ({
        name: e['providerName'] as string,
        lockerModel: e['lockerModel'] as string,
        lockerVersion: e['lockerVersion'] as string,
      }));
    return pairs.length ? pairs : [FALLBACK_PROVIDER];
  });
  return providerPairs;
}

/** The next of the pairs, in turn across this worker's lockers. */
export function pairInTurn(pairs: ProviderPair[]): ProviderPair {
  pairTurn += 1;
  return pairs[pairTurn % pairs.length]!;
}
