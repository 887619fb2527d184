// Whether a list lags its writes (§4.2 and §4.8 say nothing of when a write shows), and by how much: the one owner of
// that fact in a worker. Every read that waited for a write to show tells it (settle.ts, list-since.ts); the frame, the
// windows of list-since and the exploration's report read it here, so no reader judges a read a lagging list may have
// shown too early as if it were settled.

import { operation } from '../../../spec/operations';

/** The list of an operation as the run names it, from the document: `GET /lockers`, `GET /parcels`. */
export const listOf = (operationId: string): string => {
  const { method, path } = operation(operationId);
  return `${method.toUpperCase()} ${path}`;
};

/**
 * How long a list may lag a write unless CIS_LIST_SETTLE_MS says otherwise: the one number the run's reads and
 * `judge` share.
 */
export const DEFAULT_SETTLE_MS = 2_000;

const longest = new Map<string, number>();

/** The list showed a write `ms` after a read that did not show it yet. */
export function listLagged(list: string, ms: number): void {
  longest.set(list, Math.max(longest.get(list) ?? 0, ms));
}

/** Whether the list has been seen lagging a write in this worker. */
export const hasLagged = (list: string): boolean => longest.has(list);

const persistent = new Map<string, Set<string>>();

/**
 * A finding of `rule` on the list outlasted a whole settle time of reading: where the list has not lagged in this
 * worker, a later finding of that rule on it is no lag either and is judged at the read that shows it (a service that
 * lists a record otherwise for good would cost the settle time at every read).
 */
export function outlastedSettle(list: string, rule: string): void {
  persistent.set(list, (persistent.get(list) ?? new Set()).add(rule));
}

/** Whether a finding of `rule` on the list is known to be no lag (outlastedSettle) while the list never lagged. */
export const knownNotLag = (list: string, rule: string): boolean =>
  !longest.has(list) && (persistent.get(list)?.has(rule) ?? false);

/** The longest each list took to show a write, for the observed choices. */
export const lagsSeen = (): ReadonlyMap<string, number> => new Map(longest);

/** Forgotten where a worker judges one target after another (the self-test's batches, the own tests). */
export function forgetLags(): void {
  longest.clear();
  persistent.clear();
}
