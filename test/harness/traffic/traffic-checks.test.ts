// `carrier-conformance judge` on single exchanges: the checks and what each request broke, judged with no
// request sent; a 5xx is no refusal, a sanitized recording puts the auth rules out of scope, and no recorded
// key reaches a report.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { catalogue } from '../../../spec/catalogue';
import { failedRules, trafficCertificate, writeTrafficCertificate } from '../../../harness/traffic/certificate-files';
import { BASE, create, entry, file, har, KEY, record } from '../../support/traffic-entries';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';

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

test(
  'a request that must be refused and got a 5xx fails its ' + 'rule, as an active run reads it: a 5xx is no refusal',
  async () => {
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
  },
);

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

test('a required member sent null is a member the request lacks, not a type broken', async () => {
  const traffic = file(
    har([
      entry('POST', '/lockers', 201, record, {
        body: { ...create, provider: { ...create.provider, lockerVersion: null } },
      }),
    ]),
  );
  const judged = await judgeTraffic({ traffic });
  // LCK-CREATE-REQUIRED: "or with one of them null (the table gives none of them null)".
  expect(failedRules(judged)).toContain('LCK-CREATE-REQUIRED');
  expect(failedRules(judged)).not.toContain('LCK-CREATE-TYPES');
});
