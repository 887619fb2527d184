// When a target's pushes stop altogether (a sender misconfigured, a listener never registered), every
// test waiting for one would wait its whole length: a run ten times longer than a good one. The
// listener watches the silence instead and, once no conformant sender explains it, ends the waits early.
import type { Match } from './types';

/** Pushes waited for in one stretch with nothing delivered before the pushes are taken to have stopped. */
export const SILENT_WAITS = 3;
/** A shorter wait looks for a push that must not come, or one already due: it says nothing of the sender. */
export const COUNTED_WAIT_MS = 1000;
/** The least silence taken for stopped pushes, whatever the wait: slow senders push seconds late. */
export const MIN_SILENCE_MS = 5000;

/**
 * How long nothing may arrive while pushes are due before they are taken to have stopped: a third of
 * the wait, at least MIN_SILENCE_MS, never more than the wait. A sender slower than that is not failed
 * for it: its waits end early and the run's end judges each against its whole wait.
 */
export const silenceFor = (timeoutMs: number) => Math.min(timeoutMs, Math.max(MIN_SILENCE_MS, timeoutMs / 3));

/** The target's pushes stopped: nothing arrived for the silence while SILENT_WAITS pushes were due. */
export interface PushesStopped {
  /** Epoch ms of the last delivery (or of the listener's start, when none came). */
  since: number;
  at: number;
  /** Deliveries refused meanwhile for want of the expected key. */
  refusedForKey: number;
}

/** What a wait is for: the rule its push proves, and the group of waits any one of which is that push. */
export interface WaitAbout {
  rule?: string;
  group?: string;
}

/** A wait ended before its time because the pushes had stopped: the run's end judges it whole. */
export interface EndedEarly extends WaitAbout {
  match: Match;
  startedAt: number;
  timeoutMs: number;
}

/** An early-ended wait judged over its whole length: met (its push came in time), missed, or still open. */
export interface EarlyOutcome extends EndedEarly {
  outcome: 'met' | 'missed' | 'open';
}

export class SilenceWatch {
  /** Set while the target pushes nothing; a delivery clears it. */
  stopped?: PushesStopped;
  private lastArrivalAt = Date.now();
  private refusedForKey = 0;
  private declared = false;
  /**
   * Waits opened since the last delivery; `over` once its silence passed, by the timer rather than the
   * clock (a timer may fire a millisecond early by Date.now).
   */
  private stretch?: { opened: number; over: boolean; timer: NodeJS.Timeout };

  /** `onStopped`: told each time the pushes are taken to have stopped, `first` the first time in the run. */
  constructor(
    private readonly onStopped: (stopped: PushesStopped, first: boolean) => void,
    private readonly silenceOf: (timeoutMs: number) => number = silenceFor,
  ) {}

  /** A wait of `timeoutMs` opened while pushes were not taken to have stopped. */
  opened(timeoutMs: number): void {
    if (timeoutMs < COUNTED_WAIT_MS || this.stopped) return;
    if (!this.stretch) {
      const stretch = { opened: 0, over: false, timer: setTimeout(() => ((stretch.over = true), this.check()), this.silenceOf(timeoutMs)) };
      stretch.timer.unref();
      this.stretch = stretch;
    }
    this.stretch.opened++;
    this.check();
  }

  /** A delivery came: whatever was taken of the sender no longer holds. */
  arrived(at: number): void {
    this.lastArrivalAt = at;
    this.stopped = undefined;
    this.endStretch();
  }

  /** A post refused for want of the key: not a push, but the line names how many came. */
  refused(): void {
    this.refusedForKey++;
  }

  dispose(): void {
    this.endStretch();
  }

  private check(): void {
    const stretch = this.stretch;
    if (!stretch || !stretch.over || stretch.opened < SILENT_WAITS) return;
    this.endStretch();
    this.stopped = { since: this.lastArrivalAt, at: Date.now(), refusedForKey: this.refusedForKey };
    const first = !this.declared;
    this.declared = true;
    this.onStopped(this.stopped, first);
  }

  private endStretch(): void {
    if (this.stretch) clearTimeout(this.stretch.timer);
    this.stretch = undefined;
  }
}

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** Why a wait ended sooner than asked, for the message of the test that made it. */
export function stoppedClause(s: PushesStopped): string {
  const refused = s.refusedForKey ? ` (${s.refusedForKey} posts refused for want of CIS_WEBHOOK_KEY)` : '';
  return `the target has pushed nothing since ${clock(s.since)} UTC${refused}; the run's end judges the wait whole`;
}

/** The one line the run says when the pushes stop, with what to check. */
export function stoppedLine(s: PushesStopped, urls: readonly string[]): string {
  const refused = s.refusedForKey
    ? ` (${s.refusedForKey} deliveries refused for want of CIS_WEBHOOK_KEY: check the key the target sends)`
    : '';
  return (
    `carrier-conformance: no webhook delivery since ${clock(s.since)} UTC, though ${SILENT_WAITS} pushes were due${refused}; ` +
    `check that the target pushes to ${urls.join(' and ')}, that it reaches the listener's address (CIS_WEBHOOK_LISTEN) ` +
    `and sends the listener's key (CIS_WEBHOOK_KEY); webhook waits now end early and the run's end judges each whole`
  );
}

/**
 * Each early-ended wait judged over its whole length against every delivery of the run, as the wait
 * itself would have judged it (the match's skip counted from the first delivery); a group is met when
 * any of its waits is, missed when all are.
 */
export function judgeEarlyEnded(
  ended: readonly EndedEarly[],
  metBy: (wait: EndedEarly, deadline: number) => boolean,
  now = Date.now(),
): EarlyOutcome[] {
  const one = (wait: EndedEarly): EarlyOutcome['outcome'] => {
    const deadline = wait.startedAt + wait.timeoutMs;
    if (metBy(wait, deadline)) return 'met';
    return now >= deadline ? 'missed' : 'open';
  };
  const groups = new Map<string, EarlyOutcome[]>();
  const outcomes: EarlyOutcome[] = [];
  for (const wait of ended) {
    const judged = { ...wait, outcome: one(wait) };
    if (!wait.group) outcomes.push(judged);
    else groups.set(wait.group, [...(groups.get(wait.group) ?? []), judged]);
  }
  for (const members of groups.values()) {
    const outcome = members.some((m) => m.outcome === 'met') ? 'met' : members.every((m) => m.outcome === 'missed') ? 'missed' : 'open';
    outcomes.push({ ...members[0]!, outcome });
  }
  return outcomes;
}
