// judge on publishes and triggers as a carrier's later answers show them: ids
// another carrier booked, null members, a trigger naming a platform uid, a pre-checked id never booked. Each
// given a recording, want a verdict.
import { expect, test } from '@playwright/test';
import { trafficCertificate } from '../../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';
import { BASE as BASE_URL, create, entry, file, har, KEY, record } from '../../support/traffic-entries';
import {
  booking,
  created,
  delivered,
  locker,
  OTHER,
  parcel,
  parcels,
  published,
  verdict,
} from '../../support/traffic-records';

test(
  'ISO-CARRIER-IDS: a booking under a carrierParcelId another carrier booked is accepted; refused, it fails ' +
    'where the same booking under another id is accepted after it',
  async () => {
    const book = (id: string, key: string, status: number, lockerUid: string) =>
      entry(
        'POST',
        '/parcels/data',
        status,
        status === 200 ? published : { errorCode: 'DUPLICATE', message: 'taken' },
        {
          body: { ...booking, carrierParcelId: id, lockerUid },
          key,
        },
      );
    const lockers = () => [created('100', 'north'), created('200', 'south', OTHER)];
    expect(
      await verdict('ISO-CARRIER-IDS', [...lockers(), book('P1', KEY, 200, '100'), book('P1', OTHER, 200, '200')]),
    ).toMatchObject({ verdict: 'passed' });
    const refused = await verdict('ISO-CARRIER-IDS', [
      ...lockers(),
      book('P1', KEY, 200, '100'),
      book('P1', OTHER, 409, '200'),
      book('P4', OTHER, 200, '200'),
    ]);
    expect(refused.verdict).toBe('failed');
    expect(refused.failure).toContain(
      'a booking under P1 (a carrierParcelId the other carrier uses) accepted, got 409 ' +
        '{"errorCode":"DUPLICATE","message":"taken"}, where the same under another id was (200)',
    );
    // A cancel of the carrier's in between may have freed the room the refusal lacked; nor is a refusal with no twin
    // after it read.
    const cancel = entry('PATCH', '/parcels/P0', 200, {}, { key: OTHER });
    expect(
      (
        await verdict('ISO-CARRIER-IDS', [
          ...lockers(),
          book('P1', KEY, 200, '100'),
          book('P1', OTHER, 409, '200'),
          cancel,
          book('P4', OTHER, 200, '200'),
        ])
      ).verdict,
    ).toBe('not observable');
    expect(
      (await verdict('ISO-CARRIER-IDS', [...lockers(), book('P1', KEY, 200, '100'), book('P1', OTHER, 409, '200')]))
        .verdict,
    ).toBe('not observable');
  },
);

test(
  'PCL-PUBLISH-NULLS: a publish with a null consignee, requiresAccessibleCompartment or dimension member is ' +
    'accepted; refused, it fails where the same publish without them is accepted after it',
  async () => {
    const withNulls = {
      ...booking,
      lockerUid: '100',
      consignee: null,
      requiresAccessibleCompartment: null,
      dimensions: { depth: 1, height: null, width: 1 },
    };
    const without = { ...booking, lockerUid: '100', dimensions: { depth: 1, width: 1 } };
    const { consignee: _consignee, ...noConsignee } = without;
    const publish = (body: unknown, status: number, key = KEY) =>
      entry(
        'POST',
        '/parcels/data',
        status,
        status === 200 ? published : { errorCode: 'VALIDATION_FAILED', message: 'consignee' },
        { body, key },
      );
    expect(await verdict('PCL-PUBLISH-NULLS', [publish(withNulls, 200)])).toMatchObject({ verdict: 'passed' });
    const refused = await verdict('PCL-PUBLISH-NULLS', [publish(withNulls, 400), publish(noConsignee, 200)]);
    expect(refused.verdict).toBe('failed');
    expect(refused.failure).toContain(
      'a publish carrying requiresAccessibleCompartment, consignee, dimensions.height as null accepted, as the ' +
        'same publish without them was just after it, got 400',
    );
    // Refused with no such publish after it (the locker was full, say), or another body after it: not read.
    expect((await verdict('PCL-PUBLISH-NULLS', [publish(withNulls, 400)])).verdict).toBe('not observable');
    expect(
      (
        await verdict('PCL-PUBLISH-NULLS', [
          publish(withNulls, 400),
          publish({ ...noConsignee, lockerUid: '101' }, 200),
        ])
      ).verdict,
    ).toBe('not observable');
    // Values in their place: the null height may have been refused because no compartment could be decided.
    expect(
      (
        await verdict('PCL-PUBLISH-NULLS', [
          publish(withNulls, 400),
          publish({ ...noConsignee, dimensions: { depth: 1, height: 1, width: 1 } }, 200),
        ])
      ).verdict,
    ).toBe('not observable');
  },
);

test(
  "TRG-PROVIDER-LOCKER-ID: a trigger giving a locker's platform uid as provider_locker_id acts on no parcel of " +
    'it: refused, or the next whole list the settle time after shows nothing done',
  async () => {
    const MOCK = 'https://cis.example/mock/v1';
    const trigger = (status: number) =>
      entry(
        'POST',
        '/parcel/first-mile/event',
        status,
        status === 200
          ? { message: 'ok', event_type: 'BOOKING_CREATED' }
          : { errorCode: 'UNKNOWN_PROVIDER_LOCKER', message: 'no' },
        {
          base: MOCK,
          body: {
            parcel_id: 'FM2',
            provider_locker_id: '100',
            event_type: 'BOOKING_CREATED',
            carrier_name: 'CARRIER_NAME_1',
            provider_name: 'P1',
            shipment_type: 'FIRST_MILE',
          },
        },
      );
    // The locker's provider-side id, as its create answer showed it, is not its uid.
    const made = () =>
      entry(
        'POST',
        '/lockers',
        201,
        locker('100', 'north', KEY, { provider: { ...record.provider, lockerUid: 'PL-100' } }),
        { body: create },
      );
    const fm2 = parcel('100', { carrierParcelId: 'FM2', shipmentUid: 'S9' });
    const judge = async (entries: unknown[]) => {
      const t = await judgeTraffic({
        traffic: file(har(entries)),
        baseUrl: BASE_URL,
        mockBaseUrl: MOCK,
        listSettleMs: 1500,
      });
      return trafficCertificate(t, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules.find(
        (r) => r.id === 'TRG-PROVIDER-LOCKER-ID',
      )!;
    };
    expect((await judge([made(), trigger(400)])).verdict).toBe('passed');
    const acted = await judge([made(), parcels([]), trigger(200), parcels([]), parcels([fm2])]);
    expect(acted.verdict).toBe('failed');
    expect(acted.failure).toContain(
      'no parcel of locker 100 acted on by a trigger that gave its platform uid as provider_locker_id, got parcel ' +
        'FM2 changed or added in a list begun',
    );
    expect((await judge([made(), parcels([]), trigger(200), parcels([]), parcels([])])).verdict).toBe('passed');
  },
);

test(
  'PCL-PRECHECK-NO-BOOKING from the deliveries: a ParcelUpdates about an id only pre-checked, never booked, ' +
    'triggered or listed, shows a booking made',
  async () => {
    const precheck = () =>
      entry('POST', '/parcels/data', 200, published, {
        body: { ...booking, eventType: 'PRE_CHECK', carrierParcelId: 'P3', lockerUid: '100' },
      });
    const push = (id: string) => delivered(parcel('100', { carrierParcelId: id, shipmentUid: 'S3' }));
    const [pre, listed, gap] = [precheck(), parcels([]), parcels([])];
    const pushed = await verdict('PCL-PRECHECK-NO-BOOKING', [pre, listed, gap], {
      deliveries: [push('P3'), push('P0'), push('P0')],
    });
    expect(pushed.verdict).toBe('failed');
    expect(pushed.failure).toContain('no ParcelUpdates about pre-checked P3, got one at');
    // A parcel of that id the carrier's lists show (one of before the recording) may change and be pushed by right.
    const [pre2, shown] = [precheck(), parcels([parcel('100', { carrierParcelId: 'P3', shipmentUid: 'S3' })])];
    expect(
      (await verdict('PCL-PRECHECK-NO-BOOKING', [pre2, shown], { deliveries: [push('P3'), push('P0'), push('P0')] }))
        .failure ?? '',
    ).not.toContain('ParcelUpdates');
  },
);

test('PCL-PRECHECK-NO-BOOKING from the lists: an id pre-checked and listed fails, not one a trigger made', async () => {
  const MOCK = 'https://cis.example/mock/v1';
  const precheck = () =>
    entry('POST', '/parcels/data', 200, published, {
      body: { ...booking, eventType: 'PRE_CHECK', carrierParcelId: 'FM7', lockerUid: '100' },
    });
  const firstMile = () =>
    entry(
      'POST',
      '/parcel/first-mile/event',
      200,
      { message: 'ok', event_type: 'BOOKING_CREATED' },
      {
        base: MOCK,
        body: {
          parcel_id: 'FM7',
          provider_locker_id: 'PL-100',
          event_type: 'BOOKING_CREATED',
          carrier_name: 'CARRIER_NAME_1',
          provider_name: 'P1',
          shipment_type: 'FIRST_MILE',
        },
      },
    );
  const listed = () => parcels([parcel('100', { carrierParcelId: 'FM7', shipmentUid: 'S7' })]);
  const judged = async (entries: unknown[]) => {
    const t = await judgeTraffic({ traffic: file(har(entries)), baseUrl: BASE_URL, mockBaseUrl: MOCK });
    return trafficCertificate(t, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules.find(
      (r) => r.id === 'PCL-PRECHECK-NO-BOOKING',
    )!;
  };
  expect((await judged([precheck(), listed()])).verdict).toBe('failed');
  expect((await judged([firstMile(), precheck(), listed()])).verdict).not.toBe('failed');
});
