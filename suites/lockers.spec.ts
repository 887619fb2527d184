// Lockers (§2.1, §4.1, §4.3): create, lockerGroups and update. List and records: locker-records.spec.ts.
import fc from 'fast-check';
import { fromSchema, invalidByOne, lockerGroups, lockerGroupsWithRepeatedKey, mutationsOf, propertyParameters } from '../generators';
import { expect, expectControlAccepted, judge, notObservable, observe, rules, test, type Json } from '../harness/fixtures';

/**
 * What a refused request must leave as it was: the record without the statuses the service manages
 * itself (§3: locker status transitions are not shown, and a provider may activate a new locker).
 */
function asSent(record: Json | undefined): Json | undefined {
  if (!record) return record;
  const { carrier, provider, ...rest } = record;
  const { status: _carrierStatus, ...carrierRest } = (carrier ?? {}) as Json;
  const { status: _providerStatus, ...providerRest } = (provider ?? {}) as Json;
  return { ...rest, carrier: carrierRest, provider: providerRest };
}

const sameInstant = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && Date.parse(a) === Date.parse(b);

// The strings a record carries as sent (LCK-CREATE-ECHO, LCK-UPDATE-200). Statuses are left out: they
// are no member of the request tables (§2.1), and §4.5 has its own operation for them.
const STRINGS = {
  carrier: ['lockerName', 'lockerId', 'activationDate'],
  provider: ['name', 'lockerModel', 'lockerVersion'],
  location: ['street', 'streetNumber', 'postalCode', 'city', 'countryCode', 'type'],
};
// lon and lat as the very numbers sent: no precision is stated (§8), so that is LCK-COORDINATES-ECHO's.
const COORDINATES = { location: ['lon', 'lat'] };

/** The members of `sent` the record differs in: strings as sent (activationDate as the same instant), numbers exactly. */
function echoed(sent: Json, record: Json, members: Record<string, string[]> = STRINGS): string[] {
  const differences: string[] = [];
  for (const [object, names] of Object.entries(members)) {
    for (const member of names) {
      const want = sent[object]?.[member];
      if (want === undefined) continue;
      const got = record[object]?.[member];
      const same = got === want || (member === 'activationDate' && sameInstant(got, want));
      if (!same) differences.push(`${object}.${member}: sent ${JSON.stringify(want)}, record has ${JSON.stringify(got)}`);
    }
  }
  return differences;
}

test.describe('create (POST /lockers)', () => {
  test('LCK-CREATE-ECHO generated create requests are answered 201 with a record that echoes them under a fresh uid', rules('LCK-CREATE-ECHO', 'LCK-CREATE-201', 'LCK-RECORD-SHAPE', 'LCK-COORDINATES-ECHO'), async ({ api, binder, target }) => {
    const bind = await binder();
    const uids = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fromSchema('LockerCreateRequest').map(bind), async (body) => {
        const exchange = await api.call('createLocker', { body });
        judge('LCK-CREATE-201', exchange).expect(exchange.status, 'a valid create request is answered 201').toBe(201);
        const record = exchange.body as Json;
        const echo = judge('LCK-CREATE-ECHO', exchange);
        echo.expect(typeof record['uid'], 'expected a uid string').toBe('string');
        echo.expect(uids.has(record['uid']), `uid ${record['uid']} was given before`).toBe(false);
        uids.add(record['uid']);
        echo.expect(echoed(body, record), 'the record differs from the request').toEqual([]);
        judge('LCK-COORDINATES-ECHO', exchange).expect(echoed(body, record, COORDINATES), 'lon/lat differ from the numbers sent').toEqual([]);
      }),
      propertyParameters(target.propertyRuns, target.seed),
    );
  });

  // An observe rule needs no capability, but creating the locker it reports on does.
  test('LCK-OWNED-BY reports who owns a created locker', rules('LCK-OWNED-BY'), async ({ lockers, requires }) => {
    requires('writes');
    const { record } = await lockers.create();
    const thirdParty = (await lockers.list()).items.filter((l) => l['ownedByCarrier'] === null).length;
    observe('LCK-OWNED-BY', `created locker ownedByCarrier=${JSON.stringify(record['ownedByCarrier'])}; third-party lockers listed: ${thirdParty}`);
  });

  test('LCK-CREATE-LOCATION-TYPE-OPTIONAL accepts a location without type', rules('LCK-CREATE-LOCATION-TYPE-OPTIONAL'), async ({ api, lockers }) => {
    const body = await lockers.body();
    delete body['location']['type'];
    const exchange = await api.call('createLocker', { body });
    // Accepted is what this rule asks; that acceptance is a 201 is LCK-CREATE-201's.
    expect(exchange).toSucceed('LCK-CREATE-LOCATION-TYPE-OPTIONAL');
  });

  for (const [rule, kind] of [['LCK-CREATE-REQUIRED', 'missing'], ['LCK-CREATE-TYPES', 'wrongType']] as const) {
    test(`${rule} rejects create requests with one ${kind === 'missing' ? 'required member missing' : 'member of the wrong type'} and creates nothing`, rules(rule, 'GEN-REJECTED-NO-EFFECT'), async ({ api, lockers, binder, target }) => {
      const bind = await binder();
      const mutations = mutationsOf('LockerCreateRequest').filter((m) => m.kind === kind);
      // One positive control for the property: a valid request of the same shape is accepted.
      const [valid] = fc.sample(fromSchema('LockerCreateRequest').map(bind), { numRuns: 1, ...(target.seed !== undefined ? { seed: target.seed } : {}) });
      expectControlAccepted(await api.call('createLocker', { body: valid }), [rule, 'GEN-REJECTED-NO-EFFECT']);
      await fc.assert(
        fc.asyncProperty(invalidByOne(fromSchema('LockerCreateRequest').map(bind), mutations), async ({ body, mutation }) => {
          const exchange = await api.call('createLocker', { body });
          expect(exchange).toBeRejected(rule);
          const lockerId = body['carrier']?.['lockerId'];
          if (typeof lockerId === 'string') {
            const created = await lockers.withLockerId(lockerId, body['provider']?.['name']);
            judge('GEN-REJECTED-NO-EFFECT', exchange).expect(created, `a locker was created by a rejected request (${mutation.description})`).toEqual([]);
          }
        }),
        propertyParameters(target.propertyRuns, target.seed),
      );
    });
  }
});

test.describe('lockerGroups (§2.1, §8)', () => {
  test('LCK-GROUPS-UNIQUE-KEY rejects a create request with a repeated group key and creates nothing', rules('LCK-GROUPS-UNIQUE-KEY', 'GEN-REJECTED-NO-EFFECT'), async ({ api, lockers, target }) => {
    const distinct = await api.call('createLocker', { body: await lockers.body({ lockerGroups: fc.sample(lockerGroups, { numRuns: 1, seed: 1 })[0] }) });
    if (distinct.status !== 201) {
      const reason = `the target refused groups with distinct keys (${distinct.status}); the allowed keys are not shown, so a repeated key proves nothing`;
      notObservable('LCK-GROUPS-UNIQUE-KEY', reason);
      notObservable('GEN-REJECTED-NO-EFFECT', reason);
      return;
    }
    await fc.assert(
      fc.asyncProperty(lockerGroupsWithRepeatedKey, async (groups) => {
        const body = await lockers.body({ lockerGroups: groups });
        const exchange = await api.call('createLocker', { body });
        expect(exchange).toBeRejected('LCK-GROUPS-UNIQUE-KEY');
        const created = await lockers.withLockerId(body['carrier']['lockerId'], body['provider']['name']);
        judge('GEN-REJECTED-NO-EFFECT', exchange).expect(created, 'a locker was created by a rejected request').toEqual([]);
      }),
      propertyParameters(target.propertyRuns, target.seed),
    );
  });

  test('LCK-GROUPS-UNIQUE-KEY rejects an update with a repeated group key and changes nothing', rules('LCK-GROUPS-UNIQUE-KEY', 'GEN-REJECTED-NO-EFFECT', 'LCK-UPDATE-400-STATUS'), async ({ api, lockers, target }) => {
    const { record } = await lockers.create();
    await fc.assert(
      fc.asyncProperty(lockerGroupsWithRepeatedKey, async (groups) => {
        const before = await lockers.find(record);
        const exchange = await api.call('updateLocker', { params: { uid: record['uid'] }, body: { lockerGroups: groups } });
        expect(exchange).toBeRejected('LCK-GROUPS-UNIQUE-KEY');
        expect(exchange).toBeRejected('LCK-UPDATE-400-STATUS', 400);
        judge('GEN-REJECTED-NO-EFFECT', exchange).expect(asSent(await lockers.find(record)), 'the locker changed after a rejected update').toEqual(asSent(before));
      }),
      propertyParameters(Math.min(target.propertyRuns, 10), target.seed),
    );
  });

  test('LCK-UPDATE-GROUPS-KEPT keeps the groups when an update omits lockerGroups', rules('LCK-UPDATE-GROUPS-KEPT', 'LCK-UPDATE-200'), async ({ api, lockers }) => {
    const groups = fc.sample(lockerGroups, { numRuns: 1, seed: 2 })[0]!;
    const created = await api.call('createLocker', { body: await lockers.body({ lockerGroups: groups }) });
    const record = created.body as Json;
    if (created.status !== 201 || !Array.isArray(record['lockerGroups'])) {
      notObservable('LCK-UPDATE-GROUPS-KEPT', created.status !== 201 ? `the target refused lockerGroups (${created.status})` : 'the locker record does not show lockerGroups (they are request-only in §2.1)');
      return;
    }
    const updated = await api.call('updateLocker', { params: { uid: record['uid'] }, body: { metadata: record['metadata'] ?? [] } });
    // Only an update that was taken says anything about the groups after it; refusing it is LCK-UPDATE-200's.
    judge('LCK-UPDATE-200', updated).expect(updated.status, 'a valid update is answered 200').toBe(200);
    const after = (updated.body as Json)['lockerGroups'] ?? (await lockers.find(record))?.['lockerGroups'];
    judge('LCK-UPDATE-GROUPS-KEPT', updated).expect(after, 'the groups changed although lockerGroups was omitted').toEqual(record['lockerGroups']);
  });
});

test.describe('update (PATCH /lockers/{uid})', () => {
  const MEMBERS = ['carrier', 'location', 'metadata', 'features', 'lockerGroups'] as const;

  test('LCK-UPDATE-OPTIONAL accepts updates with any subset of the members and answers 200 with the changed record', rules('LCK-UPDATE-OPTIONAL', 'LCK-UPDATE-200', 'LCK-COORDINATES-ECHO'), async ({ api, lockers, binder, target }) => {
    const bind = await binder();
    const { record } = await lockers.create();
    const subset = fc.subarray([...MEMBERS]);
    await fc.assert(
      fc.asyncProperty(fromSchema('LockerUpdateRequest', true).map(bind), subset, async (full, members) => {
        const body = Object.fromEntries(members.map((m) => [m, full[m]]));
        const exchange = await api.call('updateLocker', { params: { uid: record['uid'] }, body });
        // Refused: a member was treated as required (LCK-UPDATE-OPTIONAL); accepted otherwise than 200: LCK-UPDATE-200.
        expect(exchange).toSucceed('LCK-UPDATE-OPTIONAL');
        const answered = judge('LCK-UPDATE-200', exchange);
        answered.expect(exchange.status, `expected 200 for members [${members.join(', ')}]`).toBe(200);
        const updated = exchange.body as Json;
        answered.expect(updated['uid'], 'the record has another uid').toBe(record['uid']);
        answered.expect(echoed(body, updated), 'the record does not reflect the change').toEqual([]);
        if (body['location']) judge('LCK-COORDINATES-ECHO', exchange).expect(echoed(body, updated, COORDINATES), 'lon/lat differ from the numbers sent').toEqual([]);
      }),
      propertyParameters(target.propertyRuns, target.seed),
    );
  });

  test('LCK-UPDATE-NO-PROVIDER rejects an update with a provider object and changes nothing', rules('LCK-UPDATE-NO-PROVIDER', 'GEN-REJECTED-NO-EFFECT', 'LCK-UPDATE-400-STATUS'), async ({ api, lockers }) => {
    const { record } = await lockers.create();
    const before = await lockers.find(record);
    for (const body of [{ provider: record['provider'] }, { provider: record['provider'], metadata: [{ key: 'changed', value: 'yes' }] }]) {
      const exchange = await api.call('updateLocker', { params: { uid: record['uid'] }, body });
      expect(exchange).toBeRejected('LCK-UPDATE-NO-PROVIDER');
      expect(exchange).toBeRejected('LCK-UPDATE-400-STATUS', 400);
    }
    judge('GEN-REJECTED-NO-EFFECT').expect(asSent(await lockers.find(record)), 'the locker changed after rejected updates').toEqual(asSent(before));
  });

  for (const [rule, kind] of [['LCK-UPDATE-REQUIRED-MEMBERS', 'missing'], ['LCK-UPDATE-TYPES', 'wrongType']] as const) {
    const what = kind === 'missing' ? 'carrier or location without a required member' : 'updates with one member of the wrong type';
    test(`${rule} rejects ${what} and changes nothing`, rules(rule, 'GEN-REJECTED-NO-EFFECT', 'LCK-UPDATE-400-STATUS'), async ({ api, lockers, binder, target }) => {
      const bind = await binder();
      const { record } = await lockers.create();
      const before = await lockers.find(record);
      // Only carrier's and location's own members are required, and only when the update sends them.
      const mutations = mutationsOf('LockerUpdateRequest', true).filter((m) => m.kind === kind && (kind === 'wrongType' || m.path.length === 2));
      await fc.assert(
        fc.asyncProperty(invalidByOne(fromSchema('LockerUpdateRequest', true).map(bind), mutations), async ({ body }) => {
          const exchange = await api.call('updateLocker', { params: { uid: record['uid'] }, body });
          expect(exchange).toBeRejected(rule);
          expect(exchange).toBeRejected('LCK-UPDATE-400-STATUS', 400);
        }),
        propertyParameters(target.propertyRuns, target.seed),
      );
      judge('GEN-REJECTED-NO-EFFECT').expect(asSent(await lockers.find(record)), 'the locker changed after rejected updates').toEqual(asSent(before));
    });
  }

  test('LCK-UPDATE-404 rejects an update of a uid no locker has, creates nothing, and a 404 has a JSON body', rules('LCK-UPDATE-404', 'LCK-UPDATE-404-STATUS', 'ERR-404-JSON'), async ({ api, lockers, tag }) => {
    const { record } = await lockers.create();
    // A uid shaped like the target's own, so a format check cannot answer in place of the lookup.
    const unknown = /^\d+$/.test(record['uid']) ? String(BigInt(record['uid']) * 1000n + 987n) : tag.next('unknown');
    const exchange = await api.call('updateLocker', { params: { uid: unknown }, body: {} });
    // §7 lists 404 for update locker, but no sentence gives an unknown uid 404 rather than another 4xx.
    expect(exchange).toBeRejected('LCK-UPDATE-404');
    expect(exchange).toBeRejected('LCK-UPDATE-404-STATUS', 404);
    judge('LCK-UPDATE-404', exchange).expect((await lockers.list()).items.filter((l) => l['uid'] === unknown), `a locker ${unknown} exists after the update`).toEqual([]);
    if (exchange.status !== 404) {
      notObservable('ERR-404-JSON', `the update of an unknown uid was answered ${exchange.status}, not 404`);
      return;
    }
    for (const rule of ['LCK-UPDATE-404', 'ERR-404-JSON']) judge(rule, exchange).expect(exchange.body, 'expected a JSON body').not.toBeUndefined();
  });
});
