// When two CollectionNotification deliveries are one notification sent again. §6 leaves delivery
// guarantees and retries open, so a target may resend: the same body, or the body built anew with a
// fresh eventTimestamp. Only a second notification within one period breaks WH-COLLECTION-DAILY, so
// each resend counts once, here, for every test that counts notifications.
import { notifiedAt, type Delivery } from './types';

/** A copy that arrives this soon after the one before is a resend, not the next notification. */
export function redeliveryWindowMs(periodMs: number): number {
  return Math.min(periodMs / 3, 60_000);
}

const withoutTimestamp = (body: unknown) =>
  JSON.stringify(body, (key, value: unknown) => (key === 'eventTimestamp' ? undefined : value));

/**
 * `later` repeats `earlier`: the same body, or the same but for eventTimestamp, arriving after the
 * listener refused `earlier` (a retry), or within the redelivery window (an at-least-once copy) as
 * received or as stamped: a copy built anew at once is stamped within moments of the first however
 * late it reaches a busy listener, and its stamp is what WH-COLLECTION-DAILY measures.
 */
export function isRedelivery(later: Delivery, earlier: Delivery, periodMs: number): boolean {
  if (JSON.stringify(later.body) === JSON.stringify(earlier.body)) return true;
  if (withoutTimestamp(later.body) !== withoutTimestamp(earlier.body)) return false;
  const refused = earlier.answered < 200 || earlier.answered >= 300;
  const window = redeliveryWindowMs(periodMs);
  return (
    refused ||
    Math.abs(later.receivedAt - earlier.receivedAt) <= window ||
    Math.abs(notifiedAt(later) - notifiedAt(earlier)) <= window
  );
}

/** The notifications the deliveries carry, each once (its first delivery), in the order they arrived. */
export function distinctNotifications(deliveries: readonly Delivery[], periodMs: number): Delivery[] {
  const groups: { first: Delivery; last: Delivery }[] = [];
  for (const delivery of [...deliveries].sort((a, b) => a.receivedAt - b.receivedAt)) {
    const group = groups.find((g) => isRedelivery(delivery, g.last, periodMs));
    if (group) group.last = delivery;
    else groups.push({ first: delivery, last: delivery });
  }
  return groups.map((g) => g.first);
}
