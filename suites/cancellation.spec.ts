// Cancellation (§4.9, §8): only a parcel that has not been delivered can be cancelled.
import { expect, observe, rules, test } from '../harness/fixtures';
import { abbreviate } from '../harness/text';

test.beforeEach(({ requires }) => requires('writes'));

test('CAN-NOT-DELIVERED cancelling a booked parcel succeeds and the list then shows it no longer booked', rules('CAN-NOT-DELIVERED'), async ({ api, lockers, parcels }) => {
  const { record } = await lockers.create();
  const body = await parcels.book(record);
  const booked = await parcels.find(body['carrierParcelId']);
  const exchange = await parcels.cancel(body['carrierParcelId']);
  expect(exchange.status >= 200 && exchange.status < 300, `CAN-NOT-DELIVERED cancelParcel: expected a 2xx, got ${exchange.status} ${abbreviate(exchange.text, 160)}\n  reproduce: ${api.curl(exchange)}`).toBe(true);
  const after = await parcels.find(body['carrierParcelId']);
  // A cancelled booking may leave the list or stay with another status; either way it is not booked.
  if (after) expect(after['shipmentStatus'], `CAN-NOT-DELIVERED: parcel ${body['carrierParcelId']} still shows its booked status`).not.toBe(booked?.['shipmentStatus']);
  observe('CAN-NOT-DELIVERED', `cancel answered ${exchange.status}; afterwards the parcel ${after ? `shows ${after['shipmentStatus']}` : 'is no longer listed'}`);
});

test('CAN-DELIVERED-REFUSED a parcel delivered through the staging trigger cannot be cancelled and keeps its status', rules('CAN-DELIVERED-REFUSED', 'TRG-RESPONSE'), async ({ api, lockers, parcels, requires }) => {
  requires('trigger');
  const { record } = await lockers.create();
  const body = await parcels.book(record);
  const delivered = await parcels.trigger(record, body['carrierParcelId'], 'CONSIGNEE_DELIVERED');
  expect(delivered.status >= 200 && delivered.status < 300, `TRG-RESPONSE triggerFirstMileEvent: CONSIGNEE_DELIVERED answered ${delivered.status} ${abbreviate(delivered.text, 160)}\n  reproduce: ${api.curl(delivered)}`).toBe(true);
  const before = await parcels.find(body['carrierParcelId']);
  const exchange = await parcels.cancel(body['carrierParcelId']);
  expect(exchange.status >= 400 && exchange.status < 500, `CAN-DELIVERED-REFUSED cancelParcel: a delivered parcel was answered ${exchange.status}\n  reproduce: ${api.curl(exchange)}`).toBe(true);
  const after = await parcels.find(body['carrierParcelId']);
  expect(after?.['shipmentStatus'], 'CAN-DELIVERED-REFUSED: the delivered parcel changed status after a refused cancellation').toBe(before?.['shipmentStatus']);
});

test('CAN-UNKNOWN-404 cancelling a parcel that does not exist is answered 404 with a JSON body', rules('CAN-UNKNOWN-404', 'ERR-404-JSON'), async ({ api, tag, target }) => {
  const exchange = await api.call('cancelParcel', { params: { parcelId: tag.next('no-such-parcel') }, ...(target.profile.cancel.body ? { body: target.profile.cancel.body } : {}) });
  expect(exchange.status, `CAN-UNKNOWN-404 cancelParcel: expected 404, got ${exchange.status}\n  reproduce: ${api.curl(exchange)}`).toBe(404);
  expect(exchange.body, 'ERR-404-JSON cancelParcel: expected a JSON body').not.toBeUndefined();
});

test('CAN-TWICE reports what a second cancellation answers', rules('CAN-TWICE'), async ({ lockers, parcels }) => {
  const { record } = await lockers.create();
  const body = await parcels.book(record);
  const first = await parcels.cancel(body['carrierParcelId']);
  const second = await parcels.cancel(body['carrierParcelId']);
  observe('CAN-TWICE', `first cancellation ${first.status}, second ${second.status}`);
});
