/* global process */
// The x45- reproductions seen in webhook deliveries (../x45-repro.mjs runs them with a receiver): each returns
// the spec violations it saw.
import { call, list, lockerBody, publishBody, sleep } from './client.mjs';

export const WEBHOOK_SCENARIOS = {
  // §4.6 PRE_CHECK only checks; §6 ParcelUpdates is sent when the status of a parcel changes.
  async 'x45-precheck-pushes-parcel-update'(ref, hooks) {
    const check = publishBody({ eventType: 'PRE_CHECK' });
    const answer = await call('POST', `${ref.base}/parcels/data`, { body: check });
    await sleep(800);
    const listed = list((await call('GET', `${ref.base}/parcels`)).body).filter(
      (p) => p.carrierParcelId === check.carrierParcelId,
    );
    const pushed = hooks.deliveries.filter((d) => d.body.carrierParcelId === check.carrierParcelId);
    return pushed.map(
      (d) =>
        `PRE_CHECK (answered ${answer.status} ${answer.body.status}) pushed ParcelUpdates ` +
        `${d.body.shipmentUid} ${d.body.shipmentStatus}; GET /parcels lists ${listed.length} parcel(s) with ` +
        `that id`,
    );
  },
  // §6 LockerUpdates body: locker record plus eventTimestamp (the first attempt is answered 500).
  async 'x45-webhook-retry-double-encoded'(ref, hooks) {
    const created = await call('POST', `${ref.base}/lockers`, { body: lockerBody() });
    await sleep(1500);
    const seen = [];
    hooks.deliveries.forEach((d, i) => {
      const ok =
        d.body !== null && typeof d.body === 'object' && d.body.uid === created.body.uid && 'eventTimestamp' in d.body;
      const shown =
        typeof d.body === 'string'
          ? 'a JSON string: ' + d.body.slice(0, 60) + '...'
          : JSON.stringify(d.body).slice(0, 80);
      if (!ok) seen.push(`delivery ${i} (after ${i} answers of 500) body is ${shown}`);
    });
    if (hooks.deliveries.length < 2) seen.push(`only ${hooks.deliveries.length} deliveries: no retry seen`);
    return seen;
  },
  // §6 CollectionNotification informs the carrier which lockers hold parcels to be picked up.
  async 'x45-collection-after-courier-collected'(ref, hooks) {
    const locker = (await call('POST', `${ref.base}/lockers`, { body: lockerBody() })).body;
    const event = (event_type) =>
      call('POST', `${ref.mock}/parcel/first-mile/event`, {
        body: {
          parcel_id: `FM-${process.pid}`,
          provider_locker_id: locker.provider.lockerUid,
          event_type,
          carrier_name: 'CARRIER_NAME_1',
          provider_name: 'PROVIDER_NAME_1',
          shipment_type: 'FIRST_MILE',
        },
      });
    for (const e of ['BOOKING_CREATED', 'CONSIGNEE_DELIVERED']) await event(e);
    await sleep(700);
    const whileWaiting = hooks.deliveries.filter(
      (d) => d.body.carrierLockerId === locker.carrier.lockerId && 'courierAccessCode' in d.body,
    ).length;
    const collected = await event('COURIER_COLLECTED');
    const after = Date.now() + 100;
    await sleep(1600);
    const named = hooks.deliveries.filter(
      (d) => d.at > after && d.body.carrierLockerId === locker.carrier.lockerId && 'courierAccessCode' in d.body,
    );
    const seen = named.map(
      (d) =>
        `CollectionNotification names ${d.body.carrierLockerId} at ${new Date(d.at).toISOString()}, after ` +
        `COURIER_COLLECTED (answered ${collected.status}) emptied it`,
    );
    if (whileWaiting === 0) seen.push('no CollectionNotification while the parcel waited: scenario not set up');
    return seen;
  },
};
