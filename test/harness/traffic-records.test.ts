// judge on what a carrier's later answers show of its earlier requests (issue 37, deliverable 4): a booking's
// record as sent and in the locker its carrierLockerId names, a refused write that left nothing, a network
// record's lockerName, a status change its record and its push show. Each given a recording, want a verdict.
import { expect, test } from '@playwright/test';
import { trafficCertificate } from '../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../harness/traffic/judge-traffic';
import { BASE as BASE_URL, create, entry, file, har, KEY, record } from '../support/traffic-entries';

const OTHER = 'live-key-other-8d21';
const owner = (key: string) => (key === KEY ? 'CARRIER_NAME_1' : 'CARRIER_NAME_2');

async function verdict(rule: string, entries: unknown[], options: { deliveries?: unknown[]; settleMs?: number } = {}) {
  const t = await judgeTraffic({
    traffic: file(har(entries)),
    ...(options.deliveries ? { webhooks: file(har(options.deliveries)) } : {}),
    webhookWaitMs: 1500,
    listSettleMs: options.settleMs ?? 500,
  });
  return trafficCertificate(t, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules.find(
    (r) => r.id === rule,
  )!;
}

const locker = (uid: string, lockerId: string, key = KEY, extra: Record<string, unknown> = {}) => ({
  ...record,
  uid,
  ownedByCarrier: owner(key),
  carrier: { ...record.carrier, lockerId },
  ...extra,
});
const created = (uid: string, lockerId: string, key = KEY) =>
  entry('POST', '/lockers', 201, locker(uid, lockerId, key), {
    body: { ...create, carrier: { ...create.carrier, lockerId } },
    key,
  });
const booking = {
  eventType: 'BOOKING',
  carrierParcelId: 'P1',
  dimensions: { depth: 1, height: 1, width: 1 },
  shipmentType: 'ALTERNATIVE_DELIVERY',
  allocationType: 'SOFT_RESERVATION',
  consignee: { name: 'Zoë', email: 'z@example.com' },
};
const published = { status: 'OK', message: 'booked', timestamp: '2026-01-05T10:00:00Z' };
const byTenant = (lockerId: string, key = KEY, id = 'P1', status = 200) =>
  entry(
    'POST',
    '/parcels/data/by-tenant-locker-id',
    status,
    status === 200 ? published : { errorCode: 'UNKNOWN_LOCKER', message: 'no such locker' },
    { body: { ...booking, carrierParcelId: id, carrierLockerId: lockerId }, key },
  );
const parcel = (lockerUid: string, extra: Record<string, unknown> = {}) => ({
  shipmentUid: 'S1',
  lockerUid,
  carrierParcelId: 'P1',
  carrierLockerId: null,
  shipmentType: 'ALTERNATIVE_DELIVERY',
  shipmentStatus: 'BOOKED',
  dimensionsStatus: 'OK',
  allocationType: 'SOFT_RESERVATION',
  accessCodes: null,
  consignee: { name: 'Zoë', email: 'z@example.com' },
  events: [],
  signature: { imageBase64: '', format: 'png' },
  ...extra,
});
const parcels = (records: unknown[], key = KEY) => entry('GET', '/parcels', 200, records, { key });

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
    const refusedBooking = () =>
      entry(
        'POST',
        '/parcels/data',
        400,
        { errorCode: 'VALIDATION_FAILED', message: 'shipmentType' },
        { body: { ...booking, carrierParcelId: 'P7', lockerUid: '100', shipmentType: 'EXPRESS' } },
      );
    const p7 = parcel('100', { carrierParcelId: 'P7', shipmentUid: 'S7' });
    const failed = await verdict('GEN-REJECTED-NO-EFFECT', [parcels([]), refusedBooking(), parcels([p7])]);
    expect(failed.verdict).toBe('failed');
    expect(failed.failure).toContain(
      'no parcel with carrierParcelId P7, whose publishParcel was refused 400, got one listed',
    );
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
  'NET-RECORD-LOCKER-NAME: a network record names the locker by the carrier.lockerName it was last shown with, ' +
    'not by a list that may lag its rename',
  async () => {
    const named = (name: string) =>
      locker('100', 'north', KEY, { carrier: { ...record.carrier, lockerId: 'north', lockerName: name } });
    const rename = () =>
      entry('PATCH', '/lockers/100', 200, named('Quai 3'), {
        body: { carrier: { ...create.carrier, lockerId: 'north', lockerName: 'Quai 3' } },
      });
    const add = (name: string) =>
      entry(
        'POST',
        '/networks/1001/lockers',
        200,
        [{ lockerUid: 100, providerName: 'P1', lockerName: name, providerLockerStatus: 'ACTIVE' }],
        { body: { lockerUids: [100] } },
      );
    const base = () => [created('100', 'north'), rename()];
    expect(await verdict('NET-RECORD-LOCKER-NAME', [...base(), add('Quai 3')])).toMatchObject({ verdict: 'passed' });
    const stale = await verdict('NET-RECORD-LOCKER-NAME', [...base(), add('North')]);
    expect(stale.verdict).toBe('failed');
    expect(stale.failure).toContain('"Quai 3"');
    // A list begun within the settle time of the rename still shows the old name: the rename's answer stands.
    expect(
      (
        await verdict(
          'NET-RECORD-LOCKER-NAME',
          [...base(), entry('GET', '/lockers', 200, [named('North')]), add('Quai 3')],
          { settleMs: 5000 },
        )
      ).verdict,
    ).toBe('passed');
  },
);

test(
  "LCK-STATUS-CHANGE and WH-LOCKER-ON-STATUS: a status change the body tells (a locker's uid, a status in its " +
    "records' words) shows in the record after the settle time, and is pushed",
  async () => {
    const shown = (status: string) =>
      entry('GET', '/lockers', 200, [
        locker('100', 'north', KEY, { carrier: { ...record.carrier, lockerId: 'north', status } }),
      ]);
    const change = (status: string, body?: Record<string, unknown>) =>
      entry('PATCH', '/lockers/status', 200, {}, { body: body ?? { uid: '100', status } });
    const push = (status: string) =>
      entry(
        'POST',
        '/hooks/north',
        200,
        {},
        {
          base: 'https://hooks.example',
          key: null,
          body: {
            ...locker('100', 'north', KEY, { carrier: { ...record.carrier, lockerId: 'north', status } }),
            eventTimestamp: '2026-01-05T10:00:00Z',
          },
        },
      );
    // INACTIVE is a word of the records: another locker shows it.
    const words = entry('GET', '/lockers', 200, [
      locker('900', 'x', KEY, { ownedByCarrier: null, carrier: { ...record.carrier, status: 'INACTIVE' } }),
    ]);
    const day = [created('100', 'north'), words, change('INACTIVE'), shown('INACTIVE'), shown('INACTIVE')];
    expect(await verdict('LCK-STATUS-CHANGE', day)).toMatchObject({ verdict: 'passed' });
    const notApplied = await verdict('LCK-STATUS-CHANGE', [
      created('100', 'north'),
      words,
      change('INACTIVE'),
      shown('ACTIVE'),
      shown('ACTIVE'),
    ]);
    expect(notApplied.verdict).toBe('failed');
    expect(notApplied.failure).toContain("locker 100's record to show status INACTIVE");
    // Shown only sooner than the settle time after: the list may lag.
    expect(
      (
        await verdict('LCK-STATUS-CHANGE', [created('100', 'north'), words, change('INACTIVE'), shown('ACTIVE')], {
          settleMs: 5000,
        })
      ).verdict,
    ).toBe('not observable');
    // A body that tells no status in the records' words (a boolean, a word no record showed) is not read.
    expect(
      (
        await verdict('LCK-STATUS-CHANGE', [
          created('100', 'north'),
          change('', { uid: '100', active: false }),
          shown('INACTIVE'),
          shown('INACTIVE'),
        ])
      ).verdict,
    ).toBe('not observable');
    expect(
      (
        await verdict('LCK-STATUS-CHANGE', [
          created('100', 'north'),
          change('DISABLED'),
          shown('ACTIVE'),
          shown('ACTIVE'),
        ])
      ).verdict,
    ).toBe('not observable');
    // Its push: one after it carrying the status, among deliveries recorded past the webhook wait.
    const later = entry('POST', '/parcels/data', 400, { errorCode: 'X', message: 'x' }, { body: {} });
    const created100 = push('ACTIVE');
    // A push is due once a showing confirmed the change.
    const traffic = [created('100', 'north'), words, change('INACTIVE'), shown('INACTIVE'), later, later];
    expect(
      (
        await verdict('WH-LOCKER-ON-STATUS', traffic, {
          deliveries: [created100, push('INACTIVE'), push('INACTIVE'), push('INACTIVE')],
        })
      ).verdict,
    ).toBe('passed');
    const none = await verdict(
      'WH-LOCKER-ON-STATUS',
      [created('100', 'north'), words, change('INACTIVE'), shown('INACTIVE')],
      { deliveries: [created100, push('ACTIVE'), push('ACTIVE'), push('ACTIVE')] },
    );
    expect(none.verdict).toBe('failed');
    expect(none.failure).toContain('carrying the changed status INACTIVE');
  },
);

test(
  'LCK-UPDATE-GROUPS-KEPT, where the service shows lockerGroups: an update that sent none is answered with the ' +
    'groups the locker was shown with',
  async () => {
    const groups = [
      { key: 'region', uid: 'BRU' },
      { key: 'size', uid: 'L' },
    ];
    const made = () =>
      entry('POST', '/lockers', 201, locker('100', 'north', KEY, { lockerGroups: groups }), {
        body: { ...create, lockerGroups: groups },
      });
    const update = (answered: unknown, body: Record<string, unknown> = { metadata: [] }) =>
      entry(
        'PATCH',
        '/lockers/100',
        200,
        locker('100', 'north', KEY, answered === undefined ? {} : { lockerGroups: answered }),
        { body },
      );
    // Groups are a set: the answer may list them in another order.
    expect(await verdict('LCK-UPDATE-GROUPS-KEPT', [made(), update([...groups].reverse())])).toMatchObject({
      verdict: 'passed',
    });
    const cleared = await verdict('LCK-UPDATE-GROUPS-KEPT', [made(), update([])]);
    expect(cleared.verdict).toBe('failed');
    expect(cleared.failure).toContain('got []');
    // An update that sent groups changes them by right; a service that shows no groups shows nothing.
    expect((await verdict('LCK-UPDATE-GROUPS-KEPT', [made(), update([], { lockerGroups: [] })])).verdict).toBe(
      'not observable',
    );
    expect((await verdict('LCK-UPDATE-GROUPS-KEPT', [created('100', 'north'), update(undefined)])).verdict).toBe(
      'not observable',
    );
  },
);

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
      'a booking under P1 (a carrierParcelId another carrier booked) accepted, as the same booking under P4 ' +
        'was just after it, got 409',
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

test('status requests none of which could be read as a change say why, counted, instead of the general reason', async () => {
  const change = (body: Record<string, unknown>) => entry('PATCH', '/lockers/status', 200, {}, { body });
  const rule = await verdict('LCK-STATUS-CHANGE', [
    created('100', 'north'),
    change({ uid: '100', active: false }),
    change({ lockerRef: 'nope', status: 'INACTIVE' }),
  ]);
  expect(rule.verdict).toBe('not observable');
  expect(rule.reasons.join(' ')).toContain(
    '1 of them: its body named no status in the words the records used (ACTIVE)',
  );
  expect(rule.reasons.join(' ')).toContain(
    "1 of them: its body named no locker the key's answers showed (no member equal to one uid)",
  );
});

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
      'no parcel of locker 100 acted on by a trigger that gave its platform uid as provider_locker_id, got FM2 ' +
        'listed in it, where the whole list before showed none of that id',
    );
    expect((await judge([made(), parcels([]), trigger(200), parcels([]), parcels([])])).verdict).toBe('passed');
  },
);

test(
  'LCK-UPDATE-200 from the list: an accepted update shows in the next list of the locker begun the settle time ' +
    'after it',
  async () => {
    const renamed = { ...record.carrier, lockerId: 'north', lockerName: 'Quai 3' };
    const update = () =>
      entry('PATCH', '/lockers/100', 200, locker('100', 'north', KEY, { carrier: renamed }), {
        body: { carrier: { ...create.carrier, lockerId: 'north', lockerName: 'Quai 3' } },
      });
    const listed = (name: string) =>
      entry('GET', '/lockers', 200, [locker('100', 'north', KEY, { carrier: { ...renamed, lockerName: name } })]);
    const rule = async (entries: unknown[], settleMs = 500) =>
      (await verdict('LCK-UPDATE-200', entries, { settleMs })).failure;
    expect(await rule([created('100', 'north'), update(), listed('Quai 3'), listed('Quai 3')])).toBeUndefined();
    expect(await rule([created('100', 'north'), update(), listed('North'), listed('North')])).toContain(
      'locker 100 listed with the change its update was answered 200 for, got carrier.lockerName',
    );
    // Only a list begun within the settle time shows it as before: it may lag.
    expect(await rule([created('100', 'north'), update(), listed('North')], 1500)).toBeUndefined();
  },
);

test("WH-LOCKER-ON-STATUS looks between a change and the locker's next: a push after the next may be that one's", async () => {
  const change = (status: string) => entry('PATCH', '/lockers/status', 200, {}, { body: { uid: '100', status } });
  const push = (status: string) =>
    entry(
      'POST',
      '/hooks/north',
      200,
      {},
      {
        base: 'https://hooks.example',
        key: null,
        body: {
          ...locker('100', 'north', KEY, { carrier: { ...record.carrier, lockerId: 'north', status } }),
          eventTimestamp: '2026-01-05T10:00:00Z',
        },
      },
    );
  const words = () =>
    entry('GET', '/lockers', 200, [
      locker('900', 'x', KEY, { ownedByCarrier: null, carrier: { ...record.carrier, status: 'INACTIVE' } }),
    ]);
  const listed = (status: string) =>
    entry('GET', '/lockers', 200, [
      locker('100', 'north', KEY, { carrier: { ...record.carrier, lockerId: 'north', status } }),
    ]);
  // Each push carries the status from before its change; lists confirm each change. The first change's
  // stretch, 4 s to the next, holds only a push showing ACTIVE (written in the recording's order: one clock).
  const [made, shown, off, offPush, offListed, gap, on, onListed] = [
    created('100', 'north'),
    words(),
    change('INACTIVE'),
    push('ACTIVE'),
    listed('INACTIVE'),
    listed('INACTIVE'),
    change('ACTIVE'),
    listed('ACTIVE'),
  ];
  const onPushes = [push('INACTIVE'), push('INACTIVE'), push('INACTIVE')];
  const previous = await verdict('WH-LOCKER-ON-STATUS', [made, shown, off, offListed, gap, on, onListed], {
    deliveries: [offPush, ...onPushes],
  });
  expect(previous.verdict).toBe('failed');
  expect(previous.failure).toContain(
    'carrying the changed status INACTIVE, got 1 after the change and before the next carrying "ACTIVE"/"ACTIVE"',
  );
});

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

test(
  'PCL-PRECHECK-NO-BOOKING from the deliveries: a ParcelUpdates about an id only pre-checked, never booked, ' +
    'triggered or listed, shows a booking made',
  async () => {
    const precheck = () =>
      entry('POST', '/parcels/data', 200, published, {
        body: { ...booking, eventType: 'PRE_CHECK', carrierParcelId: 'P3', lockerUid: '100' },
      });
    const push = (id: string) =>
      entry(
        'POST',
        '/hooks/north',
        200,
        {},
        {
          base: 'https://hooks.example',
          key: null,
          body: {
            ...parcel('100', { carrierParcelId: id, shipmentUid: 'S3' }),
            eventTimestamp: '2026-01-05T10:00:00Z',
          },
        },
      );
    const [pre, listed, gap] = [precheck(), parcels([]), parcels([])];
    const pushed = await verdict('PCL-PRECHECK-NO-BOOKING', [pre, listed, gap], {
      deliveries: [push('P3'), push('P0'), push('P0')],
    });
    expect(pushed.verdict).toBe('failed');
    expect(pushed.failure).toContain('no ParcelUpdates about P3, which was only pre-checked');
    // A parcel of that id the carrier's lists show (one of before the recording) may change and be pushed by right.
    const [pre2, shown] = [precheck(), parcels([parcel('100', { carrierParcelId: 'P3', shipmentUid: 'S3' })])];
    expect(
      (await verdict('PCL-PRECHECK-NO-BOOKING', [pre2, shown], { deliveries: [push('P3'), push('P0'), push('P0')] }))
        .failure ?? '',
    ).not.toContain('ParcelUpdates');
  },
);
