// Near misses of a real API key (§5: every operation uses an API key in X-API-Key): keys that differ
// from it only as far as a careless comparison overlooks — a prefix match, a comparison of the first
// characters, a case-folded one, one that drops separators. Each must be refused like any key that is not valid.
// Deterministic: the same key always gives the same near misses.

export interface NearMiss {
  /** What the variant is, for test titles and messages; the value itself never goes into a report. */
  what: string;
  value: string;
  /**
   * A form of the key a lenient comparison normalises (its letter case, its separators): the spec does not say how a
   * key is compared, and some keys (UUIDs, hex) are compared so, so it is judged apart (AUTH-KEY-CASE, a should).
   */
  normalised?: true;
}

export interface NearMisses {
  /** Keys that are not the key: a request with one is refused and changes nothing. */
  judged: NearMiss[];
  /** Variants sent and reported only, each with why it is no judgement. */
  observed: (NearMiss & { why: string })[];
}

/** Another character than `c`, of the same kind where one exists (a letter for a letter, a digit for a digit). */
function other(c: string): string {
  if (/[0-9]/.test(c)) return c === '0' ? '1' : '0';
  if (/[a-z]/i.test(c)) return c.toLowerCase() === 'x' ? 'y' : 'x';
  return c === '-' ? '_' : '-';
}

const swapCase = (key: string) =>
  [...key].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** The near miss two carriers' real keys may also be to each other (…-1 and …-0): told apart only by who sent it. */
export const LAST_REPLACED = 'the key with its last character replaced';

/** A key without its separators, as a store keyed by the key without dashes holds it. */
const withoutSeparators = (key: string) => key.replace(/[-_.\s]/g, '');
/** A key as a lenient comparison reads it: without its letter case and its separators. */
const normalisedKey = (key: string) => withoutSeparators(key.toLowerCase());

export function nearMissesOf(key: string): NearMisses {
  const judged: NearMiss[] = [
    { what: 'the key with a character appended', value: key + other(key.slice(-1)) },
    // Present but empty: a default key of a test set-up, or a header a proxy emptied.
    { what: 'a key header present but empty', value: '' },
    // The key as one word of several: a reader that takes the last word (a scheme it strips) or the first.
    { what: 'the key after a scheme word', value: `Bearer ${key}` },
    { what: 'the key followed by another word', value: `${key} ${other(key.slice(-1))}` },
  ];
  // The key as an encoding writes it: a reader that decodes percent-escapes or unwraps a quoted string (RFC 8941)
  // takes it for the key. How a key is compared is not stated (§5), so these are judged as the normalised forms are.
  if (key.length) {
    const escaped = `%${key.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}${key.slice(1)}`;
    if (key.charCodeAt(0) < 0x80)
      judged.push({ what: 'the key with its first character percent-encoded', value: escaped, normalised: true });
    judged.push({ what: 'the key in double quotes', value: `"${key}"`, normalised: true });
  }
  if (key.length > 1) {
    judged.push({ what: 'a prefix of the key (all but its last character)', value: key.slice(0, -1) });
    judged.push({ what: LAST_REPLACED, value: key.slice(0, -1) + other(key.slice(-1)) });
  }
  // A comparison that normalises the key's separators away (a store keyed by the key without dashes, say).
  const bare = withoutSeparators(key);
  if (bare !== key && bare.length)
    judged.push({ what: 'the key with its separators removed', value: bare, normalised: true });
  if (key.length > 1)
    judged.push({
      what: 'the key with a separator inserted',
      value: `${key.slice(0, 1)}-${key.slice(1)}`,
      normalised: true,
    });
  const swapped = swapCase(key);
  if (swapped !== key) judged.push({ what: 'the key in changed letter case', value: swapped, normalised: true });
  // Any other a normalising comparison cannot tell from the key (a key ending in a separator, given another or one
  // more) is judged as the normalised forms are: a key that is not the key only where such a comparison is ruled out.
  for (const miss of judged)
    if (miss.value !== '' && normalisedKey(miss.value) === normalisedKey(key)) miss.normalised = true;
  const observed = [
    {
      what: 'the key with surrounding whitespace',
      value: ` ${key} `,
      why:
        'an HTTP field value excludes its leading and trailing whitespace (RFC 9110 §5.5), so the service may ' +
        'receive the key itself',
    },
  ];
  return { judged, observed };
}

/** Each key's near misses, by value, made once: a recording's requests ask after the same few keys again and again. */
const byKey = new Map<string, Map<string, NearMiss & { why?: string }>>();
/** Past this many keys the table starts again: a recording of many keys is not held whole. */
const MAX_KEYS = 1000;

/** The near miss of `key` that `value` is (judged, or observed with its why), if it is one. */
export function nearMissOf(value: string, key: string): (NearMiss & { why?: string }) | undefined {
  let misses = byKey.get(key);
  if (!misses) {
    if (byKey.size >= MAX_KEYS) byKey.clear();
    const { judged, observed } = nearMissesOf(key);
    misses = new Map([...observed, ...judged].map((miss) => [miss.value, miss] as const));
    byKey.set(key, misses);
  }
  return misses.get(value);
}

/** Every kind of near miss there is: a key of letters, digits and a separator gives them all. */
const EVERY_KIND = nearMissesOf('Key-1a');

/** How many near misses a key gives at most (one request body each, harness/records/requests/near-miss-recipes.ts). */
export const MOST_NEAR_MISSES = EVERY_KIND.judged.length;

/** A near miss by its `what` (a recording names it so, its value redacted): what it is, whatever the key. */
export function nearMissNamed(what: string): Omit<NearMiss & { why?: string }, 'value'> | undefined {
  const miss = [...EVERY_KIND.judged, ...EVERY_KIND.observed].find((m) => m.what === what);
  if (!miss) return undefined;
  const { value: _value, ...kind } = miss;
  return kind;
}
