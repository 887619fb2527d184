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

/**
 * What a wait is for: the rule its push proves, the group of waits any one of which is that push, and
 * the match the run's end judges it by when it ended early (the match itself unless a looser one is
 * what the test would have taken as the push).
 */
export interface WaitAbout {
  rule?: string;
  group?: string;
  whole?: Match;
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

/** How the sender's state changed: its pushes stopped, or came again after a stop. */
export type SenderChange = { stopped: PushesStopped } | { resumed: { at: number; stoppedAt: number } };

export class SilenceWatch {
  /** Set while the target pushes nothing; a delivery clears it. */
  stopped?: PushesStopped;
  private lastArrivalAt = Date.now();
  private refusedForKey = 0;
  /** Pushes came again after a stop: the sender is slow, and from now on every wait is given its length. */
  private slowSender = false;
  /**
   * The waits opened since the last delivery and not withdrawn, by id; `overdue` once the wait's silence
   * passed with nothing arrived (set by its timer, not read off the clock: a timer may fire a
   * millisecond early by Date.now). A wait that ran out empty stays: it was overdue all the same.
   */
  private readonly stretch = new Map<number, { overdue: boolean; timer: NodeJS.Timeout }>();

  /** `onChange`: told when the pushes are taken to have stopped, and when a delivery comes after that. */
  constructor(
    private readonly onChange: (change: SenderChange) => void,
    private readonly silenceOf: (timeoutMs: number) => number = silenceFor,
  ) {}

  /** Wait `id`, of `timeoutMs`, opened while pushes were not taken to have stopped. */
  opened(id: number, timeoutMs: number): void {
    if (timeoutMs < COUNTED_WAIT_MS || this.stopped) return;
    const silence = this.slowSender ? timeoutMs : this.silenceOf(timeoutMs);
    const entry = { overdue: false, timer: setTimeout(() => ((entry.overdue = true), this.check()), silence) };
    entry.timer.unref();
    this.stretch.set(id, entry);
  }

  /** Wait `id` no longer wants its push (another wait of its group got it): it says nothing of the sender. */
  withdrawn(id: number): void {
    const entry = this.stretch.get(id);
    if (entry) clearTimeout(entry.timer);
    this.stretch.delete(id);
  }

  /** A delivery came: whatever was taken of the sender no longer holds. */
  arrived(at: number): void {
    this.lastArrivalAt = at;
    this.endStretch();
    if (!this.stopped) return;
    const stoppedAt = this.stopped.at;
    this.stopped = undefined;
    this.slowSender = true;
    this.onChange({ resumed: { at, stoppedAt } });
  }

  /** A post refused for want of the key: not a push, but the line names how many came. */
  refused(): void {
    this.refusedForKey++;
  }

  dispose(): void {
    this.endStretch();
  }

  /** SILENT_WAITS waits each overdue, nothing arrived since the first opened: the pushes stopped. */
  private check(): void {
    let overdue = 0;
    for (const entry of this.stretch.values()) if (entry.overdue) overdue++;
    if (overdue < SILENT_WAITS || this.stopped) return;
    this.endStretch();
    this.stopped = { since: this.lastArrivalAt, at: Date.now(), refusedForKey: this.refusedForKey };
    this.onChange({ stopped: this.stopped });
  }

  private endStretch(): void {
    for (const entry of this.stretch.values()) clearTimeout(entry.timer);
    this.stretch.clear();
  }
}

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 19);

/** Why a wait ended sooner than asked, for the message of the test that made it. */
export function stoppedClause(s: PushesStopped): string {
  const refused = s.refusedForKey ? ` (${s.refusedForKey} posts refused for want of CIS_WEBHOOK_KEY)` : '';
  return `the target has pushed nothing since ${clock(s.since)} UTC${refused}`;
}

/** How a test's skip reason begins when a webhook wait of it ended early: the verdict counts the test cut short. */
export const ENDED_EARLY = 'a webhook wait ended early';

/** The line the run says when pushes come again after a stop: the sender is slow, not off. */
export function resumedLine(r: { at: number; stoppedAt: number }): string {
  return (
    `carrier-conformance: webhook deliveries came again at ${clock(r.at)} UTC, ` +
    `${((r.at - r.stoppedAt) / 1000).toFixed(1)} s ` +
    `after they were taken to have stopped: the target pushes slower than a third of CIS_WEBHOOK_WAIT_MS; ` +
    `the waits ended ` +
    `early are judged whole at the run's end, and later waits run their whole length`
  );
}

/** The one line the run says when the pushes stop, with what to check. */
export function stoppedLine(s: PushesStopped, urls: readonly string[]): string {
  const refused = s.refusedForKey
    ? ` (${s.refusedForKey} deliveries refused for want of CIS_WEBHOOK_KEY: check the key the target sends)`
    : '';
  return (
    `carrier-conformance: no webhook delivery since ${clock(s.since)} UTC, though ${SILENT_WAITS} webhook waits ` +
    `ran a third of their length or more (at least 5 s)${refused}; ` +
    `check that the target pushes to ${urls.join(' and ')}, that it reaches the listener's address ` +
    `(CIS_WEBHOOK_LISTEN) ` +
    `and sends the listener's key (CIS_WEBHOOK_KEY); webhook waits now end early, and the run's end judges each ` +
    `whose push a rule needs over its whole length`
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
    const outcome = members.some((m) => m.outcome === 'met')
      ? 'met'
      : members.every((m) => m.outcome === 'missed')
        ? 'missed'
        : 'open';
    outcomes.push({ ...members[0]!, outcome });
  }
  return outcomes;
}
