// Locker records (§2.1) made by an update (opening hours that break §2.1) and by creates sent at once
// (distinct uids, each the record it sent), in the answers and in the list.
import fc from 'fast-check';
import {
  OPENING_HOURS_FORMS,
  openingHours,
  openingHoursOfDays,
  openingHoursViolation,
  propertyParameters,
} from '../generators';
import {
  answeredJudgement,
  createdAsSentJudgement,
  freshUidJudgement,
  hold,
  type Json,
  judge,
  listedUnderUidJudgement,
  notApplicable,
  rules,
  test,
} from '../harness/fixtures';

/** Whether the opening hours break §2.1 rule 1 (LCK-OH-SCHEDULED) or rule 2 (LCK-OH-ALWAYS), as the schema states
 * them. */
function breaks(rule: 'LCK-OH-SCHEDULED' | 'LCK-OH-ALWAYS', hours: Json | undefined): boolean {
  if (!hours || typeof hours !== 'object') return false;
  if (rule === 'LCK-OH-SCHEDULED')
    return (
      hours['accessMode'] === 'SCHEDULED' &&
      !(Array.isArray(hours['weeklySchedule']) && hours['weeklySchedule'].length > 0)
    );
  return hours['accessMode'] === 'ALWAYS' && 'weeklySchedule' in hours;
}

test.describe('records made by an update and by creates in flight together', () => {
  // Opening hours are no member of the update request either (§2.1): the rules hold for the record an
  // update leaves, whatever the target does with them. Refused keeps the rules; stored, the answer and
  // the list must not show a record that breaks them.
  const OPENING = ['LCK-OH-SCHEDULED', 'LCK-OH-ALWAYS'] as const;
  test(
    'LCK-OH-SCHEDULED opening hours that break §2.1 sent on update are rejected or not stored, in the answer ' +
      'and in the list',
    rules(...OPENING),
    async ({ api, lockers, target, requires }) => {
      requires('writes');
      const { record } = await lockers.create();
      const uid = record['uid'];
      // Valid hours of each mode first: a target that takes none on update leaves nothing to judge there.
      for (const mode of ['SCHEDULED', 'ALWAYS']) {
        const [valid] = fc.sample(
          openingHoursOfDays.filter((h) => h['accessMode'] === mode),
          { numRuns: 1, seed: 3 },
        );
        const probe = await api.call('updateLocker', { params: { uid }, body: { openingHours: valid } });
        if (probe.status !== 200 || (probe.body as Json)?.['openingHours']?.['accessMode'] !== mode) {
          const reason =
            `updateLocker: the target does not take openingHours on update (${mode} opening hours answered ` +
            `${probe.status}; it is not a member of the update request, §2.1)`;
          // The target's choice: openingHours is no member of the update request.
          for (const rule of OPENING) notApplicable(rule, reason);
          return;
        }
      }
      // Valid hours of every form the document allows (§2.1 shows no entry structure): the record each answer shows
      // holds both rules, as every answer's schema check judges; a refusal is the target's choice. Each form once, one
      // after another (one locker), then drawn at random.
      for (const hours of OPENING_HOURS_FORMS)
        await api.call('updateLocker', { params: { uid }, body: { openingHours: hours } });
      await fc.assert(
        fc.asyncProperty(openingHours, async (hours) => {
          await api.call('updateLocker', { params: { uid }, body: { openingHours: hours } });
        }),
        propertyParameters(Math.min(target.propertyRuns, 4), target.seed),
      );
      await fc.assert(
        fc.asyncProperty(openingHoursViolation, async ({ value, rule, description }) => {
          const exchange = await api.call('updateLocker', { params: { uid }, body: { openingHours: value } });
          const answered =
            exchange.status >= 200 && exchange.status < 300
              ? (exchange.body as Json | undefined)?.['openingHours']
              : undefined;
          judge(rule, exchange)
            .expect(
              breaks(rule, answered),
              `${description}, sent on update, was stored: the answer shows ${JSON.stringify(answered)}`,
            )
            .toBe(false);
          const { listed, exchange: read } = await lockers.lookup(record);
          if (listed)
            judge(rule, exchange, read)
              .expect(
                breaks(rule, listed['openingHours']),
                `${description}, sent on update: the list shows locker ${uid} with ` +
                  `${JSON.stringify(listed['openingHours'])}`,
              )
              .toBe(false);
        }),
        propertyParameters(Math.min(target.propertyRuns, 8), target.seed),
      );
    },
  );

  // §2.1: uid is the "Internal unique identifier assigned by the service" — also for creates that arrive together.
  const AT_ONCE = 8;
  test(
    'LCK-CREATE-ECHO creates sent at once get distinct uids and each the record it sent, in the answer and in the list',
    rules('LCK-CREATE-ECHO', 'LCK-CREATE-201'),
    async ({ api, lockers }) => {
      const [bodies, mark] = await Promise.all([
        Promise.all(Array.from({ length: AT_ONCE }, () => lockers.body())),
        lockers.mark(),
      ]);
      const answers = await Promise.all(bodies.map((body) => api.call('createLocker', { body })));
      const uids = answers.map((a) => (a.body as Json | undefined)?.['uid']);
      answers.forEach((answer, i) => {
        hold([answeredJudgement(answer, `create #${i} of ${AT_ONCE} sent at once`)], answer);
        const twice = uids.filter((uid) => uid === uids[i]).length > 1;
        hold([freshUidJudgement(uids[i], twice ? `another of ${AT_ONCE} creates sent at once` : undefined)], answer);
        const where = `the 201 record of create #${i} of ${AT_ONCE} sent at once`;
        hold([createdAsSentJudgement(bodies[i]!, answer.body as Json, where)], answer);
      });
      // The list, read since the mark (or once per provider): each request's locker under the uid it was answered, as
      // sent. The creates answered 201 must be on the pages added since the mark: the window's proof, and what teaches
      // where lockers are added.
      const createdIds = bodies
        .filter((_, i) => answers[i]!.status === 201)
        .map((b) => String(b['carrier']['lockerId']));
      const read = await lockers.readWithLockerIds(
        bodies.map((b) => ({ lockerId: b['carrier']['lockerId'], providerName: b['provider']['name'] })),
        mark,
        createdIds,
      );
      bodies.forEach((body, i) => {
        const { lockers: mine, exchange } = read[i]!;
        // A locker the list does not show is LCK-LIST-INCLUDES-CREATED's.
        if (mine.length === 0) return;
        const what = `create #${i}'s locker ${body['carrier']['lockerId']}`;
        const listedUids = mine.map((l) => l['uid']);
        const where = `the listed record of create #${i} of ${AT_ONCE} sent at once`;
        hold(
          [listedUnderUidJudgement(uids[i], listedUids, what), createdAsSentJudgement(body, mine[0]!, where)],
          answers[i]!,
          exchange,
        );
      });
    },
  );
});
