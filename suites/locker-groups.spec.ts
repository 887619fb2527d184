// Lockers' groups (§2.1, §8): a repeated group key refused on create and update, and the groups an update
// that omits them keeps.
import fc from 'fast-check';
import { lockerGroups, lockerGroupsWithRepeatedKey, propertyParameters } from '../generators';
import {
  answeredJudgement,
  expect,
  groupsKeptJudgement,
  hold,
  type Json,
  judgingNoneCreated,
  noEffectJudgement,
  notApplicable,
  notObservable,
  refusalJudgements,
  type Refused,
  rules,
  test,
  withoutManaged,
} from '../harness/fixtures';

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
            hold(refusalJudgements(exchange), exchange);
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
      const { record } = await lockers.changed();
      await fc.assert(
        fc.asyncProperty(lockerGroupsWithRepeatedKey, async (groups) => {
          const before = await lockers.find(record);
          const exchange = await api.call('updateLocker', {
            params: { uid: record['uid'] },
            body: { lockerGroups: groups },
          });
          hold(refusalJudgements(exchange), exchange);
          expect(exchange).toBeRejected('LCK-UPDATE-400-STATUS', 400);
          hold(
            [
              noEffectJudgement(
                'the locker after a rejected update',
                withoutManaged(before),
                withoutManaged(await lockers.find(record)),
              ),
            ],
            exchange,
          );
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
      hold([answeredJudgement(updated, 'a valid update')], updated);
      const after = (updated.body as Json)['lockerGroups'] ?? (await lockers.find(record))?.['lockerGroups'];
      hold([groupsKeptJudgement(record['uid'], record['lockerGroups'], after)], updated);
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
