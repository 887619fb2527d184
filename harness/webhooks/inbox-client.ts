// The worker side of the listener: wait for a delivery (long poll, no fixed sleeps), read all of them,
// script an answer.
import { request } from 'undici';
import type { EarlyOutcome, WaitAbout } from './silence';
import type { Delivery, Match } from './types';

/** A wait's answer: the delivery, or why there was none sooner than asked. */
export interface WaitOutcome {
  delivery?: Delivery;
  endedEarly?: string;
}

/** "within 30.0 s" for a wait that found nothing; "before its 30.0 s wait ended early (why)" where it did. */
export function within(timeoutMs: number, endedEarly?: string): string {
  const seconds = (timeoutMs / 1000).toFixed(1);
  return endedEarly ? `before its ${seconds} s wait ended early (${endedEarly})` : `within ${seconds} s`;
}

/**
 * The first wait that finds a delivery, or, once every wait is over, one that says why it ended early
 * (where one did): a push one of several ways need not wait out the others.
 */
export function firstOf(waits: Promise<WaitOutcome>[]): Promise<WaitOutcome> {
  return new Promise((resolve) => {
    let left = waits.length;
    let last: WaitOutcome = {};
    const over = () => (left -= 1) === 0 && resolve(last);
    for (const wait of waits)
      wait.then(
        (outcome) => (outcome.delivery ? resolve(outcome) : ((last = outcome.endedEarly ? outcome : last), over())),
        over,
      );
  });
}

export class InboxClient {
  constructor(private readonly controlUrl: string) {}

  private async post<T>(path: string, body: unknown, timeoutMs: number): Promise<T> {
    const response = await request(this.controlUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      headersTimeout: timeoutMs + 5000,
      bodyTimeout: timeoutMs + 5000,
    });
    return (await response.body.json()) as T;
  }

  /** The first delivery matching, waiting up to timeoutMs for it to arrive; undefined if none did. */
  async waitFor(match: Match, timeoutMs: number): Promise<Delivery | undefined> {
    return (await this.wait(match, timeoutMs)).delivery;
  }

  /**
   * The first delivery matching, waiting up to timeoutMs; without one, `endedEarly` says why the wait
   * ended sooner (the target's pushes had stopped): the run's end judges such a wait whole, by `about`.
   */
  async wait(match: Match, timeoutMs: number, about: WaitAbout = {}): Promise<WaitOutcome> {
    const answer = await this.post<{ delivery: Delivery | null; endedEarly?: string }>(
      '/wait',
      { match, timeoutMs, ...about },
      timeoutMs,
    );
    return {
      ...(answer.delivery ? { delivery: answer.delivery } : {}),
      ...(answer.endedEarly ? { endedEarly: answer.endedEarly } : {}),
    };
  }

  /** The waits that ended early, each judged over its whole length (the earliest waited out, up to timeoutMs). */
  async endedEarly(timeoutMs: number): Promise<EarlyOutcome[]> {
    return (await this.post<{ waits: EarlyOutcome[] }>('/ended-early', { timeoutMs }, timeoutMs)).waits;
  }

  /**
   * Returns once no delivery a request can cause has arrived for `quietMs` (at most `maxMs` in all): a
   * target pushes after it answered, so what the run's last actions caused may still be on its way when
   * the tests end. CollectionNotifications are not waited out: a service sends them on its own period
   * (§6), which a target may shorten to fractions of a second, so the listener is never quiet of them.
   */
  async settle(quietMs: number, maxMs: number): Promise<void> {
    const end = Date.now() + maxMs;
    let since = Date.now();
    while (Date.now() < end) {
      const next = await this.waitFor(
        { after: since, notKind: 'CollectionNotification' },
        Math.min(quietMs, end - Date.now()),
      );
      if (!next) return;
      since = next.receivedAt + 1;
    }
  }

  /** Every delivery of the run; from `since` (ms) on where given. */
  async all(since?: number): Promise<Delivery[]> {
    // A kept-alive socket the listener closed meanwhile fails the first use; reading is safe to repeat.
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await request(`${this.controlUrl}/deliveries${since === undefined ? '' : `?since=${since}`}`);
        return (await response.body.json()) as Delivery[];
      } catch (error) {
        if (attempt >= 2 || !/other side closed|ECONNRESET|socket/i.test(String((error as Error).message ?? error)))
          throw error;
      }
    }
  }

  /** The listener answers `status` to the next `times` deliveries matching. */
  async answer(match: Match, status: number, times = 1): Promise<void> {
    await this.post('/script', { match, status, times }, 1000);
  }
}
