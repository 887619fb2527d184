// Lockers (§2.1, §4.1, §4.3): create, lockerGroups and update. List and records: locker-records.spec.ts.
import fc from 'fast-check';
import {
  fromSchema,
  invalidByOne,
  lockerGroups,
  lockerGroupsWithRepeatedKey,
  mutationsOf,
  propertyParameters,
  ruledAs,
} from '../generators';
import {
  changedUnsent,
  expect,
  expectControlAccepted,
  judge,
  notApplicable,
  notAsSent,
  notObservable,
  observe,
  rules,
  sampleScope,
  test,
  withoutManaged,
  type Exchange,
  type Json,
  type LockerFactory,
} from '../harness/fixtures';

/** Agrees with what was sent, and keeps what was not sent as it was (the record before, where given). */
const agreesWith = (sent: Json, before?: Json) => (record: Json) =>
  notAsSent(sent, record).members.length === 0 && (!before || changedUnsent(sent, before, record).length === 0);

/**
 * Every member sent, as the record shows it: under `rule`, and lon/lat as the very numbers under
 * LCK-COORDINATES-ECHO; judged at the answer that carried the record (`at`: the request's, and the
 * list read's where the list shows it).
 */
function judgeAsSent(rule: string, at: Exchange[], sent: Json, record: Json, where: string): void {
  const { members, coordinates } = notAsSent(sent, record);
  judge(rule, ...at)
    .expect(members, `${where} differs from the request`)
    .toEqual([]);
  if (sent['location'])
    judge('LCK-COORDINATES-ECHO', ...at)
      .expect(coordinates, `${where}: lon/lat differ from the numbers sent`)
      .toEqual([]);
}

/** An update's effect on the record: what it sent is applied (LCK-UPDATE-200), what it did not send is as it was
 * (LCK-UPDATE-OMITTED-KEPT). */
function judgeUpdated(at: Exchange[], sent: Json, before: Json, record: Json, where: string): void {
  judgeAsSent('LCK-UPDATE-200', at, sent, record, where);
  judge('LCK-UPDATE-OMITTED-KEPT', ...at)
    .expect(changedUnsent(sent, before, record), `${where}: members the update did not send changed`)
    .toEqual([]);
}

/** The update as the list then shows it, where it shows the locker: judged at the update and at the list read. */
async function judgeListedUpdate(
  lockers: LockerFactory,
  exchange: Exchange,
  sent: Json,
  before: Json,
  record: Json,
): Promise<Json | undefined> {
  const { listed, exchange: read } = await lockers.settledRead(record, agreesWith(sent, before));
  if (listed) judgeUpdated([exchange, read], sent, before, listed, `the listed record of locker ${record['uid']}`);
  return listed;
}

/** A create the target refused, and what it would mean if the list showed its locker. */
interface Refused {
  body: Json;
  exchange: Exchange;
  what: string;
}

/**
 * Runs the property, then judges that no refused create left a locker: the list read once per provider
 * after all the cases, each case judged on its own, also when the property failed part way.
 */
async function judgingNoneCreated(
  lockers: LockerFactory,
  refused: Refused[],
  property: () => Promise<void>,
): Promise<void> {
  const mark = await lockers.mark();
  try {
    await property();
  } finally {
    const named = refused.filter(({ body }) => typeof body['carrier']?.['lockerId'] === 'string');
    const created = await lockers.withLockerIds(
      named.map(({ body }) => ({ lockerId: body['carrier']['lockerId'], providerName: body['provider']?.['name'] })),
      mark,
    );
    named.forEach(({ exchange, what }, i) =>
      judge('GEN-REJECTED-NO-EFFECT', exchange).soft(created[i], what).toEqual([]),
    );
  }
}

test.describe('create (POST /lockers)', () => {
  test(
    'LCK-CREATE-ECHO generated create requests are answered 201 with a record that echoes them under a fresh ' +
      'uid, and listed so',
    rules('LCK-CREATE-ECHO', 'LCK-CREATE-201', 'LCK-RECORD-SHAPE', 'LCK-COORDINATES-ECHO'),
    async ({ api, lockers, binder, target }) => {
      const bind = await binder();
      const uids = new Set<string>();
      const created: { body: Json; record: Json; exchange: Exchange }[] = [];
      const mark = await lockers.mark();
      await fc.assert(
        fc.asyncProperty(fromSchema('LockerCreateRequest').map(bind), async (body) => {
          const exchange = await api.call('createLocker', { body });
          judge('LCK-CREATE-201', exchange).expect(exchange.status, 'a valid create request is answered 201').toBe(201);
          const record = exchange.body as Json;
          const echo = judge('LCK-CREATE-ECHO', exchange);
          echo.expect(typeof record['uid'], 'expected a uid string').toBe('string');
          echo.expect(uids.has(record['uid']), `uid ${record['uid']} was given before`).toBe(false);
          uids.add(record['uid']);
          judgeAsSent('LCK-CREATE-ECHO', [exchange], body, record, 'the 201 record');
          created.push({ body, record, exchange });
        }),
        propertyParameters(target.propertyRuns, target.seed),
      );
      // The list shows the same records: the pages that can hold what was added since the mark, read
      // once; a locker the list does not show is LCK-LIST-INCLUDES-CREATED's. Judged at the create and at the list
      // read.
      const lockerIds = created.map(({ body }) => String(body['carrier']?.['lockerId']));
      const lists = await lockers.readWithLockerIds(
        lockerIds.map((lockerId, i) => ({ lockerId, providerName: created[i]!.body['provider']?.['name'] })),
        mark,
        lockerIds,
      );
      for (const [i, { body, record, exchange }] of created.entries()) {
        let read = { listed: lists[i]!.lockers.find((l) => l['uid'] === record['uid']), exchange: lists[i]!.exchange };
        if (read.listed && !agreesWith(body)(read.listed)) read = await lockers.settledRead(record, agreesWith(body));
        if (read.listed)
          judgeAsSent(
            'LCK-CREATE-ECHO',
            [exchange, read.exchange],
            body,
            read.listed,
            `the listed record of locker ${record['uid']}`,
          );
      }
    },
  );

  // An observe rule needs no capability, but creating the locker it reports on does.
  test('LCK-OWNED-BY reports who owns a created locker', rules('LCK-OWNED-BY'), async ({ lockers, requires }) => {
    requires('writes');
    const { record } = await lockers.create();
    const listing = await lockers.everyListed();
    const thirdParty = listing.items.filter((l) => l['ownedByCarrier'] === null).length;
    observe(
      'LCK-OWNED-BY',
      `created locker ownedByCarrier=${JSON.stringify(record['ownedByCarrier'])}; third-party lockers ` +
        `listed: ${thirdParty}${listing.sample ? ` on ${listing.sample}` : ''}`,
    );
  });

  test(
    'LCK-CREATE-LOCATION-TYPE-OPTIONAL accepts a location without type',
    rules('LCK-CREATE-LOCATION-TYPE-OPTIONAL'),
    async ({ api, lockers }) => {
      const body = await lockers.body();
      delete body['location']['type'];
      const exchange = await api.call('createLocker', { body });
      // Accepted is what this rule asks; that acceptance is a 201 is LCK-CREATE-201's.
      expect(exchange).toSucceed('LCK-CREATE-LOCATION-TYPE-OPTIONAL');
    },
  );

  for (const [rule, kind] of [
    ['LCK-CREATE-REQUIRED', 'missing'],
    ['LCK-CREATE-TYPES', 'wrongType'],
  ] as const) {
    test(
      `${rule} rejects create requests with one ` +
        `${kind === 'missing' ? 'required member missing' : 'member of the wrong type'} and creates nothing`,
      rules(rule, 'GEN-REJECTED-NO-EFFECT'),
      async ({ api, lockers, binder, target }) => {
        const bind = await binder();
        const mutations = mutationsOf('LockerCreateRequest').filter((m) => ruledAs(m.kind) === kind);
        // One positive control for the property: a valid request of the same shape is accepted.
        const [valid] = fc.sample(fromSchema('LockerCreateRequest').map(bind), {
          numRuns: 1,
          ...(target.seed !== undefined ? { seed: target.seed } : {}),
        });
        expectControlAccepted(await api.call('createLocker', { body: valid }), [rule, 'GEN-REJECTED-NO-EFFECT']);
        const refused: Refused[] = [];
        await judgingNoneCreated(lockers, refused, () =>
          fc.assert(
            fc.asyncProperty(
              invalidByOne(fromSchema('LockerCreateRequest').map(bind), mutations),
              async ({ body, mutation }) => {
                const exchange = await api.call('createLocker', { body });
                expect(exchange).toBeRejected(rule);
                refused.push({
                  body,
                  exchange,
                  what: `a locker was created by a rejected request (${mutation.description})`,
                });
              },
            ),
            propertyParameters(target.propertyRuns, target.seed),
          ),
        );
      },
    );
  }
});

test.describe('lockerGroups (§2.1, §8)', () => {
  test(
    'LCK-GROUPS-UNIQUE-KEY rejects a create request with a repeated group key and creates nothing',
    rules('LCK-GROUPS-UNIQUE-KEY', 'GEN-REJECTED-NO-EFFECT'),
    async ({ api, lockers, target }) => {
      const distinct = await api.call('createLocker', {
        body: await lockers.body({ lockerGroups: fc.sample(lockerGroups, { numRuns: 1, seed: 1 })[0] }),
      });
      if (distinct.status !== 201) {
        const reason =
          `the target refused groups with distinct keys (${distinct.status}); the allowed keys are not shown, ` +
          `so a repeated key proves nothing`;
        notObservable('LCK-GROUPS-UNIQUE-KEY', reason);
        notObservable('GEN-REJECTED-NO-EFFECT', reason);
        return;
      }
      const refused: Refused[] = [];
      await judgingNoneCreated(lockers, refused, () =>
        fc.assert(
          fc.asyncProperty(lockerGroupsWithRepeatedKey, async (groups) => {
            const body = await lockers.body({ lockerGroups: groups });
            const exchange = await api.call('createLocker', { body });
            expect(exchange).toBeRejected('LCK-GROUPS-UNIQUE-KEY');
            refused.push({ body, exchange, what: 'a locker was created by a rejected request' });
          }),
          propertyParameters(target.propertyRuns, target.seed),
        ),
      );
    },
  );

  test(
    'LCK-GROUPS-UNIQUE-KEY rejects an update with a repeated group key and changes nothing',
    rules('LCK-GROUPS-UNIQUE-KEY', 'GEN-REJECTED-NO-EFFECT', 'LCK-UPDATE-400-STATUS'),
    async ({ api, lockers, target }) => {
      const { record } = await lockers.create();
      await fc.assert(
        fc.asyncProperty(lockerGroupsWithRepeatedKey, async (groups) => {
          const before = await lockers.find(record);
          const exchange = await api.call('updateLocker', {
            params: { uid: record['uid'] },
            body: { lockerGroups: groups },
          });
          expect(exchange).toBeRejected('LCK-GROUPS-UNIQUE-KEY');
          expect(exchange).toBeRejected('LCK-UPDATE-400-STATUS', 400);
          judge('GEN-REJECTED-NO-EFFECT', exchange)
            .expect(withoutManaged(await lockers.find(record)), 'the locker changed after a rejected update')
            .toEqual(withoutManaged(before));
        }),
        propertyParameters(Math.min(target.propertyRuns, 10), target.seed),
      );
    },
  );

  test(
    'LCK-UPDATE-GROUPS-KEPT keeps the groups when an update omits lockerGroups, and one naming a held key ' +
      'leaves one group of it',
    rules('LCK-UPDATE-GROUPS-KEPT', 'LCK-UPDATE-200', 'LCK-GROUPS-UNIQUE-KEY'),
    async ({ api, lockers }) => {
      const groups = fc.sample(lockerGroups, { numRuns: 1, seed: 2 })[0]!;
      const created = await api.call('createLocker', { body: await lockers.body({ lockerGroups: groups }) });
      const record = created.body as Json;
      if (created.status !== 201) {
        notObservable('LCK-UPDATE-GROUPS-KEPT', `the target refused lockerGroups (${created.status})`);
        return;
      }
      // §2.1 lists lockerGroups as "request only": a record that keeps them to itself is a conformant choice.
      if (!Array.isArray(record['lockerGroups'])) {
        notApplicable(
          'LCK-UPDATE-GROUPS-KEPT',
          'the locker record does not show lockerGroups (they are request-only in §2.1)',
        );
        return;
      }
      const updated = await api.call('updateLocker', {
        params: { uid: record['uid'] },
        body: { metadata: record['metadata'] ?? [] },
      });
      // Only an update that was taken says anything about the groups after it; refusing it is LCK-UPDATE-200's.
      judge('LCK-UPDATE-200', updated).expect(updated.status, 'a valid update is answered 200').toBe(200);
      const after = (updated.body as Json)['lockerGroups'] ?? (await lockers.find(record))?.['lockerGroups'];
      judge('LCK-UPDATE-GROUPS-KEPT', updated)
        .expect(after, 'the groups changed although lockerGroups was omitted')
        .toEqual(record['lockerGroups']);
      // A held key given a new group: the record the answer shows is judged by the groupsUniqueKey check.
      const held = (record['lockerGroups'] as Json[])[0];
      if (held)
        await api.call('updateLocker', {
          params: { uid: record['uid'] },
          body: { lockerGroups: [{ key: held['key'], uid: `${String(held['uid'])}-next` }] },
        });
    },
  );
});

test.describe('update (PATCH /lockers/{uid})', () => {
  const MEMBERS = ['carrier', 'location', 'metadata', 'features', 'lockerGroups'] as const;

  test(
    'LCK-UPDATE-OPTIONAL accepts updates with any subset of the members and answers 200 with the changed record',
    rules('LCK-UPDATE-OPTIONAL', 'LCK-UPDATE-200', 'LCK-COORDINATES-ECHO', 'LCK-UPDATE-OMITTED-KEPT'),
    async ({ api, lockers, binder, target }) => {
      const bind = await binder();
      const { record } = await lockers.create();
      const subset = fc.subarray([...MEMBERS]);
      let before = record;
      let last: Exchange | undefined;
      await fc.assert(
        fc.asyncProperty(fromSchema('LockerUpdateRequest', true).map(bind), subset, async (full, members) => {
          const body = Object.fromEntries(members.map((m) => [m, full[m]]));
          const exchange = await api.call('updateLocker', { params: { uid: record['uid'] }, body });
          // Refused: a member was treated as required (LCK-UPDATE-OPTIONAL); accepted otherwise than 200:
          // LCK-UPDATE-200.
          expect(exchange).toSucceed('LCK-UPDATE-OPTIONAL');
          const answered = judge('LCK-UPDATE-200', exchange);
          answered.expect(exchange.status, `expected 200 for members [${members.join(', ')}]`).toBe(200);
          const updated = exchange.body as Json;
          answered.expect(updated['uid'], 'the record has another uid').toBe(record['uid']);
          judgeUpdated([exchange], body, before, updated, 'the 200 record');
          before = updated;
          last = exchange;
        }),
        propertyParameters(target.propertyRuns, target.seed),
      );
      // The list then shows the record the last update answered.
      const { listed, exchange: read } = await lockers.settledRead(record, agreesWith({}, before));
      if (listed && last)
        judge('LCK-UPDATE-200', last, read)
          .expect(
            changedUnsent({}, before, listed),
            `the list shows locker ${record['uid']} otherwise than the last update answered`,
          )
          .toEqual([]);
    },
  );

  test(
    'LCK-UPDATE-OMITTED-KEPT an update of one member applies it and keeps every other, in the answer and in the list',
    rules('LCK-UPDATE-OMITTED-KEPT', 'LCK-UPDATE-200', 'LCK-COORDINATES-ECHO'),
    async ({ api, lockers, tag }) => {
      // Every member set, and to values a reset would change: a dropped or defaulted member shows.
      const { record, body: created } = await lockers.create({
        features: { hasScreen: true, hasPinPad: false, hasPinBarcodeReader: true },
        metadata: [...(await lockers.body())['metadata'], { key: 'shelf', value: 'A' }],
      });
      const carrier = created['carrier'];
      const updates: Json[] = [
        {},
        { carrier: { ...carrier, lockerName: `Renamed ${tag.next('name')}`, activationDate: '2026-02-01T09:30:00Z' } },
        {
          location: {
            street: 'Quay Road',
            streetNumber: '7b',
            postalCode: '10115',
            city: 'Berlin',
            lon: 13.38,
            lat: 52.52,
            countryCode: 'DE',
            type: 'outdoor',
          },
        },
        { metadata: [...created['metadata'].slice(0, 1), { key: 'shelf', value: 'B' }, { key: 'note', value: null }] },
        { features: { hasScreen: false, hasPinPad: true, hasPinBarcodeReader: null } },
      ];
      let before = (await lockers.find(record)) ?? record;
      for (const body of updates) {
        const exchange = await api.call('updateLocker', { params: { uid: record['uid'] }, body });
        judge('LCK-UPDATE-200', exchange)
          .expect(exchange.status, `a valid update of [${Object.keys(body).join(', ')}] is answered 200`)
          .toBe(200);
        judgeUpdated(
          [exchange],
          body,
          before,
          exchange.body as Json,
          `the 200 record after updating [${Object.keys(body).join(', ')}]`,
        );
        before = (await judgeListedUpdate(lockers, exchange, body, before, record)) ?? (exchange.body as Json);
      }
    },
  );

  test(
    'LCK-UPDATE-NO-PROVIDER rejects an update with a provider object and changes nothing',
    rules('LCK-UPDATE-NO-PROVIDER', 'GEN-REJECTED-NO-EFFECT', 'LCK-UPDATE-400-STATUS'),
    async ({ api, lockers }) => {
      const { record } = await lockers.create();
      const before = await lockers.find(record);
      const refused: Exchange[] = [];
      for (const body of [
        { provider: record['provider'] },
        { provider: record['provider'], metadata: [{ key: 'changed', value: 'yes' }] },
      ]) {
        const exchange = await api.call('updateLocker', { params: { uid: record['uid'] }, body });
        expect(exchange).toBeRejected('LCK-UPDATE-NO-PROVIDER');
        expect(exchange).toBeRejected('LCK-UPDATE-400-STATUS', 400);
        refused.push(exchange);
      }
      judge('GEN-REJECTED-NO-EFFECT', ...refused)
        .expect(withoutManaged(await lockers.find(record)), 'the locker changed after rejected updates')
        .toEqual(withoutManaged(before));
    },
  );

  for (const [rule, kind] of [
    ['LCK-UPDATE-REQUIRED-MEMBERS', 'missing'],
    ['LCK-UPDATE-TYPES', 'wrongType'],
  ] as const) {
    const what =
      kind === 'missing'
        ? 'carrier or location without a required member'
        : 'updates with one member of the wrong type';
    test(
      `${rule} rejects ${what} and changes nothing`,
      rules(rule, 'GEN-REJECTED-NO-EFFECT', 'LCK-UPDATE-400-STATUS'),
      async ({ api, lockers, binder, target }) => {
        const bind = await binder();
        const { record } = await lockers.create();
        const before = await lockers.find(record);
        // Only carrier's and location's own members are required, and only when the update sends them.
        const mutations = mutationsOf('LockerUpdateRequest', true).filter(
          (m) => ruledAs(m.kind) === kind && (kind === 'wrongType' || m.path.length === 2),
        );
        let last: Exchange | undefined;
        await fc.assert(
          fc.asyncProperty(
            invalidByOne(fromSchema('LockerUpdateRequest', true).map(bind), mutations),
            async ({ body }) => {
              const exchange = await api.call('updateLocker', { params: { uid: record['uid'] }, body });
              expect(exchange).toBeRejected(rule);
              expect(exchange).toBeRejected('LCK-UPDATE-400-STATUS', 400);
              last = exchange;
            },
          ),
          propertyParameters(target.propertyRuns, target.seed),
        );
        judge('GEN-REJECTED-NO-EFFECT', last)
          .expect(withoutManaged(await lockers.find(record)), 'the locker changed after rejected updates')
          .toEqual(withoutManaged(before));
      },
    );
  }

  test(
    'LCK-UPDATE-404 rejects an update of a uid no locker has, creates nothing, and a 404 has a JSON body',
    rules('LCK-UPDATE-404', 'LCK-UPDATE-404-STATUS', 'ERR-404-JSON'),
    async ({ api, lockers, tag }) => {
      const { record } = await lockers.create();
      // A uid shaped like the target's own, so a format check cannot answer in place of the lookup.
      const unknown = /^\d+$/.test(record['uid']) ? String(BigInt(record['uid']) * 1000n + 987n) : tag.next('unknown');
      const exchange = await api.call('updateLocker', { params: { uid: unknown }, body: {} });
      // §7 lists 404 for update locker, but no sentence gives an unknown uid 404 rather than another 4xx.
      expect(exchange).toBeRejected('LCK-UPDATE-404');
      expect(exchange).toBeRejected('LCK-UPDATE-404-STATUS', 404);
      // A locker an update made would be added at an end of the list: a numbered list's sample reads both;
      // one followed page by page only its first pages, where an oldest-first list has no new record.
      const after = sampleScope(await lockers.everyListed(), 'LCK-UPDATE-404');
      if (after.sample?.startsWith('the first'))
        observe(
          'LCK-UPDATE-404',
          `listLockers: whether the update created locker ${unknown} is not checked (${after.sample})`,
        );
      else
        judge('LCK-UPDATE-404', exchange)
          .expect(
            after.items.filter((l) => l['uid'] === unknown),
            `a locker ${unknown} exists after the update`,
          )
          .toEqual([]);
      if (exchange.status !== 404) {
        notObservable('ERR-404-JSON', `the update of an unknown uid was answered ${exchange.status}, not 404`);
        return;
      }
      for (const rule of ['LCK-UPDATE-404', 'ERR-404-JSON'])
        judge(rule, exchange).expect(exchange.body, 'expected a JSON body').not.toBeUndefined();
    },
  );
});
