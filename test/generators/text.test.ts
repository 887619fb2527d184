// Free text: ordinary text a service must take, and the texts §8 leaves open (a length, a rare character), which a
// service may refuse for that alone. Given a text, want whether and why it may be refused.
import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import {
  anyLengthText,
  openTextChoice,
  RARE_CHARACTERS,
  rareCharactersFolded,
  rareText,
  textOfLength,
  unicodeText,
  withRareCharacters,
} from '../../generators';

const cases: [given: string, want: string | undefined][] = [
  ['Packstation Mitte', undefined],
  ['Schließfach Ærøskøbing 😀', undefined],
  ['K', 'a text of 1 code points: a length §8 leaves open'],
  [textOfLength(256), 'a text of 256 code points: a length §8 leaves open'],
  ['Kiosk\u0000Nord', 'a text holding U+0000'],
  ['Kiosk\u2028Nord', 'a text holding U+2028'],
  ['Kiosk\u0085Nord', 'a text holding U+0085'],
  ['Kiosk\ufeffNord', 'a text holding U+FEFF'],
];
for (const [given, want] of cases)
  test(`openTextChoice: given ${JSON.stringify(given.slice(0, 24))}, want ${want ?? 'none'}`, () => {
    expect(openTextChoice(given)).toBe(want);
  });

test('a rare text holds a rare character between letters, never at an end a service might trim', () => {
  fc.assert(
    fc.property(rareText, (text) => {
      expect(openTextChoice(text)).toMatch(/^a text holding U\+/);
      expect(text).toMatch(/^[A-Za-z0-9].*[A-Za-z0-9]$/su);
    }),
  );
});

test('withRareCharacters puts every rare character between the words, in turn', () => {
  const words = Array.from({ length: RARE_CHARACTERS.length + 1 }, (_, i) => `w${i}`);
  const text = withRareCharacters(...words);
  for (const c of RARE_CHARACTERS) expect(text).toContain(c);
  expect(text.startsWith('w0') && text.endsWith(`w${RARE_CHARACTERS.length}`)).toBe(true);
});

test('ordinary text is never open to refusal; free text is now and then', () => {
  fc.assert(fc.property(unicodeText, (text) => expect(openTextChoice(text)).toBeUndefined()));
  const sample = fc.sample(anyLengthText, { numRuns: 400, seed: 7 });
  expect(sample.some((t) => openTextChoice(t)?.startsWith('a text holding'))).toBe(true);
  expect(sample.some((t) => openTextChoice(t) === undefined)).toBe(true);
});

const folded: [sent: string, shown: string, want: boolean][] = [
  ['Kiosk\u0000Nord', 'KioskNord', true],
  ['Kiosk\u0000Nord', 'Kiosk Nord', true],
  ['Kiosk\u2028Nord\u00a0Ost', 'Kiosk Nord Ost', true],
  ['Kiosk\u0000Nord', 'Kiosk', false],
  ['Kiosk\u0000Nord', 'Kiosk\u0000Süd', false],
  ['Kiosk Nord', 'KioskNord', false],
];
for (const [sent, shown, want] of folded)
  test(`rareCharactersFolded: sent ${JSON.stringify(sent)}, shown ${JSON.stringify(shown)}, want ${want}`, () => {
    expect(rareCharactersFolded(sent, shown)).toBe(want);
  });

test('control whitespace is no rare character a record may fold: a tab shown as a space is not as sent', () => {
  expect(rareCharactersFolded('Hof 3\tNord', 'Hof 3 Nord')).toBe(false);
  expect(rareCharactersFolded('Hof\u0000 3\tNord', 'Hof 3\tNord')).toBe(true);
});
