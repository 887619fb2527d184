// Every delivery of the run, judged on arrival, and the waiters that want one. Lives in the listener's
// process; workers reach it through the control endpoint.
import { judge, type Finding } from './classify';
import { judgeIsolation } from './isolation';
import {
  COUNTED_WAIT_MS,
  judgeEarlyEnded,
  SilenceWatch,
  type EarlyOutcome,
  type EndedEarly,
  type PushesStopped,
  type SenderChange,
  type WaitAbout,
} from './silence';
import { matcher, type Delivery, type Match } from './types';

/** Waits whose deadlines lie this close to the earliest one's are waited out with it (earlyOutcomes). */
const WAITED_TOGETHER_MS = 50;

const NOT_JSON = 'the body is not valid JSON';

/** How much of each raw body is kept: enough to read any real delivery, bounded for oversized ones. */
export const RAW_KEPT_BYTES = 64 * 1024;

const CREDENTIAL_HEADERS = new RegExp(
  '^(x-api-key|authorization|x-application-key|x-app-key|x-webhook-key|x-signature.*|x-hub-signature.*|' +
    'proxy-authorization)$',
);

interface Waiter {
  id: number;
  test: (delivery: Delivery) => boolean;
  match: Match;
  about: WaitAbout;
  startedAt: number;
  timeoutMs: number;
  /** Matching deliveries still to pass over (the match's skip, less those already held). */
  skip: number;
  resolve: (result: WaitResult) => void;
  timer: NodeJS.Timeout;
}

/** What a wait found: the delivery, or none, and whether it ended early because the pushes had stopped. */
export interface WaitResult {
  delivery?: Delivery;
  endedEarly?: PushesStopped;
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
  /** Waits that ended before their time because the pushes had stopped: the run's end judges them whole. */
  readonly endedEarly: EndedEarly[] = [];
  private readonly silence: SilenceWatch;

  /** Groups one of whose waits got its delivery: the push the group waited for came. */
  private readonly metGroups = new Set<string>();
  private nextWaiter = 1;

  /** `onChange`: told when the pushes are taken to have stopped, and when they come again; `silence`: for tests. */
  constructor(
    private readonly expectedKey?: string,
    onChange?: (change: SenderChange) => void,
    silence?: (timeoutMs: number) => number,
  ) {
    this.silence = new SilenceWatch((change) => {
      if ('stopped' in change) this.endOpenWaits(change.stopped);
      onChange?.(change);
    }, silence);
  }

  /** Set while the target's pushes are taken to have stopped (silence.ts). */
  get stopped(): PushesStopped | undefined {
    return this.silence.stopped;
  }

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
        problems.push(NOT_JSON);
        body = arrival.raw.toString('utf8').slice(0, 200);
      }
    }
    findings.push(...problems.map((problem) => ({ rule: 'WH-DELIVERY-VALID', problem })));
    // A JSON body under a wrong Content-Type is still read: it breaks WH-DELIVERY-VALID, and is still the
    // push a test waits for, so that test's wait ends when it arrives (a wrong header must not cost
    // every wait of the run its whole length).
    const parsed = arrival.oversized === undefined && !problems.includes(NOT_JSON);
    const isolation = parsed ? judgeIsolation(arrival.path, body) : { judged: false };
    if (parsed) {
      const verdict = judge(body);
      kind = verdict.kind;
      findings.push(...verdict.findings);
      if (isolation.problem) findings.push({ rule: 'WH-OWN-CARRIER', problem: isolation.problem });
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
    if (delivery.keyRefused) this.silence.refused();
    else this.silence.arrived(delivery.receivedAt);
    // Each waiter has seen every earlier delivery: only the new one is offered (a rescan per arrival
    // made the listener quadratic in the run's deliveries and slowed every worker waiting on it).
    for (const waiter of [...this.waiters])
      if (waiter.test(delivery) && waiter.skip-- <= 0) this.settle(waiter, { delivery });
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

  /**
   * The first matching delivery, now or when it arrives; none after the timeout, or sooner while the
   * target's pushes have stopped (then `endedEarly` says since when, and the run's end judges it whole).
   */
  wait(match: Match, timeoutMs: number, about: WaitAbout = {}): Promise<WaitResult> {
    return new Promise((resolve) => {
      const test = matcher(match);
      // Its group's push already came (another of its waits found it): nothing more to wait for.
      if (about.group && this.metGroups.has(about.group)) return resolve({});
      let skip = match.skip ?? 0;
      for (const delivery of this.deliveries) {
        if (!test(delivery) || skip-- > 0) continue;
        if (about.group) this.groupMet(about.group);
        return resolve({ delivery });
      }
      const startedAt = Date.now();
      const stopped = this.silence.stopped;
      if (stopped && timeoutMs >= COUNTED_WAIT_MS) {
        this.endedEarly.push({ match, ...about, startedAt, timeoutMs });
        return resolve({ endedEarly: stopped });
      }
      const waiter: Waiter = {
        id: this.nextWaiter++,
        test,
        match,
        about,
        startedAt,
        timeoutMs,
        skip,
        resolve,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          resolve({});
        }, timeoutMs),
      };
      this.waiters.add(waiter);
      this.silence.opened(waiter.id, timeoutMs);
    });
  }

  /** The pushes stopped: the waits for them end now, each kept for the run's end to judge whole. */
  private endOpenWaits(stopped: PushesStopped): void {
    for (const waiter of [...this.waiters]) {
      if (waiter.timeoutMs < COUNTED_WAIT_MS) continue;
      this.endedEarly.push({
        match: waiter.match,
        ...waiter.about,
        startedAt: waiter.startedAt,
        timeoutMs: waiter.timeoutMs,
      });
      this.settle(waiter, { endedEarly: stopped });
    }
  }

  /**
   * The early-ended waits, each judged over its whole length. When none has run its length yet, the
   * earliest is waited out first (at most `maxWaitMs`), so a target that pushes nothing is judged on one; with it the
   * waits begun with it (deadlines within WAITED_TOGETHER_MS), which a busy machine starts a few milliseconds apart.
   */
  async earlyOutcomes(maxWaitMs = Number.POSITIVE_INFINITY): Promise<EarlyOutcome[]> {
    const deadlines = this.endedEarly.map((w) => w.startedAt + w.timeoutMs);
    const first = Math.min(...deadlines);
    const together = Math.max(...deadlines.filter((d) => d - first <= WAITED_TOGETHER_MS));
    // One millisecond past it: a timer may fire a little before the clock reads the deadline.
    const wait = Math.min(together + 1 - Date.now(), maxWaitMs);
    if (deadlines.length && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return judgeEarlyEnded(this.endedEarly, (wait, deadline) => {
      if (wait.group && this.metGroups.has(wait.group)) return true;
      const match = wait.whole ?? wait.match;
      const test = matcher(match);
      let count = 0;
      for (const delivery of this.deliveries) if (delivery.receivedAt <= deadline && test(delivery)) count++;
      return count > (match.skip ?? 0);
    });
  }

  /** Answers `status` to the next `times` deliveries matching, to observe retries. */
  script(match: Match, status: number, times = 1): void {
    this.scripts.push({ match, status, times });
  }

  close(): void {
    this.silence.dispose();
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve({});
    }
    this.waiters.clear();
  }

  private settle(waiter: Waiter, result: WaitResult): void {
    clearTimeout(waiter.timer);
    this.waiters.delete(waiter);
    waiter.resolve(result);
    if (result.delivery && waiter.about.group) this.groupMet(waiter.about.group);
  }

  /** The group's push came: its other waits want nothing more, and say nothing of the sender. */
  private groupMet(group: string): void {
    this.metGroups.add(group);
    for (const sibling of [...this.waiters]) {
      if (sibling.about.group !== group) continue;
      this.silence.withdrawn(sibling.id);
      this.settle(sibling, {});
    }
  }
}
