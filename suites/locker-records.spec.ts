// Locker list and records (§2.1, §4.2): what GET /lockers returns and the rules every record keeps,
// opening hours among them.
import fc from 'fast-check';
import { idNearMissesOf, openingHours, openingHoursViolation, propertyParameters } from '../generators';
import {
  expect,
  judge,
  notAsSent,
  notObservable,
  observe,
  rules,
  sampleScope,
  test,
  type Exchange,
  type Json,
} from '../harness/fixtures';

test.describe('list (GET /lockers)', () => {
  test('LCK-LIST-RECORDS returns locker records', rules('LCK-LIST-RECORDS'), async ({ lockers, target }) => {
    // A locker of the run's, borrowed: the list then holds one at least (which lockers it holds is
    // LCK-LIST-INCLUDES-CREATED's).
    const created = target.capabilities.writes.available ? (await lockers.lend('updates')).record : undefined;
    const { items, envelope, exchange } = sampleScope(
      await lockers.everyListed(created?.['provider']?.['name']),
      'LCK-LIST-RECORDS',
    );
    observe('LCK-LIST-RECORDS', `list envelope: ${envelope}; status ${exchange.status}`);
    // Each entry a locker record; their member types are LCK-RECORD-SHAPE's check. Which lockers the
    // list holds is not stated (§4.2): that is LCK-LIST-INCLUDES-CREATED.
    // An answered list without entries shows no locker record: nothing to pass or fail.
    if (exchange.status >= 200 && exchange.status < 300 && envelope !== 'none' && items.length === 0) {
      notObservable('LCK-LIST-RECORDS', 'the list holds no entry to show a locker record');
      return;
    }
    expect(exchange).toSucceed('LCK-LIST-RECORDS');
    const records = judge('LCK-LIST-RECORDS', exchange);
    for (const l of items)
      records
        .expect(typeof l?.['uid'], `entry ${JSON.stringify(l).slice(0, 80)} is no locker record with a uid`)
        .toBe('string');
  });

  test(
    'LCK-LIST-INCLUDES-CREATED lists the lockers the carrier created',
    rules('LCK-LIST-INCLUDES-CREATED'),
    async ({ lockers }) => {
      const { record } = await lockers.create();
      await lockers.expectListed('LCK-LIST-INCLUDES-CREATED', record);
    },
  );

  test(
    'LCK-LIST-CARRIER-OBJECT every listed record has a carrier object and no carriers',
    rules('LCK-LIST-CARRIER-OBJECT', 'LCK-CARRIER-LOCKERNAME'),
    async ({ lockers, target }) => {
      if (target.capabilities.writes.available) await lockers.lend('updates');
      const { items, exchange } = sampleScope(
        await lockers.everyListed(),
        'LCK-LIST-CARRIER-OBJECT',
        'LCK-CARRIER-LOCKERNAME',
      );
      if (items.length === 0) {
        for (const rule of ['LCK-LIST-CARRIER-OBJECT', 'LCK-CARRIER-LOCKERNAME'])
          notObservable(rule, 'no locker is listed to show a carrier object');
        return;
      }
      const carrierObject = judge('LCK-LIST-CARRIER-OBJECT', exchange);
      for (const record of items) {
        carrierObject.expect(typeof record['carrier'], `locker ${record['uid']} has no carrier object`).toBe('object');
        carrierObject.expect(record, `locker ${record['uid']} carries carriers`).not.toHaveProperty('carriers');
        judge('LCK-CARRIER-LOCKERNAME', exchange)
          .expect(record['carrier'], `locker ${record['uid']} carries carrier.name`)
          .not.toHaveProperty('name');
      }
    },
  );

  test(
    'LCK-LIST-INCLUDES-CREATED a locker stays listed while it holds parcels, and once they are cancelled',
    rules('LCK-LIST-INCLUDES-CREATED'),
    async ({ lockers, parcels, requires }) => {
      requires('writes');
      // A locker of the carrier's that earlier tests used: what the list shows may not depend on a locker's history.
      const { record } = await lockers.lend('bookings');
      for (let i = 0; i < 3; i++) await parcels.book(record);
      await lockers.expectListed('LCK-LIST-INCLUDES-CREATED', record);
      await parcels.cleanUp();
      await lockers.expectListed('LCK-LIST-INCLUDES-CREATED', record);
    },
  );

  test(
    'LCK-LIST-PROVIDER-FILTER returns only lockers of the providerName asked for',
    rules('LCK-LIST-PROVIDER-FILTER'),
    async ({ lockers, tag, target }) => {
      // "Only" is what §4.2 states; that the filtered list holds the created locker is LCK-LIST-INCLUDES-CREATED's.
      const record = target.capabilities.writes.available
        ? (await lockers.create()).record
        : (await lockers.list()).items.find((l) => l['provider']?.['name']);
      if (!record) {
        notObservable('LCK-LIST-PROVIDER-FILTER', 'no locker is listed to filter by, and this run may not create one');
        return;
      }
      const name = record['provider']['name'];
      const { items, exchange } = sampleScope(await lockers.everyListed(name), 'LCK-LIST-PROVIDER-FILTER');
      expect(exchange).toSucceed('LCK-LIST-PROVIDER-FILTER');
      const filtered = judge('LCK-LIST-PROVIDER-FILTER', exchange);
      for (const l of items)
        filtered
          .expect(l['provider']?.['name'], `locker ${l['uid']} of another provider listed for ${name}`)
          .toBe(name);
      const none = await lockers.list(tag.next('no-such-provider'));
      expect(none.exchange).toSucceed('LCK-LIST-PROVIDER-FILTER');
      judge('LCK-LIST-PROVIDER-FILTER', none.exchange)
        .expect(none.items, 'lockers listed for a provider name no locker has')
        .toEqual([]);
    },
  );

  test(
    "LCK-LIST-PROVIDER-FILTER a near miss of a providerName lists none of that provider's lockers, and the " +
      "name lists none of a near miss's",
    rules('LCK-LIST-PROVIDER-FILTER'),
    async ({ lockers, requires }) => {
      requires('writes');
      // The filter value is an id the client names: its near misses (case, whitespace, a prefix, an extension,
      // LIKE's wildcards) are other names, and a locker whose provider name is one is another provider's.
      const { record } = await lockers.create();
      const name = String(record['provider']['name']);
      const near = name.includes('_') ? name.replace(/_/g, '-') : `${name}x`;
      const base = await lockers.body();
      const other = await lockers.create({ provider: { ...base['provider'], name: near } });
      const byName = await lockers.everyListed(name);
      expect(byName.exchange).toSucceed('LCK-LIST-PROVIDER-FILTER');
      const shown = byName.items.filter((l) => l['uid'] === other.record['uid']).length;
      judge('LCK-LIST-PROVIDER-FILTER', byName.exchange)
        .expect(
          shown,
          `locker ${other.record['uid']} of provider ${JSON.stringify(near)} is listed for ${JSON.stringify(name)}`,
        )
        .toBe(0);
      // A filter that ignores letter case or surrounding whitespace is a search a service may choose: not judged.
      const lenient = (what: string) => what.includes('case') || what.includes('space');
      const misses = [
        ...idNearMissesOf(name).filter((m) => !m.mayNameAnother && !lenient(m.what)),
        { what: 'with a LIKE wildcard for its last character', value: `${name.slice(0, -1)}%` },
      ];
      for (const miss of misses) {
        const listing = await lockers.everyListed(miss.value);
        if (listing.exchange.status >= 400 && listing.exchange.status < 500) continue;
        const found = listing.items.filter((l) => l['uid'] === record['uid']).length;
        judge('LCK-LIST-PROVIDER-FILTER', listing.exchange)
          .expect(
            found,
            `providerName ${JSON.stringify(miss.value)} (${name} ${miss.what}) lists locker ${record['uid']} ` +
              `of ${JSON.stringify(name)}`,
          )
          .toBe(0);
      }
    },
  );

  test(
    'LCK-UPDATE-ARRAYS-REPLACED an update sending metadata as an empty array leaves the locker none (a should)',
    rules('LCK-UPDATE-ARRAYS-REPLACED'),
    async ({ api, lockers, requires }) => {
      requires('writes');
      const { record } = await lockers.create();
      const uid = String(record['uid']);
      const kept = Array.isArray(record['metadata']) ? (record['metadata'] as Json[]) : [];
      // An array's sizes are a client's freedom: empty as well as one or many (a reader taking [] for absent keeps the
      // old).
      const withNote = [...kept, { key: 'note', value: 'to be emptied' }];
      expect(await api.call('updateLocker', { params: { uid }, body: { metadata: withNote } })).toSucceed(
        'LCK-UPDATE-200',
      );
      const emptied = await api.call('updateLocker', { params: { uid }, body: { metadata: [] } });
      expect(emptied).toSucceed('LCK-UPDATE-200');
      const none = (l: Json | undefined) => !Array.isArray(l?.['metadata']) || (l['metadata'] as Json[]).length === 0;
      judge('LCK-UPDATE-ARRAYS-REPLACED', emptied)
        .expect(
          none(emptied.body as Json),
          `the answer to metadata [] shows ${JSON.stringify((emptied.body as Json)?.['metadata'])}`,
        )
        .toBe(true);
      const { listed, exchange } = await lockers.settledRead(record, none);
      if (listed)
        judge('LCK-UPDATE-ARRAYS-REPLACED', exchange)
          .expect(
            none(listed),
            `the list shows locker ${uid}'s metadata as ${JSON.stringify(listed['metadata'])} after metadata []`,
          )
          .toBe(true);
      // Its run's tag goes back: the locker stays findable as this run's.
      await api.call('updateLocker', { params: { uid }, body: { metadata: kept } });
    },
  );

  test(
    'LCK-LIST-NO-LEGACY-PARAMS reports what the former carrierId and providerId do',
    rules('LCK-LIST-NO-LEGACY-PARAMS'),
    async ({ api }) => {
      const exchange = await api.call('listLockers', { query: { carrierId: 'legacy', providerId: 'legacy' } });
      observe('LCK-LIST-NO-LEGACY-PARAMS', `GET /lockers?carrierId&providerId answered ${exchange.status}`);
    },
  );
});

test.describe('records (§2.1 rules)', () => {
  test(
    'LCK-PROVIDER-FIELDS records use name, lockerModel and lockerVersion, never providerName or lockerModelVersion',
    rules('LCK-PROVIDER-FIELDS', 'LCK-RECORD-SHAPE'),
    async ({ lockers, target }) => {
      const seen: { record: Json; exchange: Exchange }[] = [];
      if (target.capabilities.writes.available) {
        const { record, body, exchange } = await lockers.create();
        const sent = Object.keys(body['provider']);
        judge('LCK-PROVIDER-FIELDS', exchange)
          .expect(
            Object.keys(record['provider'] ?? {}),
            'the provider object does not use name, lockerModel and lockerVersion',
          )
          .toEqual(expect.arrayContaining(sent));
        // The values as sent are the echo of §4.1, not the field names of §2.1 rule 3 (named by its own
        // test: naming it here would make this test need writes).
        judge('LCK-CREATE-ECHO', exchange)
          .expect(record['provider'], 'provider members differ from the request')
          .toMatchObject(body['provider']);
        seen.push({ record, exchange });
      }
      const list = sampleScope(await lockers.everyListed(), 'LCK-PROVIDER-FIELDS');
      seen.push(...list.items.map((record) => ({ record, exchange: list.exchange })));
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
      const { items, exchange } = sampleScope(await lockers.everyListed(), 'LCK-OH-SCHEDULED');
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
      if (scheduled.length === 0) notObservable('LCK-OH-SCHEDULED', 'no listed locker has SCHEDULED opening hours');
    },
  );

  test(
    'LCK-OH-ALWAYS every locker record with ALWAYS opening hours omits weeklySchedule',
    rules('LCK-OH-ALWAYS'),
    async ({ lockers, target }) => {
      if (target.capabilities.writes.available) await lockers.create();
      const { items, exchange } = sampleScope(await lockers.everyListed(), 'LCK-OH-ALWAYS');
      const always = items.filter((l) => l['openingHours']?.['accessMode'] === 'ALWAYS');
      for (const l of always)
        judge('LCK-OH-ALWAYS', exchange)
          .expect(l['openingHours'], `locker ${l['uid']} is ALWAYS with a weeklySchedule`)
          .not.toHaveProperty('weeklySchedule');
      if (always.length === 0) notObservable('LCK-OH-ALWAYS', 'no listed locker has ALWAYS opening hours');
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
            openingHours.filter((h) => h['accessMode'] === mode),
            { numRuns: 1, seed: 3 },
          );
          const probe = await api.call('createLocker', { body: await lockers.body({ openingHours: valid }) });
          return probe.status === 201 && (probe.body as Json)['openingHours']?.['accessMode'] === mode;
        }),
      );
      if (!probes.every(Boolean)) {
        // Nor can a LockerUpdates about a created locker show them (§6 pushes on create and status change only).
        for (const place of ['createLocker', 'LockerUpdates']) {
          for (const rule of ['LCK-OH-SCHEDULED', 'LCK-OH-ALWAYS'])
            notObservable(
              rule,
              `${place}: the target does not take openingHours on create (it is not a member of the create ` +
                `request, §2.1)`,
            );
        }
        return;
      }
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
          openingHours.filter((h) => h['accessMode'] === mode),
          { numRuns: 1, seed: 3 },
        );
        const probe = await api.call('updateLocker', { params: { uid }, body: { openingHours: valid } });
        if (probe.status !== 200 || (probe.body as Json)?.['openingHours']?.['accessMode'] !== mode) {
          const reason =
            `updateLocker: the target does not take openingHours on update (${mode} opening hours answered ` +
            `${probe.status}; it is not a member of the update request, §2.1)`;
          for (const rule of OPENING) notObservable(rule, reason);
          return;
        }
      }
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
        judge('LCK-CREATE-201', answer)
          .expect(answer.status, `create #${i} of ${AT_ONCE} sent at once is answered 201`)
          .toBe(201);
        const echo = judge('LCK-CREATE-ECHO', answer);
        echo
          .expect(
            uids.filter((uid) => uid === uids[i]).length,
            `uid ${String(uids[i])} was answered to more than one of ${AT_ONCE} creates sent at once`,
          )
          .toBe(1);
        echo
          .expect(
            notAsSent(bodies[i]!, answer.body as Json).members,
            `the 201 record of create #${i} of ${AT_ONCE} sent at once differs from its request`,
          )
          .toEqual([]);
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
        const echo = judge('LCK-CREATE-ECHO', answers[i]!, exchange);
        echo
          .expect(
            mine.map((l) => l['uid']),
            `the list shows create #${i}'s locker ${body['carrier']['lockerId']} otherwise than under the ` +
              `uid it was answered`,
          )
          .toEqual([uids[i]]);
        echo
          .expect(
            notAsSent(body, mine[0]!).members,
            `the listed record of create #${i} of ${AT_ONCE} sent at once differs from its request`,
          )
          .toEqual([]);
      });
    },
  );
});
