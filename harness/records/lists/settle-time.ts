// How long a list may lag a write: the one number the run's reads and `judge` share. A module of its
// own, so `judge` (which reads no list) loads none of the run's machinery with it.

/** How long a list may lag a write unless CIS_LIST_SETTLE_MS says otherwise. */
export const DEFAULT_SETTLE_MS = 2_000;
