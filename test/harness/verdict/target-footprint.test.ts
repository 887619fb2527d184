// Given a run's exchanges, want what it left on the target and how many requests it sent.
import { expect, test } from '@playwright/test';
import type { RecordedExchange } from '../../../harness/evidence/exchanges';
import { footprintLine, targetFootprint } from '../../../harness/verdict/target-footprint';

function exchange(operationId: string, status: number, over: Partial<RecordedExchange> = {}): RecordedExchange {
  return {
    operationId,
    method: 'POST',
    url: 'http://t.invalid/v1/x',
    requestHeaders: {},
    status,
    statusText: '',
    responseHeaders: {},
    responseText: '',
    responseSize: 0,
    startedAt: 0,
    durationMs: 0,
    retries: 0,
    rules: [],
    ...over,
  };
}

const booking = (id: string, status = 200, eventType = 'BOOKING', operationId = 'publishParcel') =>
  exchange(operationId, status, { requestText: JSON.stringify({ eventType, carrierParcelId: id, lockerUid: 'L' }) });
const cancel = (id: string, status = 200) =>
  exchange('cancelParcel', status, { method: 'PATCH', url: `http://t.invalid/v1/parcels/${encodeURIComponent(id)}` });

test('lockers, bookings, cancellations and network entries are counted from the answers that made them', () => {
  const exchanges = [
    exchange('createLocker', 201),
    exchange('createLocker', 201),
    exchange('createLocker', 400),
    booking('p-1'),
    booking('p-1'),
    booking('p 2', 201, 'BOOKING', 'publishParcelByCarrierLockerId'),
    booking('p-3', 201, 'PRE_CHECK'),
    booking('p-4', 409),
    cancel('p-1'),
    cancel('p-1'),
    cancel('p 2', 404),
    cancel('unknown', 404),
    exchange('addNetworkLockers', 200, {
      requestText: '{"lockerUids":[1,2,3]}',
      responseText: '[{"lockerUid":1},{"lockerUid":2}]',
    }),
    exchange('addNetworkLockers', 400, {
      requestText: '{"lockerUids":"x"}',
      responseText: '{"errorCode":"E","message":"m"}',
    }),
    exchange('listParcels', 200, { method: 'GET', retries: 2 }),
  ];
  expect(targetFootprint(exchanges, 7)).toEqual({
    lockersCreated: 2,
    // A second booking of the same parcel is one parcel booked; a pre-check and a refusal book nothing.
    bookingsMade: 2,
    bookingsCancelled: 1,
    networkEntriesAdded: 2,
    // The 429s sent before the last attempt were sent too.
    requestsSent: exchanges.length + 2,
    // Each list answer is a page read, whatever was sent again to get it.
    listPagesRead: 1,
    webhookDeliveriesReceived: 7,
  });
});

test(
  'a body cut at the size the HAR keeps still counts: a booking by its event type, network entries by the ' + 'request',
  () => {
    const cut = exchange('publishParcel', 200, {
      requestText: '{"eventType":"BOOKING","carrierParcelId":"p-9","consignee":{"name":"',
    });
    const cutAnswer = exchange('addNetworkLockers', 200, {
      requestText: '{"lockerUids":[1,2,3,4]}',
      responseText: '[{"lockerUid":1},{"lock',
    });
    expect(targetFootprint([cut, cutAnswer], 0)).toMatchObject({ bookingsMade: 1, networkEntriesAdded: 4 });
  },
);

test('the line says what was left and what was sent, with thousands grouped', () => {
  const line = footprintLine({
    lockersCreated: 12,
    bookingsMade: 40,
    bookingsCancelled: 38,
    networkEntriesAdded: 3,
    requestsSent: 2512,
    webhookDeliveriesReceived: 340,
  });
  expect(line).toBe(
    'This run left on the target: 12 lockers, 40 bookings (38 cancelled), 3 network entries; 2,512 requests ' +
      'sent, 340 webhook deliveries received',
  );
  expect(
    footprintLine({
      lockersCreated: 1,
      bookingsMade: 1,
      bookingsCancelled: 0,
      networkEntriesAdded: 1,
      requestsSent: 1,
      webhookDeliveriesReceived: 1,
    }),
  ).toBe(
    'This run left on the target: 1 locker, 1 booking, 1 network entry; 1 request sent, 1 webhook delivery received',
  );
  expect(
    footprintLine({
      lockersCreated: 1,
      bookingsMade: 0,
      bookingsCancelled: 0,
      networkEntriesAdded: 0,
      requestsSent: 2512,
      listPagesRead: 1204,
      webhookDeliveriesReceived: 0,
    }),
  ).toBe(
    'This run left on the target: 1 locker, 0 bookings, 0 network entries; 2,512 requests sent (1,204 list ' +
      'pages), 0 webhook deliveries received',
  );
});
