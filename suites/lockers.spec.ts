// Lockers (§2.1, §4.1): create. lockerGroups: locker-groups.spec.ts; update: locker-update.spec.ts; list and
// records: locker-records.spec.ts.
import fc from 'fast-check';
import { fromSchema, invalidByOne, mutationsOf, propertyParameters, ruledAs } from '../generators';
import {
  answeredJudgement,
  type Created,
  expect,
  expectControlAccepted,
  freshUidJudgement,
  hold,
  type Json,
  judgeAsSent,
  judgeListedAsSent,
  judgingNoneCreated,
  observe,
  optionalMembersJudgement,
  type Refused,
  rules,
  test,
} from '../harness/fixtures';

/** Two metadata entries of one key besides the generated ones: §2.1 makes no key unique, so the record shows both. */
const withKeyTwice = (body: Record<string, unknown>): Record<string, unknown> => ({
  ...body,
  metadata: [
    ...(Array.isArray(body['metadata']) ? body['metadata'] : []),
    { key: 'twice', value: 'first' },
    { key: 'twice', value: 'second' },
  ],
});

test.describe('create (POST /lockers)', () => {
  test(
    'LCK-CREATE-ECHO generated create requests are answered 201 with a record that echoes them under a fresh ' +
      'uid, and listed so',
    rules(
      'LCK-CREATE-ECHO',
      'LCK-CREATE-201',
      'LCK-RECORD-SHAPE',
      'LCK-COORDINATES-ECHO',
      'LCK-INSTANT-PRECISION',
      'LCK-LIST-INCLUDES-CREATED',
      'GEN-ONE-RECORD',
      'GEN-ONE-RECORD-MEMBERS',
      'LCK-CREATE-LOCATION-TYPE-OPTIONAL',
    ),
    async ({ api, lockers, binder, target }) => {
      const bind = await binder();
      const uids = new Set<string>();
      const created: Created[] = [];
      const mark = await lockers.mark();
      await fc.assert(
        fc.asyncProperty(fromSchema('LockerCreateRequest').map(withKeyTwice).map(bind), async (body) => {
          const exchange = await api.call('createLocker', { body });
          // A body the document leaves without an optional member (location.type) is held to that rule too.
          const lacking = optionalMembersJudgement(exchange, body);
          hold([answeredJudgement(exchange, 'a valid create request'), ...(lacking ? [lacking] : [])], exchange);
          const record = exchange.body as Json;
          const before = uids.has(record['uid']) ? 'an earlier create of this property' : undefined;
          hold([freshUidJudgement(record['uid'], before)], exchange);
          uids.add(record['uid']);
          judgeAsSent('LCK-CREATE-ECHO', [exchange], body, record, 'the 201 record');
          created.push({ body, record, exchange });
        }),
        propertyParameters(target.propertyRuns, target.seed),
      );
      // The list shows the same records (judged at the create and at the list read).
      await judgeListedAsSent(lockers, created, mark);
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
    'LCK-CREATE-201 a create naming a provider/model pair the target does not list is answered 201, or refused ' +
      '(observed)',
    rules('LCK-CREATE-201'),
    async ({ api, lockers }) => {
      // The catalogue's complement: §2.2 lists pairs, and no sentence makes a create name one of them, nor lets it be
      // refused for naming another. Accepted, it is a create like any (201); refused, what the target did is reported.
      // The catalogue's first pair (a fallback pair where it lists none), changed so no entry lists it.
      const [pair] = await lockers.providers();
      const unlisted = [
        { ...pair!, lockerModel: `${pair!.lockerModel}-UNLISTED`, lockerVersion: `${pair!.lockerVersion}.99` },
        { ...pair!, name: `${pair!.name}_UNLISTED` },
      ];
      for (const provider of unlisted) {
        const body = await lockers.body({ provider });
        const exchange = await api.call('createLocker', { body });
        if (exchange.status >= 400 && exchange.status < 500) {
          observe(
            'LCK-CREATE-201',
            `a create naming ${provider.name}/${provider.lockerModel}/${provider.lockerVersion}, which ` +
              `GET /lockers/providers does not list: refused ${exchange.status}`,
          );
          continue;
        }
        hold([answeredJudgement(exchange, 'a create naming a pair the target does not list')], exchange);
      }
    },
  );

  test(
    'LCK-CREATE-LOCATION-TYPE-OPTIONAL accepts a location without type, for a locker of each provider',
    rules('LCK-CREATE-LOCATION-TYPE-OPTIONAL'),
    async ({ api, lockers }) => {
      // As many bodies as the pairs the lockers take in turn: one of each provider/model pair the target lists.
      for (const _ of await lockers.pairsInTurn()) {
        const body = await lockers.body();
        delete body['location']['type'];
        const exchange = await api.call('createLocker', { body });
        // Accepted is what this rule asks; that acceptance is a 201 is LCK-CREATE-201's.
        hold([optionalMembersJudgement(exchange, body)!], exchange);
      }
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
