// Whether the target still answers. A staging whose database locked, or a gateway that holds or resets
// every connection, leaves each test waiting out its own request timeouts: a run with no verdict after
// many minutes. Per origin, across the run's workers (through files next to CIS_STOP_FILE, as
// Playwright replaces a worker after each failed test): when requests to an origin went unanswered for
// three request timeouts from the first of them, at least three of them, and no request to it got an
// answer meanwhile (a stretch no conformant target shows: every test sends requests), the target has
// stopped answering. The same per operation (method and path template), so that a staging whose write
// path locked while its reads still answer is said too: each answered read would end the origin's
// stretch. The run stops then, all of it (the service and its mock base are one target): the workers
// send nothing more and CIS_STOP_FILE is written, which the command line watches to end the run with
// exit 2 and one line, keeping what was judged before. An answer ends a stretch by removing its file; a
// worker's update racing that removal can at worst keep an old stretch a moment longer.
import { existsSync, rmSync } from 'node:fs';
import { readJson, recordsBeside, writeQuietly } from './watch-files';

/** Unanswered requests within the stretch before the target is taken to have stopped. */
const FAILURES = 3;
/** The stretch, in request timeouts. */
const TIMEOUTS = 3;
/**
 * An operation's stretch lapses when its unanswered requests lie further apart than this, in request
 * timeouts: an operation a run calls rarely must not add up blips minutes apart into a stop.
 */
const LAPSE_TIMEOUTS = 10;

export interface StoppedOperation {
  /** The method and path template the client called: "PATCH /v1/lockers/{uid}". */
  operation: string;
  since: number;
  unanswered: number;
}

export interface Stopped {
  /** Epoch ms of the first unanswered request of the stretch that made the stop. */
  since: number;
  at: number;
  origin: string;
  unanswered: number;
  /** What the last unanswered request met: "GET /v1/lockers: no answer within 10 s". */
  last: string;
  /** When operations stopped while others still answered: those, the one that made the stop first. */
  operations?: StoppedOperation[];
  /** The operations answered after the first of them stopped, as far as the workers recorded them. */
  answering?: string[];
}

/** The stretch so far, shared by the run's workers (a worker is replaced after a failed test). */
interface Stretch {
  since: number;
  unanswered: number;
}

/** An operation's stretch, with its latest unanswered request. */
interface OperationStretch extends Stretch, StoppedOperation {
  origin: string;
  latest: number;
}

/** A worker's latest answer per operation, written once it meets an unanswered request. */
interface Answers {
  origin: string;
  at: Record<string, number>;
}

let watchesMade = 0;

export class TargetWatch {
  private lastAnswerAt?: number;
  private stretch?: Stretch;
  /** This worker's latest answer per operation. */
  private readonly answers = new Map<string, number>();
  /** The operations' stretches where no files keep them (no CIS_STOP_FILE). */
  private readonly stretches = new Map<string, OperationStretch>();
  stopped?: Stopped;
  /** Names this watch's record of answers among the workers'. */
  private readonly id = `${process.pid}-${++watchesMade}`;

  /** `stopFile`: where the stop is written for the command line; the stretches are kept next to it. */
  constructor(
    private readonly origin: string,
    private readonly stopFile: string | undefined,
  ) {
    if (stopFile) this.stopped = readJson<Stopped>(stopFile);
  }

  /** The stop, this worker's or another's. */
  halted(): Stopped | undefined {
    if (!this.stopped && this.stopFile && existsSync(this.stopFile)) this.stopped = readJson<Stopped>(this.stopFile);
    return this.stopped;
  }

  private file(suffix: string): string | undefined {
    return this.stopFile && `${this.stopFile}.${encodeURIComponent(this.origin)}${suffix}`;
  }

  private get stretchFile(): string | undefined {
    return this.file('.stretch');
  }

  private operationFile(operation: string): string | undefined {
    return this.file(`.${encodeURIComponent(operation)}.op-stretch`);
  }

  /** An answer; `operation` (method and path template) where the request was an operation's. */
  answered(operation?: string, now = Date.now()): void {
    this.lastAnswerAt = now;
    this.stretch = undefined;
    // An answer ends the stretch for every worker; a file only exists once a request went unanswered.
    if (this.stretchFile && existsSync(this.stretchFile)) rmSync(this.stretchFile, { force: true });
    if (operation === undefined) return;
    this.answers.set(operation, now);
    this.stretches.delete(operation);
    const file = this.operationFile(operation);
    if (file && existsSync(file)) rmSync(file, { force: true });
  }

  /** An unanswered request; returns the stop when this one makes it. */
  unansweredRequest(
    operation: string | undefined,
    problem: string,
    timeoutMs: number,
    now = Date.now(),
  ): Stopped | undefined {
    if (this.stopped) return this.stopped;
    const shared = this.stretchFile ? readJson<Stretch>(this.stretchFile) : this.stretch;
    // A stretch starts at its first unanswered request: a worker's own last answer may be long past
    // (it waited on a webhook) while others' requests were answered.
    const stretch: Stretch =
      shared && shared.since >= (this.lastAnswerAt ?? 0)
        ? { since: shared.since, unanswered: shared.unanswered + 1 }
        : { since: now, unanswered: 1 };
    this.stretch = stretch;
    if (this.stretchFile) writeQuietly(this.stretchFile, JSON.stringify(stretch));
    if (stretch.unanswered >= FAILURES && now - stretch.since >= TIMEOUTS * timeoutMs) {
      const { since, unanswered } = stretch;
      return this.stop({ since, at: now, origin: this.origin, unanswered, last: problem });
    }
    if (operation === undefined) return undefined;
    const own = this.operationStretch(operation, timeoutMs, now);
    if (own.unanswered < FAILURES || now - own.since < TIMEOUTS * timeoutMs) return undefined;
    // Not the origin's stop, so another operation was answered within this one's stretch.
    const open = this.openStretches(timeoutMs, now).filter((s) => s.operation !== operation);
    const stopped = [own, ...open.sort((a, b) => a.since - b.since)];
    const since = Math.min(...stopped.map((s) => s.since));
    const names = new Set(stopped.map((s) => s.operation));
    const answering = this.answeredSince(since).filter((o) => !names.has(o));
    return this.stop({
      since,
      at: now,
      origin: this.origin,
      unanswered: stopped.reduce((n, s) => n + s.unanswered, 0),
      last: problem,
      operations: stopped.map((s) => ({ operation: s.operation, since: s.since, unanswered: s.unanswered })),
      answering,
    });
  }

  private stop(stopped: Stopped): Stopped {
    this.stopped = stopped;
    // The first worker to see it writes it; the others find it there.
    if (this.stopFile) writeQuietly(this.stopFile, JSON.stringify(stopped), 'wx');
    return stopped;
  }

  /** The operation's stretch with this request counted, kept for the workers. */
  private operationStretch(operation: string, timeoutMs: number, now: number): OperationStretch {
    const file = this.operationFile(operation);
    const shared = file ? readJson<OperationStretch>(file) : this.stretches.get(operation);
    const goesOn =
      shared && shared.since >= (this.answers.get(operation) ?? 0) && now - shared.latest <= LAPSE_TIMEOUTS * timeoutMs;
    const counted = goesOn ? { since: shared.since, unanswered: shared.unanswered + 1 } : { since: now, unanswered: 1 };
    const stretch: OperationStretch = { origin: this.origin, operation, latest: now, ...counted };
    if (file) writeQuietly(file, JSON.stringify(stretch));
    else this.stretches.set(operation, stretch);
    // What this worker saw answered, for the line should another worker's request make the stop.
    const answers: Answers = { origin: this.origin, at: Object.fromEntries(this.answers) };
    if (this.stopFile) writeQuietly(this.file(`.${this.id}.answers`)!, JSON.stringify(answers));
    return stretch;
  }

  /** The operations' stretches not lapsed, every worker's. */
  private openStretches(timeoutMs: number, now: number): OperationStretch[] {
    const all = this.stopFile
      ? recordsBeside<OperationStretch>(this.stopFile, '.op-stretch')
      : [...this.stretches.values()];
    return all.filter((s) => s.origin === this.origin && now - s.latest <= LAPSE_TIMEOUTS * timeoutMs);
  }

  /** The operations answered at or after `since`, by any worker that recorded them, by name. */
  private answeredSince(since: number): string[] {
    const records = this.stopFile ? recordsBeside<Answers>(this.stopFile, '.answers') : [];
    const latest = new Map(this.answers);
    for (const r of records.filter((r) => r.origin === this.origin)) {
      for (const [op, at] of Object.entries(r.at)) latest.set(op, Math.max(at, latest.get(op) ?? 0));
    }
    return [...latest]
      .filter(([, at]) => at >= since)
      .map(([op]) => op)
      .sort();
  }
}

const time = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** The one line the run ends with. */
export function stoppedLine(s: Stopped): string {
  const seconds = Math.round((s.at - s.since) / 1000);
  const end = `the run stopped at ${time(s.at)} UTC, reports keep what was judged before`;
  const head = (what: string) => `the target at ${s.origin} stopped answering ${what}at ${time(s.since)} UTC`;
  const took = (to: string) => `${s.unanswered} requests${to} in ${seconds} s got no answer (the last: ${s.last})`;
  if (!s.operations) return `${head('')}: ${took('')}; ${end}`;
  const names = s.operations.map((o) => o.operation).join(', ');
  const to = s.operations.length === 1 ? ' to it' : ' to them';
  const answering = s.answering?.length ? s.answering : ['other operations'];
  const verb = s.answering?.length === 1 ? 'answers' : 'answer';
  return `${head(`${names} `)}: ${took(to)} while ${answering.join(', ')} still ${verb}; ${end}`;
}

const watches = new Map<string, TargetWatch>();

/** The worker's watch of the target at `url`'s origin. */
export function watchOf(url: string, stopFile = process.env['CIS_STOP_FILE']): TargetWatch {
  const origin = new URL(url).origin;
  let watch = watches.get(origin);
  if (!watch) watches.set(origin, (watch = new TargetWatch(origin, stopFile)));
  return watch;
}
