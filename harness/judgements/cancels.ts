// A cancel (§4.9 "Cancels a parcel that has not been delivered yet."), judged once for the suites, the exploration and
// `judge` on recorded traffic: a booked parcel's cancel is accepted and the parcel no longer shows its booked status;
// a delivered parcel's is refused and the parcel stays as it was.
import type { Exchange } from '../http/exchange';
import { acceptedShortfall, answerText, asItWas, is4xx, type Judgement } from './judgement';

/** CAN-NOT-DELIVERED, at the answer: the cancel of a booked parcel (`what` names it) is accepted. */
export function cancelAcceptedJudgement(exchange: Exchange, what: string): Judgement {
  const shortfall = acceptedShortfall(exchange);
  return {
    rule: 'CAN-NOT-DELIVERED',
    ...(shortfall
      ? { failure: `the cancel of ${what} accepted: expected ${shortfall}, got ${answerText(exchange)}` }
      : {}),
  };
}

/**
 * CAN-NOT-DELIVERED, in the list: after its cancel was accepted, the parcel no longer shows the status it was booked
 * with (`booked`); it may leave the list (`after` undefined) or stay with another status.
 */
export function cancelShownJudgement(what: string, booked: unknown, after: unknown): Judgement {
  return {
    rule: 'CAN-NOT-DELIVERED',
    ...(after !== undefined && after === booked
      ? { failure: `${what}, its cancel accepted, with a status other than ${JSON.stringify(booked)}, got it still` }
      : {}),
  };
}

/**
 * CAN-NOT-DELIVERED, beside: a parcel no cancel named (`what`) is still listed, and not moved to a status the
 * cancelled parcels showed after their cancels (`cancelled`: the cancels' own move, keyed by what the parcels share).
 * Another move is the service's own (§3 "Transitions: not shown": a booking confirmed after its answer, say), which
 * the driver observes.
 */
export function cancelLeftOthersJudgement(
  what: string,
  before: unknown,
  after: unknown,
  cancelled: readonly unknown[],
): Judgement {
  const cancelsOwn = (after === undefined && before !== undefined) || cancelled.includes(after);
  return cancelsOwn
    ? asItWas('CAN-NOT-DELIVERED', `${what}, which no cancel named,`, before, after)
    : { rule: 'CAN-NOT-DELIVERED' };
}

/** CAN-DELIVERED-REFUSED, at the answer: the cancel of a parcel delivered before (`what` names it) is refused. */
export function deliveredCancelJudgement(exchange: Exchange, what: string): Judgement {
  return {
    rule: 'CAN-DELIVERED-REFUSED',
    ...(is4xx(exchange.status)
      ? {}
      : { failure: `a 4xx refusal to cancel ${what}, delivered before, got ${answerText(exchange)}` }),
  };
}

/** CAN-DELIVERED-REFUSED, in the list: after a cancel of it, a parcel delivered before shows the status it had. */
export function deliveredKeptJudgement(what: string, before: unknown, after: unknown): Judgement {
  return asItWas('CAN-DELIVERED-REFUSED', `${what}, delivered before, after a cancel of it,`, before, after);
}
