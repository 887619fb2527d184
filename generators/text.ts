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
