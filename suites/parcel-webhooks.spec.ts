// Parcel pushes (§6): each status change of a parcel, and its booking, is pushed as ParcelUpdates; a
// PRE_CHECK is pushed as none. Deliveries are matched to the action that caused them; no test waits
// with a fixed sleep.
import {
  cancelAcceptedJudgement,
  causedPushJudgement,
  type Delivery,
  eventCount,
  type Exchange,
  expectValid,
  hold,
  type Json,
  type Match,
  notObservable,
  observe,
  parcelPushStateJudgement,
  precheckNotPushedJudgement,
  publishAcceptedJudgement,
  rules,
  test,
  timestampNote,
  type WaitAbout,
} from '../harness/fixtures';

test(
  'PCL-PRECHECK-NO-BOOKING a PRE_CHECK on either path is pushed as no parcel',
  rules('PCL-PRECHECK-NO-BOOKING'),
  async ({ lockers, parcels, webhooks }) => {
    const { record } = await lockers.lend('bookings');
    const after = Date.now();
    const checked: string[] = [];
    for (const path of ['uid', 'tenant'] as const) {
      const body = parcels.body(record, { eventType: 'PRE_CHECK' }, path);
      const checkedBy = await parcels.publish(body, path);
      hold([publishAcceptedJudgement(checkedBy, `a PRE_CHECK by ${path}`)], checkedBy);
      checked.push(body['carrierParcelId']);
    }
    // A booking's push is the barrier: one a PRE_CHECK caused would be queued before it (§6 states no order,
    // so one later still is not looked for). A push about a pre-checked id shows a parcel it booked.
    const booked = await parcels.book(record);
    const barrier = await webhooks.expectDelivery('WH-PARCEL-ON-STATUS', {
      kind: 'ParcelUpdates',
      where: { '/carrierParcelId': booked['carrierParcelId'] },
      after,
    });
    const phantom = (await webhooks.client.all()).filter(
      // A parcel record (§2.4 gives it a shipmentUid) about a pre-checked id shows a parcel the PRE_CHECK made;
      // ParcelUpdates' event kinds are not shown (§6), so a push without one is no such record.
      (d) =>
        d.receivedAt >= after &&
        checked.includes(String((d.body as Json | undefined)?.['carrierParcelId'])) &&
        typeof (d.body as Json)['shipmentUid'] === 'string',
    );
    // One judgement at the delivery that shows it, or at the barrier's, the push read up to.
    const pushed = phantom.map((d) => `#${d.seq} about ${String((d.body as Json)['carrierParcelId'])}`);
    hold([precheckNotPushedJudgement(checked, pushed)], phantom[0] ?? barrier);
  },
);

const PARCEL_RULES = [
  'WH-PARCEL-ON-STATUS',
  'WH-PARCEL-ON-BOOKING',
  'WH-PARCEL-BODY',
  'WH-PARCEL-CONSISTENT',
  'WH-ORDER',
  // The parcels' histories its lists and pushes show, judged over the run's history (traffic/rules/histories-kept).
  'PCL-HISTORY-KEPT',
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
      const shows = listed ? `with status ${String(status)}` : 'showing a change';
      const what = `ParcelUpdates for parcel ${id} ${shows} after ${action}`;
      hold(
        [causedPushJudgement({ rule, what }, delivery !== undefined, `within ${webhooks.timeoutMs / 1000} s`)],
        cause,
        statusBefore !== undefined ? read : undefined,
        delivery ?? { webhook: 'ParcelUpdates' },
      );
      if (!delivery) return;
      const carried = (delivery.body as Json)['shipmentStatus'];
      if (listed)
        hold([parcelPushStateJudgement(delivery.body as Json, [listed], `the push after ${action}`)], read, delivery);
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
      hold([publishAcceptedJudgement(exchange, `the booking of ${id}`)], exchange);
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
        hold([cancelAcceptedJudgement(exchange, `parcel ${parcel} by its ${kind}`)], exchange);
        return exchange;
      });
    }
    observe('WH-ORDER', `ParcelUpdates of the test's parcels arrived as ${seen.join(', ')}`);
  },
);
