// `carrier-conformance judge` across exchanges: a booking looked for in the next whole list, a create followed
// by its push, a cancel set against the list before it, a uid answered twice, a trigger's event in the history.
import { expect, test } from '@playwright/test';
import { failedRules, trafficCertificate } from '../../../harness/traffic/certificate-files';
import { BASE, create, entry, file, har, KEY, NO_LAG, now, record, triggerBody } from '../../support/traffic-entries';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';

test(
  "a booking is looked for in the same carrier's next whole list; with no key recorded, one missing proves " +
    'nothing',
  async () => {
    const booking = {
      eventType: 'BOOKING',
      lockerUid: '100',
      carrierParcelId: 'P-1',
      dimensions: { depth: 1, height: 1, width: 1 },
      allocationType: 'HARD_RESERVATION',
    };
    const answer = { status: 'OK', message: 'booked', timestamp: '2026-01-05T10:00:00Z' };
    const listed = [
      {
        shipmentUid: 'S-1',
        lockerUid: '100',
        carrierParcelId: 'P-1',
        allocationType: 'SOFT_RESERVATION',
        shipmentStatus: 'BOOKED',
        events: [],
      },
    ];
    const judge = async (key: string | null, list: unknown[]) =>
      failedRules(
        await judgeTraffic({
          listSettleMs: NO_LAG,
          traffic: file(
            har([
              entry('POST', '/parcels/data', 200, answer, { body: booking, key }),
              entry('GET', '/parcels', 200, list, { key }),
            ]),
          ),
        }),
      );
    // The allocationType sent is both rules' (§4.6 lists it with the booking; §2.4's record carries it as sent).
    expect(await judge(KEY, listed)).toEqual(['PCL-BOOKING-CREATES', 'PCL-RECORD-AS-SENT']);
    expect(await judge(KEY, [{ ...listed[0], allocationType: 'HARD_RESERVATION' }])).toEqual([]);
    expect(await judge(KEY, [])).toEqual(['PCL-BOOKING-CREATES']);
    expect(await judge(null, [])).toEqual([]);
  },
);

test(
  'an accepted create is followed by a LockerUpdates with its uid, where the deliveries recorded show that ' +
    "carrier's events",
  async () => {
    const created = (uid: string) => entry('POST', '/lockers', 201, { ...record, uid }, { body: create });
    const delivery = (uid: string) => ({
      ...entry(
        'POST',
        '/carrier-1',
        200,
        { received: 1 },
        { base: 'https://hooks.example', key: null, body: { ...record, uid, eventTimestamp: '2026-01-05T10:00:00Z' } },
      ),
    });
    const traffic = file(har([created('1'), created('2')]));
    const judged = async (deliveries: unknown[]) => {
      const t = await judgeTraffic({ traffic, webhooks: file(har(deliveries)), webhookWaitMs: 500 });
      return trafficCertificate(t, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules.find(
        (r) => r.id === 'WH-LOCKER-ON-CREATE',
      )!;
    };
    // Deliveries come later than the traffic's entries (the helper's clock runs on).
    expect(await judged([delivery('1'), delivery('2')])).toMatchObject({
      verdict: 'passed',
      evidence: { evaluations: 2 },
    });
    expect((await judged([delivery('1'), delivery('9')])).failure).toContain(
      'no LockerUpdates about 2 after its create was accepted arrived among the deliveries recorded until',
    );
    // A delivery the recorder cut short whose kept text names locker 2 may be its push: not told missing. One that
    // names another locker is not.
    const cutShort = (uid: string) => {
      const d = delivery(uid) as { request: { postData: { text: string }; bodySize?: number } };
      const text = d.request.postData.text;
      return { ...d, request: { ...d.request, postData: { ...d.request.postData, text: text.slice(0, 20) } } };
    };
    const withSize = (d: ReturnType<typeof cutShort>, size: number) => ({
      ...d,
      request: { ...d.request, bodySize: size },
    });
    expect(await judged([delivery('1'), withSize(cutShort('2'), 4096)])).toMatchObject({ verdict: 'passed' });
    expect((await judged([delivery('1'), withSize(cutShort('9'), 4096)])).verdict).toBe('failed');
    // None of the carrier's creates delivered: the endpoint recorded may be another carrier's.
    expect(await judged([delivery('9')])).toMatchObject({ verdict: 'not observable' });
    // The deliveries' recorder's clock behind the traffic's: a delivery with the new uid is still about that create.
    const early = (uid: string) => ({ ...delivery(uid), startedDateTime: '2026-01-01T00:00:00.000Z' });
    expect(await judged([early('1'), delivery('2')])).toMatchObject({
      verdict: 'passed',
      evidence: { evaluations: 2 },
    });
    // A recording of deliveries that ends sooner than a push may take (30 s by default) proves no push
    // missing, even where a later create's push came already (§6 shows no ordering, and a push may be retried).
    const byDefault = async (deliveries: unknown[]) => {
      const t = await judgeTraffic({ traffic, webhooks: file(har(deliveries)) });
      return trafficCertificate(t, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules.find(
        (r) => r.id === 'WH-LOCKER-ON-CREATE',
      )!;
    };
    expect(await byDefault([delivery('1'), delivery('9')])).toMatchObject({
      verdict: 'passed',
      evidence: { evaluations: 1 },
    });
    expect(await byDefault([delivery('2'), delivery('9')])).toMatchObject({
      verdict: 'passed',
      evidence: { evaluations: 1 },
    });
    const muchLater = { ...delivery('9'), startedDateTime: new Date(now() + 60_000).toISOString() };
    expect((await byDefault([delivery('2'), muchLater])).failure).toContain(
      'no LockerUpdates about 1 after its create was accepted arrived among the deliveries recorded until',
    );
  },
);

test(
  'a cancel is judged against a list answered in full before it started: one still in flight may show it ' +
    'served already',
  async () => {
    const parcel = (status: string) => [
      { shipmentUid: 'S-1', lockerUid: '100', carrierParcelId: 'P-1', shipmentStatus: status, events: [] },
    ];
    const cancelled = { status: 'OK', message: 'cancelled', timestamp: '2026-01-05T10:00:00Z' };
    const judge = async (entries: unknown[]) =>
      failedRules(await judgeTraffic({ listSettleMs: NO_LAG, traffic: file(har(entries)) }));
    const inOrder = () => [
      entry('GET', '/parcels', 200, parcel('BOOKED')),
      entry('PATCH', '/parcels/P-1', 200, cancelled, { body: {} }),
    ];
    // The cancel not applied: the list before shows BOOKED, the list after BOOKED still.
    expect(await judge([...inOrder(), entry('GET', '/parcels', 200, parcel('BOOKED'))])).toEqual(['CAN-NOT-DELIVERED']);
    expect(await judge([...inOrder(), entry('GET', '/parcels', 200, parcel('CANCELLED'))])).toEqual([]);
    // A list started before the cancel and answered after it began (as concurrent requests are) shows
    // CANCELLED already: that is no state before the cancel, and an unchanged CANCELLED later no fault.
    const [list, cancel] = [
      entry('GET', '/parcels', 200, parcel('CANCELLED')),
      entry('PATCH', '/parcels/P-1', 200, cancelled, { body: {} }),
    ];
    list['startedDateTime'] = new Date(Date.parse(cancel['startedDateTime'] as string) - 2).toISOString();
    expect(await judge([list, cancel, entry('GET', '/parcels', 200, parcel('CANCELLED'))])).toEqual([]);
  },
);

test(
  'a uid answered to two creates fails where the lockers differ, not where the same locker was sent again (a ' +
    'retry)',
  async () => {
    const judge = async (entries: unknown[]) => failedRules(await judgeTraffic({ traffic: file(har(entries)) }));
    const again = { ...create, carrier: { ...create.carrier } };
    expect(
      await judge([
        entry('POST', '/lockers', 201, record, { body: create }),
        entry('POST', '/lockers', 201, record, { body: again }),
      ]),
    ).toEqual([]);
    // Another carrier's create of a locker with the same lockerId is another locker: its uid must differ.
    expect(
      await judge([
        entry('POST', '/lockers', 201, record, { body: create }),
        entry('POST', '/lockers', 201, record, { body: again, key: 'second-carrier-key-77' }),
      ]),
    ).toEqual(['LCK-CREATE-ECHO']);
    const other = { ...create, carrier: { ...create.carrier, lockerId: 'OTHER-1' } };
    expect(
      await judge([
        entry('POST', '/lockers', 201, record, { body: create }),
        entry(
          'POST',
          '/lockers',
          201,
          { ...record, carrier: { ...record.carrier, lockerId: 'OTHER-1' } },
          { body: other },
        ),
      ]),
    ).toEqual(['LCK-CREATE-ECHO']);
  },
);

test("a trigger's event is looked for in the parcel's history in any order: §2.4 states none", async () => {
  const MOCK = 'https://mock.example/v1';
  const first = { type: 'BOOKING_CREATED', timestamp: '2026-01-05T10:00:00Z' };
  const next = { type: 'COURIER_COLLECTED', timestamp: '2026-01-05T10:05:00Z' };
  const listed = (events: unknown[]) =>
    entry('GET', '/parcels', 200, [
      { shipmentUid: 'S-1', lockerUid: '100', carrierParcelId: 'P-1', shipmentStatus: 'BOOKED', events },
    ]);
  const trigger = () =>
    entry('POST', '/parcel/first-mile/event', 200, {}, { base: MOCK, body: triggerBody('P-1', 'COURIER_COLLECTED') });
  const judge = async (entries: unknown[]) =>
    failedRules(
      await judgeTraffic({ listSettleMs: NO_LAG, traffic: file(har(entries)), baseUrl: BASE, mockBaseUrl: MOCK }),
    );
  expect(await judge([listed([first]), trigger(), listed([next, first])])).toEqual([]);
  expect(await judge([listed([first]), trigger(), listed([first, next])])).toEqual([]);
  expect(await judge([listed([first]), trigger(), listed([next])])).toEqual(['TRG-EVENT-HISTORY']);
});

test(
  'a booking whose cancel was accepted before the list need not be listed: §4.8 does not say cancelled parcels ' +
    'are',
  async () => {
    const judge = async (entries: unknown[]) =>
      failedRules(await judgeTraffic({ listSettleMs: NO_LAG, traffic: file(har(entries)) }));
    const booked = entry(
      'POST',
      '/parcels/data',
      200,
      { status: 'BOOKED', message: 'ok', timestamp: '2026-01-05T10:00:00Z' },
      {
        body: {
          eventType: 'BOOKING',
          lockerUid: '100',
          carrierParcelId: 'P-7',
          allocationType: 'HARD_RESERVATION',
          requiresAccessibleCompartment: false,
          weight: 100,
          dimensions: { depth: 1, height: 1, width: 1 },
          consignee: null,
        },
      },
    );
    const cancelled = entry(
      'PATCH',
      '/parcels/P-7',
      200,
      { status: 'OK', message: 'cancelled', timestamp: '2026-01-05T10:00:00Z' },
      { body: {} },
    );
    expect(await judge([booked, entry('GET', '/parcels', 200, [])])).toEqual(['PCL-BOOKING-CREATES']);
    expect(await judge([booked, cancelled, entry('GET', '/parcels', 200, [])])).toEqual([]);
  },
);

test('a carrierParcelId cancelled and booked again is listed twice, each booking its own record', async () => {
  const booking = (allocationType: string) => ({
    eventType: 'BOOKING',
    lockerUid: '100',
    carrierParcelId: 'P-1',
    dimensions: { depth: 1, height: 1, width: 1 },
    allocationType,
  });
  const answer = { status: 'OK', message: 'booked', timestamp: '2026-01-05T10:00:00Z' };
  const shown = (uid: string, allocationType: string, shipmentStatus: string) => ({
    shipmentUid: uid,
    lockerUid: '100',
    carrierParcelId: 'P-1',
    allocationType,
    shipmentStatus,
    events: [],
  });
  const first = shown('S-1', 'SOFT_RESERVATION', 'CANCELLED');
  const again = shown('S-2', 'HARD_RESERVATION', 'BOOKED');
  for (const list of [
    [first, again],
    [again, first],
  ]) {
    const judged = await judgeTraffic({
      listSettleMs: NO_LAG,
      traffic: file(
        har([
          entry('POST', '/parcels/data', 200, answer, { body: booking('SOFT_RESERVATION') }),
          entry('PATCH', '/parcels/P-1', 200, first),
          entry('POST', '/parcels/data', 200, answer, { body: booking('HARD_RESERVATION') }),
          entry('GET', '/parcels', 200, list),
        ]),
      ),
    });
    expect(failedRules(judged), list.map((p) => p.shipmentUid).join(', ')).toEqual([]);
  }
});
