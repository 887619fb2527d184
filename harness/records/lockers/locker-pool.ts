// Lockers lent to tests that do not need a fresh one. A locker cannot be deleted, so a run that made
// one per test left hundreds on a shared staging every night. A test that only books parcels into a
// locker, triggers events on them, or sends it updates borrows one instead: it is the test's own while
// the test runs (no other test, in any worker, is lent it), and goes back to the pool after, with the
// parcels the test left in it. The pool lives in the run's scratch directory, a file per free locker,
// so every worker lends from it; a claim is the rename of that file, which one worker alone wins.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Json } from '../../http/json';

/**
 * What a borrower does to the locker, and so which borrowers may share it:
 * - bookings: publishes and cancels parcels; lent only while it holds none the run left in it, so a
 *   booking is never refused for a full locker; its record is never changed;
 * - deliveries: books parcels and drives them on with trigger events (a delivered parcel stays in
 *   it); lent while it holds few (HELD_AT_MOST); its record is never changed;
 * - updates: sends it locker updates; only its uid is used after;
 * - network: adds it to the network, where a test needs the add accepted, not the locker added (a
 *   locker added once is not added again, §4.10).
 */
export type PoolKind = 'bookings' | 'deliveries' | 'updates' | 'network';
export const POOL_KINDS: readonly PoolKind[] = ['bookings', 'deliveries', 'updates', 'network'];

/** The metadata key a pooled locker carries, so a later run on the same target knows it for one. */
export const POOL_KEY = 'carrier-conformance-pool';
/** The metadata key naming the run that last claimed a pooled locker, and when: `<runId> <ISO time>`. */
export const POOL_CLAIM_KEY = 'carrier-conformance-pool-claim';

export interface PooledLocker {
  kind: PoolKind;
  record: Json;
  /** Parcels the run knows it left in the locker (delivered, or not cancelled); unknown for an earlier run's: 1. */
  held: number;
  /** carrierParcelIds earlier borrowers booked in it: a borrower reading the locker's parcels since its mark skips
   * them. */
  earlier: string[];
  /** Where it came from: made by this run, or left by an earlier one. */
  origin: 'made' | 'earlier';
}

/**
 * The parcels the run may have left in a locker for it to be lent again. The spec gives a locker so
 * many compartments and states no number (§1); the run's own tests book up to three parcels in a
 * fresh locker, so a target is taken to hold at least that many. A bookings locker is lent only while
 * it holds none; a deliveries borrower counts as leaving one at least, and a booking a deliveries
 * locker refuses moves to a fresh locker (lent-booking.ts).
 */
export const HELD_AT_MOST: Record<PoolKind, number> = { bookings: 0, deliveries: 3, updates: 0, network: 0 };

/** The ids a locker remembers of earlier borrowers: enough to cover what a lagging list shows late. */
const EARLIER_KEPT = 200;

const isPooled = (value: unknown): value is PooledLocker =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as PooledLocker).record === 'object' &&
  POOL_KINDS.includes((value as PooledLocker).kind);

export class LockerPool {
  constructor(private readonly dir: string) {}

  private freeDir(kind: PoolKind): string {
    const dir = join(this.dir, 'locker-pool', kind, 'free');
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  private lentDir(): string {
    const dir = join(this.dir, 'locker-pool', 'lent');
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  private retiredDir(): string {
    const dir = join(this.dir, 'locker-pool', 'retired');
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  /** A free locker of the kind, claimed for the caller alone; undefined when none is free (or none fits). */
  claim(kind: PoolKind): PooledLocker | undefined {
    const free = this.freeDir(kind);
    for (const name of readdirSync(free)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const lent = join(this.lentDir(), name);
      try {
        renameSync(join(free, name), lent);
      } catch {
        continue; // another worker claimed it first
      }
      try {
        const pooled: unknown = JSON.parse(readFileSync(lent, 'utf8'));
        if (isPooled(pooled) && pooled.held <= HELD_AT_MOST[kind]) return pooled;
        // A locker holding more parcels than its kind allows could refuse a booking, or an event, for room: it is not
        // lent again.
        renameSync(lent, join(this.retiredDir(), name));
      } catch {
        // an unreadable entry is dropped from the pool
      }
    }
    return undefined;
  }

  /** Puts the locker (back) in the pool, free for the next borrower of its kind. */
  give(pooled: PooledLocker): void {
    const name = `${fileName(pooled.record)}.json`;
    const kept = { ...pooled, earlier: pooled.earlier.slice(-EARLIER_KEPT) };
    const staged = join(this.lentDir(), `${name}.${process.pid}.tmp`);
    writeFileSync(staged, JSON.stringify(kept));
    // The lent file goes first: once the locker is free, another worker's claim may take its name there.
    rmSync(join(this.lentDir(), name), { force: true });
    renameSync(staged, join(this.freeDir(pooled.kind), name));
  }

  /** Takes the locker out of the pool for good (it refused a booking for room). */
  retire(pooled: PooledLocker): void {
    const name = `${fileName(pooled.record)}.json`;
    writeFileSync(join(this.retiredDir(), name), JSON.stringify(pooled));
    rmSync(join(this.lentDir(), name), { force: true });
  }

  /** Claims the one-time task `name` for the run: true for the first caller in any worker, false after. */
  once(name: string): boolean {
    const parent = join(this.dir, 'locker-pool');
    mkdirSync(parent, { recursive: true });
    try {
      mkdirSync(join(parent, `once-${name}`));
      return true;
    } catch {
      return false;
    }
  }
}

/** A file name for the locker's uid, whatever characters the target put in it. */
function fileName(record: Json): string {
  return encodeURIComponent(String(record['uid'])).replace(/\./g, '%2E');
}
