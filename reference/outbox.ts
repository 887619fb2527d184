// Webhook delivery: one queue per carrier so a carrier's events arrive in the order they happened,
// with retries on 5xx and on no answer (§6 leaves guarantees open; these are the reference's).
import { reversedMembers } from './member-order';
import { Agent, request } from 'undici';
import type { CarrierAccount } from './options';
import type { Readable } from 'node:stream';

const GATHER_MS = 40;

export interface OutboxOptions {
  retries: number;
  /** Gather deliveries for a moment and send the newest first (a conformant choice: §6 shows no ordering). */
  newestFirst?: boolean;
  /** Send every delivery twice (a conformant choice: §6 shows no delivery guarantee): same body, or with a fresh
   * eventTimestamp. */
  duplicates?: false | 'same-body' | 'restamped';
  /** How long after the event each delivery goes out; deliveries wait side by side, not one after another. */
  latencyMs?: number;
  /** Choice memberOrder 'reversed': each body's members written in reverse order. */
  reversedMembers?: boolean;
  baseDelayMs: number;
  webhookKey?: string;
  /** The headers that authenticate a delivery, in place of X-API-Key (variation ok-i-webhook-application-key). */
  authHeaders?: (body: unknown, carrier: string) => Record<string, string>;
  attemptTimeoutMs?: number;
  /** The Content-Type deliveries declare (fault webhook-text-plain); application/json otherwise. */
  contentType?: string;
  /** Nothing is sent at all (fault no-webhooks): the sender is off while the service answers. */
  sendsNothing?: boolean;
  /** Retries send the stored payload text serialized again, a JSON string (fault x45-webhook-retry-double-encoded). */
  retryDoubleEncoded?: boolean;
  /** One circuit breaker for every endpoint, opened for good by a delivery ending refused (fault
   * sd-webhook-queue-halts-after-refusal). */
  haltsAfterRefusal?: boolean;
  /** An answer below 500 the sender still takes for a failure and retries (fault sz-webhook-200-not-success). */
  retryAnswered?: (status: number) => boolean;
  /** The body as streamed, without a Content-Length (variation ok-z-webhook-chunked-body). */
  wireBody?: (payload: string | Buffer) => Readable;
  /** Where retries are posted, in place of the delivery's URL (fault saj-retry-client-bound-to-first-endpoint). */
  retryUrl?: string;
  /** The headers a retry is posted with, in place of the first attempt's (fault sak-webhook-retry-bare-client). */
  retryHeaders?: (headers: Record<string, string>) => Record<string, string>;
  /** One queue for every carrier's deliveries (fault sak-webhook-single-worker-inline-retries). */
  sharedQueue?: boolean;
  /** The wait before each retry, as many retries as it lists, in place of retries and baseDelayMs doubling. */
  retryDelaysMs?: number[];
  /** Deliveries sent side by side, each after the wait this gives (variation ok-ak-webhook-parallel-senders). */
  sideBySide?: () => number;
  /** The body a retry posts, in place of its delivery's (fault sbh-retry-posts-last-built-body). */
  retryBody?: (record: DeliveryRecord) => unknown;
  /** A delivery's retries go on beside the carrier's queue, which moves on (variation ok-bh-retry-beside-queue). */
  retryBesideQueue?: boolean;
  /** A delivery whose last attempt failed (variation ok-bh-dead-letter-redelivered). */
  gaveUp?: (record: DeliveryRecord) => void;
  /** Bodies owed to a carrier, sent before its next delivery (variation ok-bh-dead-letter-redelivered). */
  owed?: (carrier: string) => unknown[];
}

export interface DeliveryRecord {
  carrier: string;
  url: string;
  body: unknown;
  /** Bytes sent as they are instead of the JSON of body (faults only; a Buffer where they are not UTF-8). */
  raw?: string | Buffer;
  delayMs?: number;
  /** When it may go out (the event's time plus the latency and any delay). */
  dueAt: number;
  statuses: (number | 'no answer')[];
}

export class Outbox {
  private readonly queues = new Map<string, Promise<void>>();
  private readonly pauses = new Map<NodeJS.Timeout, () => void>();
  private closed = false;
  /** The breaker of haltsAfterRefusal is open: nothing more is sent. */
  private halted = false;
  // undici's request rather than fetch: fetch's web streams cost the reference more than the handlers did.
  private readonly agent = new Agent({ keepAliveTimeout: 10_000 });
  private gathered: { carrier: CarrierAccount; record: DeliveryRecord }[] = [];
  private gathering: NodeJS.Timeout | undefined;
  readonly log: DeliveryRecord[] = [];

  constructor(private readonly options: OutboxOptions) {}

  send(carrier: CarrierAccount, body: unknown, how: { delayMs?: number; raw?: string | Buffer } = {}): void {
    const url = carrier.webhookUrl;
    if (!url || this.closed || this.options.sendsNothing || this.halted) return;
    for (const owed of this.options.owed?.(carrier.name) ?? []) this.send(carrier, owed);
    const dueAt = Date.now() + (this.options.latencyMs ?? 0) + (how.delayMs ?? 0);
    for (let copy = 0; copy < (this.options.duplicates ? 2 : 1); copy++) {
      const restamp =
        copy > 0 &&
        this.options.duplicates === 'restamped' &&
        body !== null &&
        typeof body === 'object' &&
        'eventTimestamp' in body;
      const sent = restamp ? { ...body, eventTimestamp: new Date(Date.now() + 1).toISOString() } : body;
      const record: DeliveryRecord = { carrier: carrier.name, url, body: sent, ...how, dueAt, statuses: [] };
      this.log.push(record);
      if (!this.options.newestFirst) {
        this.enqueue(carrier, record);
        continue;
      }
      this.gathered.push({ carrier, record });
      this.gathering ??= setTimeout(() => this.flushNewestFirst(), GATHER_MS);
    }
  }

  private enqueue(carrier: CarrierAccount, record: DeliveryRecord): void {
    const queue = this.options.sharedQueue ? '' : carrier.name;
    const previous = this.queues.get(queue) ?? Promise.resolve();
    const { sideBySide } = this.options;
    const sent = sideBySide ? this.pause(sideBySide()).then(() => this.deliver(record)) : undefined;
    this.queues.set(
      queue,
      sent ? Promise.all([previous, sent]).then(() => undefined) : previous.then(() => this.deliver(record)),
    );
  }

  private flushNewestFirst(): void {
    this.gathering = undefined;
    for (const { carrier, record } of this.gathered.splice(0).reverse()) this.enqueue(carrier, record);
  }

  /** Resolves when every queued delivery has ended (answered, or out of retries). */
  async idle(): Promise<void> {
    if (this.gathering) {
      clearTimeout(this.gathering);
      this.flushNewestFirst();
    }
    let pending: Promise<void>[];
    do {
      pending = [...this.queues.values()];
      await Promise.all(pending);
    } while (pending.length !== this.queues.size || [...this.queues.values()].some((q, i) => q !== pending[i]));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.gathering);
    for (const [timer, resolve] of this.pauses) {
      clearTimeout(timer);
      resolve();
    }
    this.pauses.clear();
    void this.agent.close().catch(() => undefined);
  }

  private async deliver(record: DeliveryRecord): Promise<void> {
    const headers: Record<string, string> = { 'content-type': this.options.contentType ?? 'application/json' };
    if (this.options.authHeaders) Object.assign(headers, this.options.authHeaders(record.body, record.carrier));
    else if (this.options.webhookKey) headers['x-api-key'] = this.options.webhookKey;
    const wait = record.dueAt - Date.now();
    if (wait > 0) await this.pause(wait);
    if (this.halted) return;
    await this.attempts(record, headers, 0);
  }

  /** The attempts of a delivery from `from` on, and what its last answer leaves. */
  private async attempts(record: DeliveryRecord, headers: Record<string, string>, from: number): Promise<void> {
    const delays = this.options.retryDelaysMs;
    for (let attempt = from; attempt <= (delays?.length ?? this.options.retries) && !this.closed; attempt++) {
      if (attempt > 0) await this.pause(delays?.[attempt - 1] ?? this.options.baseDelayMs * 2 ** (attempt - 1));
      if (this.closed) return;
      const body = attempt > 0 && this.options.retryBody ? this.options.retryBody(record) : record.body;
      const payload = record.raw ?? JSON.stringify(this.options.reversedMembers ? reversedMembers(body) : body);
      const status = await this.post(
        attempt > 0 && this.options.retryUrl ? this.options.retryUrl : record.url,
        attempt > 0 && this.options.retryHeaders ? this.options.retryHeaders(headers) : headers,
        attempt > 0 && this.options.retryDoubleEncoded ? JSON.stringify(payload) : payload,
      );
      record.statuses.push(status);
      if (status !== 'no answer' && status < 500 && !this.options.retryAnswered?.(status)) break;
      if (attempt === 0 && this.options.retryBesideQueue) {
        void this.attempts(record, headers, 1);
        return;
      }
    }
    const last = record.statuses.at(-1);
    const refused = last === 'no answer' || (last !== undefined && last >= 300);
    if (this.options.haltsAfterRefusal && refused) this.halted = true;
    if (refused) this.options.gaveUp?.(record);
  }

  private async post(
    url: string,
    headers: Record<string, string>,
    body: string | Buffer,
  ): Promise<number | 'no answer'> {
    const timeoutMs = this.options.attemptTimeoutMs ?? 5000;
    try {
      const response = await request(url, {
        method: 'POST',
        headers,
        body: this.options.wireBody ? this.options.wireBody(body) : body,
        dispatcher: this.agent,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body.dump();
      return response.statusCode;
    } catch {
      return 'no answer';
    }
  }

  // The retry back-off of a service, not a test waiting: closing the server ends it at once.
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pauses.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      this.pauses.set(timer, resolve);
    });
  }
}
