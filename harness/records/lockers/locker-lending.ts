// Which locker a test borrows, and what goes back with it. The pool (locker-pool.ts) holds the
// lockers; this decides where a borrowed one comes from: one another test gave back, one an earlier
// run with this carrier key left (found by its mark on the list of the provider the pool's lockers
// use, read on a bounded sample once per run), or a fresh one made for the pool.
import { createHash } from 'node:crypto';
import type { CisClient } from '../../http/client';
import type { Json } from '../../http/json';
import type { PagingProfile } from '../../http/pages';
import { listEvery } from '../lists/list-sample';
import {
  HELD_AT_MOST,
  LockerPool,
  POOL_CLAIM_KEY,
  POOL_KEY,
  POOL_KINDS,
  type PoolKind,
  type PooledLocker,
} from './locker-pool';
import { inParallel } from '../../http/in-parallel';
import { RUN_TAG_KEY } from './tagging';
import type { ProviderPair } from './provider-pair';

/** The pool's mark for a kind and a carrier key: the key itself is never written to the target, a digest of it is. */
export function poolMark(kind: PoolKind, apiKey: string): string {
  return `${kind}:${createHash('sha256').update(apiKey).digest('hex').slice(0, 12)}`;
}

/** The kind of pooled locker the record's metadata marks for this key, if any. */
export function markedKind(record: Json, apiKey: string): PoolKind | undefined {
  const metadata = Array.isArray(record['metadata']) ? (record['metadata'] as Json[]) : [];
  const values = metadata.filter((m) => m?.['key'] === POOL_KEY).map((m) => m['value']);
  return POOL_KINDS.find((kind) => values.includes(poolMark(kind, apiKey)));
}

/**
 * The provider name the pool's lockers use, kept apart from the run's other lockers where the target
 * lists more than one name: its list then ends with the lockers earlier runs gave the pool. The last
 * name in order, so every run picks the same one.
 */
export function poolProviderName(pairs: ProviderPair[]): string | undefined {
  const names = [...new Set(pairs.map((p) => p.name))].sort();
  return names.length > 1 ? names[names.length - 1] : undefined;
}

export interface LendingDeps {
  api: CisClient;
  apiKey: string;
  /** This run, named in the claim a pooled locker carries. */
  runId: string;
  now: () => Date;
  paging: PagingProfile | undefined;
  pairs: () => Promise<ProviderPair[]>;
  /** Makes a valid, tagged locker with these overrides (LockerFactory.create): its record. */
  make: (overrides: Json) => Promise<Json>;
  /** Parcels the running test left in the locker so far (ParcelsLeft.heldIn). */
  leftIn?: (record: Json) => number;
}

/** A test's borrowed lockers: one Lending per test. */
export class Lending {
  private readonly lent: PooledLocker[] = [];

  constructor(
    private readonly pool: LockerPool,
    private readonly deps: LendingDeps,
  ) {}

  /**
   * A locker of the kind, the test's own until it ends. `fresh`: a new one even where one is free
   * (a locker a booking found full is replaced so); `again`: the one of the kind the test already
   * holds, while what it holds (earlier borrowers' parcels and this test's, `leftIn`) is within the
   * kind's limit (a property's cases act on one locker).
   */
  async lend(kind: PoolKind, { fresh = false, again = false } = {}): Promise<PooledLocker> {
    const held = again && !fresh ? this.holding(kind) : undefined;
    if (held && (this.deps.leftIn?.(held.record) ?? 0) + held.held <= HELD_AT_MOST[kind]) return held;
    await this.discoverOnce();
    const pooled = (!fresh && this.pool.claim(kind)) || (await this.makeFor(kind));
    this.lent.push(pooled);
    return pooled;
  }

  /** The locker of the kind this test borrowed last. */
  private holding(kind: PoolKind): PooledLocker | undefined {
    return [...this.lent].reverse().find((p) => p.kind === kind);
  }

  /** The lent locker with this uid: a booking found it full, it is not lent again. */
  retire(uid: unknown): void {
    const at = this.lent.findIndex((p) => p.record['uid'] === uid);
    if (at < 0) return;
    this.pool.retire(this.lent[at]!);
    this.lent.splice(at, 1);
  }

  /**
   * After the test: each lent locker goes back with what the test left in it — parcels it booked and
   * did not cancel (`heldIn`), and every parcel id it booked there (`bookedIn`), which the next
   * borrower's reads since its mark skip. `cutShort`: the test timed out, its lockers are retired.
   */
  giveBack(heldIn: (record: Json) => number, bookedIn: (record: Json) => string[], cutShort = false): void {
    for (const pooled of this.lent.splice(0)) {
      // A test cut short by its timeout may still be writing to its lockers: they are not lent again.
      if (cutShort) {
        this.pool.retire(pooled);
        continue;
      }
      // A deliveries borrower's trigger events may put parcels in the locker no booking of its shows.
      const left = heldIn(pooled.record);
      const held = pooled.held + (pooled.kind === 'deliveries' ? Math.max(1, left) : left);
      this.pool.give({ ...pooled, held, earlier: [...pooled.earlier, ...bookedIn(pooled.record)] });
    }
  }

  /** The parcel ids earlier borrowers booked in the lockers this test holds. */
  earlierParcels(): Set<string> {
    return new Set(this.lent.flatMap((p) => p.earlier));
  }

  private async makeFor(kind: PoolKind): Promise<PooledLocker> {
    const pairs = await this.deps.pairs();
    const name = poolProviderName(pairs);
    const pair = pairs.find((p) => p.name === name);
    const record = await this.deps.make({
      ...(pair ? { provider: { ...pair } } : {}),
      metadata: this.claimed(kind, [{ key: RUN_TAG_KEY, value: this.deps.runId }]),
    });
    return { kind, record, held: 0, earlier: [], origin: 'made' };
  }

  /** The pool's mark and this run's claim, in place of any claim in `metadata` (the rest kept). */
  private claimed(kind: PoolKind, metadata: unknown = []): Json[] {
    const kept = (Array.isArray(metadata) ? (metadata as Json[]) : []).filter(
      (m) => m?.['key'] !== POOL_CLAIM_KEY && m?.['key'] !== POOL_KEY,
    );
    return [
      ...kept,
      { key: POOL_KEY, value: poolMark(kind, this.deps.apiKey) },
      { key: POOL_CLAIM_KEY, value: `${this.deps.runId} ${this.deps.now().toISOString()}` },
    ];
  }

  /**
   * Once per run (the first borrower in any worker): the updates and network lockers earlier runs with this key
   * gave the pool, as a bounded sample of the pool provider's list shows them (its end holds the
   * newest). One this run already claimed is in the pool; one another run claimed within CLAIM_HOURS
   * may be in use by it (two pipelines on one staging): both are left alone, and every other is
   * claimed for this run (its metadata updated) before it is lent. Only those, which hold no parcel: an earlier
   * run's parcels in a locker are not known to this one, and a borrower that reads a locker's parcels
   * since its mark would take one of them, sharing a page with its own, for its own.
   */
  private async discoverOnce(): Promise<void> {
    if (!this.pool.once('discover')) return;
    const pairs = await this.deps.pairs();
    // With one provider name the pool's lockers share its list with the run's others: its end may still hold some.
    const name = poolProviderName(pairs) ?? pairs[0]?.name;
    if (!name) return;
    const listing = await listEvery(this.deps.api, 'listLockers', { providerName: name }, this.deps.paging);
    const free = listing.items.flatMap((record) => {
      const kind = markedKind(record, this.deps.apiKey);
      const uid = record['uid'];
      if (
        (kind !== 'updates' && kind !== 'network') ||
        (typeof uid !== 'string' && typeof uid !== 'number') ||
        claimed(record, this.deps.runId, this.deps.now())
      )
        return [];
      return [{ kind, record }];
    });
    await inParallel(free, Math.max(1, this.deps.api.concurrency), async ({ kind, record }) => {
      const metadata = this.claimed(kind, record['metadata']);
      const claim = await this.deps.api.call('updateLocker', {
        params: { uid: String(record['uid']) },
        body: { metadata },
      });
      if (claim.status < 200 || claim.status >= 300) return;
      this.pool.give({ kind, record: { ...record, metadata }, held: 0, earlier: [], origin: 'earlier' });
    });
  }
}

/** How long a run's claim on a pooled locker keeps other runs off it: longer than any run lasts. */
export const CLAIM_HOURS = 6;

/** Whether this run claimed the locker, or another run within CLAIM_HOURS of `now` (a claim not read as such is
 * none). */
export function claimed(record: Json, runId: string, now: Date): boolean {
  const metadata = Array.isArray(record['metadata']) ? (record['metadata'] as Json[]) : [];
  return metadata.some((m) => {
    if (m?.['key'] !== POOL_CLAIM_KEY || typeof m['value'] !== 'string') return false;
    const [run, at] = m['value'].split(' ');
    const age = now.getTime() - Date.parse(at ?? '');
    return run === runId || (Number.isFinite(age) && age < CLAIM_HOURS * 3_600_000);
  });
}
