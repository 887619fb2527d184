// What the listener records of a delivery, and how workers ask for one. Plain JSON both ways: the
// listener runs in Playwright's main process, the tests in workers.
import { pointerTokens, valueAtTokens } from '../../spec/json-pointer';

export type WebhookKind = 'LockerUpdates' | 'ParcelUpdates' | 'CollectionNotification';

export interface Delivery {
  seq: number;
  method: string;
  path: string;
  /** Header names in lower case; values of credential headers are never kept. */
  headers: Record<string, string>;
  /** Names of the credential headers the delivery carried (the values stay out of reports). */
  credentials: string[];
  body: unknown;
  /** The body as it arrived (the first RAW_KEPT_BYTES of it). */
  raw: string;
  size: number;
  receivedAt: number;
  kind?: WebhookKind;
  /** What is wrong with the delivery, each under the rule it breaks; empty when it is valid. */
  findings: { rule: string; problem: string }[];
  /** Its URL and what it is about both name a carrier (WH-OWN-CARRIER was judged on it). */
  ownCarrierJudged: boolean;
  answered: number;
  /**
   * Answered 401 for want of CIS_WEBHOOK_KEY: a post anyone on the listener's network can make, so it
   * is neither judged nor taken for a delivery a test waits on; only counted.
   */
  keyRefused?: true;
}

/** A delivery matches when each given part matches: kind, JSON pointers with their values, arrival. */
export interface Match {
  kind?: WebhookKind;
  /** Any delivery but those of this webhook (an unclassified one included). */
  notKind?: WebhookKind;
  where?: Record<string, unknown>;
  /** Epoch ms: only deliveries that arrived at or after it. */
  after?: number;
  /** Skip this many matching deliveries (1: the second one). */
  skip?: number;
}

/**
 * The match as a test of one delivery, its pointers split and wanted values written once: a listener
 * holds thousands of deliveries and tests wait on hundreds of matches, so this runs millions of times.
 */
export function matcher(match: Match): (delivery: Delivery) => boolean {
  const where = Object.entries(match.where ?? {}).map(
    ([pointer, want]) => [pointerTokens(pointer), JSON.stringify(want)] as const,
  );
  return (delivery) => {
    if (delivery.keyRefused) return false;
    if (match.kind && delivery.kind !== match.kind) return false;
    if (match.notKind && delivery.kind === match.notKind) return false;
    if (match.after !== undefined && delivery.receivedAt < match.after) return false;
    return where.every(([tokens, want]) => JSON.stringify(valueAtTokens(delivery.body, tokens)) === want);
  };
}

export function describeMatch(match: Match): string {
  const where = Object.entries(match.where ?? {}).map(([p, v]) => `${p}=${JSON.stringify(v)}`);
  return `${match.kind ?? 'a delivery'}${where.length ? ` with ${where.join(', ')}` : ''}`;
}

/** When the notification was made: its eventTimestamp, or its arrival where that is no date-time. */
export function notifiedAt(delivery: Delivery): number {
  const stamp = Date.parse(String((delivery.body as { eventTimestamp?: unknown } | undefined)?.eventTimestamp));
  return Number.isNaN(stamp) ? delivery.receivedAt : stamp;
}
