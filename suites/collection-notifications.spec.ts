// CollectionNotification (§6): once per period, the lockers holding parcels to be picked up, each named; a locker
// emptied by the courier no more, one still holding a parcel still. Waited for on the listener, never with a sleep.
import {
  type CisClient,
  closedOn,
  type Delivery,
  expect,
  expectValid,
  hold,
  is2xx,
  isRedelivery,
  type Json,
  judge,
  notifiedAt,
  notObservable,
  observe,
  oncePerPeriodJudgements,
  type ParcelFactory,
  rules,
  test,
  type Webhooks,
  TRIGGER_SHIPMENT_TYPES,
} from '../harness/fixtures';

const COLLECTION = ['WH-COLLECTION-SENT', 'WH-COLLECTION-BODY', 'WH-COLLECTION-DAILY', 'WH-COLLECTION-CURRENT-ID'];
// First in the file, so that where the suite runs alone the first carrier has nothing waiting yet: each carrier is
// informed of its own lockers (§6), whatever the other holds; a should, as whether the second carrier's sporadic
// pick-up setting (§4.12) is on is not stated.
test(
  "WH-COLLECTION-EACH-CARRIER under the second carrier's key: its locker holding a first-mile parcel is named in a " +
    'CollectionNotification, whatever the first carrier holds',
  rules('WH-COLLECTION-EACH-CARRIER'),
  async ({ api2, lockers, parcels, webhooks, requires, tag, target }) => {
    requires('writes');
    const { record } = await lockers.create({}, api2);
    const parcelId = tag.next('CCFM');
    expect(await parcels.trigger(record, parcelId, 'BOOKING_CREATED', api2)).toSucceed('TRG-RESPONSE');
    const delivered = await parcels.trigger(record, parcelId, 'CONSIGNEE_DELIVERED', api2);
    if (delivered.status < 200 || delivered.status >= 300) {
      notObservable(
        'WH-COLLECTION-EACH-CARRIER',
        `CONSIGNEE_DELIVERED for the second carrier's first-mile parcel ${parcelId} answered ${delivered.status}`,
      );
      return;
    }
    const ofLocker = {
      kind: 'CollectionNotification' as const,
      where: { '/carrierLockerId': record['carrier']['lockerId'] },
    };
    const period = target.collectionPeriodMs;
    if (period > webhooks.timeoutMs * 6 && !(await webhooks.waitFor(ofLocker, webhooks.timeoutMs))) {
      notObservable(
        'WH-COLLECTION-EACH-CARRIER',
        `CollectionNotification is sent once a day (§6); none for the second carrier's locker arrived within ` +
          `${webhooks.timeoutMs / 1000} s`,
      );
      return;
    }
    await webhooks.expectDelivery('WH-COLLECTION-EACH-CARRIER', ofLocker, period * 3 + webhooks.timeoutMs);
  },
);

test(
  'WH-COLLECTION-SENT lockers holding a first-mile parcel for the courier are each named in a ' +
    'CollectionNotification',
  // The deliveries it provokes are judged at the run's end under WH-DELIVERY-VALID, as every delivery is.
  rules(...COLLECTION, 'WH-DELIVERY-VALID'),
  async ({ api, lockers, parcels, webhooks, requires, tag, target }) => {
    requires('writes');
    // And one sent with scheduled opening hours closed today (§2.1's other mode, on the wire: a target may refuse
    // them): whether it is named is reported, as a locker closed today may be left out of that day's pick-ups (§6
    // names no hours, and the structure of a schedule's entries is not shown).
    const scheduledMade = await api.call('createLocker', {
      body: await lockers.body({ openingHours: closedOn(new Date()) }),
    });
    const scheduled = scheduledMade.status === 201 ? (scheduledMade.body as Json) : undefined;
    if (!scheduled)
      observe('WH-COLLECTION-SENT', `a create with scheduled opening hours on the wire: ${scheduledMade.status}`);
    const scheduledId = tag.next('CCFM');
    // Two lockers, each with a parcel for the courier: one notification per period names every such locker (§6
    // "which lockers hold parcels to be picked up"), not only one of the carrier's.
    // And a third holding a return parcel alone: the trigger's other shipment type (§4.11), reported. And a fourth
    // holding a first-mile parcel made with labelless true alone, the trigger's optional member's other value (a
    // refusal is observed), reported too.
    const [{ record }, { record: beside }, { record: returns }, { record: labelless }] = await Promise.all([
      lockers.create(),
      lockers.create(),
      lockers.create(),
      lockers.create(),
    ]);
    const waiting = async (locker: Json, parcelId: string, shipmentType = 'FIRST_MILE', asLabelless?: boolean) => {
      const options = { shipmentType, labelless: asLabelless };
      const made = await parcels.trigger(locker, parcelId, 'BOOKING_CREATED', api, options);
      const open = shipmentType !== 'FIRST_MILE' || asLabelless !== undefined;
      if (open && (made.status < 200 || made.status >= 300)) return made;
      expect(made).toSucceed('TRG-RESPONSE');
      // Which events a first-mile parcel takes is not shown (§3): one refused leaves no parcel known to wait for the
      // courier.
      return parcels.trigger(locker, parcelId, 'CONSIGNEE_DELIVERED', api, options);
    };
    const parcelId = tag.next('CCFM');
    const labellessId = tag.next('CCFM');
    // The locker beside holds two: one collected, it still holds the other to pick up.
    const besideIds = [tag.next('CCFM'), tag.next('CCFM')] as const;
    // And a third party's locker one of the carrier's, the trigger naming the carrier as its own lockers' records do (a
    // locker of every kind holds parcels to pick up, §6): its notification's body is judged at the run's end, as every
    // delivery's is. Whether a target takes first-mile parcels there is not stated: a refusal is observed.
    const isThirdParty = (l: Json) => l['ownedByCarrier'] === null;
    const listed = (await lockers.list(undefined, api, isThirdParty)).items.find(isThirdParty);
    const thirdParty: Json | undefined = listed && { ...listed, ownedByCarrier: record['ownedByCarrier'] };
    // Where a target need not take a first-mile parcel (a third party's locker, one closed today): a refusal observed.
    const triedIn = async (locker: Json, id: string) => {
      const made = await parcels.trigger(locker, id, 'BOOKING_CREATED');
      if (made.status < 200 || made.status >= 300) return made;
      return parcels.trigger(locker, id, 'CONSIGNEE_DELIVERED');
    };
    const [delivered, besideDelivered, secondDelivered, thirdDelivered, returned, unlabelled, closed] =
      await Promise.all([
        waiting(record, parcelId),
        waiting(beside, besideIds[0]),
        waiting(beside, besideIds[1]),
        thirdParty ? triedIn(thirdParty, tag.next('CCFM')) : undefined,
        waiting(returns, tag.next('CCRT'), 'RETURN'),
        waiting(labelless, labellessId, 'FIRST_MILE', true),
        scheduled && triedIn(scheduled, scheduledId),
        // Beside those two, a parcel of each other shipment type the trigger takes: a locker holding kinds together is
        // one locker, named once a period whatever it holds (a notice per kind is a second one).
        ...TRIGGER_SHIPMENT_TYPES.filter((type) => type !== 'FIRST_MILE').map((type) =>
          waiting(beside, tag.next('CCRT'), type),
        ),
      ]);
    if (returned.status < 200 || returned.status >= 300)
      observe('WH-COLLECTION-SENT', `a return parcel put in a locker by the trigger: ${returned.status}`);
    if (unlabelled.status < 200 || unlabelled.status >= 300)
      observe('WH-COLLECTION-SENT', `a first-mile parcel made label-less, put in a locker: ${unlabelled.status}`);
    // A booking in the first locker, cancelled before the wait: a cancel changes the booking it names (§4.9 "Cancels
    // the booking of the parcel."), not what the locker holds for the courier.
    if (delivered.status >= 200 && delivered.status < 300) {
      const body = parcels.body(record);
      if (is2xx((await parcels.publish(body, 'uid')).status)) await parcels.cancel(String(body['carrierParcelId']));
    }
    if (thirdDelivered && (thirdDelivered.status < 200 || thirdDelivered.status >= 300))
      observe('WH-COLLECTION-SENT', `a first-mile parcel in a third party's locker: ${thirdDelivered.status}`);
    const bothAt = Date.now();
    if (delivered.status < 200 || delivered.status >= 300) {
      for (const rule of COLLECTION)
        notObservable(
          rule,
          `CONSIGNEE_DELIVERED for first-mile parcel ${parcelId} answered ${delivered.status}: no parcel is ` +
            `known to wait for the courier`,
        );
      return;
    }
    // The declared period (CIS_COLLECTION_PERIOD_MS, the profile, the embedded reference; else a day), never the run's
    // length.
    const period = target.collectionPeriodMs;
    const ofLocker = {
      kind: 'CollectionNotification' as const,
      where: { '/carrierLockerId': record['carrier']['lockerId'] },
    };
    if (period > webhooks.timeoutMs * 6) {
      const seen = await webhooks.waitFor(ofLocker, webhooks.timeoutMs);
      notObservable(
        'WH-COLLECTION-DAILY',
        `the period (${period / 1000} s) is longer than a test waits: the run's end judges the notifications that came`,
      );
      notObservable(
        'WH-COLLECTION-CURRENT-ID',
        `the period (${period / 1000} s) is longer than a test waits for a notification after a locker's update`,
      );
      if (!seen) {
        notObservable(
          'WH-COLLECTION-SENT',
          `CollectionNotification is sent once a day (§6); none for this locker arrived within ` +
            `${webhooks.timeoutMs / 1000} s`,
        );
        notObservable('WH-COLLECTION-BODY', 'no CollectionNotification arrived during the run');
        return;
      }
    }
    // One made after the cancel: a notification before it says nothing of what the cancel left.
    const afterCancel = { ...ofLocker, after: bothAt };
    const delivery = await webhooks.expectDelivery('WH-COLLECTION-SENT', afterCancel, period * 3 + webhooks.timeoutMs);
    // Within a short period only: on a daily one the test does not wait for a second notification.
    if (besideDelivered.status >= 200 && besideDelivered.status < 300 && period <= webhooks.timeoutMs * 6) {
      const ofBeside = { ...ofLocker, where: { '/carrierLockerId': beside['carrier']['lockerId'] } };
      await webhooks.expectDelivery('WH-COLLECTION-SENT', ofBeside, period * 3 + webhooks.timeoutMs);
    }
    const closedWaits = scheduled !== undefined && closed !== undefined && is2xx(closed.status);
    if (scheduled && closed && !closedWaits)
      observe('WH-COLLECTION-SENT', `a first-mile parcel in a locker closed today: ${closed.status}`);
    if (scheduled && closedWaits && period <= webhooks.timeoutMs * 6) {
      const ofScheduled = { ...ofLocker, where: { '/carrierLockerId': scheduled['carrier']['lockerId'] } };
      const named = await webhooks.waitFor(ofScheduled, period * 3 + webhooks.timeoutMs);
      observe(
        'WH-COLLECTION-SENT',
        `a locker closed today holding a parcel to pick up ${named ? 'was' : 'was not'} named`,
      );
    }
    // Collected, as the label-less one below.
    if (scheduled && closedWaits) await parcels.trigger(scheduled, scheduledId, 'COURIER_COLLECTED', api);
    // Whether a parcel made label-less waits for the courier as one with a label does is not stated either (§4.11
    // "Set true only for confirmed label-less combinations" says when to send it, not what it changes): reported.
    if (is2xx(unlabelled.status) && period <= webhooks.timeoutMs * 6) {
      const ofLabelless = { ...ofLocker, where: { '/carrierLockerId': labelless['carrier']['lockerId'] } };
      const named = await webhooks.waitFor(ofLabelless, period * 3 + webhooks.timeoutMs);
      observe(
        'WH-COLLECTION-SENT',
        `a locker holding a delivered label-less parcel ${named ? 'was' : 'was not'} named`,
      );
    }
    // Collected, so that the locker is not named for the rest of the run: every notification is a delivery the
    // listener and the target's outbox carry beside the pushes the other tests wait for.
    if (is2xx(unlabelled.status)) await parcels.trigger(labelless, labellessId, 'COURIER_COLLECTED', api);
    // Whether a return parcel the consignee delivered waits for the courier as a first-mile one does is not stated
    // (§3 shows no transitions, §4.11 only lists the shipment types): whether its locker is named is reported.
    if (returned.status >= 200 && returned.status < 300 && period <= webhooks.timeoutMs * 6) {
      const ofReturns = { ...ofLocker, where: { '/carrierLockerId': returns['carrier']['lockerId'] } };
      const named = await webhooks.waitFor(ofReturns, period * 3 + webhooks.timeoutMs);
      observe('WH-COLLECTION-SENT', `a locker holding a delivered return parcel ${named ? 'was' : 'was not'} named`);
    }
    const thirdId = thirdParty?.['carrier']?.['lockerId'];
    if (thirdDelivered && thirdDelivered.status < 300 && thirdId !== undefined && period <= webhooks.timeoutMs * 6) {
      // Which carrierLockerId a locker not the carrier's own is named by is not shown: one not named so is observed.
      const ofThird = { ...ofLocker, where: { '/carrierLockerId': thirdId } };
      if (!(await webhooks.waitFor(ofThird, period * 3 + webhooks.timeoutMs)))
        observe('WH-COLLECTION-SENT', `no notification named third-party locker ${String(thirdId)}`);
    }
    expectValid(delivery, 'WH-COLLECTION-BODY');
    const code = (delivery.body as Json)['courierAccessCode'];
    judge('WH-COLLECTION-BODY', delivery)
      .expect(code === null || typeof code === 'string', 'courierAccessCode is neither a string nor null')
      .toBe(true);
    if (period > webhooks.timeoutMs * 6) return;
    // A short period names the locker again while the parcel waits; a resend repeats the same notification.
    const wait = period * 2 + webhooks.timeoutMs;
    let last = delivery;
    let next: Delivery | undefined;
    for (let skip = 1; skip <= 8; skip++) {
      next = await webhooks.waitFor({ ...ofLocker, after: delivery.receivedAt, skip }, wait);
      if (!next || !isRedelivery(next, last, period)) break;
      last = next;
    }
    if (!next || isRedelivery(next, last, period))
      notObservable('WH-COLLECTION-DAILY', `the locker was not named in another notification within ${wait / 1000} s`);
    else notifiedAPeriodApart(delivery, next, period, `locker ${record['carrier']['lockerId']}`);
    const bothWait = [besideDelivered, secondDelivered].every((d) => d.status >= 200 && d.status < 300);
    if (!bothWait)
      notObservable('WH-COLLECTION-CURRENT-ID', 'the locker beside did not take its two first-mile parcels');
    await Promise.all([
      collectedNotNamed(record, parcelId, period, delivery, { parcels, webhooks }),
      bothWait &&
        collectedOneOfTwo(beside, besideIds, bothAt, period, delivery, {
          api,
          parcels,
          webhooks,
          lockerId: tag.next('CC'),
        }),
    ]);
  },
);

/** From when a notification is made after a collection: the first one's latency and two periods, as below. */
const afterCollection = (first: Delivery, period: number, timeoutMs: number) =>
  Date.now() + Math.max(0, Math.min(timeoutMs, first.receivedAt - notifiedAt(first))) + period * 2 + 250;

/**
 * One of a locker's two waiting parcels picked up by the courier: the locker still holds the other (§6 "which lockers
 * hold parcels to be picked up"), so a notification made after the collection names it. Which statuses are "to be
 * picked up" is not shown (§3): judged only where a notification named the locker once both waited, and the list
 * shows the other parcel after the collection as before it; else observed. Between the two, the locker takes a new
 * carrier.lockerId, by which the notification after names it.
 */
async function collectedOneOfTwo(
  given: Json,
  [collectedId, otherId]: readonly [string, string],
  bothAt: number,
  period: number,
  first: Delivery,
  { api, parcels, webhooks, lockerId: renamedTo }: Waiting & { api: CisClient; lockerId: string },
): Promise<void> {
  const ofId = (id: unknown) => ({ kind: 'CollectionNotification' as const, where: { '/carrierLockerId': id } });
  const named = await webhooks.client.waitFor(
    { ...ofId(given['carrier']['lockerId']), after: bothAt },
    period * 3 + webhooks.timeoutMs,
  );
  // The locker takes a new carrier.lockerId while it holds both (§4.3). A notification after names it by an id it held
  // (WH-COLLECTION-SENT); by the one its record shows, the new one, is implied, not stated (WH-COLLECTION-CURRENT-ID).
  const record = await renamed(api, given, renamedTo);
  const lockerId = record['carrier']['lockerId'];
  const formerId = given['carrier']['lockerId'];
  const before = (await parcels.lookup(otherId)).parcel?.['shipmentStatus'];
  const collected = await parcels.trigger(record, collectedId, 'COURIER_COLLECTED');
  if (!named || before === undefined || collected.status < 200 || collected.status >= 300) {
    const what =
      `locker ${lockerId}, two parcels waiting: ${named ? 'named' : 'not named'} once both waited, the other ` +
      `${before === undefined ? 'not listed' : `listed ${String(before)}`}, COURIER_COLLECTED ${collected.status}`;
    observe('WH-COLLECTION-SENT', what);
    notObservable('WH-COLLECTION-CURRENT-ID', what);
    return;
  }
  const from = afterCollection(first, period, webhooks.timeoutMs);
  // A notification made within the window may come as late as any push (an outbox behind a later push, §6 states no
  // latency): the window is read until the run's push wait after it.
  const byNew = await webhooks.client.waitFor(
    { ...ofId(lockerId), after: from },
    Math.max(1, from + period * 4 + webhooks.timeoutMs - Date.now()),
  );
  // Its window over, a notification naming the former id within it is in the inbox already.
  const byFormer =
    byNew || lockerId === formerId ? undefined : await webhooks.client.waitFor({ ...ofId(formerId), after: from }, 1);
  const next = byNew ?? byFormer;
  const after = (await parcels.lookup(otherId)).parcel?.['shipmentStatus'];
  if (after !== before) {
    const what = `locker ${lockerId}: the parcel left waiting went from ${String(before)} to ${String(after)}`;
    observe('WH-COLLECTION-SENT', what);
    notObservable('WH-COLLECTION-CURRENT-ID', what);
    return;
  }
  const ids =
    lockerId === formerId ? `${lockerId}` : `${lockerId} (its carrier.lockerId since an update) or ${formerId}`;
  judge('WH-COLLECTION-SENT', next ?? collected)
    .expect(
      next !== undefined,
      `locker ${ids} was named in no CollectionNotification over ${(period * 4 + webhooks.timeoutMs) / 1000} s from ` +
        'well after one of its two waiting parcels was collected (COURIER_COLLECTED): parcel ' +
        `${otherId} still waits, ${String(after)}`,
    )
    .toBe(true);
  // Once a day per locker (§8), whichever of its ids names it: an update of the locker names no new period.
  if (lockerId !== formerId) await oncePerPeriod([formerId, lockerId], named, period, webhooks);
  if (next && lockerId !== formerId)
    judge('WH-COLLECTION-CURRENT-ID', next)
      .expect(
        next === byNew,
        `the CollectionNotification made after locker ${record['uid']} took carrier.lockerId ${lockerId} names it ` +
          `by ${formerId}, the id it held before`,
      )
      .toBe(true);
}

/** WH-COLLECTION-DAILY: `next` names the locker `who` says a period (less a tenth, the job's tick) after `last`. */
function notifiedAPeriodApart(last: Delivery, next: Delivery, period: number, who: string): void {
  hold(oncePerPeriodJudgements([notifiedAt(last), notifiedAt(next)], period, who), next);
}

/** The notifications naming a locker by any of `ids` from `first` on, each a period or more after the one before. */
async function oncePerPeriod(ids: unknown[], first: Delivery, period: number, webhooks: Webhooks): Promise<void> {
  const ofLocker = (await webhooks.client.all(first.receivedAt)).filter(
    (d) => d.kind === 'CollectionNotification' && ids.includes((d.body as Json)?.['carrierLockerId']),
  );
  let last = first;
  for (const next of ofLocker) {
    if (next.receivedAt <= first.receivedAt || isRedelivery(next, last, period)) continue;
    notifiedAPeriodApart(last, next, period, `the locker, by ${ids.join(' and ')}, ids it held,`);
    last = next;
  }
}

interface Waiting {
  parcels: ParcelFactory;
  webhooks: Webhooks;
}

/** The locker under a new carrier.lockerId, its other members as they were; as it was where the update is refused. */
async function renamed(api: CisClient, record: Json, lockerId: string): Promise<Json> {
  const { lockerName, activationDate } = record['carrier'];
  const exchange = await api.call('updateLocker', {
    params: { uid: record['uid'] },
    body: { carrier: { lockerName, lockerId, activationDate } },
  });
  if (exchange.status >= 200 && exchange.status < 300)
    return { ...record, carrier: { ...record['carrier'], lockerId } };
  const what = `locker ${record['uid']} holding two parcels: its new lockerId refused ${exchange.status}`;
  observe('WH-COLLECTION-SENT', what);
  notObservable('WH-COLLECTION-CURRENT-ID', what);
  return record;
}

/**
 * Picked up by the courier, the parcel leaves the locker, which then holds nothing to pick up. Notifications
 * made before the collection may still arrive for as long as the first one took (its latency, by its own
 * eventTimestamp) and two periods, with a quarter second for the clocks' difference; after that, three distinct
 * ones within four periods name a locker kept.
 */
async function collectedNotNamed(
  record: Json,
  parcelId: string,
  period: number,
  first: Delivery,
  { parcels, webhooks }: Waiting,
): Promise<void> {
  const collected = await parcels.trigger(record, parcelId, 'COURIER_COLLECTED');
  if (collected.status < 200 || collected.status >= 300) return;
  const lockerId = record['carrier']['lockerId'];
  const from = afterCollection(first, period, webhooks.timeoutMs);
  const deadline = from + period * 4;
  const match = { kind: 'CollectionNotification' as const, where: { '/carrierLockerId': lockerId }, after: from };
  const named: Delivery[] = [];
  for (let skip = 0; named.length < 3 && Date.now() < deadline; skip++) {
    const next = await webhooks.client.waitFor({ ...match, skip }, Math.max(1, deadline - Date.now()));
    if (!next) break;
    // A resend of the same notification (§6: delivery guarantees not shown) is no notification of its own.
    if (!named.length || !isRedelivery(next, named[named.length - 1]!, period)) named.push(next);
  }
  judge('WH-COLLECTION-SENT', named[2] ?? collected)
    .expect(
      named.length,
      `locker ${lockerId} was named in ${named.length} CollectionNotifications over ${(period * 4) / 1000} s, ` +
        'from well after its only parcel was collected (COURIER_COLLECTED)',
    )
    .toBeLessThan(3);
}
