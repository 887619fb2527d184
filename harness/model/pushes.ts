// Every state change is pushed, every time (§6): each accepted create, status change, cancellation and
// status-changing trigger event of a sequence adds the push it must cause, matched by what only that
// change's push carries (the record's id and the status it changed to, after the action), and the
// exploration's pushes are waited for together after its last sequence (a late push costs its delay once).
import { judge, notObservable } from '../evidence/judge';
import { firstOf, within } from '../webhooks/inbox-client';
import type { Json } from '../http/json';
import { inParallel } from '../http/in-parallel';
import { asSent } from './as-sent';
import { eventCount } from '../records/delivered';

/** Pushes waited for at once. */
const PUSH_WAITS = 8;
import type { Delivery, Match, WebhookKind } from '../webhooks/types';
import type { ExpectedPush, World } from './world';

/** The rule a delivery's body is judged by when it must show what the model holds. */
const BODY_RULE: Record<WebhookKind, string> = {
  LockerUpdates: 'WH-LOCKER-BODY',
  ParcelUpdates: 'WH-PARCEL-BODY',
  CollectionNotification: 'WH-COLLECTION-BODY',
};

/** A push the action must cause, named with the sequence that led to it (they are judged after every sequence). */
export function expectPush(world: World, push: ExpectedPush, steps: readonly string[]): void {
  if (world.webhooks) world.pushes.push({ ...push, what: `${push.what}, after ${steps.join(' → ')}` });
}

/** The match of a push about `at` (a JSON pointer and its value, and more where given), after the action began. */
export function pushOf(kind: WebhookKind, where: Record<string, unknown>, after: number): Match {
  return { kind, where, after };
}

let pushGroups = 0;

/**
 * What a ParcelUpdates about a change must show of the parcel (§6: the parcel record, "including
 * accessCodes, consignee, events, allocationType, dimensionsStatus, signature"): the consignee as sent,
 * and a signature where the list read after the change shows one.
 */
export function parcelShows(sent: Json, listed: Json | undefined): (delivery: Delivery) => string[] {
  return (delivery) => {
    const body = delivery.body as Json | undefined;
    // §6 states no order and a push may come late: one showing fewer events than the list read after the
    // change is an earlier change's push, which matched by id and status, and says nothing of this one.
    if (eventCount(body) < eventCount(listed)) return [];
    const consignee = sent['consignee'];
    const problems = consignee ? asSent({ consignee }, body).differences : [];
    const signature = listed?.['signature'];
    if (signature !== null && typeof signature === 'object' && (body?.['signature'] ?? null) === null)
      problems.push(
        `the list shows the parcel with a signature, the delivery shows ${JSON.stringify(body?.['signature'] ?? null)}`,
      );
    return problems;
  };
}

export async function judgePushes(expected: ExpectedPush[], webhooks: World['webhooks']): Promise<void> {
  const pushes = expected.splice(0);
  if (!webhooks || !pushes.length) return;
  // A few at a time: most arrived long ago and are answered at once; hundreds of long polls together
  // would load the listener that is still taking the last sequence's deliveries.
  await inParallel(pushes, PUSH_WAITS, async (push) => {
    // The push's waits are one group: the run's end, judging waits that ended early, wants any of them.
    const about = { rule: push.rule, group: `${process.pid} ${++pushGroups}` };
    const { delivery, endedEarly } = await firstOf(push.matches.map((match) => webhooks.wait(match, about)));
    const kind = push.matches[0]!.kind!;
    if (!delivery && endedEarly)
      return notObservable(push.rule, `no ${push.what} arrived ${within(webhooks.timeoutMs, endedEarly)}`);
    judge(push.rule, push.cause, delivery ?? { webhook: kind })
      .expect(delivery, `no ${push.what} arrived ${within(webhooks.timeoutMs)}`)
      .toBeDefined();
    if (delivery && push.shows)
      judge(BODY_RULE[kind], delivery)
        .expect(push.shows(delivery), `the ${kind} delivery about ${push.what}`)
        .toEqual([]);
  });
}
