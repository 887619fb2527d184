// The words a target writes in its parcel records: given/want.
import { expect, test } from '@playwright/test';
import { wordsShown } from '../../../../harness/records/parcels/parcel-words';

test('wordsShown: upper-case words at any depth, the most frequent first; ids, text and short codes left out', () => {
  const records = [
    { shipmentUid: 'SHP-00000001', shipmentStatus: 'CANCELLED', events: [{ type: 'BOOKED' }, { type: 'CANCELLED' }] },
    { shipmentUid: 'SHP-00000002', shipmentStatus: 'BOOKED', consignee: { name: 'ANN' }, currency: 'EU' },
    { shipmentStatus: 'BOOKED', note: 'Booked today', allocationType: 'HARD_RESERVATION' },
  ];
  expect(wordsShown(records)).toEqual(['BOOKED', 'CANCELLED', 'ANN', 'HARD_RESERVATION']);
  expect(wordsShown(records, 2)).toEqual(['BOOKED', 'CANCELLED']);
  expect(wordsShown([])).toEqual([]);
});
