// Path identifiers (§4.3, §4.9): an id names the resource whose id it equals, and no other. A real id
// with a character appended is the probe: a service that reads ids leniently (up to the first
// non-digit, trimmed, case-folded) reaches the real resource with it (RESTler's invalid dynamic objects).
import { expect, judge, notObservable, rules, test, withoutManaged, type Json } from '../harness/fixtures';

/** A real id with a letter appended: of no resource, whatever shape the target's ids have. */
const appended = (id: string) => `${id}x`;

test('GEN-ID-EXACT an update of a real locker uid with a letter appended is rejected with a 4xx and changes no locker', rules('GEN-ID-EXACT'), async ({ api, lockers }) => {
  const { record } = await lockers.create();
  const before = await lockers.expectListed('GEN-ID-EXACT', record);
  const uid = appended(String(record['uid']));
  const exchange = await api.call('updateLocker', { params: { uid }, body: { metadata: [{ key: 'updated-by', value: `uid ${uid}` }] } });
  expect(exchange).toBeRejected('GEN-ID-EXACT');
  const after = await lockers.expectListed('GEN-ID-EXACT', record);
  judge('GEN-ID-EXACT', exchange).expect(withoutManaged(after), `updating uid ${uid} changed locker ${record['uid']}`).toEqual(withoutManaged(before));
});

test('GEN-ID-EXACT a cancellation by a real parcel id with a letter appended is rejected with a 4xx and leaves the parcel booked', rules('GEN-ID-EXACT'), async ({ api, lockers, parcels, target }) => {
  const { record } = await lockers.create();
  const body = await parcels.book(record);
  const id = body['carrierParcelId'];
  const kind = await parcels.cancelPathKind(record);
  const real = await parcels.expectListed('PCL-BOOKING-CREATES', id);
  const pathId = await parcels.pathIdOf(kind, id);
  if (pathId === undefined) {
    notObservable('GEN-ID-EXACT', `GET /parcels shows no ${kind} for parcel ${id}, the id the cancel path takes`);
    return;
  }
  const probe = appended(pathId);
  const exchange = await api.call('cancelParcel', { params: { parcelId: probe }, ...(target.profile.cancel.body ? { body: target.profile.cancel.body } : {}) });
  expect(exchange).toBeRejected('GEN-ID-EXACT');
  const after: Json = await parcels.expectListed('GEN-ID-EXACT', id);
  judge('GEN-ID-EXACT', exchange).expect(after['shipmentStatus'], `cancelling ${probe} changed parcel ${pathId}`).toBe(real['shipmentStatus']);
});
