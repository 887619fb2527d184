// The points where the conformant variations of set AN (`ok-an-*`) change the service: each does what the service does
// with its variation off. Called from lockers.ts (a new locker's uid, the list's pages), providers.ts (the catalogue),
// networks.ts (the add's answer), parcel-list.ts (the list's order and envelope), trigger.ts (the answer),
// collections.ts (a notification), and through set-an-faults.ts from app.ts (the webhook sender).
import { badRequest } from '../errors';
import type { NetworkLockerRecord } from '../model';
import type { FaultPointApp, Reply } from '../request-types';
import { isObject, type StateApp, type Switches } from './fault-point-state';

/** A network add's record as the answer lists it (network-points.ts's Listed). */
type Listed = NetworkLockerRecord & Record<string, unknown>;

// --- Variation ok-an-webhook-job-batches ---

/** How often the job sends the queued webhook deliveries. */
const WEBHOOK_JOB_MS = 500;

/** Variation ok-an-webhook-job-batches: the interval of the job that sends webhooks; undefined: sent at once. */
export function jobBatchMs(app: Switches): number | undefined {
  return app.fault('ok-an-webhook-job-batches') ? WEBHOOK_JOB_MS : undefined;
}

// --- Variation ok-an-uid-hilo-blocks ---

/** The uids of one block a carrier takes. */
const HILO_BLOCK = 1000;
/** The first block handed out: uids 101000 to 101999. */
const FIRST_HILO_BLOCK = 101;

const hiloBlocks = new WeakMap<object, { nextBlock: number; held: Map<string, { next: number; end: number }> }>();

/** Variation ok-an-uid-hilo-blocks: a new locker's uid from its carrier's block; undefined: the service's sequence. */
export function hiloUidBySetAN(app: Pick<FaultPointApp, 'fault' | 'options'>, carrier: string): string | undefined {
  if (!app.fault('ok-an-uid-hilo-blocks')) return undefined;
  let blocks = hiloBlocks.get(app);
  if (!blocks) hiloBlocks.set(app, (blocks = { nextBlock: FIRST_HILO_BLOCK, held: new Map() }));
  let block = blocks.held.get(carrier);
  if (!block || block.next >= block.end) {
    const start = blocks.nextBlock++ * HILO_BLOCK;
    block = { next: start, end: start + HILO_BLOCK };
    blocks.held.set(carrier, block);
  }
  const offset = app.options.choices.int64Uids ? 2n ** 53n : 0n;
  return String(offset + BigInt(block.next++));
}

// --- Variation ok-an-lockers-offset-pages ---

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

function whole(query: URLSearchParams, name: string, min: number, max: number, fallback: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max)
    throw badRequest('VALIDATION_FAILED', `query parameter ${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** Variation ok-an-lockers-offset-pages: the locker list as offset pages, {lockers, offset, limit, total}. */
export function offsetPagedBySetAN(app: Switches, query: URLSearchParams, reply: Reply): Reply {
  if (!app.fault('ok-an-lockers-offset-pages') || reply.status !== 200 || !Array.isArray(reply.body)) return reply;
  const offset = whole(query, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
  const limit = whole(query, 'limit', 1, MAX_LIMIT, DEFAULT_LIMIT);
  const all = reply.body as unknown[];
  return { ...reply, body: { lockers: all.slice(offset, offset + limit), offset, limit, total: all.length } };
}

// --- Variation ok-an-providers-locker-count ---

/** The records of a list answer, bare or in the envelope a choice gives. */
function listedItems(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isObject(body)) return undefined;
  for (const member of ['items', 'content']) if (Array.isArray(body[member])) return body[member] as unknown[];
  return undefined;
}

/** Variation ok-an-providers-locker-count: each pair also counts the lockers the caller sees of it. */
export function countedBySetAN(app: StateApp, carrier: string, reply: Reply): Reply {
  if (!app.fault('ok-an-providers-locker-count')) return reply;
  const lockers = app.state.visibleLockers(carrier);
  for (const entry of listedItems(reply.body) ?? []) {
    if (!isObject(entry)) continue;
    entry['lockerCount'] = lockers.filter(
      ({ record: { provider } }) =>
        provider.name === entry['providerName'] &&
        provider.lockerModel === entry['lockerModel'] &&
        provider.lockerVersion === entry['lockerVersion'],
    ).length;
  }
  return reply;
}

// --- Variation ok-an-network-answer-grouped-by-provider ---

/** Variation ok-an-network-answer-grouped-by-provider: the added lockers grouped by providerName, by name. */
export function groupedByProviderBySetAN(app: Switches, added: Listed[]): Listed[] {
  if (!app.fault('ok-an-network-answer-grouped-by-provider')) return added;
  const names = [...new Set(added.map((r) => String(r.providerName)))].sort();
  return names.flatMap((name) => added.filter((r) => String(r.providerName) === name));
}
