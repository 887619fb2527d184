// Which key a recorded request carried, as far as the recording tells, where it was not a carrier's key in
// X-API-Key: a near miss of one (as this harness's recordings name it, or, where a recording kept the keys, a key
// that differs from one seen accepted more often only as a careless comparison overlooks), an empty header, or a
// carrier's key only elsewhere than X-API-Key. Each is refused like a key that is not valid (judgements/keys.ts), as
// suites/near-miss-keys.spec.ts judges those it sends (generators/keys.ts, generators/key-places.ts).
import { LAST_REPLACED, nearMissNamed, nearMissOf } from '../../../generators';
import type { WrongKeyKind } from '../../judgements/keys';
import type { Recorded } from './recorded';

export interface WrongKey {
  kind: WrongKeyKind;
  what: string;
}

/** A key seen accepted this many times at least is a carrier's: a near miss of it is told from it so. */
const CARRIER_KEY_TIMES = 3;
/** The placeholders this harness's recordings write for the carriers' keys. */
const KEY_VARIABLE = /\$CIS_API_KEY(_2)?\b/;

/** The key itself in a query parameter or another header: where the recording shows it there. */
function keyElsewhere(r: Recorded, accepted: ReadonlyMap<string, number>): WrongKey | undefined {
  const carries = (value: string) =>
    KEY_VARIABLE.test(value) || [...accepted.keys()].some((key) => key.length >= 8 && value.includes(key));
  const query = Object.entries(r.query).find(([, value]) => carries(value));
  if (query) return { kind: 'elsewhere', what: `the key in the query parameter ${query[0]}` };
  const header = Object.entries(r.exchange.request.headers).find(
    ([name, value]) => name !== 'x-api-key' && carries(value),
  );
  return header ? { kind: 'elsewhere', what: `the key in the header ${header[0]}` } : undefined;
}

/**
 * The request's key, where it was not a carrier's: `accepted` holds the keys the recording showed accepted so far
 * and how often. Undefined for a carrier's key, a request without any, or a key the recording does not relate to one.
 */
export function wrongKeyOf(r: Recorded, accepted: ReadonlyMap<string, number>): WrongKey | undefined {
  if (r.nearMiss !== undefined) {
    const kind = nearMissNamed(r.nearMiss);
    // A variant reported only (whitespace HTTP strips) is no wrong key.
    if (!kind || kind.why !== undefined) return undefined;
    return { kind: kind.normalised ? 'normalised' : 'near miss', what: r.nearMiss };
  }
  if (r.key === undefined) return keyElsewhere(r, accepted);
  if (r.key === '') return { kind: 'near miss', what: 'a key header present but empty' };
  const times = accepted.get(r.key) ?? 0;
  for (const [key, n] of accepted) {
    if (key === r.key || n < CARRIER_KEY_TIMES || n <= times) continue;
    const miss = nearMissOf(r.key, key);
    if (!miss || miss.why !== undefined || miss.what === LAST_REPLACED) continue;
    return { kind: miss.normalised ? 'normalised' : 'near miss', what: miss.what };
  }
  return undefined;
}
