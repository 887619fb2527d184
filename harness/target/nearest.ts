// The valid word nearest to a mistyped one, for messages that name what was meant ("did you mean …?").

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** The candidate nearest to `word` (case aside), when it is near enough to be what was meant. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  const typed = word.toLowerCase();
  let best: { candidate: string; cost: number } | undefined;
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    // A prefix typed (--base for --base-url) is as near as a typo.
    const cost = lower.startsWith(typed) && typed.length >= 3 ? 1 : distance(typed, lower);
    if (!best || cost < best.cost) best = { candidate, cost };
  }
  return best && best.cost <= Math.max(2, Math.floor(typed.length / 3)) ? best.candidate : undefined;
}

/** "; did you mean X?" when one is near, else the list to choose from. */
export function suggestion(word: string, candidates: readonly string[], listName = 'one of'): string {
  const near = nearest(word, candidates);
  return near ? `; did you mean ${near}?` : `; ${listName}: ${candidates.join(', ')}`;
}
