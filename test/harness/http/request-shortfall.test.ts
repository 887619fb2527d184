import { expect, test } from '@playwright/test';
import type { Exchange } from '../../../harness/http/exchange';
import { offDocumentFromRecords, tookFromRecords } from '../../../harness/http/request-shortfall';

const body = (carrierName: string, eventType = 'BOOKING_CREATED') => ({
  parcel_id: 'P-1',
  provider_locker_id: 'PL-1',
  event_type: eventType,
  carrier_name: carrierName,
  provider_name: 'PROVIDER_NAME_1',
  shipment_type: 'FIRST_MILE',
});

const trigger = (sent: object, status: number): Exchange => ({
  operationId: 'triggerFirstMileEvent',
  method: 'POST',
  url: 'u',
  request: { headers: {}, body: sent },
  status,
  headers: {},
  text: '',
  body: undefined,
});

test('a refusal is excused only where the request left the document at values taken from the records', () => {
  tookFromRecords('triggerFirstMileEvent', 'carrier_name', 'key-of-carrier-1');
  const cases: { given: Exchange; want: RegExp | undefined }[] = [
    // the record's owner, off the enum, refused: excused, and said how
    { given: trigger(body('key-of-carrier-1'), 400), want: /carrier_name: expected one of "CARRIER_NAME_1".*got/ },
    // the same request accepted: nothing to excuse
    { given: trigger(body('key-of-carrier-1'), 200), want: undefined },
    // on the document: a refusal is the target's
    { given: trigger(body('CARRIER_NAME_1'), 400), want: undefined },
    // off the document at a value the run chose itself (a near miss): judged as such
    { given: trigger(body('NOT_A_CARRIER'), 400), want: undefined },
    // off the document at the record's value and at another member too: judged as such
    { given: trigger(body('key-of-carrier-1', 'NOT_AN_EVENT'), 422), want: undefined },
  ];
  for (const { given, want } of cases) {
    const got = offDocumentFromRecords(given);
    if (want) expect(got, JSON.stringify(given.request.body)).toMatch(want);
    else expect(got, JSON.stringify(given.request.body)).toBeUndefined();
  }
});
