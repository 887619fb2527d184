// judge on what a recording shows across requests of two keys: whose record a delivery is about and whose
// endpoint it reached, which lockers a carrier's own list showed not its own, and what an accepted request
// that carried members the tables do not list shows.
import { expect, test } from '@playwright/test';
import { failedRules, trafficCertificate } from '../../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';
import { create, entry, file, har, KEY, record } from '../../support/traffic-entries';

test(
  "WH-OWN-CARRIER from what the traffic shows: a record is the key's that created it, an endpoint the key's " +
    'whose records reach it; ids and paths of any form',
  async () => {
    const OTHER = 'live-key-other-8d21';
    // Both carriers' lockerIds share a prefix and the endpoints are named neither carrier-1 nor carrier-2.
    const owner = (key: string) => (key === KEY ? 'CARRIER_NAME_1' : 'CARRIER_NAME_2');
    const created = (uid: string, key: string) =>
      entry(
        'POST',
        '/lockers',
        201,
        { ...record, uid, ownedByCarrier: owner(key), carrier: { ...record.carrier, lockerId: `LK-${uid}` } },
        { body: { ...create, carrier: { ...create.carrier, lockerId: `LK-${uid}` } }, key },
      );
    const pushed = (uid: string, path: string) =>
      entry(
        'POST',
        path,
        200,
        { received: 1 },
        {
          base: 'https://hooks.example',
          key: null,
          body: {
            ...record,
            uid,
            carrier: { ...record.carrier, lockerId: `LK-${uid}` },
            eventTimestamp: '2026-01-05T10:00:00Z',
          },
        },
      );
    const traffic = file(har([created('1', KEY), created('2', KEY), created('3', OTHER), created('4', OTHER)]));
    const verdict = async (deliveries: unknown[]) => {
      const t = await judgeTraffic({ traffic, webhooks: file(har(deliveries)), webhookWaitMs: 500 });
      return trafficCertificate(t, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules.find(
        (r) => r.id === 'WH-OWN-CARRIER',
      )!;
    };
    const apart = [
      pushed('1', '/hooks/north'),
      pushed('2', '/hooks/north'),
      pushed('3', '/hooks/south'),
      pushed('4', '/hooks/south'),
    ];
    expect(await verdict(apart)).toMatchObject({ verdict: 'passed', evidence: { evaluations: 4 } });
    // The other key's locker pushed to this key's endpoint too: a leak.
    const leaked = await verdict([...apart, pushed('3', '/hooks/north')]);
    expect(leaked.verdict).toBe('failed');
    expect(leaked.failure).toContain(
      "the delivery at /hooks/north (the CARRIER_NAME_1 carrier's URL) is about a record the CARRIER_NAME_2 " +
        "carrier's key created, whose own events go to /hooks/south",
    );
    expect(JSON.stringify(leaked)).not.toContain(OTHER);
    // Both keys' records at one endpoint and nowhere else: two carriers may have registered one URL.
    expect((await verdict([pushed('1', '/hooks'), pushed('3', '/hooks'), pushed('2', '/hooks')])).verdict).not.toBe(
      'failed',
    );
    // Every event to every URL: whose endpoint is whose cannot be told; never a pass.
    const everywhere = ['1', '2', '3', '4'].flatMap((uid) => [
      pushed(uid, '/hooks/north'),
      pushed(uid, '/hooks/south'),
    ]);
    expect((await verdict(everywhere)).verdict).toBe('not observable');
    // Two keys of one carrier (a key rotated): its records at either path are its own.
    const oneCarrier = file(
      har([
        created('1', KEY),
        entry(
          'POST',
          '/lockers',
          201,
          { ...record, uid: '3', ownedByCarrier: 'CARRIER_NAME_1' },
          { body: create, key: OTHER },
        ),
      ]),
    );
    const t = await judgeTraffic({
      traffic: oneCarrier,
      webhooks: file(har([pushed('1', '/hooks/north'), pushed('3', '/hooks/north')])),
      webhookWaitMs: 500,
    });
    expect(
      trafficCertificate(t, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules.find(
        (r) => r.id === 'WH-OWN-CARRIER',
      )!.verdict,
    ).not.toBe('failed');
  },
);

test(
  'an accepted create without location.type shows it optional whatever else it carried (openingHours); a ' +
    'refused one is read only where it carried listed members alone',
  async () => {
    const { type: _type, ...untyped } = { ...create.location, type: 'x' };
    const withHours = { ...create, location: untyped, openingHours: { accessMode: 'ALWAYS' } };
    const t = await judgeTraffic({ traffic: file(har([entry('POST', '/lockers', 201, record, { body: withHours })])) });
    const rule = trafficCertificate(t, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules.find(
      (r) => r.id === 'LCK-CREATE-LOCATION-TYPE-OPTIONAL',
    )!;
    expect(rule).toMatchObject({ verdict: 'passed', evidence: { evaluations: 1 } });
    const refused = entry(
      'POST',
      '/lockers',
      400,
      { errorCode: 'VALIDATION_FAILED', message: 'location.type is required' },
      { body: withHours },
    );
    expect(
      failedRules(
        await judgeTraffic({ traffic: file(har([entry('POST', '/lockers', 201, record, { body: create }), refused])) }),
      ),
    ).toEqual([]);
  },
);

test(
  "NET-NOT-OWNED-SKIPPED from the traffic: a locker the carrier's own list showed not its own, named in a " +
    'later add, must not be listed as added',
  async () => {
    const thirdParty = { ...record, uid: '900', ownedByCarrier: null };
    const mine = { ...record, uid: '100', ownedByCarrier: 'CARRIER_NAME_1' };
    const add = (answer: unknown[]) =>
      entry('POST', '/networks/1001/lockers', 200, answer, { body: { lockerUids: [100, 900] } });
    const networkRecord = (uid: number) => ({
      lockerUid: uid,
      providerName: 'P1',
      providerLockerStatus: 'ACTIVE',
      networkLockerStatus: 'PENDING',
    });
    const verdict = async (entries: unknown[]) =>
      trafficCertificate(await judgeTraffic({ traffic: file(har(entries)) }), {
        harnessVersion: 't',
        files: [],
        startedAt: Date.now(),
      }).report.rules.find((r) => r.id === 'NET-NOT-OWNED-SKIPPED')!;
    const listed = () => entry('GET', '/lockers', 200, [mine, thirdParty]);
    expect(await verdict([listed(), add([networkRecord(100)])])).toMatchObject({
      verdict: 'passed',
      evidence: { evaluations: 1 },
    });
    const wrong = await verdict([listed(), add([networkRecord(100), networkRecord(900)])]);
    expect(wrong.verdict).toBe('failed');
    expect(wrong.failure).toContain('got 900 listed as added');
    // The list after the add proves nothing of it.
    expect((await verdict([add([networkRecord(100), networkRecord(900)]), listed()])).verdict).toBe('not observable');
  },
);

test(
  'NET-OWNED-ADDED and NET-ONLY-NEW from the traffic: a locker the key created is listed the first time it is ' +
    'added to a network, and not again',
  async () => {
    const created = entry(
      'POST',
      '/lockers',
      201,
      { ...record, uid: '100', ownedByCarrier: 'CARRIER_NAME_1' },
      { body: create },
    );
    const networkRecord = (uid: number) => ({
      lockerUid: uid,
      providerName: 'P1',
      providerLockerStatus: 'ACTIVE',
      networkLockerStatus: 'PENDING',
    });
    const add = (answer: unknown[]) =>
      entry('POST', '/networks/1001/lockers', 200, answer, { body: { lockerUids: [100] } });
    const verdicts = async (entries: unknown[]) => {
      const rules = trafficCertificate(await judgeTraffic({ traffic: file(har(entries)) }), {
        harnessVersion: 't',
        files: [],
        startedAt: Date.now(),
      }).report.rules;
      return Object.fromEntries(
        ['NET-OWNED-ADDED', 'NET-ONLY-NEW'].map((id) => [id, rules.find((r) => r.id === id)!.verdict]),
      );
    };
    expect(await verdicts([created, add([networkRecord(100)]), add([])])).toEqual({
      'NET-OWNED-ADDED': 'passed',
      'NET-ONLY-NEW': 'passed',
    });
    expect(await verdicts([created, add([]), add([])])).toMatchObject({ 'NET-OWNED-ADDED': 'failed' });
    expect(await verdicts([created, add([networkRecord(100)]), add([networkRecord(100)])])).toMatchObject({
      'NET-ONLY-NEW': 'failed',
    });
    // The same add twice at once, the one begun first answered with none: which the service applied first is not
    // known, so neither is judged for the locker they both named.
    const [first, second] = [add([]), add([networkRecord(100)])];
    second.startedDateTime = first.startedDateTime;
    expect(await verdicts([created, first, second])).not.toMatchObject({ 'NET-OWNED-ADDED': 'failed' });
    expect(await verdicts([created, first, second])).not.toMatchObject({ 'NET-ONLY-NEW': 'failed' });
    // A status change or an update named it after it joined: whether it stays is NET-MEMBERSHIP-KEPT's, a should the
    // traffic does not judge (§4.10 shows no way out of a network; after a status change §3 shows nothing).
    const disabled = entry('PATCH', '/lockers/status', 200, {}, { body: { uid: '100', status: 'INACTIVE' } });
    const renamed = entry('PATCH', '/lockers/100', 200, { ...record, uid: '100' }, { body: { metadata: [] } });
    for (const write of [disabled, renamed])
      expect(
        (await verdicts([created, add([networkRecord(100)]), write, add([networkRecord(100)])]))['NET-ONLY-NEW'],
      ).toBe('not observable');
    // A locker not created in the recording may have been in the network already: not judged.
    expect(await verdicts([add([])])).toEqual({
      'NET-OWNED-ADDED': 'not observable',
      'NET-ONLY-NEW': 'not observable',
    });
  },
);
