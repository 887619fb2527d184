// The reference run as a long-lived staging (`npm run bench:staging`): answers held back by a set
// latency, an answer stalled on purpose, an outage, and a reference-only route that says what it has served and
// holds. None of it changes what an answer says; only when (or whether) it is written.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReferenceApp } from './app';
import type { StallSpec } from './options';
import { OPERATION_IDS } from './routes';

/** How long a stalled request is held at most before its connection is closed unanswered. */
export const STALL_HOLD_MS = 10 * 60 * 1000;

/** The reference-only route (not part of the API, no key): what the reference served and holds. */
export const STATS_PATH = '/__reference/stats';

/** `listParcels` or `listParcels:3`; throws one message naming what is wrong. */
export function parseStall(text: string): StallSpec {
  const match = /^([A-Za-z]+)(?::(\d+))?$/.exec(text.trim());
  const operationId = match?.[1] ?? text;
  if (!match || !OPERATION_IDS.includes(operationId)) {
    throw new Error(
      `"${text}" is not OPERATION or OPERATION:N with an operationId of the OpenAPI document ` +
        `(${OPERATION_IDS.join(', ')})`,
    );
  }
  const nth = match[2] === undefined ? 1 : Number(match[2]);
  if (!Number.isSafeInteger(nth) || nth < 1)
    throw new Error(`"${text}": N counts the operation's requests from 1, got ${match[2]}`);
  return { operationId, nth };
}

/** Counts the requests of each operation and says which one is to be held. */
export class Stalls {
  private readonly seen = new Map<string, number>();

  constructor(private readonly specs: readonly StallSpec[]) {}

  /** Counts a request to the operation; true when it is one to hold. */
  hold(operationId: string): boolean {
    if (!this.specs.some((s) => s.operationId === operationId)) return false;
    const n = (this.seen.get(operationId) ?? 0) + 1;
    this.seen.set(operationId, n);
    return this.specs.some((s) => s.operationId === operationId && s.nth === n);
  }
}

/**
 * Keeps a response unanswered until the client gives up (closes the connection), the server closes,
 * or STALL_HOLD_MS pass; then the connection is closed without an answer, never a 5xx.
 */
export function holdUnanswered(res: ServerResponse): void {
  const timer = setTimeout(() => res.destroy(), STALL_HOLD_MS);
  timer.unref();
  res.once('close', () => clearTimeout(timer));
}

/** Writes an answer after the latency, as across a network; a timer, so other requests go on meanwhile. */
/** Whether a request is one an outage still answers (ReferenceOptions.outage.answering). */
export function stillAnswered(outage: { answering?: string[] }, req: IncomingMessage, servicePath: string): boolean {
  const path = new URL(req.url ?? '/', 'http://reference.invalid').pathname;
  if (!path.startsWith(`${servicePath}/`)) return false;
  return !!outage.answering?.includes(`${req.method} ${path.slice(servicePath.length)}`);
}

export function afterLatency(latencyMs: number, write: () => void): void {
  if (latencyMs <= 0) return write();
  setTimeout(write, latencyMs);
}

export interface ReferenceStats {
  /** API requests served since start (this route not counted), and per operationId. */
  requests: number;
  byOperation: Record<string, number>;
  /** Webhook deliveries the reference queued (a duplicate counts; retries do not). */
  webhookDeliveries: number;
  lockers: { total: number; thirdParty: number; byCarrier: Record<string, number> };
  parcels: { total: number; byCarrier: Record<string, number> };
  /** Lockers added to the carriers' networks. */
  networkEntries: number;
}

export function referenceStats(app: ReferenceApp): ReferenceStats {
  const carriers = app.options.carriers.map((c) => c.name);
  const lockersBy = Object.fromEntries(carriers.map((c) => [c, 0]));
  const parcelsBy = Object.fromEntries(carriers.map((c) => [c, 0]));
  let thirdParty = 0;
  for (const { record } of app.state.lockers.values()) {
    if (record.ownedByCarrier === null) thirdParty += 1;
    else lockersBy[record.ownedByCarrier] = (lockersBy[record.ownedByCarrier] ?? 0) + 1;
  }
  for (const parcel of app.state.parcels) parcelsBy[parcel.owner] = (parcelsBy[parcel.owner] ?? 0) + 1;
  return {
    requests: app.stats.count,
    byOperation: { ...app.stats.byOperation },
    webhookDeliveries: app.outbox.log.length,
    lockers: { total: app.state.lockers.size, thirdParty, byCarrier: lockersBy },
    parcels: { total: app.state.parcels.length, byCarrier: parcelsBy },
    networkEntries: [...app.state.networks.values()].reduce((n, network) => n + network.members.size, 0),
  };
}
