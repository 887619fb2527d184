// Answers can be pages long; a failure or observation message shows only their start.

/** `text` cut to at most `max` characters, ending in '...' where it was cut. */
export function abbreviate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

// Playwright colours its matcher messages; reports and evidence keep them plain.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** `text` without terminal colour codes. */
export function withoutColours(text: string): string {
  return text.replace(ANSI, '');
}
