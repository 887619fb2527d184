// What a recording cannot tell: a conformant service's ways that look like faults from the traffic alone (a
// write with no answer, another carrier's view, a provider's id) are not judged.
import { expect, test } from '@playwright/test';
import { entry, KEY, record } from '../../support/traffic-entries';
import { booking, created, locker, OTHER, parcel, parcels, published, verdict } from '../../support/traffic-records';

test(
  'what a conformant service may do that the recording cannot tell apart from a fault is not judged: a write ' +
    "with no answer, another carrier's view, an id that is a provider's",
  async () => {
    // A booking that got no answer (stored all the same), its retry refused as a duplicate, then listed.
    const lost = (() => {
      const e = entry('POST', '/parcels/data', 200, published, {
        body: { ...booking, carrierParcelId: 'P7', lockerUid: '100' },
      });
      return { ...e, response: { status: 0, headers: [], content: { size: 0, text: '' } } };
    })();
    const dup = () =>
      entry(
        'POST',
        '/parcels/data',
        409,
        { errorCode: 'DUPLICATE', message: 'exists' },
        { body: { ...booking, carrierParcelId: 'P7', lockerUid: '100' } },
      );
    const p7 = parcel('100', { carrierParcelId: 'P7', shipmentUid: 'S7' });
    expect((await verdict('GEN-REJECTED-NO-EFFECT', [parcels([]), lost, dup(), parcels([p7])])).verdict).not.toBe(
      'failed',
    );
    // Another carrier's list shows its own view of a shared locker's name: the adding key's view decides.
    const shared = (name: string, key: string) =>
      entry(
        'GET',
        '/lockers',
        200,
        [locker('900', 'x', key, { ownedByCarrier: null, carrier: { ...record.carrier, lockerName: name } })],
        { key },
      );
    const add = () =>
      entry(
        'POST',
        '/networks/1001/lockers',
        200,
        [{ lockerUid: 900, providerName: 'P1', lockerName: 'Mine', providerLockerStatus: 'ACTIVE' }],
        { body: { lockerUids: [900] } },
      );
    expect(
      (await verdict('NET-RECORD-LOCKER-NAME', [shared('Mine', KEY), shared('Theirs', OTHER), add()])).verdict,
    ).toBe('passed');
    // A status request that got no answer and was applied: the retry changes nothing, and needs no push of its own.
    const status = (s: string, answered = true) => {
      const e = entry('PATCH', '/lockers/status', 200, {}, { body: { uid: '100', status: s } });
      return answered ? e : { ...e, response: { status: 0, headers: [], content: { size: 0, text: '' } } };
    };
    const listedAs = (s: string) =>
      entry('GET', '/lockers', 200, [
        locker('100', 'north', KEY, { carrier: { ...record.carrier, lockerId: 'north', status: s } }),
        locker('900', 'x', KEY, { ownedByCarrier: null, carrier: { ...record.carrier, status: 'INACTIVE' } }),
      ]);
    expect(
      (
        await verdict('LCK-STATUS-CHANGE', [
          created('100', 'north'),
          listedAs('ACTIVE'),
          status('INACTIVE', false),
          status('INACTIVE'),
          listedAs('INACTIVE'),
        ])
      ).verdict,
    ).toBe('not observable');
  },
);
