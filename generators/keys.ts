// Near misses of a real API key (§5: every operation uses an API key in X-API-Key): keys that differ
// from it only as far as a careless comparison overlooks — a prefix match, a comparison of the first
// characters, a case-folded one. Each must be refused like any key that is not valid. Deterministic:
// the same key always gives the same near misses.

export interface NearMiss {
  /** What the variant is, for test titles and messages; the value itself never goes into a report. */
  what: string;
  value: string;
  /** The key in changed letter case: the spec does not say a key is compared with its case, so it is judged apart
   * (AUTH-KEY-CASE, a should). */
  letterCase?: true;
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

export function nearMissesOf(key: string): NearMisses {
  const judged: NearMiss[] = [
    { what: 'the key with a character appended', value: key + other(key.slice(-1)) },
    // Present but empty: a default key of a test set-up, or a header a proxy emptied.
    { what: 'a key header present but empty', value: '' },
  ];
  if (key.length > 1) {
    judged.push({ what: 'a prefix of the key (all but its last character)', value: key.slice(0, -1) });
    judged.push({ what: 'the key with its last character replaced', value: key.slice(0, -1) + other(key.slice(-1)) });
  }
  const swapped = swapCase(key);
  if (swapped !== key) judged.push({ what: 'the key in changed letter case', value: swapped, letterCase: true });
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
