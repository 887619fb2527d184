// Free text from all of Unicode, for the string members a record shows back (names, streets, cities,
// metadata values, consignee names): §8 states no maximum lengths and no character set, so a service
// must keep what it was sent. Each value starts with a Latin letter, so no value is blank.
import fc from 'fast-check';

const range = (from: number, to: number) => fc.integer({ min: from, max: to }).map((cp) => String.fromCodePoint(cp));

/** The kinds of text beyond ASCII a real client sends, each named for failure messages. */
export const SCRIPTS = {
  latin: range(0xc0, 0x17f),
  // Combining marks after a base letter (e + U+0301): NFC and NFD write them differently.
  combining: fc.tuple(range(0x61, 0x7a), range(0x300, 0x36f)).map(([base, mark]) => base + mark),
  astral: fc.constantFrom('😀', '𝔘', '𠜎', '🚚', '📦'),
  hebrew: range(0x5d0, 0x5ea),
  arabic: range(0x627, 0x64a),
  cjk: range(0x4e00, 0x4fff),
} as const;

const ascii = fc.stringMatching(/^[A-Za-z0-9]{1,6}$/);
const piece = fc.oneof(ascii, ...Object.values(SCRIPTS));

/** A text of 2–12 pieces from every script above and ASCII: what a list and a webhook must show back as sent. */
export const unicodeText = fc
  .tuple(range(0x41, 0x5a), fc.array(piece, { minLength: 1, maxLength: 12 }))
  // Pieces are joined by single spaces: none leads or trails, which a service might trim.
  .map(([first, rest]) => `${first}${rest.join(' ')}`);

/**
 * One piece of each script above, the same in every run: a text whose every wire form (escaped as \uXXXX, an astral
 * character as a surrogate pair) a record must show back as sent.
 */
export const EVERY_SCRIPT = Object.values(SCRIPTS)
  .map((script) => fc.sample(script, { numRuns: 1, seed: 1 })[0]!)
  .join(' ');

/** Lengths §8 leaves open ("Maximum lengths and ranges of fields: not shown"), in code points. */
export const OPEN_LENGTHS = [0, 1, 255, 256, 4_096, 65_536] as const;

/** Characters of one to four UTF-8 bytes and one or two UTF-16 units: a cut by bytes or units shows. */
const WIDTHS = ['x', 'é', '€', '😀'];

/** A text of exactly `n` code points, starting with a Latin letter. */
export const textOfLength = (n: number): string =>
  Array.from({ length: n }, (_, i) => (i === 0 ? 'L' : WIDTHS[i % WIDTHS.length]!)).join('');

/**
 * Characters a JSON string carries that ordinary text does not, §8 stating no character set: C0 and C1 controls
 * (U+0000, tab, line feed, U+001F, U+007F, U+0085), the line and paragraph separators JSON writes unescaped (U+2028,
 * U+2029), a byte order mark, a zero-width space and a no-break space. Nothing states a service must take them, so it
 * may refuse a text for them; taken, the text is shown as sent wherever the record is.
 */
export const RARE_CHARACTERS = [
  '\u0000',
  '\t',
  '\n',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\u200b',
  '\u00a0',
] as const;

const RARE = new RegExp(`[${RARE_CHARACTERS.join('')}]`, 'u');
const FOLDABLE = new RegExp(`[${RARE_CHARACTERS.filter((c) => c !== '\t' && c !== '\n').join('')}]`, 'u');

/**
 * A text sent with rare characters shown with them removed, or each replaced by a space, as a sanitizer writes it: an
 * observed form, as another normalization is (no character set is stated, §8). Tab and line feed are not among them:
 * a record shows control whitespace as sent (generators/boundaries.ts). Any other difference (a letter dropped, the
 * text cut at one of them) is none.
 */
export function rareCharactersFolded(sent: unknown, shown: unknown): boolean {
  if (typeof sent !== 'string' || typeof shown !== 'string' || !FOLDABLE.test(sent)) return false;
  const pattern = [...sent.normalize('NFC')]
    .map((c) => (FOLDABLE.test(c) ? ' ?' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`, 'u').test(shown.normalize('NFC'));
}

/** `words` joined by every rare character in turn: one text that carries them all, between letters. */
export const withRareCharacters = (...words: string[]): string =>
  words.reduce((text, word, i) =>
    i === 0 ? word : `${text}${RARE_CHARACTERS[(i - 1) % RARE_CHARACTERS.length]}${word}`,
  );

/** A text with one to three rare characters, each between letters: none leads or trails, which a service might trim. */
export const rareText = fc
  .tuple(ascii, fc.array(fc.tuple(fc.constantFrom(...RARE_CHARACTERS), ascii), { minLength: 1, maxLength: 3 }))
  .map(([first, rest]) => `K${first}${rest.map(([c, word]) => c + word).join('')}`);

/**
 * Free text, now and then at a length §8 leaves open or with a rare character: refused for it, or kept whole wherever
 * the record shows.
 */
export const anyLengthText = fc.oneof(
  { weight: 6, arbitrary: unicodeText },
  { weight: 1, arbitrary: fc.constantFrom(...OPEN_LENGTHS).map(textOfLength) },
  { weight: 1, arbitrary: rareText },
);

/**
 * Why a service may refuse the text, where it may: a length but the ordinary ones unicodeText makes, or a rare
 * character (§8 "Maximum lengths and ranges of fields: not shown"; no character set is stated).
 */
export const openTextChoice = (text: string): string | undefined => {
  const n = [...text].length;
  if (n <= 1 || n >= 255) return `a text of ${n} code points: a length §8 leaves open`;
  const rare = RARE.exec(text);
  return rare ? `a text holding U+${rare[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : undefined;
};
