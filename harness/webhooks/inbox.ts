// Every delivery of the run, judged on arrival, and the waiters that want one. Lives in the listener's
// process; workers reach it through the control endpoint.
import { judge, type Finding } from './classify';
import { judgeIsolation } from './isolation';
import { matcher, type Delivery, type Match } from './types';

/** How much of each raw body is kept: enough to read any real delivery, bounded for oversized ones. */
export const RAW_KEPT_BYTES = 64 * 1024;

const CREDENTIAL_HEADERS = /^(x-api-key|authorization|x-application-key|x-app-key|x-webhook-key|x-signature.*|x-hub-signature.*|proxy-authorization)$/;

interface Waiter {
  test: (delivery: Delivery) => boolean;
  /** Matching deliveries still to pass over (the match's skip, less those already held). */
  skip: number;
  resolve: (delivery: Delivery | undefined) => void;
  timer: NodeJS.Timeout;
}

interface Script {
  match: Match;
  status: number;
  times: number;
}

export interface Arrival {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
  /** Set when the body was cut off at the size limit. */
  oversized?: number;
}

export class Inbox {
  readonly deliveries: Delivery[] = [];
  private readonly waiters = new Set<Waiter>();
  private readonly scripts: Script[] = [];

  constructor(private readonly expectedKey?: string) {}

  /** Records and judges a delivery; returns the status to answer. */
  receive(arrival: Arrival): Delivery {
    const headers: Record<string, string> = {};
    const credentials: string[] = [];
    let carriesKey = false;
    for (const [name, value] of Object.entries(arrival.headers)) {
      const text = Array.isArray(value) ? value.join(', ') : (value ?? '');
      if (CREDENTIAL_HEADERS.test(name)) {
        credentials.push(name);
        if (this.expectedKey && (text === this.expectedKey || text === `Bearer ${this.expectedKey}`)) carriesKey = true;
        headers[name] = '(credential)';
      } else {
        headers[name] = text;
      }
    }
    const problems: string[] = [];
    const findings: Finding[] = [];
    let body: unknown;
    let kind: Delivery['kind'];
    const contentType = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (arrival.oversized !== undefined) {
      problems.push(`the body is ${arrival.oversized} bytes, over the listener's limit`);
    } else if (contentType !== 'application/json' && !contentType.endsWith('+json')) {
      problems.push(`Content-Type is ${JSON.stringify(headers['content-type'] ?? '')}, not application/json`);
    }
    if (arrival.oversized === undefined) {
      try {
        body = JSON.parse(arrival.raw.toString('utf8'));
      } catch {
        problems.push('the body is not valid JSON');
        body = arrival.raw.toString('utf8').slice(0, 200);
      }
    }
    const isolation = problems.length === 0 ? judgeIsolation(arrival.path, body) : { judged: false };
    if (problems.length === 0) {
      const verdict = judge(body);
      kind = verdict.kind;
      findings.push(...verdict.findings);
      if (isolation.problem) findings.push({ rule: 'WH-OWN-CARRIER', problem: isolation.problem });
    } else {
      findings.push(...problems.map((problem) => ({ rule: 'WH-DELIVERY-VALID', problem })));
    }
    const delivery: Delivery = {
      seq: this.deliveries.length + 1,
      method: arrival.method,
      path: arrival.path,
      headers,
      credentials,
      body,
      raw: arrival.raw.subarray(0, RAW_KEPT_BYTES).toString('utf8'),
      size: arrival.oversized ?? arrival.raw.length,
      receivedAt: Date.now(),
      ...(kind ? { kind } : {}),
      findings,
      ownCarrierJudged: isolation.judged,
      answered: 200,
    };
    if (this.expectedKey && !carriesKey) {
      delivery.answered = 401;
      delivery.keyRefused = true;
      delivery.findings = [];
      delivery.ownCarrierJudged = false;
    } else {
      const script = this.scripts.find((s) => matcher(s.match)(delivery));
      if (script) {
        delivery.answered = script.status;
        if (--script.times <= 0) this.scripts.splice(this.scripts.indexOf(script), 1);
      }
    }
    this.deliveries.push(delivery);
    // Each waiter has seen every earlier delivery: only the new one is offered (a rescan per arrival
    // made the listener quadratic in the run's deliveries and slowed every worker waiting on it).
    for (const waiter of [...this.waiters]) if (waiter.test(delivery) && waiter.skip-- <= 0) this.settle(waiter, delivery);
    return delivery;
  }

  find(match: Match): Delivery | undefined {
    const test = matcher(match);
    let skip = match.skip ?? 0;
    for (const delivery of this.deliveries) {
      if (!test(delivery)) continue;
      if (skip-- <= 0) return delivery;
    }
    return undefined;
  }

  /** Resolves with the first matching delivery, now or when it arrives; undefined after the timeout. */
  waitFor(match: Match, timeoutMs: number): Promise<Delivery | undefined> {
    return new Promise((resolve) => {
      const test = matcher(match);
      let skip = match.skip ?? 0;
      for (const delivery of this.deliveries) {
        if (test(delivery) && skip-- <= 0) return resolve(delivery);
      }
      const waiter: Waiter = {
        test,
        skip,
        resolve,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          resolve(undefined);
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** Answers `status` to the next `times` deliveries matching, to observe retries. */
  script(match: Match, status: number, times = 1): void {
    this.scripts.push({ match, status, times });
  }

  close(): void {
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve(undefined);
    }
    this.waiters.clear();
  }

  private settle(waiter: Waiter, delivery: Delivery): void {
    clearTimeout(waiter.timer);
    this.waiters.delete(waiter);
    waiter.resolve(delivery);
  }
}
