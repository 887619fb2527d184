// Webhooks (§6): each event arrives when the spec says and carries the body the spec describes.
// Deliveries are matched to the action that caused them; no test waits with a fixed sleep.
import {
  eventCount,
  expect,
  isRedelivery,
  judge,
  lockerStatusBody,
  notifiedAt,
  notObservable,
  observe,
  rules,
  stateToSet,
  test,
  type Delivery,
  type Exchange,
  type Json,
  type Match,
  type WaitAbout,
} from '../harness/fixtures';

/**
 * Allowed clock difference between the target and the harness when comparing eventTimestamp (the
 * target's clock) with the time of the action (the harness's). Arrival times are the harness's own.
 */
const CLOCK_SKEW_MS = 5_000;

/** The delivery has no problem under its body rule (deprecated members are their own should rules). */
function expectValid(delivery: Delivery, rule: string): void {
  const problems = delivery.findings.filter((f) => f.rule === rule).map((f) => f.problem);
  judge(rule, delivery)
    .expect(problems, `delivery #${delivery.seq} (${delivery.kind ?? 'unclassified'}) is invalid`)
    .toEqual([]);
}

function timestampNote(delivery: Delivery, actionAt: number): string {
  const stamp = (delivery.body as Json)['eventTimestamp'];
  const parsed = typeof stamp === 'string' ? Date.parse(stamp) : NaN;
  if (Number.isNaN(parsed)) return `eventTimestamp ${JSON.stringify(stamp)} is not a date-time`;
  return parsed >= actionAt - CLOCK_SKEW_MS
    ? 'eventTimestamp is a date-time not earlier than the action'
    : `eventTimestamp ${stamp} is earlier than the action`;
}

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
      judge('WH-LOCKER-ON-CREATE', exchange, delivery)
        .expect(body['carrier']?.['lockerId'], "the delivery is not the created locker's record")
        .toBe(record['carrier']['lockerId']);
      judge('WH-LOCKER-BODY', delivery)
        .expect(typeof body['eventTimestamp'], 'eventTimestamp is missing')
        .toBe('string');
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
  'PCL-PRECHECK-NO-BOOKING a PRE_CHECK on either path is pushed as no parcel',
  rules('PCL-PRECHECK-NO-BOOKING'),
  async ({ lockers, parcels, webhooks }) => {
    const { record } = await lockers.lend('bookings');
    const after = Date.now();
    const checked: string[] = [];
    for (const path of ['uid', 'tenant'] as const) {
      const body = parcels.body(record, { eventType: 'PRE_CHECK' }, path);
      expect(await parcels.publish(body, path)).toSucceed('PCL-PRECHECK-NO-BOOKING');
      checked.push(body['carrierParcelId']);
    }
    // A booking's push is the barrier: one a PRE_CHECK caused would be queued before it (§6 states no order,
    // so one later still is not looked for). A push about a pre-checked id shows a parcel it booked.
    const booked = await parcels.book(record);
    await webhooks.expectDelivery('WH-PARCEL-ON-STATUS', {
      kind: 'ParcelUpdates',
      where: { '/carrierParcelId': booked['carrierParcelId'] },
      after,
    });
    const phantom = (await webhooks.client.all()).filter(
      (d) => d.receivedAt >= after && checked.includes(String((d.body as Json | undefined)?.['carrierParcelId'])),
    );
    for (const d of phantom)
      judge('PCL-PRECHECK-NO-BOOKING', d)
        .expect(d.body, `PRE_CHECK ${String((d.body as Json)['carrierParcelId'])} was pushed as a parcel`)
        .toBeUndefined();
    if (!phantom.length)
      judge('PCL-PRECHECK-NO-BOOKING').expect(phantom, 'a push about a pre-checked parcel').toEqual([]);
  },
);

test(
  'WH-LOCKER-ON-STATUS a status change is pushed as LockerUpdates carrying the new status',
  rules('WH-LOCKER-ON-STATUS', 'WH-LOCKER-BODY'),
  async ({ api, lockers, webhooks, target }) => {
    const { record } = await lockers.create();
    // The state's name is the profile's; the push carries the status the state shows.
    const next = stateToSet(target.profile, record);
    const actionAt = Date.now();
    const changed = await api.call('updateLockerStatus', {
      body: lockerStatusBody(target.profile, record['uid'], next.name),
    });
    expect(changed).toSucceed('LCK-STATUS-CHANGE');
    const byCarrier = {
      kind: 'LockerUpdates' as const,
      where: { '/uid': record['uid'], '/carrier/status': next.shows },
      after: actionAt,
    };
    const byProvider = {
      kind: 'LockerUpdates' as const,
      where: { '/uid': record['uid'], '/provider/status': next.shows },
      after: actionAt,
    };
    const delivery = await webhooks.waitForAny([byCarrier, byProvider], undefined, 'WH-LOCKER-ON-STATUS');
    judge('WH-LOCKER-ON-STATUS', changed, delivery ?? { webhook: 'LockerUpdates' })
      .expect(
        delivery,
        `no LockerUpdates for locker ${record['uid']} with status ${next.shows} (state ${next.name}) arrived ` +
          `within ${webhooks.timeoutMs / 1000} s`,
      )
      .toBeDefined();
    expectValid(delivery!, 'WH-LOCKER-BODY');
  },
);

const PARCEL_RULES = [
  'WH-PARCEL-ON-STATUS',
  'WH-PARCEL-ON-BOOKING',
  'WH-PARCEL-BODY',
  'WH-PARCEL-CONSISTENT',
  'WH-ORDER',
];
test(
  'WH-PARCEL-ON-STATUS a cancellation, by each id the cancel path takes, and status-changing trigger events ' +
    'are pushed as ParcelUpdates, and a booking too (a should)',
  rules(...PARCEL_RULES),
  async ({ lockers, parcels, webhooks, target }) => {
    const { record } = await lockers.create();
    const seen: string[] = [];

    /**
     * Does the action, then waits under `rule` for a valid ParcelUpdates for the parcel with the status
     * GET /parcels now shows. An action after which the parcel shows the status it had need not be
     * pushed (§6: "The status of a parcel changes"); a booking has no status before. The judgement is
     * made at the action, at the list read that shows the change, and at the webhook.
     */
    async function pushed(rule: string, id: string, action: string, act: () => Promise<Exchange>): Promise<void> {
      const before =
        rule === 'WH-PARCEL-ON-BOOKING'
          ? undefined
          : (await parcels.lookup(id, undefined, (p) => p !== undefined)).parcel;
      const statusBefore = before?.['shipmentStatus'];
      const actionAt = Date.now();
      const cause = await act();
      // Read again while the list does not show the action yet (no other status, no longer history): a list may lag a
      // write.
      const shown = (p: Json | undefined) =>
        before === undefined
          ? p !== undefined
          : p === undefined || p['shipmentStatus'] !== statusBefore || eventCount(p) > eventCount(before);
      const { parcel: listed, exchange: read } = await parcels.lookup(id, undefined, shown);
      const ofParcel = { kind: 'ParcelUpdates' as const, where: { '/carrierParcelId': id }, after: actionAt };
      if (statusBefore !== undefined && listed?.['shipmentStatus'] === statusBefore) {
        const early = await webhooks.waitFor(ofParcel, 1);
        observe(
          'WH-PARCEL-ON-STATUS',
          `${action} left the status ${statusBefore}; ` +
            `${early ? 'a ParcelUpdates came all the same' : 'no ParcelUpdates had come when checked'}`,
        );
        return;
      }
      const status = listed?.['shipmentStatus'];
      // The push of this change: the parcel with the status it now shows. Failing that, one that shows the
      // parcel otherwise than before the action (another status or history) is a push of the change all
      // the same, but not a consistent one; a push of the parcel as it was (an earlier event's, late) is none.
      // Where the wait ends early, the run's end judges it by any push about the parcel after the action.
      const about = { rule, whole: ofParcel };
      const withStatus = { ...ofParcel, where: { ...ofParcel.where, '/shipmentStatus': status } };
      const delivery =
        (listed ? await webhooks.waitFor(withStatus, undefined, about) : undefined) ??
        (await pushOfChange(ofParcel, before, about));
      // The list read shows the change only where the parcel had a status before it.
      judge(rule, cause, statusBefore !== undefined ? read : undefined, delivery ?? { webhook: 'ParcelUpdates' })
        .expect(
          delivery,
          `no ParcelUpdates for parcel ${id} ` +
            `${listed ? `with status ${String(status)}` : 'showing a change'} after ${action} within ` +
            `${webhooks.timeoutMs / 1000} s`,
        )
        .toBeDefined();
      if (!delivery) return;
      const carried = (delivery.body as Json)['shipmentStatus'];
      if (listed)
        judge('WH-PARCEL-CONSISTENT', read, delivery)
          .expect(carried, `after ${action} GET /parcels shows ${status}, the ParcelUpdates said ${carried}`)
          .toBe(status);
      else notObservable('WH-PARCEL-CONSISTENT', `after ${action} GET /parcels does not list parcel ${id}`);
      expectValid(delivery, 'WH-PARCEL-BODY');
      seen.push(`${action}→${carried} (#${delivery.seq})`);
      observe('WH-EVENT-TIMESTAMP-FORMAT', `ParcelUpdates after ${action}: ${timestampNote(delivery, actionAt)}`);
    }

    /** The first ParcelUpdates of the match that does not show the parcel as it was before the action (status and
     * events). */
    async function pushOfChange(
      ofParcel: Match,
      before: Json | undefined,
      about: WaitAbout,
    ): Promise<Delivery | undefined> {
      const asBefore = (body: Json) =>
        before !== undefined &&
        body['shipmentStatus'] === before['shipmentStatus'] &&
        JSON.stringify(body['events']) === JSON.stringify(before['events']);
      // Repeated deliveries (at-least-once) of earlier pushes come first at most a few times over.
      for (let skip = 0; skip < 8; skip++) {
        const delivery = await webhooks.waitFor({ ...ofParcel, skip }, undefined, skip === 0 ? about : {});
        if (!delivery || !asBefore(delivery.body as Json)) return delivery;
      }
      return undefined;
    }

    const id = parcels.newParcelId();
    await pushed('WH-PARCEL-ON-BOOKING', id, 'booking', async () => {
      const body = parcels.body(record, { carrierParcelId: id });
      const exchange = await parcels.publish(body);
      expect(exchange).toSucceed('PCL-BOOKING-CREATES');
      return exchange;
    });
    if (target.capabilities.trigger.available) {
      await pushed('WH-PARCEL-ON-STATUS', id, 'BOOKING_CREATED', () => parcels.trigger(record, id, 'BOOKING_CREATED'));
      // Whether a last-mile booking takes this first-mile event is not stated (§4.11): only a status it changes is
      // judged.
      const second = (await parcels.book(record))['carrierParcelId'];
      await pushed('WH-PARCEL-ON-STATUS', second, 'CONSIGNEE_DELIVERED', () =>
        parcels.trigger(record, second, 'CONSIGNEE_DELIVERED'),
      );
      await pushed('WH-PARCEL-ON-STATUS', second, 'COURIER_COLLECTED', () =>
        parcels.trigger(record, second, 'COURIER_COLLECTED'),
      );
    }
    // A cancellation by each id the cancel path takes: a service may push for one form and not the other.
    const { taken, untaken } = await parcels.cancelForms(record);
    for (const { kind, why } of untaken) notObservable('WH-PARCEL-ON-STATUS', `cancelParcel by ${kind}: ${why}`);
    for (const [i, kind] of taken.entries()) {
      const parcel = i === 0 ? id : (await parcels.book(record))['carrierParcelId'];
      await pushed('WH-PARCEL-ON-STATUS', parcel, `cancellation by ${kind}`, async () => {
        const exchange = await parcels.cancel(parcel, undefined, kind);
        expect(exchange).toSucceed('CAN-NOT-DELIVERED');
        return exchange;
      });
    }
    observe('WH-ORDER', `ParcelUpdates of the test's parcels arrived as ${seen.join(', ')}`);
  },
);

const COLLECTION = ['WH-COLLECTION-SENT', 'WH-COLLECTION-BODY', 'WH-COLLECTION-DAILY'];
test(
  'WH-COLLECTION-SENT a locker holding a first-mile parcel for the courier is named in a CollectionNotification',
  rules(...COLLECTION),
  async ({ lockers, parcels, webhooks, requires, tag, target }) => {
    requires('writes');
    const { record } = await lockers.create();
    const parcelId = tag.next('CCFM');
    expect(await parcels.trigger(record, parcelId, 'BOOKING_CREATED')).toSucceed('TRG-RESPONSE');
    // Which events a first-mile parcel takes is not shown (§3): one refused leaves no parcel known to wait for the
    // courier.
    const delivered = await parcels.trigger(record, parcelId, 'CONSIGNEE_DELIVERED');
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
  },
);

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
      (d) => d.seq !== first.seq && d.receivedAt >= first.receivedAt && d.raw.includes(lockerId),
    );
    for (const d of again) {
      const shown =
        typeof d.body === 'object' && d.body !== null && !Array.isArray(d.body)
          ? (d.body as Json)['carrier']?.['lockerId']
          : d.body;
      judge('WH-LOCKER-BODY', d)
        .expect(
          shown,
          'a later delivery about the locker whose LockerUpdates was answered 500 does not carry its record',
        )
        .toBe(lockerId);
    }
    observe(
      'WH-AUTH',
      first.credentials.length
        ? `deliveries carry ${first.credentials.join(', ')}`
        : 'deliveries carry no credential header',
    );
  },
);
