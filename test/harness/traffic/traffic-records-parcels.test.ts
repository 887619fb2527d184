// judge on what a carrier's later answers show of its earlier bookings: a booking's
// record as sent and in the locker its carrierLockerId names, and a refused write that left nothing. Each given
// a recording, want a verdict.
import { expect, test } from '@playwright/test';
import { create, entry, KEY } from '../../support/traffic-entries';
import {
  booking,
  byTenant,
  created,
  locker,
  OTHER,
  parcel,
  parcels,
  published,
  refusedBooking,
  verdict,
} from '../../support/traffic-records';

test(
  'PCL-RECORD-AS-SENT: a booking later listed shows the members it sent, on either path; members not sent are ' +
    'not read',
  async () => {
    const lockers = [created('100', 'north')];
    const asSent = parcel('100', { carrierLockerId: 'north' });
    expect(await verdict('PCL-RECORD-AS-SENT', [...lockers, byTenant('north'), parcels([asSent])])).toMatchObject({
      verdict: 'passed',
    });
    const failed = await verdict('PCL-RECORD-AS-SENT', [
      ...lockers,
      byTenant('north'),
      parcels([{ ...asSent, shipmentType: 'LAST_MILE' }]),
    ]);
    expect(failed.verdict).toBe('failed');
    expect(failed.failure).toContain('shipmentType');
    // The carrierLockerId sent on the by-tenant path is the record's.
    expect(
      (
        await verdict('PCL-RECORD-AS-SENT', [
          ...lockers,
          byTenant('north'),
          parcels([{ ...asSent, carrierLockerId: 'elsewhere' }]),
        ])
      ).verdict,
    ).toBe('failed');
    // An earlier parcel of the same id (cancelled, say) listed beside it: one record as sent is the booking's.
    expect(
      (
        await verdict('PCL-RECORD-AS-SENT', [
          ...lockers,
          byTenant('north'),
          parcels([{ ...asSent, shipmentType: 'LAST_MILE', shipmentUid: 'S0' }, asSent]),
        ])
      ).verdict,
    ).toBe('passed');
    // Another carrier's list, or a booking refused, shows nothing of it.
    expect(
      (
        await verdict('PCL-RECORD-AS-SENT', [
          ...lockers,
          byTenant('north', KEY, 'P1', 400),
          parcels([{ ...asSent, shipmentType: 'LAST_MILE' }]),
        ])
      ).verdict,
    ).toBe('not observable');
    expect(
      (
        await verdict('PCL-RECORD-AS-SENT', [
          ...lockers,
          byTenant('north'),
          parcels([{ ...asSent, shipmentType: 'LAST_MILE' }], OTHER),
        ])
      ).verdict,
    ).toBe('not observable');
  },
);

test(
  'a list begun within the settle time of a booking may lag it: one missing it leaves the booking to a later ' +
    'list, which decides',
  async () => {
    const booked = () => entry('POST', '/parcels/data', 200, published, { body: { ...booking, lockerUid: '100' } });
    // Entries are a second apart: a settle time of 1.5 s makes the first list early, the second not.
    const lagging = { settleMs: 1500 };
    expect(await verdict('PCL-BOOKING-CREATES', [booked(), parcels([])], lagging)).toMatchObject({
      verdict: 'not observable',
    });
    expect(
      await verdict('PCL-BOOKING-CREATES', [booked(), parcels([]), parcels([parcel('100')])], lagging),
    ).toMatchObject({ verdict: 'passed' });
    const missing = await verdict('PCL-BOOKING-CREATES', [booked(), parcels([]), parcels([])], lagging);
    expect(missing.verdict).toBe('failed');
    expect(missing.failure).toContain('no record of it');
  },
);

test(
  "PCL-BY-TENANT-RESOLVES and PCL-BY-TENANT-OWN: a booking by carrierLockerId sits in the carrier's locker " +
    "last shown with it, never in another carrier's",
  async () => {
    // Renamed by an update: the new carrier.lockerId names it, the old one nothing.
    const mine = [
      created('100', 'north'),
      created('101', 'south'),
      entry('PATCH', '/lockers/101', 200, locker('101', 'south-b'), {
        body: { carrier: { ...create.carrier, lockerId: 'south-b' } },
      }),
    ];
    expect(
      await verdict('PCL-BY-TENANT-RESOLVES', [
        ...mine,
        byTenant('south-b'),
        parcels([parcel('101', { carrierLockerId: 'south-b' })]),
      ]),
    ).toMatchObject({ verdict: 'passed' });
    const wrong = await verdict('PCL-BY-TENANT-RESOLVES', [
      ...mine,
      byTenant('south-b'),
      parcels([parcel('100', { carrierLockerId: 'south-b' })]),
    ]);
    expect(wrong.verdict).toBe('failed');
    expect(wrong.failure).toContain('in locker 101');
    // Two of the carrier's lockers shown with one carrier.lockerId: which one is meant is not told.
    expect(
      (
        await verdict('PCL-BY-TENANT-RESOLVES', [
          created('100', 'twin'),
          created('101', 'twin'),
          byTenant('twin'),
          parcels([parcel('100')]),
        ])
      ).verdict,
    ).toBe('not observable');
    // Only the other carrier's key created a locker with that id.
    const theirs = [created('100', 'north'), created('200', 'north-2', OTHER)];
    const leaked = await verdict('PCL-BY-TENANT-OWN', [...theirs, byTenant('north-2'), parcels([parcel('200')])]);
    expect(leaked.verdict).toBe('failed');
    expect(leaked.failure).toContain('in locker 200');
    expect((await verdict('PCL-BY-TENANT-OWN', [...theirs, byTenant('north-2', KEY, 'P1', 400)])).verdict).toBe(
      'passed',
    );
    // The carrier has its own locker with that id too: the other's is not the only one.
    expect(
      (
        await verdict('PCL-BY-TENANT-OWN', [
          ...theirs,
          created('101', 'north-2'),
          byTenant('north-2'),
          parcels([parcel('101')]),
        ])
      ).verdict,
    ).toBe('not observable');
  },
);

test(
  "GEN-REJECTED-NO-EFFECT: a booking or create refused for an id the carrier's whole list did not show leaves " +
    'none, as a later list shows',
  async () => {
    // Entries are written in the recording's order: each call advances its clock.
    const p7 = parcel('100', { carrierParcelId: 'P7', shipmentUid: 'S7' });
    const failed = await verdict('GEN-REJECTED-NO-EFFECT', [parcels([]), refusedBooking(), parcels([p7])]);
    expect(failed.verdict).toBe('failed');
    expect(failed.failure).toContain('parcels with the id of a refused publishParcel as it was ([]), got ["P7"]');
    // A whole list the settle time after, without it, holds; one sooner proves nothing yet.
    expect(
      (await verdict('GEN-REJECTED-NO-EFFECT', [parcels([]), refusedBooking(), parcels([])], { settleMs: 500 }))
        .verdict,
    ).toBe('passed');
    expect(
      (await verdict('GEN-REJECTED-NO-EFFECT', [parcels([]), refusedBooking(), parcels([])], { settleMs: 5000 }))
        .verdict,
    ).toBe('not observable');
    // No whole list before: a refused duplicate of a parcel of before the recording is listed by right.
    expect((await verdict('GEN-REJECTED-NO-EFFECT', [refusedBooking(), parcels([p7])])).verdict).toBe('not observable');
    // Booked again, accepted, before the list: the record is that booking's.
    const accepted = () =>
      entry('POST', '/parcels/data', 200, published, { body: { ...booking, carrierParcelId: 'P7', lockerUid: '100' } });
    expect(
      (await verdict('GEN-REJECTED-NO-EFFECT', [parcels([]), refusedBooking(), accepted(), parcels([p7])])).verdict,
    ).not.toBe('failed');
    // Booked again while a list was being answered (begun before the booking, ended after it): the list may show it.
    const answeredLong = () => ({ ...parcels([p7]), time: 1500 });
    expect(
      (await verdict('GEN-REJECTED-NO-EFFECT', [parcels([]), refusedBooking(), answeredLong(), accepted()])).verdict,
    ).not.toBe('failed');
    // The same list ended before the booking began: the refusal's.
    expect(
      (await verdict('GEN-REJECTED-NO-EFFECT', [parcels([]), refusedBooking(), parcels([p7]), accepted()])).verdict,
    ).toBe('failed');
    // A create refused for one group key twice, then listed.
    const twice = () =>
      entry(
        'POST',
        '/lockers',
        400,
        { errorCode: 'VALIDATION_FAILED', message: 'groups' },
        {
          body: {
            ...create,
            carrier: { ...create.carrier, lockerId: 'twice' },
            lockerGroups: [
              { key: 'r', uid: 'a' },
              { key: 'r', uid: 'b' },
            ],
          },
        },
      );
    const lockers = (items: unknown[]) => entry('GET', '/lockers', 200, items);
    expect(
      (
        await verdict('GEN-REJECTED-NO-EFFECT', [
          lockers([locker('100', 'north')]),
          twice(),
          lockers([locker('100', 'north'), locker('102', 'twice')]),
        ])
      ).verdict,
    ).toBe('failed');
  },
);

test(
  'GEN-WRITE-NAMED-ONLY: a parcel listed after the booking that made it, then changed by a cancel of another, fails ' +
    'however long lists may lag; a list after a second booking of its id may show the first',
  async () => {
    const booked = (id: string) =>
      entry('POST', '/parcels/data', 200, published, { body: { ...booking, carrierParcelId: id, lockerUid: '100' } });
    const cancelled = (id: string) => entry('PATCH', `/parcels/${id}`, 200, {});
    const erased = parcel('100', { consignee: null });
    // Lists may lag a write by a minute: no read after the booking that made P1 can show P1 as it was before it.
    const lagging = { lagFloorMs: 60_000 };
    const failed = await verdict(
      'GEN-WRITE-NAMED-ONLY',
      [booked('P1'), booked('P2'), parcels([parcel('100')]), cancelled('P2'), parcels([erased])],
      lagging,
    );
    expect(failed.verdict).toBe('failed');
    expect(failed.failure).toContain('consignee');
    // P1 booked, cancelled and booked again: a list soon after may show the first booking's record.
    const again = [booked('P1'), cancelled('P1'), booked('P1'), booked('P2')];
    expect(
      (
        await verdict(
          'GEN-WRITE-NAMED-ONLY',
          [...again, parcels([parcel('100')]), cancelled('P2'), parcels([erased])],
          lagging,
        )
      ).verdict,
    ).not.toBe('failed');
  },
);
