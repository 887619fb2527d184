// Webhook delivery: one queue per carrier so a carrier's events arrive in the order they happened,
// with retries on 5xx and on no answer (§6 leaves guarantees open; these are the reference's).
import type { CarrierAccount } from './options';

export interface OutboxOptions {
  retries: number;
  baseDelayMs: number;
  webhookKey?: string;
  attemptTimeoutMs?: number;
}

export interface DeliveryRecord {
  carrier: string;
  url: string;
  body: unknown;
  statuses: (number | 'no answer')[];
}

export class Outbox {
  private readonly queues = new Map<string, Promise<void>>();
  private readonly pauses = new Map<NodeJS.Timeout, () => void>();
  private closed = false;
  readonly log: DeliveryRecord[] = [];

  constructor(private readonly options: OutboxOptions) {}

  send(carrier: CarrierAccount, body: unknown): void {
    const url = carrier.webhookUrl;
    if (!url || this.closed) return;
    const record: DeliveryRecord = { carrier: carrier.name, url, body, statuses: [] };
    this.log.push(record);
    const previous = this.queues.get(carrier.name) ?? Promise.resolve();
    this.queues.set(carrier.name, previous.then(() => this.deliver(record)));
  }

  /** Resolves when every queued delivery has ended (answered, or out of retries). */
  async idle(): Promise<void> {
    let pending: Promise<void>[];
    do {
      pending = [...this.queues.values()];
      await Promise.all(pending);
    } while (pending.length !== this.queues.size || [...this.queues.values()].some((q, i) => q !== pending[i]));
  }

  close(): void {
    this.closed = true;
    for (const [timer, resolve] of this.pauses) {
      clearTimeout(timer);
      resolve();
    }
    this.pauses.clear();
  }

  private async deliver(record: DeliveryRecord): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.webhookKey) headers['x-api-key'] = this.options.webhookKey;
    for (let attempt = 0; attempt <= this.options.retries && !this.closed; attempt++) {
      if (attempt > 0) await this.pause(this.options.baseDelayMs * 2 ** (attempt - 1));
      if (this.closed) return;
      const status = await this.post(record.url, headers, record.body);
      record.statuses.push(status);
      if (status !== 'no answer' && status < 500) return;
    }
  }

  private async post(url: string, headers: Record<string, string>, body: unknown): Promise<number | 'no answer'> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.attemptTimeoutMs ?? 5000),
      });
      await response.arrayBuffer();
      return response.status;
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
