// Whether the target still answers. A staging whose database locked, or a gateway that holds or resets
// every connection, leaves each test waiting out its own request timeouts: a run with no verdict after
// many minutes. Per origin, across the run's workers (through files next to CIS_STOP_FILE, as
// Playwright replaces a worker after each failed test): when requests to an origin went unanswered for
// three request timeouts from the first of them, at least three of them, and no request to it got an
// answer meanwhile (a stretch no conformant target shows: every test sends requests), the target has
// stopped answering. The run stops then, all of it (the service and its mock base are one target): the
// workers send nothing more and CIS_STOP_FILE is written, which the command line watches to end the
// run with exit 2 and one line, keeping what was judged before. An answer ends a stretch by removing its
// file; a worker's update racing that removal can at worst keep an old stretch a moment longer.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Unanswered requests within the stretch before the target is taken to have stopped. */
const FAILURES = 3;
/** The stretch, in request timeouts. */
const TIMEOUTS = 3;

export interface Stopped {
  /** Epoch ms of the last answer the target gave (or of the first request, when none was answered). */
  since: number;
  at: number;
  origin: string;
  unanswered: number;
  /** What the last unanswered request met: "GET /v1/lockers: no answer within 10 s". */
  last: string;
}

/** The stretch so far, shared by the run's workers (a worker is replaced after a failed test). */
interface Stretch {
  since: number;
  unanswered: number;
}

export class TargetWatch {
  private lastAnswerAt?: number;
  private stretch?: Stretch;
  stopped?: Stopped;

  /** `stopFile`: where the stop is written for the command line; the stretch is kept next to it. */
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

  private get stretchFile(): string | undefined {
    return this.stopFile && `${this.stopFile}.${encodeURIComponent(this.origin)}.stretch`;
  }

  answered(now = Date.now()): void {
    this.lastAnswerAt = now;
    this.stretch = undefined;
    // An answer ends the stretch for every worker; a file only exists once a request went unanswered.
    if (this.stretchFile && existsSync(this.stretchFile)) rmSync(this.stretchFile, { force: true });
  }

  /** An unanswered request; returns the stop when this one makes it. */
  unansweredRequest(problem: string, timeoutMs: number, now = Date.now()): Stopped | undefined {
    if (this.stopped) return this.stopped;
    const shared = this.stretchFile ? readJson<Stretch>(this.stretchFile) : this.stretch;
    // A stretch starts at its first unanswered request: a worker's own last answer may be long past
    // (it waited on a webhook) while others' requests were answered.
    const stretch: Stretch = shared && shared.since >= (this.lastAnswerAt ?? 0) ? { since: shared.since, unanswered: shared.unanswered + 1 } : { since: now, unanswered: 1 };
    this.stretch = stretch;
    if (this.stretchFile) writeQuietly(this.stretchFile, JSON.stringify(stretch));
    if (stretch.unanswered < FAILURES || now - stretch.since < TIMEOUTS * timeoutMs) return undefined;
    this.stopped = { since: stretch.since, at: now, origin: this.origin, unanswered: stretch.unanswered, last: problem };
    // The first worker to see it writes it; the others find it there.
    if (this.stopFile) writeQuietly(this.stopFile, JSON.stringify(this.stopped), 'wx');
    return this.stopped;
  }
}

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Written where it can be: a directory gone or a file another worker wrote first changes nothing. */
function writeQuietly(path: string, text: string, flag = 'w'): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text, { flag });
  } catch {
    // The run is stopping, or another worker's record stands.
  }
}

const time = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** The one line the run ends with. */
export function stoppedLine(s: Stopped): string {
  return `the target at ${s.origin} stopped answering at ${time(s.since)} UTC: ${s.unanswered} requests in ${Math.round((s.at - s.since) / 1000)} s got no answer (the last: ${s.last}); the run stopped at ${time(s.at)} UTC, reports keep what was judged before`;
}

const watches = new Map<string, TargetWatch>();

/** The worker's watch of the target at `url`'s origin. */
export function watchOf(url: string, stopFile = process.env['CIS_STOP_FILE']): TargetWatch {
  const origin = new URL(url).origin;
  let watch = watches.get(origin);
  if (!watch) watches.set(origin, (watch = new TargetWatch(origin, stopFile)));
  return watch;
}
