// The pushes a write causes (§6 "Sent when": a locker is created; a locker status changes; the status of a parcel
// changes), judged once for the suites, the exploration and `judge` on recorded traffic: each cause names the push it
// waits for (the webhook, and what the body carries that ties it to the cause), and the judgement is whether one came
// within the wait. How the drivers find it differs (a listener's wait, the run's end, a recording's deliveries).
import type { Match } from '../webhooks/types';
import type { Judgement } from './judgement';

/** The rule of each cause of a push. */
export const PUSH_RULE = {
  created: 'WH-LOCKER-ON-CREATE',
  status: 'WH-LOCKER-ON-STATUS',
  parcelStatus: 'WH-PARCEL-ON-STATUS',
} as const;

/** A push a write causes: its rule, the deliveries that are it (any one of them), and how a failure names it. */
export interface CausedPush {
  rule: (typeof PUSH_RULE)[keyof typeof PUSH_RULE];
  matches: Match[];
  what: string;
}

/** A locker created (`uid`, answered by the create begun at `after`): a LockerUpdates with its uid. */
export function lockerCreatedPush(uid: unknown, after: number): CausedPush {
  return {
    rule: PUSH_RULE.created,
    matches: [{ kind: 'LockerUpdates', where: { '/uid': uid }, after }],
    what: `LockerUpdates for created locker ${String(uid)}`,
  };
}

/** A locker's status changed to `status`: a LockerUpdates with its uid showing it, on either side (§3: not which). */
export function lockerStatusPush(uid: unknown, status: unknown, after: number, what = ''): CausedPush {
  return {
    rule: PUSH_RULE.status,
    matches: ['/carrier/status', '/provider/status'].map((at) => ({
      kind: 'LockerUpdates' as const,
      where: { '/uid': uid, [at]: status },
      after,
    })),
    what: `LockerUpdates for locker ${String(uid)} with status ${String(status)}${what}`,
  };
}

/** A parcel's status changed: a ParcelUpdates about it (`where`: the identifiers and the status it shows now). */
export function parcelStatusPush(where: Record<string, unknown>, after: number, what: string): CausedPush {
  return { rule: PUSH_RULE.parcelStatus, matches: [{ kind: 'ParcelUpdates', where, after }], what };
}

/**
 * The push came (`arrived`), or not within the wait (`within` says how long, or until when the deliveries were
 * recorded); `carried`: where one came, what ties it to the cause that it does not carry, each as `member value, got
 * value`.
 */
export function causedPushJudgement(
  push: { rule: string; what: string },
  arrived: boolean,
  within: string,
  carried: readonly string[] = [],
): Judgement {
  const failure = !arrived
    ? `no ${push.what} arrived ${within}`
    : carried.length
      ? `${push.what} carrying ${carried.join('; ')}`
      : undefined;
  return { rule: push.rule, ...(failure ? { failure } : {}) };
}
