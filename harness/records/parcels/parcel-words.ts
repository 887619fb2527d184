// The words a target writes in its own parcel records: its statuses, the names of its events, its types. A request
// member with listed values takes none of them that its list does not name (generators/mutations.ts wordMutations):
// the values a validator checking the member against another of the service's lists lets through.
import type { Json } from '../../http/json';

/** A word as services write their states and events: upper-case letters and digits, parts joined by '_'. */
const WORD = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/** At most this many words, the most frequent first: each is sent to every member with listed values. */
const MOST = 12;

/** The words the records show, in any member at any depth, the most frequent first. */
export function wordsShown(records: readonly Json[], most = MOST): string[] {
  const counts = new Map<string, number>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.length >= 3 && WORD.test(value)) counts.set(value, (counts.get(value) ?? 0) + 1);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  records.forEach(visit);
  return [...counts.entries()]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .slice(0, most)
    .map(([word]) => word);
}
