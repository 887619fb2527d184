// Answers can be pages long; a failure or observation message shows only their start.

/** `text` cut to at most `max` characters, ending in '...' where it was cut. */
export function abbreviate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}
