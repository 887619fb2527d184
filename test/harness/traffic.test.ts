// `carrier-conformance judge`: recorded traffic read entry by entry whatever the chunks, mapped to the
// document's operations, judged with no request sent; a sanitized recording puts the auth rules out of
// scope, a broken file is one line naming the entry, and no recorded key reaches a report.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { catalogue } from '../../spec/catalogue';
import { failedRules, trafficCertificate, writeTrafficCertificate } from '../../harness/traffic/certificate-files';
import { HarEntryScanner, HarError, readHarEntries, type HarEntry } from '../../harness/traffic/har/har-stream';
import { BASE, create, entry, file, har, KEY, now, record } from '../support/traffic-entries';
import { judgeTraffic } from '../../harness/traffic/judge-traffic';
import { OperationMap } from '../../harness/traffic/recorded/operation-map';

/** The recording's entries are a second apart: these judge a service whose lists never lag (the settle time is
 * whole-list.ts's). */
const NO_LAG = 0;

test(
  'entries are read one by one whatever the chunks, strings with braces and escapes included, and _ fields ' +
    'ignored',
  () => {
    const entries = [
      entry('GET', '/lockers', 200, [{ note: 'a } and a { and a \\" and ü' }]),
      entry('GET', '/parcels', 200, []),
    ];
    const bytes = Buffer.from(har(entries));
    for (const size of [1, 7, 4096]) {
      const seen: HarEntry[] = [];
      const scanner = new HarEntryScanner('t.har');
      for (let i = 0; i < bytes.length; i += size) scanner.push(bytes.subarray(i, i + size), (e) => seen.push(e));
      scanner.end();
      expect(seen).toEqual(JSON.parse(har(entries)).log.entries);
    }
  },
);

test('a file cut off or of another kind is one error naming where it broke', async () => {
  const text = har([entry('GET', '/lockers', 200, []), entry('GET', '/lockers', 200, [])]);
  const cut = file(text.slice(0, text.length - 80));
  await expect(readHarEntries(cut, () => undefined)).rejects.toThrow(
    /entry 1 \(byte \d+\) is cut off: the file ends inside it/,
  );
  await expect(readHarEntries(file('{"rules": []}'), () => undefined)).rejects.toThrow(
    /not a HAR file: no log.entries array/,
  );
  await expect(readHarEntries(file('<html>'), () => undefined)).rejects.toThrow(HarError);
  await expect(readHarEntries(file(har([{ request: {} }])), () => undefined)).rejects.toThrow(
    /entry 0 .* is no HAR entry/,
  );
});

test(
  'requests map to operations under the base learnt from the first, literal paths before templates; other ' +
    'hosts and paths are told apart',
  () => {
    const map = new OperationMap();
    expect(map.map('PATCH', `${BASE}/lockers/status`)).toMatchObject({
      op: { operationId: 'updateLockerStatus' },
      base: BASE,
    });
    expect(map.map('PATCH', `${BASE}/lockers/100%2F1`)).toMatchObject({
      op: { operationId: 'updateLocker' },
      params: { uid: '100/1' },
    });
    expect(map.map('GET', 'https://cdn.example/v1/lockers')).toEqual({ other: 'host', key: 'GET https://cdn.example' });
    expect(map.map('DELETE', `${BASE}/lockers/7`)).toEqual({ other: 'operation', key: 'DELETE /v1/lockers/7' });
    expect(map.map('POST', 'https://mock.example/v1/parcel/first-mile/event')).toMatchObject({
      op: { operationId: 'triggerFirstMileEvent' },
      base: 'https://mock.example/v1',
    });
  },
);

test(
  'each exchange is judged by the checks and by what its request broke; refusals count where the operation ' +
    'accepted a request',
  async () => {
    const { countryCode: _dropped, ...noCountry } = create.location;
    const traffic = file(
      har([
        entry('POST', '/lockers', 201, record, { body: create }),
        entry('POST', '/lockers', 201, { ...record, uid: '101' }, { body: { ...create, location: noCountry } }),
        entry(
          'POST',
          '/lockers',
          400,
          { errorCode: 'BAD', message: 'lat' },
          { body: { ...create, location: { ...create.location, lat: 'x' } } },
        ),
        entry(
          'GET',
          '/lockers/providers',
          200,
          [{ providerName: 'P1', providerUid: 'u', lockerModel: 'M', lockerVersion: '1' }],
          { key: null },
        ),
        entry('GET', '/elsewhere', 200, {}, { base: 'https://cdn.example' }),
        entry('GET', '/parcels', 0, ''),
      ]),
    );
    const judged = await judgeTraffic({ traffic });
    expect(failedRules(judged).sort()).toEqual(['AUTH-KEY-REQUIRED', 'LCK-CREATE-REQUIRED']);
    const { report } = trafficCertificate(judged, { harnessVersion: 't', files: [traffic], startedAt: Date.now() });
    const verdict = (id: string) => report.rules.find((r) => r.id === id)!;
    expect(verdict('LCK-CREATE-TYPES').verdict).toBe('passed');
    expect(verdict('LCK-CREATE-201').verdict).toBe('passed');
    expect(verdict('LCK-RECORD-SHAPE').verdict).toBe('passed');
    expect(report.header).toMatchObject({
      evidenceFrom: 'traffic',
      baseUrl: BASE,
      traffic: {
        entries: 6,
        judged: 4,
        otherHosts: { 'GET https://cdn.example': 1 },
        unknownOperations: { 'GET /parcels (no answer recorded)': 1 },
      },
    });
    // What the traffic did not show is out of its scope, with what would bring it in.
    const booking = report.summary.scope.outOfScope.find((e) => e.id === 'PCL-BOOKING-CREATES')!;
    expect(booking).toMatchObject({ causes: ['traffic'] });
    expect(booking.remedy).toContain('then a whole GET /parcels of the same carrier');
    expect(report.summary.line).toMatch(
      /^NOT CONFORMANT: 2 must rules failed .* out of scope: not shown by the traffic/,
    );
  },
);

test('a request that must be refused and got a 5xx fails its rule, as an active run reads it: a 5xx is no refusal', async () => {
  const { countryCode: _dropped, ...noCountry } = create.location;
  const traffic = file(
    har([
      entry('POST', '/lockers', 201, record, { body: create }),
      entry(
        'POST',
        '/lockers',
        500,
        { errorCode: 'INTERNAL_ERROR', message: 'x' },
        { body: { ...create, location: noCountry } },
      ),
      entry('GET', '/lockers/providers', 503, { errorCode: 'DOWN', message: 'x' }, { key: null }),
    ]),
  );
  const judged = await judgeTraffic({ traffic });
  expect(failedRules(judged).sort()).toEqual(['AUTH-KEY-REQUIRED', 'GEN-NO-5XX', 'LCK-CREATE-REQUIRED']);
});

test(
  "an answer's type is read from the recorder's mimeType where its headers were not kept, and not judged where " +
    'neither was',
  async () => {
    const list = [{ providerName: 'P1', providerUid: 'u', lockerModel: 'M', lockerVersion: '1' }];
    const stripped = (e: ReturnType<typeof entry>, mimeType?: string) => ({
      ...e,
      response: { ...e.response, headers: [], content: { ...e.response.content, mimeType } },
    });
    const judgedWith = async (mimeType?: string) =>
      judgeTraffic({ traffic: file(har([stripped(entry('GET', '/lockers/providers', 200, list), mimeType)])) });
    expect(failedRules(await judgedWith('application/json'))).toEqual([]);
    expect(failedRules(await judgedWith('text/html'))).toEqual(['GEN-JSON']);
    const untyped = await judgedWith(undefined);
    expect(failedRules(untyped)).toEqual([]);
    // The server sent no Content-Type where the recording kept its other headers: that is judged.
    const noType = entry('GET', '/lockers/providers', 200, list);
    const sentNone = {
      ...noType,
      response: {
        ...noType.response,
        headers: [{ name: 'Date', value: 'x' }],
        content: { ...noType.response.content, mimeType: undefined },
      },
    };
    expect(failedRules(await judgeTraffic({ traffic: file(har([sentNone])) }))).toEqual(['GEN-JSON']);
    // …even where the recorder wrote a mimeType of its own guessing beside the headers it kept.
    const guessed = {
      ...sentNone,
      response: { ...sentNone.response, content: { ...sentNone.response.content, mimeType: 'application/json' } },
    };
    expect(failedRules(await judgeTraffic({ traffic: file(har([guessed])) }))).toEqual(['GEN-JSON']);
  },
);

test(
  'a recording without X-API-Key headers puts the auth rules out of scope, and no recorded key reaches any ' + 'report',
  async () => {
    const stripped = file(
      har([
        entry('POST', '/lockers', 201, record, { body: create, key: null }),
        entry('GET', '/lockers', 200, [record], { key: null }),
      ]),
    );
    const judged = await judgeTraffic({ traffic: stripped });
    const { report } = trafficCertificate(judged, { harnessVersion: 't', files: [stripped], startedAt: Date.now() });
    expect(report.summary.verdict).toBe('CONFORMANT');
    const auth = report.summary.scope.outOfScope.filter((e) => e.causes.includes('credentials')).map((e) => e.id);
    expect(auth.sort()).toEqual(['AUTH-KEY-REQUIRED', 'TRG-STAGING-KEY']);
    expect(report.summary.line).toContain('credentials stripped from the recording');

    const leaky = { ...record, carrier: { ...record.carrier, lockerName: KEY } };
    const keyed = file(
      har([
        entry('POST', '/lockers', 200, leaky, { body: create }),
        entry('GET', '/lockers', 401, { errorCode: 'E', message: KEY }, { key: `${KEY}x` }),
      ]),
    );
    const failing = await judgeTraffic({ traffic: keyed });
    const dir = mkdtempSync(join(tmpdir(), 'cc-traffic-report-'));
    const written = trafficCertificate(failing, { harnessVersion: 't', files: [keyed], startedAt: Date.now() });
    writeTrafficCertificate(dir, failing, written.report, written.har);
    expect(written.report.summary.failedMust).toEqual(expect.arrayContaining(['LCK-CREATE-201', 'LCK-CREATE-ECHO']));
    for (const name of readdirSync(dir)) expect(readFileSync(join(dir, name), 'utf8'), name).not.toContain(KEY);
    expect(readFileSync(join(dir, 'exchanges.har'), 'utf8')).toContain('$CIS_TRAFFIC_KEY_1');
  },
);

test('every rule of the catalogue gets a verdict, and none passes without an evaluation', async () => {
  const judged = await judgeTraffic({ traffic: file(har([entry('GET', '/lockers', 200, [record])])) });
  const { report } = trafficCertificate(judged, { harnessVersion: 't', files: [], startedAt: Date.now() });
  expect(report.rules.map((r) => r.id)).toEqual(catalogue.map((r) => r.id));
  for (const r of report.rules)
    if (r.verdict === 'passed' && r.level !== 'observe') expect(r.evidence.evaluations, r.id).toBeGreaterThan(0);
});

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
      'a LockerUpdates delivery about 2 after its create was accepted, got none',
    );
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
      'a LockerUpdates delivery about 1 after its create was accepted, got none',
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

const triggerBody = (parcel: string, event: string) => ({
  parcel_id: parcel,
  provider_locker_id: 'PL-1',
  event_type: event,
  carrier_name: 'CARRIER_NAME_1',
  provider_name: 'PROVIDER_NAME_1',
  shipment_type: 'FIRST_MILE',
});

test(
  'a delivered parcel is one this carrier booked and a CONSIGNEE_DELIVERED trigger was answered for before the ' +
    'cancel, unless a whole list between them shows it not delivered',
  async () => {
    const MOCK = 'https://mock.example/v1';
    const OTHER = 'other-carrier-key-5521';
    const booking = (key = KEY) =>
      entry(
        'POST',
        '/parcels/data',
        200,
        { status: 'BOOKED', message: 'ok', timestamp: '2026-01-05T10:00:00Z' },
        {
          key,
          body: {
            eventType: 'BOOKING',
            lockerUid: '100',
            carrierParcelId: 'P-9',
            allocationType: 'HARD_RESERVATION',
            requiresAccessibleCompartment: false,
            weight: 100,
            dimensions: { depth: 1, height: 1, width: 1 },
            consignee: null,
          },
        },
      );
    const events = (status: string) => [
      { type: 'BOOKING_CREATED', timestamp: 't' },
      ...(status === 'DELIVERED' ? [{ type: 'CONSIGNEE_DELIVERED', timestamp: 't' }] : []),
    ];
    const listed = (status: string, key = KEY) =>
      entry(
        'GET',
        '/parcels',
        200,
        [
          {
            shipmentUid: 'S-9',
            lockerUid: '100',
            carrierParcelId: 'P-9',
            shipmentStatus: status,
            allocationType: 'HARD_RESERVATION',
            events: events(status),
          },
        ],
        { key },
      );
    const delivered = () =>
      entry(
        'POST',
        '/parcel/first-mile/event',
        200,
        {},
        { base: MOCK, body: triggerBody('P-9', 'CONSIGNEE_DELIVERED') },
      );
    const cancel = (key = KEY) =>
      entry(
        'PATCH',
        '/parcels/P-9',
        200,
        { status: 'OK', message: 'cancelled', timestamp: '2026-01-05T10:00:00Z' },
        { key, body: {} },
      );
    const judge = async (entries: unknown[]) =>
      failedRules(await judgeTraffic({ traffic: file(har(entries)), baseUrl: BASE, mockBaseUrl: MOCK }));
    expect(await judge([booking(), listed('BOOKED'), delivered(), listed('DELIVERED'), cancel()])).toEqual([
      'CAN-DELIVERED-REFUSED',
    ]);
    // Nothing recorded between them: the trigger answered before the cancel started is taken as applied.
    expect(await judge([booking(), listed('BOOKED'), delivered(), cancel()])).toEqual(['CAN-DELIVERED-REFUSED']);
    // A whole list between them that does not show it delivered (a trigger applied later than answered):
    // the cancel may have met a parcel not yet delivered.
    expect(await judge([booking(), listed('BOOKED'), delivered(), listed('BOOKED'), cancel()])).not.toContain(
      'CAN-DELIVERED-REFUSED',
    );
    // Another carrier's parcel of the same id: its cancel is no cancel of the delivered one.
    expect(await judge([booking(), listed('BOOKED'), delivered(), listed('DELIVERED'), cancel(OTHER)])).toEqual([]);
    // The cancel started while the trigger was still being answered: it may have been served first.
    const [b, l, t, c] = [booking(), listed('BOOKED'), delivered(), cancel()];
    t['time'] = 5_000;
    expect(await judge([b, l, t, c])).toEqual([]);
    // A list that shows it not yet delivered, then a ParcelUpdates showing it delivered before the cancel:
    // delivered — where one recorder kept both (one file, one clock).
    const push = () => ({
      ...entry(
        'POST',
        '/carrier-1',
        200,
        { received: 1 },
        {
          base: 'https://hooks.example',
          key: null,
          body: {
            shipmentUid: 'S-9',
            carrierParcelId: 'P-9',
            shipmentStatus: 'DELIVERED',
            accessCodes: null,
            consignee: null,
            events: events('DELIVERED'),
            allocationType: 'HARD_RESERVATION',
            dimensionsStatus: 'DECLARED',
            eventTimestamp: '2026-01-05T10:00:00Z',
          },
        },
      ),
    });
    const withPushes = async (entries: unknown[]) => {
      const recording = file(har(entries));
      return failedRules(
        await judgeTraffic({ traffic: recording, webhooks: recording, baseUrl: BASE, mockBaseUrl: MOCK }),
      );
    };
    const sequence = [booking(), listed('BOOKED'), delivered(), listed('BOOKED')];
    const between = push();
    const cancelled = cancel();
    expect(await withPushes([...sequence, between, cancelled])).toContain('CAN-DELIVERED-REFUSED');
    // Two recorders' clocks may disagree: a push recorded apart from the traffic is not set against its times.
    expect(
      failedRules(
        await judgeTraffic({
          traffic: file(har([...sequence, cancelled])),
          webhooks: file(har([between])),
          baseUrl: BASE,
          mockBaseUrl: MOCK,
        }),
      ),
    ).not.toContain('CAN-DELIVERED-REFUSED');
    // A push that arrived after the cancel started says nothing of what the cancel met.
    between['startedDateTime'] = new Date(Date.parse(cancelled['startedDateTime'] as string) + 500).toISOString();
    expect(await withPushes([...sequence, cancelled, between])).not.toContain('CAN-DELIVERED-REFUSED');
    // A status that does not say DELIVER, with a signature: delivered as a run reads it.
    const signed = (status: string) =>
      entry('GET', '/parcels', 200, [
        {
          shipmentUid: 'S-9',
          lockerUid: '100',
          carrierParcelId: 'P-9',
          shipmentStatus: status,
          allocationType: 'HARD_RESERVATION',
          events: events(status),
          ...(status === 'COMPLETED' ? { signature: { image: 'x' } } : {}),
        },
      ]);
    expect(await judge([booking(), signed('BOOKED'), delivered(), signed('COMPLETED'), cancel()])).toContain(
      'CAN-DELIVERED-REFUSED',
    );
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
  'a valid request refused 400 fails the rule that makes a missing member optional only where the answer names ' +
    'that member',
  async () => {
    const judge = async (entries: unknown[]) => failedRules(await judgeTraffic({ traffic: file(har(entries)) }));
    const update = { metadata: [{ key: 'k', value: 'v' }] };
    const refused = (message: string) =>
      entry('PATCH', '/lockers/100', 400, { errorCode: 'VALIDATION_FAILED', message }, { body: update });
    const accepted = entry(
      'PATCH',
      '/lockers/100',
      200,
      { ...record, ...update },
      { body: { ...update, carrier: create.carrier } },
    );
    expect(await judge([accepted, refused('/carrier is required')])).toEqual(['LCK-UPDATE-OPTIONAL']);
    // Refused for what it holds, or for nothing it names: no evidence about the members it lacks.
    expect(await judge([accepted, refused('metadata key k is reserved')])).toEqual([]);
    expect(await judge([accepted, refused('carrier.lockerName is too long')])).toEqual([]);
    const { type: _type, ...untyped } = { ...create.location, type: 'x' };
    const createRefused = (message: string) =>
      entry(
        'POST',
        '/lockers',
        400,
        { errorCode: 'VALIDATION_FAILED', message },
        { body: { ...create, location: untyped } },
      );
    expect(
      await judge([
        entry('POST', '/lockers', 201, record, { body: create }),
        createRefused('location.type: must be present'),
      ]),
    ).toEqual(['LCK-CREATE-LOCATION-TYPE-OPTIONAL']);
    expect(
      await judge([entry('POST', '/lockers', 201, record, { body: create }), createRefused('lat out of range')]),
    ).toEqual([]);
    // How validators name a field, and prose that only mentions the word.
    const named: [string, string, boolean][] = [
      [
        'update',
        "Key: 'UpdateLockerRequest.Carrier' Error:Field validation for 'Carrier' failed on the 'required' tag",
        true,
      ],
      ['update', 'body must have required property "carrier"', true],
      ['update', 'carrier: must not be null', true],
      ['update', 'carrier is required', true],
      ['update', 'group g-9 is not assigned to this carrier', false],
      ['update', 'Locker is not owned by the calling carrier', false],
      ['update', 'the carrier must be registered first', false],
      [
        'create',
        "Key: 'CreateLockerRequest.Location.Type' Error:Field validation for 'Type' failed on the 'required' tag",
        true,
      ],
      ['create', 'create.request.location.type: must not be null', true],
      ['create', "body/location must have required property 'type'", true],
      ['create', "must have required property 'type'", false],
      ['create', 'unknown locker type', false],
    ];
    const byMember = entry(
      'PATCH',
      '/lockers/100',
      400,
      { errorCode: 'VALIDATION_FAILED', message: 'invalid request', errors: { carrier: ['is required'] } },
      { body: update },
    );
    expect(await judge([accepted, byMember])).toEqual(['LCK-UPDATE-OPTIONAL']);
    for (const [what, message, blamed] of named) {
      const entries =
        what === 'update'
          ? [accepted, refused(message)]
          : [entry('POST', '/lockers', 201, record, { body: create }), createRefused(message)];
      expect(await judge(entries), message).toEqual(
        blamed ? [what === 'update' ? 'LCK-UPDATE-OPTIONAL' : 'LCK-CREATE-LOCATION-TYPE-OPTIONAL'] : [],
      );
    }
  },
);

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

test(
  'a providerName-filtered list fails where it lists a provider unrelated to the name, not one matched ' +
    'ignoring case or as a part',
  async () => {
    const judge = async (listed: string) =>
      failedRules(
        await judgeTraffic({
          traffic: file(
            har([
              entry('GET', '/lockers?providerName=provider_name_1', 200, [
                { ...record, provider: { ...record.provider, name: listed } },
              ]),
            ]),
          ),
        }),
      );
    expect(await judge('provider_name_1')).toEqual([]);
    expect(await judge('PROVIDER_NAME_1')).toEqual([]);
    expect(await judge('PROVIDER_NAME_7')).toEqual(['LCK-LIST-PROVIDER-FILTER']);
    const nameless = { ...record, provider: { ...record.provider, name: undefined } };
    expect(
      failedRules(
        await judgeTraffic({
          traffic: file(har([entry('GET', '/lockers?providerName=provider_name_1', 200, [nameless])])),
        }),
      ),
    ).toContain('LCK-LIST-PROVIDER-FILTER');
  },
);

test(
  'an accepted cancel must be pushed where the parcel was booked in the traffic; one booked before the ' +
    'recording may have been cancelled already',
  async () => {
    const book = (id: string) =>
      entry(
        'POST',
        '/parcels/data',
        200,
        { status: 'BOOKED', message: 'ok', timestamp: '2026-01-05T10:00:00Z' },
        {
          body: {
            eventType: 'BOOKING',
            lockerUid: '100',
            carrierParcelId: id,
            allocationType: 'HARD_RESERVATION',
            requiresAccessibleCompartment: false,
            weight: 100,
            dimensions: { depth: 1, height: 1, width: 1 },
            consignee: null,
          },
        },
      );
    const cancel = (id: string) =>
      entry(
        'PATCH',
        `/parcels/${id}`,
        200,
        { status: 'OK', message: 'cancelled', timestamp: '2026-01-05T10:00:00Z' },
        { body: {} },
      );
    const pushed = (id: string) =>
      entry(
        'POST',
        '/carrier-1',
        200,
        { received: 1 },
        {
          base: 'https://hooks.example',
          key: null,
          body: {
            shipmentUid: `S-${id}`,
            carrierParcelId: id,
            shipmentStatus: 'CANCELLED',
            accessCodes: null,
            consignee: null,
            events: [],
            allocationType: 'HARD_RESERVATION',
            dimensionsStatus: 'DECLARED',
            eventTimestamp: '2026-01-05T10:00:00Z',
          },
        },
      );
    const verdict = async (traffic: unknown[], deliveries: unknown[]) => {
      const t = await judgeTraffic({
        traffic: file(har(traffic)),
        webhooks: file(har(deliveries)),
        webhookWaitMs: 500,
      });
      return trafficCertificate(t, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules.find(
        (r) => r.id === 'WH-PARCEL-ON-STATUS',
      )!;
    };
    const booked = [book('P-1'), book('P-2'), cancel('P-1'), cancel('P-2')];
    const deliveries = () => [pushed('P-1')];
    expect((await verdict(booked, deliveries())).failure).toContain(
      'a ParcelUpdates delivery about P-2 after its cancel was accepted, got none',
    );
    // P-3 was booked before the recording: its cancel proves no change of status, and is not judged.
    expect(await verdict([book('P-1'), cancel('P-1'), cancel('P-3')], deliveries())).toMatchObject({
      verdict: 'passed',
      evidence: { evaluations: 1 },
    });
    // No cancel ever pushed, while the carrier's creates were, and the deliveries went on past the wait:
    // the endpoint recorded is the carrier's, so the missing pushes are seen (issue 37).
    const created = entry('POST', '/lockers', 201, record, { body: create });
    const lockerPushed = () => ({
      ...entry(
        'POST',
        '/carrier-1',
        200,
        { received: 1 },
        { base: 'https://hooks.example', key: null, body: { ...record, eventTimestamp: '2026-01-05T10:00:00Z' } },
      ),
    });
    const never = await verdict([created, ...booked], [lockerPushed(), lockerPushed()]);
    expect(never.verdict).toBe('failed');
    expect(never.failure).toContain('a ParcelUpdates delivery about P-1 after its cancel was accepted, got none');
  },
);

test(
  'keys a masking tool wrote as one placeholder do not tell carriers apart: a booking missing from a list then ' +
    'proves nothing',
  async () => {
    const judge = async (key: string) => {
      const booked = entry(
        'POST',
        '/parcels/data',
        200,
        { status: 'BOOKED', message: 'ok', timestamp: '2026-01-05T10:00:00Z' },
        {
          key,
          body: {
            eventType: 'BOOKING',
            lockerUid: '100',
            carrierParcelId: 'P-5',
            allocationType: 'HARD_RESERVATION',
            requiresAccessibleCompartment: false,
            weight: 100,
            dimensions: { depth: 1, height: 1, width: 1 },
            consignee: null,
          },
        },
      );
      return failedRules(
        await judgeTraffic({
          listSettleMs: NO_LAG,
          traffic: file(har([booked, entry('GET', '/parcels', 200, [], { key })])),
        }),
      );
    };
    // One key, kept: the same carrier's whole list lacks its booking.
    expect(await judge(KEY)).toEqual(['PCL-BOOKING-CREATES']);
    for (const mask of ['REDACTED', '[REDACTED]', '********', '<hidden>']) expect(await judge(mask), mask).toEqual([]);
    // A named placeholder, as this harness writes ($CIS_API_KEY, $CIS_API_KEY_2), still names one carrier.
    expect(await judge('$CIS_API_KEY')).toEqual(['PCL-BOOKING-CREATES']);
  },
);

test('judge on the command line: a bad flag is one line naming it and exit 2', { tag: '@e2e' }, () => {
  const traffic = file(har([entry('GET', '/lockers/providers', 200, [])]));
  const judge = (...args: string[]) =>
    spawnSync(
      process.execPath,
      [
        join(__dirname, '..', '..', 'bin', 'carrier-conformance.js'),
        'judge',
        traffic,
        ...args,
        '--report-dir',
        mkdtempSync(join(tmpdir(), 'cc-judge-')),
      ],
      { encoding: 'utf8', env: { ...process.env, CIS_WEBHOOK_WAIT_MS: '' } },
    );
  for (const bad of ['abc', '0', '-5', '1.5']) {
    const run = judge(`--webhook-wait-ms=${bad}`);
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      `carrier-conformance judge: --webhook-wait-ms (CIS_WEBHOOK_WAIT_MS): "${bad}" is not a whole number of ` +
        `at least 1`,
    ]);
  }
  expect(judge('--webhook-wait-ms', '2000').status).not.toBe(2);
  expect(judge('--webhook-wait-ms', '030000').status).not.toBe(2);
  for (const bad of ['abc', '-1', '1.5']) {
    const run = judge(`--list-settle-ms=${bad}`);
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      `carrier-conformance judge: --list-settle-ms (CIS_LIST_SETTLE_MS): "${bad}" is not a whole number of ` +
        `milliseconds (0 or more)`,
    ]);
  }
  expect(judge('--list-settle-ms', '0').status).not.toBe(2);
  const unknown = judge('--reports', 'out');
  expect(unknown.stderr.trim().split('\n')).toEqual([
    'carrier-conformance judge: --reports is no option of judge: carrier-conformance judge --help lists them',
  ]);
  // A HAR with no entries (mitmdump's har_dump before it is stopped) is no evidence of a conformant scope.
  const empty = spawnSync(
    process.execPath,
    [
      join(__dirname, '..', '..', 'bin', 'carrier-conformance.js'),
      'judge',
      file(har([])),
      '--report-dir',
      mkdtempSync(join(tmpdir(), 'cc-judge-')),
    ],
    { encoding: 'utf8' },
  );
  expect(empty.status).toBe(2);
  expect(empty.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(/traffic\.har: the HAR holds no entries, so there is nothing to judge/),
  ]);
});
