// Choice listLagMs: the lists show each record as it was that long ago, as a service reading its lists
// from a replica behind the primary, or from a search index refreshed every second, does (§4.2, §4.8
// state nothing of when a write shows in a list). A write is answered at once; the lists catch up.
const at = () => Date.now();

/** The index of the newest version a list can show now (versions are kept oldest first), or -1. */
function newestShown(kept: { at: number }[], lagMs: number): number {
  for (let i = kept.length - 1; i >= 0; i--) if (kept[i]!.at <= at() - lagMs) return i;
  return -1;
}

export class ListLag {
  private readonly versions = new WeakMap<object, { at: number; record: unknown }[]>();

  constructor(readonly lagMs: number) {}

  /** The record of `key` as written now: lists show it once lagMs has passed. */
  written(key: object, record: unknown): void {
    if (!this.lagMs) return;
    const kept = this.versions.get(key) ?? [];
    kept.push({ at: at(), record: structuredClone(record) });
    // Versions older than the newest one a list can show are seen by no list any more.
    const shownFrom = newestShown(kept, this.lagMs);
    this.versions.set(key, shownFrom > 0 ? kept.slice(shownFrom) : kept);
  }

  /** What a list shows of `key` now: the record as written lagMs ago, nothing before its first write shows, the record
   * itself where nothing was written (seeded). */
  shown<T>(key: object, current: T): T | undefined {
    const kept = this.lagMs ? this.versions.get(key) : undefined;
    if (!kept) return current;
    return kept[newestShown(kept, this.lagMs)]?.record as T | undefined;
  }
}
