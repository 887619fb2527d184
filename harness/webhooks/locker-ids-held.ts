// Which of a carrier's lockers held each carrier.lockerId during the run, as the run's writes showed. §2.1 does not
// make a carrier.lockerId unique, and a CollectionNotification names its locker by carrier.lockerId alone (§6), so two
// notifications of one id within a period may be two lockers' once a day each. Every worker keeps what its creates and
// updates showed in a file beside CIS_STOP_FILE (Playwright replaces a worker after a failed test); the run's end reads
// them all, with the lockers its LockerUpdates deliveries showed.
import { randomBytes } from 'node:crypto';
import { join, dirname, basename } from 'node:path';
import type { Exchange } from '../http/exchange';
import { linesBeside, writeQuietly } from '../http/watch-files';
import { is2xx } from '../judgements/judgement';
import type { CarrierSide } from '../records/lockers/tagging';
import { receiverOf } from './isolation';
import type { Delivery } from './types';

/** A locker (uid) of a carrier shown holding a carrier.lockerId. */
export interface LockerIdHeld {
  side: CarrierSide;
  lockerId: string;
  uid: string;
}

const SUFFIX = '.locker-ids';
const asObject = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** What a 2xx createLocker or updateLocker showed: the locker's uid and the carrier.lockerId it was given. */
export function heldBy(exchange: Exchange, side: CarrierSide): LockerIdHeld | undefined {
  const write = exchange.operationId === 'createLocker' || exchange.operationId === 'updateLocker';
  if (!write || !is2xx(exchange.status)) return undefined;
  const sent = text(asObject(asObject(exchange.request.body)?.['carrier'])?.['lockerId']);
  if (!sent) return undefined;
  if (exchange.operationId === 'createLocker') {
    const uid = text(asObject(exchange.body)?.['uid']);
    return uid ? { side, lockerId: sent, uid } : undefined;
  }
  const uid = decodeURIComponent(new URL(exchange.url).pathname.split('/').pop() ?? '');
  return uid ? { side, lockerId: sent, uid } : undefined;
}

/** One worker's record of the lockers its writes showed, kept where the run's end finds it. */
export class LockerIdsHeld {
  private readonly seen = new Set<string>();
  private readonly file: string | undefined;

  constructor(stopFile = process.env['CIS_STOP_FILE']) {
    this.file = stopFile
      ? join(dirname(stopFile), `${basename(stopFile)}.${randomBytes(4).toString('hex')}${SUFFIX}`)
      : undefined;
  }

  note(exchange: Exchange, side: CarrierSide): void {
    const held = heldBy(exchange, side);
    if (!held) return;
    const key = `${held.side} ${held.lockerId} ${held.uid}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    // A line appended for each: a worker makes hundreds of lockers, and the file is read once, at the run's end.
    if (this.file) writeQuietly(this.file, `${JSON.stringify(held)}\n`, 'a');
  }
}

let ofWorker: LockerIdsHeld | undefined;
/** This worker's record. */
export const lockerIdsHeld = (): LockerIdsHeld => (ofWorker ??= new LockerIdsHeld());

/** Every worker's records of the run, and the lockers LockerUpdates deliveries showed to each receiver. */
export function lockerIdsOfRun(
  deliveries: readonly Delivery[],
  stopFile = process.env['CIS_STOP_FILE'],
): LockerIdHeld[] {
  const written = stopFile ? linesBeside<LockerIdHeld>(stopFile, SUFFIX) : [];
  const pushed = deliveries.flatMap((d): LockerIdHeld[] => {
    const body = asObject(d.body);
    const side = receiverOf(d.path);
    const uid = text(body?.['uid']);
    const lockerId = text(asObject(body?.['carrier'])?.['lockerId']);
    return d.kind === 'LockerUpdates' && side && uid && lockerId ? [{ side, lockerId, uid }] : [];
  });
  return [...written, ...pushed];
}

/**
 * How many lockers of `side` (of either carrier where the receiver is not told apart) the run saw holding `lockerId`:
 * the most notifications naming it that one period may carry. At least one.
 */
export function lockersHolding(held: readonly LockerIdHeld[], lockerId: string, side?: CarrierSide): number {
  const uids = new Set(held.filter((h) => h.lockerId === lockerId && (!side || h.side === side)).map((h) => h.uid));
  return Math.max(1, uids.size);
}
