// The webhook rules that tie a recorded request to the delivery it causes (§6): a create accepted, then
// a LockerUpdates with its uid; a status change the traffic tells (status-changes.ts), then a
// LockerUpdates with its uid showing the status; a cancel accepted, then a ParcelUpdates for its parcel. Judged only
// where the deliveries' recording shows that carrier's events (one of its creates or cancels, of either
// kind, was delivered: the endpoint recorded is that carrier's) and went on for the wait a run gives a
// push after the request. §6 states no delivery time, so any later delivery counts.
import { causedPushJudgement, PUSH_RULE } from '../../judgements/caused-pushes';
import { wholeUntil, type Recording } from '../../evidence/recording';
import type { TrafficEvidence } from '../evidence';
import type { RecordedDelivery } from '../recorded/delivery';
import type { TrafficRule } from './traffic-rule';

interface Cause {
  /** The identifiers a delivery about it may carry (a parcel's carrierParcelId and shipmentUid). */
  ids: string[];
  carrier: string;
  at: number;
  place: string;
  /** A status change: the status a delivery about it carries. */
  shows?: string;
  /** A status change: when the locker's next status request began; a push after it may be that one's. */
  until?: number;
  /** A status change: the carrier's and the provider's status the locker showed before it. */
  was?: unknown[];
  /** A parcel's status two lists showed apart: the change came by then (the later list's answer). */
  by?: number;
  /** A parcel's status two lists showed apart: the one the earlier showed. */
  from?: string;
}

/** How far a webhook recorder's clock may run behind the traffic's before a status push counts as earlier than its
 * change. */
export const CLOCK_SKEW_MS = 250;

const RULES = {
  locker: { rule: PUSH_RULE.created, webhook: 'LockerUpdates', what: 'create' },
  parcel: { rule: PUSH_RULE.parcelStatus, webhook: 'ParcelUpdates', what: 'cancel' },
  status: { rule: PUSH_RULE.status, webhook: 'LockerUpdates', what: 'status change' },
  moved: { rule: PUSH_RULE.parcelStatus, webhook: 'ParcelUpdates', what: 'status change two lists showed' },
} as const;
type Kind = keyof typeof RULES;

export class CausedDeliveries implements TrafficRule {
  private readonly causes: Record<Kind, Cause[]> = { locker: [], parcel: [], status: [], moved: [] };
  /** Locker uid → each LockerUpdates about it: when it arrived, and the statuses (carrier's, provider's) it carried. */
  private readonly lockerPushes = new Map<string, { at: number; shows: unknown[] }[]>();
  /** Either parcel identifier → each ParcelUpdates about it: when it arrived, and the shipmentStatus it carried. */
  private readonly parcelPushes = new Map<string, { at: number; shows: unknown }[]>();
  private lastDelivery = -Infinity;
  /** Each delivery the recorder cut short, when it came and the text kept: one naming a cause's id may be its push. */
  private readonly cutShort: { at: number; text: string }[] = [];

  /** `waitMs`: how long after its request a push may come (a run's CIS_WEBHOOK_WAIT_MS). */
  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly waitMs: number,
    /** How long a list may lag a write: a list that showed a parcel's old status may have lagged its push so long. */
    private readonly settleMs: number,
    /** Where the HAR states them: stretches holding every delivery, so a push missing there is told by its absence. */
    private readonly recording?: Recording,
  ) {}

  /** A recorded delivery: a LockerUpdates by its uid, a ParcelUpdates by both its identifiers. */
  delivery({ received: { kind, body, raw }, at, cut }: RecordedDelivery): void {
    this.lastDelivery = Math.max(this.lastDelivery, at);
    if (cut) this.cutShort.push({ at, text: String(raw) });
    const b = (body ?? {}) as Record<string, unknown>;
    const add = <T>(pushes: Map<string, T[]>, id: unknown, push: T) => {
      if (typeof id !== 'string' && typeof id !== 'number') return;
      (pushes.get(String(id)) ?? pushes.set(String(id), []).get(String(id))!).push(push);
    };
    if (kind === 'LockerUpdates') {
      const shows = [
        (b['carrier'] as Record<string, unknown> | null)?.['status'],
        (b['provider'] as Record<string, unknown> | null)?.['status'],
      ];
      add(this.lockerPushes, b['uid'], { at, shows });
    }
    if (kind === 'ParcelUpdates')
      for (const id of [b['carrierParcelId'], b['shipmentUid']])
        add(this.parcelPushes, id, { at, shows: b['shipmentStatus'] });
  }

  /** An accepted request that causes a delivery (`ids`: the identifiers a delivery about it may carry). */
  cause(
    kind: Kind,
    ids: string[],
    carrier: string,
    at: number,
    place: string,
    change?: { shows: string; was?: unknown[]; until?: number; by?: number; from?: string },
  ): void {
    if (ids.length) this.causes[kind].push({ ids, carrier, at, place, ...change });
  }

  /**
   * When deliveries about the cause stop counting as its: the next status change of the locker, else the recording's
   * end: its last delivery, or the end of the stretch the HAR states holds every delivery from the cause on.
   */
  private horizon(cause: Cause): number {
    return Math.min(cause.until ?? Infinity, Math.max(this.lastDelivery, wholeUntil(this.recording, cause.at) ?? 0));
  }

  /**
   * A locker's uid exists only once its create was answered, so any delivery with it is about that
   * create, whatever the clock of the recorder that kept the deliveries said; a parcel was pushed about
   * before (its booking), so only a delivery after the cancel counts.
   */
  private deliveredAfter(kind: Kind, cause: Cause): boolean {
    // A move two lists showed: a ParcelUpdates since the first may have lagged, showing any status but the one it
    // moved from (a sender that reads the record when it sends may show a later one).
    const pushes = kind === 'locker' || kind === 'status' ? this.lockerPushes : this.parcelPushes;
    const about = (d: { at: number; shows: unknown }) =>
      kind === 'moved'
        ? d.at >= this.from(kind, cause) && d.shows !== cause.from
        : kind === 'locker' || (d.at >= this.from(kind, cause) && d.at < (cause.until ?? Infinity));
    return cause.ids.some((id) => pushes.get(id)?.some(about));
  }

  /** From when a delivery may be about the cause: a status push may be stamped a little before its change by a recorder
   * of its own. */
  private from(kind: Kind, cause: Cause): number {
    if (kind === 'moved') return cause.at - Math.max(this.settleMs, CLOCK_SKEW_MS);
    return kind === 'status' ? cause.at - CLOCK_SKEW_MS : cause.at;
  }

  /**
   * A status change's deliveries after it and before the locker's next one: one carries the status it set.
   * None does: a failure where that stretch lasted the wait, else nothing told (the push may come later).
   */
  private carried(cause: Cause): string | undefined | null {
    const after = cause.ids
      .flatMap((id) => this.lockerPushes.get(id) ?? [])
      .filter((d) => d.at >= this.from('status', cause) && d.at < (cause.until ?? Infinity));
    // The status in the field that changed to it: the carrier's or the provider's side, whichever did not show it
    // before.
    if (after.some((d) => d.shows.some((shown, i) => shown === cause.shows && cause.was?.[i] !== cause.shows)))
      return undefined;
    if (cause.at + this.waitMs > this.horizon(cause)) return null;
    return (
      `the changed status ${String(cause.shows)}, got ${after.length} after the change` +
      `${cause.until !== undefined ? ' and before the next' : ''} carrying ` +
      `${after.map((d) => d.shows.map((s) => JSON.stringify(s)).join('/')).join(', ')}`
    );
  }

  finish(): void {
    const kinds = Object.keys(RULES) as Kind[];
    // The carriers whose endpoint the deliveries' recording holds: one of their creates or cancels was
    // delivered, of either kind (a service that never pushes a cancellation still pushes the creates).
    // Or the run that recorded them says their pushes went to its listener (evidence/recording.ts): that run
    // judged a push missing from its wait as missing, registered or not, and so does its recording.
    const seen = new Set([
      ...kinds.flatMap((kind) => this.causes[kind].filter((c) => this.deliveredAfter(kind, c)).map((c) => c.carrier)),
      ...Object.keys(this.recording?.endpoints ?? {}),
    ]);
    // A move no request of the traffic made is asked only of a carrier whose ParcelUpdates were recorded: webhooks
    // may be subscribed by kind (§6 shows no registration).
    const parcelsSeen = new Set(
      (['parcel', 'moved'] as const).flatMap((kind) =>
        this.causes[kind].filter((c) => this.deliveredAfter(kind, c)).map((c) => c.carrier),
      ),
    );
    for (const kind of kinds) {
      const { rule, webhook, what } = RULES[kind];
      for (const c of this.causes[kind]) {
        // Judged where the deliveries show that carrier's events; a push missing only where they went on
        // past the wait after the request: a recording that ends sooner proves no push missing, and a
        // later request's push proves nothing of this one's (§6: ordering and retries not shown).
        const delivered = this.deliveredAfter(kind, c);
        if (!(kind === 'moved' ? parcelsSeen : seen).has(c.carrier)) continue;
        if (!delivered && (c.by ?? c.at) + this.waitMs > this.horizon(c)) continue;
        // A delivery cut short since whose kept text names the record may be the one: its body is not there to say.
        const maybe = this.cutShort.some(
          (d) => d.at >= this.from(kind, c) && d.at <= this.horizon(c) && c.ids.some((id) => d.text.includes(id)),
        );
        if (!delivered && maybe) continue;
        const carried = delivered && kind === 'status' ? this.carried(c) : undefined;
        if (carried === null) continue;
        const until =
          `among the deliveries recorded until ${new Date(this.horizon(c)).toISOString()}` +
          `${c.until !== undefined && c.until < this.lastDelivery ? ' (its next status change)' : ''}`;
        const after = kind === 'moved' ? `its lists showed it move to ${c.shows}` : `its ${what} was accepted`;
        const push = { rule, what: `${webhook} about ${c.ids[0]} after ${after}` };
        const held = causedPushJudgement(push, delivered, until, carried ? [carried] : []);
        this.evidence.judge('across', held.rule, { places: [c.place, webhook] }, held.failure);
      }
    }
  }
}
