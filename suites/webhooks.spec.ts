// Webhooks (§6): each event arrives when the spec says and carries the body the spec describes.
// Deliveries are matched to the action that caused them; no test waits with a fixed sleep.
// The parcel pushes are suites/parcel-webhooks.spec.ts's.
import {
  causedPushJudgement,
  type Delivery,
  expect,
  expectValid,
  hold,
  isRedelivery,
  type Json,
  judge,
  lockerCreatedPush,
  lockerPushJudgement,
  lockerStatusBody,
  lockerStatusPush,
  notifiedAt,
  notObservable,
  observe,
  type ParcelFactory,
  rules,
  stateToSet,
  statusChangeAcceptedJudgements,
  refused409,
  test,
  timestampNote,
  type Webhooks,
} from '../harness/fixtures';

test(
  "WH-LOCKER-ON-CREATE creating a locker is pushed as LockerUpdates with the locker's record and " +
    'eventTimestamp, for a second create too',
  rules('WH-LOCKER-ON-CREATE', 'WH-LOCKER-BODY', 'WH-EVENT-TIMESTAMP-FORMAT', 'WH-DELIVERY-VALID'),
  async ({ lockers, webhooks }) => {
    // Two creates, the second once the first's push came: a push built from another record (the locker
    // created before, a stale event cache) is right for a service's first create and shows only later.
    for (let create = 1; create <= 2; create++) {
      const actionAt = Date.now();
      const { record, exchange } = await lockers.create();
      const delivery = await webhooks.expectDelivery(
        'WH-LOCKER-ON-CREATE',
        { kind: 'LockerUpdates', where: { '/uid': record['uid'] }, after: actionAt },
        { cause: exchange },
      );
      judge('WH-DELIVERY-VALID', delivery)
        .expect(
          delivery.findings.map((f) => f.rule),
          `delivery #${delivery.seq} is no JSON body sent as application/json`,
        )
        .not.toContain('WH-DELIVERY-VALID');
      expectValid(delivery, 'WH-LOCKER-BODY');
      const body = delivery.body as Json;
      // The delivery found by the uid is the created locker's: it carries its lockerId.
      const lockerId = record['carrier']['lockerId'];
      const shown = body['carrier']?.['lockerId'];
      const carried = shown === lockerId ? [] : [`carrier.lockerId ${String(lockerId)}, got ${String(shown)}`];
      hold([causedPushJudgement(lockerCreatedPush(record['uid'], actionAt), true, '', carried)], exchange, delivery);
      hold([lockerPushJudgement(body, [], `LockerUpdates #${delivery.seq} after create ${create}`)], delivery);
      if (create === 1) observe('WH-EVENT-TIMESTAMP-FORMAT', `LockerUpdates: ${timestampNote(delivery, actionAt)}`);
    }
  },
);

test(
  "WH-OWN-CARRIER a booking made with the second carrier's key is pushed to its URL and not to the first carrier's",
  rules('WH-OWN-CARRIER'),
  async ({ api2, lockers, parcels, webhooks }) => {
    const after = Date.now();
    const { record } = await lockers.create({}, api2);
    const booked = await parcels.book(record, {}, api2);
    const id = booked['carrierParcelId'];
    // The first carrier's next event is the barrier: a leaked delivery sent at the booking would be
    // queued before it. One that comes later still is caught by the run's end (run.teardown.ts).
    const own = await webhooks.waitFor({ where: { '/carrierParcelId': id }, after });
    const mine = await lockers.create();
    await webhooks.waitFor({ kind: 'LockerUpdates', where: { '/uid': mine.record['uid'] }, after });
    const about = (await webhooks.client.all()).filter(
      (d) => d.receivedAt >= after && (d.body as Json | undefined)?.['carrierParcelId'] === id,
    );
    if (!own || !about.some((d) => d.ownCarrierJudged)) {
      notObservable(
        'WH-OWN-CARRIER',
        "no delivery about the second carrier's booking arrived at a carrier's own path (…/carrier-1, …/carrier-2)",
      );
      return;
    }
    for (const delivery of about.filter((d) => d.ownCarrierJudged)) {
      const leaks = delivery.findings.filter((f) => f.rule === 'WH-OWN-CARRIER').map((f) => f.problem);
      judge('WH-OWN-CARRIER', delivery).expect(leaks, `delivery #${delivery.seq} of parcel ${id}`).toEqual([]);
    }
  },
);

test(
  'WH-LOCKER-ON-STATUS a status change is pushed as LockerUpdates carrying the new status',
  rules('WH-LOCKER-ON-STATUS', 'WH-LOCKER-BODY', 'LCK-STATUS-TAKEN'),
  async ({ api, lockers, webhooks, target }) => {
    const { record } = await lockers.create();
    // The state's name is the profile's; the push carries the status the state shows.
    const next = stateToSet(target.profile, record);
    const actionAt = Date.now();
    const changed = await api.call('updateLockerStatus', {
      body: lockerStatusBody(target.profile, record['uid'], next.name),
    });
    hold(statusChangeAcceptedJudgements(changed, `setting ${next.name} on locker ${record['uid']}`), changed);
    // A 409's condition is not shown (§4.5): refused so, the change made nothing to push.
    if (refused409(changed))
      return notObservable('WH-LOCKER-ON-STATUS', `the status change was answered 409, whose condition is not shown`);
    const push = lockerStatusPush(record['uid'], next.shows, actionAt, ` (state ${next.name})`);
    const delivery = await webhooks.waitForAny(push.matches, undefined, push.rule);
    const within = `within ${webhooks.timeoutMs / 1000} s`;
    hold(
      [causedPushJudgement(push, delivery !== undefined, within)],
      changed,
      delivery ?? { webhook: 'LockerUpdates' },
    );
    expectValid(delivery!, 'WH-LOCKER-BODY');
  },
);

const COLLECTION = ['WH-COLLECTION-SENT', 'WH-COLLECTION-BODY', 'WH-COLLECTION-DAILY'];
test(
  'WH-COLLECTION-SENT lockers holding a first-mile parcel for the courier are each named in a ' +
    'CollectionNotification',
  rules(...COLLECTION),
  async ({ lockers, parcels, webhooks, requires, tag, target }) => {
    requires('writes');
    // Two lockers, each with a parcel for the courier: one notification per period names every such locker (§6
    // "which lockers hold parcels to be picked up"), not only one of the carrier's.
    const [{ record }, { record: beside }] = await Promise.all([lockers.create(), lockers.create()]);
    const waiting = async (locker: Json, parcelId: string) => {
      expect(await parcels.trigger(locker, parcelId, 'BOOKING_CREATED')).toSucceed('TRG-RESPONSE');
      // Which events a first-mile parcel takes is not shown (§3): one refused leaves no parcel known to wait for the
      // courier.
      return parcels.trigger(locker, parcelId, 'CONSIGNEE_DELIVERED');
    };
    const parcelId = tag.next('CCFM');
    const [delivered, besideDelivered] = await Promise.all([
      waiting(record, parcelId),
      waiting(beside, tag.next('CCFM')),
    ]);
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
    const delivery = await webhooks.expectDelivery('WH-COLLECTION-SENT', ofLocker, period * 3 + webhooks.timeoutMs);
    // Within a short period only: on a daily one the test does not wait for a second notification.
    if (besideDelivered.status >= 200 && besideDelivered.status < 300 && period <= webhooks.timeoutMs * 6) {
      const ofBeside = { ...ofLocker, where: { '/carrierLockerId': beside['carrier']['lockerId'] } };
      await webhooks.expectDelivery('WH-COLLECTION-SENT', ofBeside, period * 3 + webhooks.timeoutMs);
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
    else
      judge('WH-COLLECTION-DAILY', next)
        .expect(
          notifiedAt(next) - notifiedAt(delivery),
          `locker ${record['carrier']['lockerId']} was notified twice within one period (${period} ms)`,
        )
        .toBeGreaterThanOrEqual(period * 0.9);
    await collectedNotNamed(record, parcelId, period, delivery, { parcels, webhooks });
  },
);

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
  { parcels, webhooks }: { parcels: ParcelFactory; webhooks: Webhooks },
): Promise<void> {
  const collected = await parcels.trigger(record, parcelId, 'COURIER_COLLECTED');
  if (collected.status < 200 || collected.status >= 300) return;
  const lockerId = record['carrier']['lockerId'];
  const latency = Math.max(0, Math.min(webhooks.timeoutMs, first.receivedAt - notifiedAt(first)));
  const from = Date.now() + latency + period * 2 + 250;
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

test(
  'WH-RESPONSES reports whether a delivery answered 500 is retried, and after how long; a retry carries the record',
  rules('WH-RESPONSES', 'WH-AUTH', 'WH-LOCKER-BODY'),
  async ({ lockers, webhooks, tag, requires }) => {
    requires('writes');
    const lockerId = tag.next('CC');
    const match = { kind: 'LockerUpdates' as const, where: { '/carrier/lockerId': lockerId } };
    await webhooks.client.answer(match, 500, 1);
    await lockers.create({ carrier: { lockerName: 'Retry probe', lockerId, activationDate: '2026-01-15T08:00:00Z' } });
    const first = await webhooks.expectDelivery('WH-LOCKER-ON-CREATE', match);
    const retry = await webhooks.waitFor({ ...match, skip: 1 });
    observe(
      'WH-RESPONSES',
      retry
        ? `a delivery answered 500 was retried after ${retry.receivedAt - first.receivedAt} ms`
        : `a delivery answered 500 was not retried within ${webhooks.timeoutMs / 1000} s`,
    );
    // Retries are §6's to leave open; what one carries is not: every LockerUpdates is the locker record.
    // Found by the lockerId in its text, as a retry that is no record would not match the wait above.
    const again = (await webhooks.client.all()).filter(
      // The id whole (a JSON string's end, escaped too in a body written twice), and no notification naming it.
      (d) =>
        d.seq !== first.seq &&
        d.receivedAt >= first.receivedAt &&
        d.kind !== 'CollectionNotification' &&
        (d.raw.includes(`${lockerId}"`) || d.raw.includes(`${lockerId}\\"`)),
    );
    for (const d of again) {
      // What the test knows of the locker: its lockerId.
      const what = `delivery #${d.seq}, after the locker's LockerUpdates was answered 500,`;
      hold([lockerPushJudgement(d.body, [{ carrier: { lockerId } }], what)], d);
    }
    observe(
      'WH-AUTH',
      first.credentials.length
        ? `deliveries carry ${first.credentials.join(', ')}`
        : 'deliveries carry no credential header',
    );
  },
);
