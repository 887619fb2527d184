// Locker update (§4.3): any subset of the members, what an update omits kept, and the updates refused.
import fc from 'fast-check';
import {
  everyMemberOnce,
  fromSchema,
  HeldElsewhere,
  invalidByOne,
  laidOver,
  mutationsOf,
  nullsAsOmitted,
  propertyParameters,
  ruledAs,
  WALK_LEAVES_UPDATE,
} from '../generators';
import {
  agreesWith,
  answeredJudgement,
  type Exchange,
  expect,
  hold,
  type Json,
  judge,
  judgeAsSent,
  type LockerFactory,
  noEffectJudgement,
  nullAsOmittedJudgement,
  notObservable,
  observe,
  omittedKeptJudgement,
  replacedJudgement,
  optionalMembersJudgement,
  rules,
  sampleScope,
  test,
  updateListedJudgement,
  updateShownJudgement,
  withoutManaged,
} from '../harness/fixtures';

/** An update's effect on the record: what it sent is applied (LCK-UPDATE-200), what it did not send is as it was
 * (LCK-UPDATE-OMITTED-KEPT). */
function judgeUpdated(at: Exchange[], sent: Json, before: Json, record: Json, where: string): void {
  judgeAsSent('LCK-UPDATE-200', at, sent, record, where);
  hold([omittedKeptJudgement(sent, before, record, where), replacedJudgement(sent, before, record, where)], ...at);
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

test.describe('update (PATCH /lockers/{uid})', () => {
  const MEMBERS = ['carrier', 'location', 'metadata', 'features', 'lockerGroups'] as const;

  test(
    'LCK-UPDATE-OPTIONAL accepts updates with any subset of the members and answers 200 with the changed record',
    rules(
      'LCK-UPDATE-OPTIONAL',
      'LCK-UPDATE-200',
      'LCK-COORDINATES-ECHO',
      'LCK-INSTANT-PRECISION',
      'LCK-UPDATE-OMITTED-KEPT',
      'LCK-UPDATE-ARRAYS-REPLACED',
    ),
    async ({ api, lockers, binder, target }) => {
      const bind = await binder();
      const { record } = await lockers.create();
      const subset = fc.subarray([...MEMBERS]);
      // Besides the drawn bodies, the document's walk of the request laid over one (every member at any depth once,
      // each optional one left out once, a nested object with some of its members): what a draw reaches by chance,
      // every run reaches. The locker's own lockerId and its groups are not walked (WALK_LEAVES_UPDATE).
      const base = fc.sample(fromSchema('LockerUpdateRequest', true), { numRuns: 1, seed: 1 })[0]!;
      const put = (v: unknown) => (v instanceof HeldElsewhere ? 'Kiosk 7' : v);
      const walked = everyMemberOnce('LockerUpdateRequest', WALK_LEAVES_UPDATE).map(
        (w): [Record<string, unknown>, (typeof MEMBERS)[number][]] => [
          bind(laidOver(base, w, put) as Record<string, unknown>),
          [...MEMBERS],
        ],
      );
      let before = record;
      let last: Exchange | undefined;
      await fc.assert(
        fc.asyncProperty(fromSchema('LockerUpdateRequest', true).map(bind), subset, async (full, members) => {
          const body = Object.fromEntries(members.filter((m) => full[m] !== undefined).map((m) => [m, full[m]]));
          const exchange = await api.call('updateLocker', { params: { uid: record['uid'] }, body });
          // Refused: a member was treated as required (LCK-UPDATE-OPTIONAL); accepted otherwise than 200:
          // LCK-UPDATE-200.
          const lacking = optionalMembersJudgement(exchange, body);
          if (lacking) hold([lacking], exchange);
          hold([answeredJudgement(exchange, `an update of members [${members.join(', ')}]`)], exchange);
          const updated = exchange.body as Json;
          hold([updateShownJudgement({}, updated, 'the 200 record', record['uid'])], exchange);
          judgeUpdated([exchange], body, before, updated, 'the 200 record');
          before = updated;
          last = exchange;
        }),
        // fast-check counts examples among numRuns: as many draws as before, after them.
        { ...propertyParameters(target.propertyRuns + walked.length, target.seed), examples: walked },
      );
      // The list then shows the record the last update answered.
      const { listed, exchange: read } = await lockers.settledRead(record, agreesWith({}, before));
      if (listed && last) hold([updateListedJudgement(before, listed, record['uid'])], last, read);
    },
  );

  test(
    'LCK-UPDATE-OMITTED-KEPT an update of one member applies it and keeps every other, in the answer and in the list',
    rules(
      'LCK-UPDATE-OMITTED-KEPT',
      'LCK-UPDATE-200',
      'LCK-COORDINATES-ECHO',
      'LCK-INSTANT-PRECISION',
      'LCK-UPDATE-ARRAYS-REPLACED',
    ),
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
        // Fewer entries than it holds: the array sent is the one the record then has, none of the three before kept.
        { metadata: created['metadata'].slice(0, 1) },
        { features: { hasScreen: false, hasPinPad: true, hasPinBarcodeReader: null } },
      ];
      let before = (await lockers.find(record)) ?? record;
      for (const body of updates) {
        const exchange = await api.call('updateLocker', { params: { uid: record['uid'] }, body });
        hold([answeredJudgement(exchange, `a valid update of [${Object.keys(body).join(', ')}]`)], exchange);
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
      const { record } = await lockers.changed();
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
      hold(
        [
          noEffectJudgement(
            'the locker after rejected updates',
            withoutManaged(before),
            withoutManaged(await lockers.find(record)),
          ),
        ],
        ...refused,
      );
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
        const { record } = await lockers.changed();
        const before = await lockers.find(record);
        // Only carrier's and location's own members are required, and only when the update sends them.
        const mutations = mutationsOf('LockerUpdateRequest', true).filter(
          (m) => ruledAs(m.kind) === kind && (kind === 'wrongType' || m.path.length === 2 || m.kind === 'emptied'),
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
        hold(
          [
            noEffectJudgement(
              'the locker after rejected updates',
              withoutManaged(before),
              withoutManaged(await lockers.find(record)),
            ),
          ],
          last,
        );
      },
    );
  }

  test(
    'LCK-UPDATE-NULL-KEPT an update giving a member null is refused, or taken as the member omitted',
    rules('LCK-UPDATE-NULL-KEPT'),
    async ({ api, lockers }) => {
      const { record } = await lockers.create();
      // Every member the update request lists and its schema gives no null, one request each (generators/nulls.ts).
      const members = nullsAsOmitted('LockerUpdateRequest')
        .map((edge) => edge.pointer.slice(1))
        .filter((member) => !member.includes('/'));
      // The list read after one update is the one before the next: nothing else writes the locker between.
      let listed = await lockers.find(record);
      for (const member of members) {
        const before = listed?.[member];
        const exchange = await api.call('updateLocker', { params: { uid: record['uid'] }, body: { [member]: null } });
        const answered =
          exchange.status >= 200 && exchange.status < 300 ? (exchange.body as Json | undefined) : undefined;
        listed = await lockers.find(record);
        const shown = [...(answered ? [answered[member]] : []), listed?.[member]];
        hold(
          shown.map((after) => nullAsOmittedJudgement(member, exchange.status, before, after)),
          exchange,
        );
      }
    },
  );

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
      // The same request again, as a client that retries sends it: refused as the first, its answer held to what
      // every answer is (a cache in front of the service may answer it now).
      expect(await api.call('updateLocker', { params: { uid: unknown }, body: {} })).toBeRejected('LCK-UPDATE-404');
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
      // The uid left empty: no operation's path (§4.3 defines PATCH /lockers/{uid}), so its status is not judged;
      // its answer is held to what every answer is (an error body's members too).
      await api.call('updateLocker', { params: { uid: '' }, body: {} });
      if (exchange.status !== 404) {
        notObservable('ERR-404-JSON', `the update of an unknown uid was answered ${exchange.status}, not 404`);
        return;
      }
      for (const rule of ['LCK-UPDATE-404', 'ERR-404-JSON'])
        judge(rule, exchange).expect(exchange.body, 'expected a JSON body').not.toBeUndefined();
    },
  );
  test(
    'LCK-UPDATE-200 a member sent null where the document allows it is applied: no locker shows what it held before',
    rules('LCK-UPDATE-200'),
    async ({ api, lockers }) => {
      // Two lockers holding other values of each member the update request allows null at (§2.1: "or null"); the same
      // update sends null to both. A null stored, left out or filled with the service's default shows alike on both;
      // a null taken as "keep" shows what each held.
      const held = (on: boolean, floor: string): Json => ({
        features: { hasScreen: on, hasPinPad: on, hasPinBarcodeReader: on },
        metadata: [{ key: 'floor', value: floor }],
      });
      const made = await Promise.all([lockers.create(held(true, '2')), lockers.create(held(false, '3'))]);
      const body = {
        features: { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null },
        metadata: [{ key: 'floor', value: null }],
      };
      const answers = await Promise.all(
        made.map(({ record }) => api.call('updateLocker', { params: { uid: record['uid'] }, body })),
      );
      hold(
        answers.map((a) => answeredJudgement(a, 'an update sending null where the document allows it')),
        ...answers,
      );
      const leaves: [string, (r: Json | undefined) => unknown, unknown[]][] = [
        ...['hasScreen', 'hasPinPad', 'hasPinBarcodeReader'].map(
          (m): [string, (r: Json | undefined) => unknown, unknown[]] => [
            `features.${m}`,
            (r) => r?.['features']?.[m],
            [true, false],
          ],
        ),
        [
          'metadata floor',
          (r) => (r?.['metadata'] as Json[] | undefined)?.find((e) => e?.['key'] === 'floor')?.['value'],
          ['2', '3'],
        ],
      ];
      for (const [what, at, before] of leaves) {
        const shown = answers.map((a) => at(a.body as Json | undefined));
        judge('LCK-UPDATE-200', ...answers)
          .expect(shown, `${what} sent null to lockers holding ${JSON.stringify(before)}, each still shows its own`)
          .not.toEqual(before);
      }
    },
  );
});
