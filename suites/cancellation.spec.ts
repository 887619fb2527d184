// Cancellation (§4.9, §8): only a parcel that has not been delivered can be cancelled.
import { expect, judge, observe, rules, test } from '../harness/fixtures';

test('CAN-NOT-DELIVERED cancelling a booked parcel succeeds and the list then shows it no longer booked', rules('CAN-NOT-DELIVERED'), async ({ lockers, parcels }) => {
  const { record } = await lockers.create();
  const body = await parcels.book(record);
  const booked = await parcels.find(body['carrierParcelId']);
  const exchange = await parcels.cancel(body['carrierParcelId']);
  expect(exchange).toSucceed('CAN-NOT-DELIVERED');
  const after = await parcels.find(body['carrierParcelId']);
  // A cancelled booking may leave the list or stay with another status; either way it is not booked.
  if (after) judge('CAN-NOT-DELIVERED', exchange).expect(after['shipmentStatus'], `parcel ${body['carrierParcelId']} still shows its booked status`).not.toBe(booked?.['shipmentStatus']);
  observe('CAN-NOT-DELIVERED', `cancel answered ${exchange.status}; afterwards the parcel ${after ? `shows ${after['shipmentStatus']}` : 'is no longer listed'}`);
});

test('CAN-DELIVERED-REFUSED a parcel delivered through the staging trigger cannot be cancelled and keeps its status', rules('CAN-DELIVERED-REFUSED', 'TRG-RESPONSE'), async ({ lockers, parcels }) => {
  const { record } = await lockers.create();
  const body = await parcels.book(record);
  const delivered = await parcels.trigger(record, body['carrierParcelId'], 'CONSIGNEE_DELIVERED');
  expect(delivered).toSucceed('TRG-RESPONSE');
  const before = await parcels.find(body['carrierParcelId']);
  const exchange = await parcels.cancel(body['carrierParcelId']);
  expect(exchange).toBeRejected('CAN-DELIVERED-REFUSED');
  const after = await parcels.find(body['carrierParcelId']);
  judge('CAN-DELIVERED-REFUSED', exchange).expect(after?.['shipmentStatus'], 'the delivered parcel changed status after a refused cancellation').toBe(before?.['shipmentStatus']);
});

test('CAN-UNKNOWN-404 cancelling a parcel that does not exist is answered 404 with a JSON body', rules('CAN-UNKNOWN-404', 'ERR-404-JSON'), async ({ api, tag, target }) => {
  const exchange = await api.call('cancelParcel', { params: { parcelId: tag.next('no-such-parcel') }, ...(target.profile.cancel.body ? { body: target.profile.cancel.body } : {}) });
  expect(exchange).toBeRejected('CAN-UNKNOWN-404', 404);
  judge('ERR-404-JSON', exchange).expect(exchange.body, 'expected a JSON body').not.toBeUndefined();
});

test('CAN-TWICE reports what a second cancellation answers', rules('CAN-TWICE'), async ({ lockers, parcels }) => {
  const { record } = await lockers.create();
  const body = await parcels.book(record);
  const first = await parcels.cancel(body['carrierParcelId']);
  const second = await parcels.cancel(body['carrierParcelId']);
  observe('CAN-TWICE', `first cancellation ${first.status}, second ${second.status}`);
});
