// Webhooks (§6): each event arrives when the spec says and carries the body the spec describes.
// Deliveries are matched to the action that caused them; no test waits with a fixed sleep.
// The parcel pushes are suites/parcel-webhooks.spec.ts's; CollectionNotification,
// suites/collection-notifications.spec.ts's.
import {
  causedPushJudgement,
  expectValid,
  hold,
  type Json,
  judge,
  lockerCreatedPush,
  lockerPushJudgement,
  lockerStatusBody,
  lockerStatusPush,
  notObservable,
  observe,
  rules,
  tagPrefix,
  stateToSet,
  statusChangeAcceptedJudgements,
  refused409,
  test,
  timestampNote,
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

test(
  'WH-RESPONSES reports whether a delivery answered 500 is retried, and after how long, to each carrier; a retry ' +
    'carries the record and goes where the first did',
  rules('WH-RESPONSES', 'WH-AUTH', 'WH-LOCKER-BODY', 'WH-OWN-CARRIER'),
  async ({ lockers, webhooks, tag, target, clientFor, requires }) => {
    requires('writes');
    // Each carrier's delivery refused once: what a service does then is its own (§6: retries not shown), but what it
    // sends goes to the URL of the carrier the locker is of (WH-OWN-CARRIER, judged on every delivery at the end).
    const sides = target.capabilities.secondKey.available
      ? (['primary', 'secondary'] as const)
      : (['primary'] as const);
    for (const side of sides) {
      // Tagged as the side's own, as the run tells whose key made a record.
      const lockerId = tag.next(tagPrefix('CC', side));
      const match = { kind: 'LockerUpdates' as const, where: { '/carrier/lockerId': lockerId } };
      await webhooks.client.answer(match, 500, 1);
      const carrier = { lockerName: 'Retry probe', lockerId, activationDate: '2026-01-15T08:00:00Z' };
      await lockers.create({ carrier }, side === 'primary' ? undefined : await clientFor(side));
      const first = await webhooks.expectDelivery('WH-LOCKER-ON-CREATE', match);
      const retry = await webhooks.waitFor({ ...match, skip: 1 });
      observe(
        'WH-RESPONSES',
        retry
          ? `a delivery to the ${side} carrier answered 500 was retried after ${retry.receivedAt - first.receivedAt} ms`
          : `a delivery to the ${side} carrier answered 500 was not retried within ${webhooks.timeoutMs / 1000} s`,
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
      if (side === 'primary')
        observe(
          'WH-AUTH',
          first.credentials.length
            ? `deliveries carry ${first.credentials.join(', ')}`
            : 'deliveries carry no credential header',
        );
    }
  },
);
