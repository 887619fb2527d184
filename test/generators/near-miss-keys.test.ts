// Near misses of a real key (generators/keys.ts): each differs from the key, as a careless comparison
// overlooks; whitespace around it is only reported (HTTP removes it, RFC 9110 §5.5).
import { expect, test } from '@playwright/test';
import { nearMissesOf } from '../../generators';

const careless: [string, (sent: string, real: string) => boolean][] = [
  ['starts with the real key', (sent, real) => sent.startsWith(real)],
  ['is the start of the real key', (sent, real) => sent.length > 0 && real.startsWith(sent)],
  [
    'compares all but the last character',
    (sent, real) => sent.length === real.length && sent.slice(0, -1) === real.slice(0, -1),
  ],
  ['compares without letter case', (sent, real) => sent.toLowerCase() === real.toLowerCase()],
  ['takes the last word', (sent, real) => sent.includes(' ') && sent.split(' ').pop() === real],
  ['takes the first word', (sent, real) => sent.includes(' ') && sent.split(' ')[0] === real],
];

for (const key of ['carrier-1-key', 'ABCdef123', 'k2', '0123456789', 'key-ending-in-']) {
  test(`near misses of ${JSON.stringify(key)} are other keys, and each careless comparison takes one of them`, () => {
    const { judged, observed } = nearMissesOf(key);
    for (const miss of judged) expect(miss.value, miss.what).not.toBe(key);
    expect(new Set(judged.map((m) => m.value)).size).toBe(judged.length);
    for (const [name, compare] of careless) {
      // A key without letters has no changed-case near miss: case folding cannot be told from equality there.
      if (name.includes('letter case') && key.toLowerCase() === key.toUpperCase()) continue;
      expect(
        judged.some((m) => compare(m.value, key)),
        `a comparison that ${name}`,
      ).toBe(true);
    }
    // Only the forms a lenient comparison normalises (letter case, separators) or a decoding reads as the key
    // (percent-escapes, a quoted string) are marked: they are judged under their own rule, the rest under the key's.
    const normal = (k: string) => k.toLowerCase().replace(/[-_.\s]/g, '');
    const decoded = (k: string) => decodeURIComponent(k.replace(/^"(.*)"$/, '$1'));
    expect(judged.filter((m) => m.normalised).map((m) => m.value)).toEqual(
      judged
        .filter((m) => m.value !== '' && (normal(m.value) === normal(key) || decoded(m.value) === key))
        .map((m) => m.value),
    );
    expect(observed.map((o) => o.value)).toEqual([` ${key} `]);
    expect(nearMissesOf(key)).toEqual({ judged, observed });
  });
}

test('a one-character key has no prefix near miss, and nothing judged names the value', () => {
  const { judged } = nearMissesOf('Q');
  expect(judged.map((m) => m.value)).toEqual(['Qx', '', 'Bearer Q', 'Q x', '%51', '"Q"', 'q']);
  for (const miss of judged) expect(miss.what).not.toContain('Q');
});
