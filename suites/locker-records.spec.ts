// Locker records (§2.1): the rules every record keeps, opening hours among them. The list:
// locker-list.spec.ts; records an update and creates in flight together make: locker-records-in-flight.spec.ts.
import fc from 'fast-check';
import {
  OPENING_HOURS_FORMS,
  openingHours,
  openingHoursOfDays,
  openingHoursViolation,
  propertyParameters,
} from '../generators';
import {
  createdAsSentJudgement,
  type Exchange,
  expect,
  hold,
  type Json,
  judge,
  memberNeverPresent,
  notApplicable,
  notObservable,
  rules,
  sampleScope,
  test,
} from '../harness/fixtures';

/**
 * No listed locker shows opening hours in the mode a rule is stated for. Read through, the list shows the target's
 * choice: §2.1 requires no record to carry openingHours, nor either mode (rules.yaml wherePresent). Read in part, not
 * observable.
 */
function noneInMode(
  rule: string,
  mode: string,
  listing: { items: unknown[]; complete: boolean; sample?: string; incomplete?: string },
): void {
  if (listing.complete && !listing.sample) memberNeverPresent(rule, `listLockers: the ${listing.items.length} lockers`);
  else notObservable(rule, `no listed locker has ${mode} opening hours (${listing.sample ?? listing.incomplete})`);
}

test.describe('records (§2.1 rules)', () => {
  test(
    'LCK-PROVIDER-FIELDS records use name, lockerModel and lockerVersion, never providerName or lockerModelVersion',
    rules('LCK-PROVIDER-FIELDS', 'LCK-RECORD-SHAPE'),
    async ({ api, lockers, target }) => {
      const seen: { record: Json; exchange: Exchange }[] = [];
      if (target.capabilities.writes.available) {
        const { record, body, exchange } = await lockers.create();
        // Every place of the record shape (LCK-RECORD-SHAPE's concerns): an update's answer too, judged by its checks.
        const updated = await api.call('updateLocker', {
          params: { uid: record['uid'] },
          body: { metadata: [{ key: 'shape', value: 'checked' }] },
        });
        if (updated.status >= 200 && updated.status < 300 && updated.body && typeof updated.body === 'object')
          seen.push({ record: updated.body as Json, exchange: updated });
        const sent = Object.keys(body['provider']);
        judge('LCK-PROVIDER-FIELDS', exchange)
          .expect(
            Object.keys(record['provider'] ?? {}),
            'the provider object does not use name, lockerModel and lockerVersion',
          )
          .toEqual(expect.arrayContaining(sent));
        // The values as sent are the echo of §4.1, not the field names of §2.1 rule 3 (named by its own
        // test: naming it here would make this test need writes).
        hold([createdAsSentJudgement({ provider: body['provider'] }, record, 'the provider members')], exchange);
        seen.push({ record, exchange });
      }
      const list = sampleScope(await lockers.everyListed(), 'LCK-PROVIDER-FIELDS');
      seen.push(...list.items.map((record) => ({ record, exchange: list.exchange })));
      // The list filtered by a provider is another place the records are shown (§4.2 names providerName).
      const provider = seen.map(({ record }) => record['provider']?.['name']).find((n) => typeof n === 'string');
      if (provider) {
        const filtered = sampleScope(await lockers.everyListed(provider), 'LCK-PROVIDER-FIELDS');
        seen.push(...filtered.items.map((record) => ({ record, exchange: filtered.exchange })));
      }
      for (const { record, exchange } of seen) {
        const fields = judge('LCK-PROVIDER-FIELDS', exchange);
        fields
          .expect(record['provider'] ?? {}, `locker ${record['uid']} carries providerName`)
          .not.toHaveProperty('providerName');
        fields
          .expect(record['provider'] ?? {}, `locker ${record['uid']} carries lockerModelVersion`)
          .not.toHaveProperty('lockerModelVersion');
      }
    },
  );

  test(
    'LCK-OH-SCHEDULED every locker record with SCHEDULED opening hours has a non-empty weeklySchedule',
    rules('LCK-OH-SCHEDULED'),
    async ({ lockers }) => {
      const listing = sampleScope(await lockers.everyListed(), 'LCK-OH-SCHEDULED');
      const { items, exchange } = listing;
      const scheduled = items.filter((l) => l['openingHours']?.['accessMode'] === 'SCHEDULED');
      for (const l of scheduled) {
        const schedule = l['openingHours']['weeklySchedule'];
        judge('LCK-OH-SCHEDULED', exchange)
          .expect(
            Array.isArray(schedule) && schedule.length > 0,
            `locker ${l['uid']} is SCHEDULED without a weeklySchedule`,
          )
          .toBe(true);
      }
      if (scheduled.length === 0) noneInMode('LCK-OH-SCHEDULED', 'SCHEDULED', listing);
    },
  );

  test(
    'LCK-OH-ALWAYS every locker record with ALWAYS opening hours omits weeklySchedule',
    rules('LCK-OH-ALWAYS'),
    async ({ lockers, target }) => {
      if (target.capabilities.writes.available) await lockers.create();
      const listing = sampleScope(await lockers.everyListed(), 'LCK-OH-ALWAYS');
      const { items, exchange } = listing;
      const always = items.filter((l) => l['openingHours']?.['accessMode'] === 'ALWAYS');
      for (const l of always)
        judge('LCK-OH-ALWAYS', exchange)
          .expect(l['openingHours'], `locker ${l['uid']} is ALWAYS with a weeklySchedule`)
          .not.toHaveProperty('weeklySchedule');
      if (always.length === 0) noneInMode('LCK-OH-ALWAYS', 'ALWAYS', listing);
    },
  );

  // Opening hours are no member of the create request (§2.1): a target that creates lockers may still not take them.
  test(
    'LCK-OH-SCHEDULED opening hours that break §2.1 are rejected or not stored, where the target takes them on create',
    rules('LCK-OH-SCHEDULED', 'LCK-OH-ALWAYS'),
    async ({ api, lockers, target, requires }) => {
      requires('writes');
      // Valid hours of each mode: the records (and their LockerUpdates) show both rules held.
      const probes = await Promise.all(
        ['SCHEDULED', 'ALWAYS'].map(async (mode) => {
          const [valid] = fc.sample(
            openingHoursOfDays.filter((h) => h['accessMode'] === mode),
            { numRuns: 1, seed: 3 },
          );
          const probe = await api.call('createLocker', { body: await lockers.body({ openingHours: valid }) });
          return probe.status === 201 && (probe.body as Json)['openingHours']?.['accessMode'] === mode;
        }),
      );
      if (!probes.every(Boolean)) {
        // Nor can a LockerUpdates about a created locker show them (§6 pushes on create and status change only).
        for (const place of ['createLocker', 'LockerUpdates']) {
          // The target's choice: openingHours is no member of the create request.
          for (const rule of ['LCK-OH-SCHEDULED', 'LCK-OH-ALWAYS'])
            notApplicable(
              rule,
              `${place}: the target does not take openingHours on create (it is not a member of the create ` +
                `request, §2.1)`,
            );
        }
        return;
      }
      // Valid hours of every form the document allows (§2.1 shows no entry structure): the record each answer shows
      // holds both rules, as every answer's schema check judges; a refusal is the target's choice. Each form once,
      // as wide as the client goes, then drawn at random.
      for (let i = 0; i < OPENING_HOURS_FORMS.length; i += api.concurrency)
        await Promise.all(
          OPENING_HOURS_FORMS.slice(i, i + api.concurrency).map(async (hours) =>
            api.call('createLocker', { body: await lockers.body({ openingHours: hours }) }),
          ),
        );
      await fc.assert(
        fc.asyncProperty(openingHours, async (hours) => {
          await api.call('createLocker', { body: await lockers.body({ openingHours: hours }) });
        }),
        propertyParameters(Math.min(target.propertyRuns, 4), target.seed),
      );
      await fc.assert(
        fc.asyncProperty(openingHoursViolation, async ({ value, rule, description }) => {
          const exchange = await api.call('createLocker', { body: await lockers.body({ openingHours: value }) });
          // Refused keeps the rule as well as stored otherwise than sent; what was stored the schema check judges too.
          const refused = exchange.status >= 400 && exchange.status < 500;
          const stored = refused ? undefined : (exchange.body as Json)['openingHours'];
          judge(rule, exchange).expect(stored, `${description} was accepted and stored as sent`).not.toEqual(value);
        }),
        propertyParameters(Math.min(target.propertyRuns, 8), target.seed),
      );
    },
  );
});
