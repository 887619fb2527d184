// The locker list (§4.2): what GET /lockers returns, which lockers it holds, and its providerName filter.
import { idNearMissesOf, LONG_TEXT, textOfLength } from '../generators';
import {
  answeredJudgement,
  expect,
  hold,
  type Json,
  judge,
  notObservable,
  observe,
  providerFilterJudgement,
  rules,
  sampleScope,
  test,
} from '../harness/fixtures';

test.describe('list (GET /lockers)', () => {
  test('LCK-LIST-RECORDS returns locker records', rules('LCK-LIST-RECORDS'), async ({ lockers, tag, target }) => {
    // A list that holds none is still a list (every answer is checked: schema-valid.ts): filtered by a name no
    // provider has.
    await lockers.list(tag.next('no-such-provider'));
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
      hold([providerFilterJudgement(name, items)], exchange);
      // The other filters' names are not shown (§4.2): beside one named as a guess, a service may refuse the read
      // or ignore the guess, but a list it answers still holds that provider's lockers only (filters combined).
      const status = String(record['carrier']?.['status'] ?? 'ACTIVE');
      const beside = await lockers.everyListed(name, undefined, { status });
      if (beside.exchange.status >= 300)
        observe('LCK-LIST-PROVIDER-FILTER', `providerName beside status=${status} answered ${beside.exchange.status}`);
      else hold([providerFilterJudgement(name, beside.items)], beside.exchange);
      const tagged = tag.next('no-such-provider');
      const none = await lockers.list(tagged);
      expect(none.exchange).toSucceed('LCK-LIST-PROVIDER-FILTER');
      hold([providerFilterJudgement(tagged, none.items)], none.exchange);
      // A name no provider has, at lengths §8 leaves open and a request line of 8 KiB holds: a list answered holds none
      // of the other providers' lockers (a read refused for its length is observed).
      for (const n of [256, LONG_TEXT]) {
        const long = `${tagged}${textOfLength(n)}`;
        const listed = await lockers.list(long);
        if (listed.exchange.status >= 300)
          observe(
            'LCK-LIST-PROVIDER-FILTER',
            `a providerName of ${n} more characters answered ${listed.exchange.status}`,
          );
        else hold([providerFilterJudgement(long, listed.items)], listed.exchange);
      }
    },
  );

  test(
    "LCK-LIST-PROVIDER-FILTER a near miss of a providerName lists none of that provider's lockers, and the " +
      "name lists none of a near miss's",
    rules('LCK-LIST-PROVIDER-FILTER'),
    async ({ api, lockers, requires }) => {
      requires('writes');
      // The filter value is an id the client names: its near misses (case, whitespace, a prefix, an extension,
      // LIKE's wildcards) are other names, and a locker whose provider name is one is another provider's.
      const { record } = await lockers.create();
      const name = String(record['provider']['name']);
      const near = name.includes('_') ? name.replace(/_/g, '-') : `${name}x`;
      const base = await lockers.body();
      // A provider the catalogue does not list may be refused: then that half has nothing to show.
      const other = await api.call('createLocker', {
        body: { ...base, provider: { ...base['provider'], name: near } },
      });
      const otherUid = other.status === 201 ? (other.body as Json)['uid'] : undefined;
      const byName = await lockers.everyListed(name);
      expect(byName.exchange).toSucceed('LCK-LIST-PROVIDER-FILTER');
      if (otherUid === undefined)
        observe('LCK-LIST-PROVIDER-FILTER', `a locker of provider ${near} was refused (${other.status})`);
      else
        judge('LCK-LIST-PROVIDER-FILTER', byName.exchange)
          .expect(
            byName.items.filter((l) => l['uid'] === otherUid).length,
            `locker ${otherUid} of provider ${JSON.stringify(near)} is listed for ${JSON.stringify(name)}`,
          )
          .toBe(0);
      // A filter that ignores letter case or surrounding whitespace is a search a service may choose: not judged.
      const lenient = (what: string) => what.includes('case') || what.includes('space');
      const misses = [
        ...idNearMissesOf(name).filter((m) => !m.mayNameAnother && !m.equivalent && !lenient(m.what)),
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
      // The shortest text the parameter takes: read as no filter or as a name no provider has, either is a reading
      // §4.2 leaves open (it names the parameter, no more), so what comes is reported.
      const empty = await lockers.everyListed('');
      const among = empty.items.some((l) => l['uid'] === record['uid']);
      observe(
        'LCK-LIST-PROVIDER-FILTER',
        `providerName "" answered ${empty.exchange.status}, listing ${empty.items.length} locker(s)` +
          `${among ? `, locker ${record['uid']} of ${name} among them` : ''}`,
      );
    },
  );

  test(
    'LCK-LIST-PROVIDER-FILTER a providerName of any text lists its lockers only, where one name holds another',
    rules('LCK-LIST-PROVIDER-FILTER', 'LCK-LIST-INCLUDES-CREATED'),
    async ({ api, lockers, tag, requires }) => {
      requires('writes');
      // A provider name is any string (§2.1): one name, whatever it holds. Names that share a part, one with a comma
      // (a filter read as a list of names), blanks, a letter beyond ASCII and characters a query must encode (a filter
      // compared still encoded): each lists its own lockers, and only those.
      const word = tag.next('Paketbox');
      // Each holds the one before, so a filter that searches by words or parts lists only related names.
      const names = [word, `${word}, Süd & Co.`, `${word}, Süd & Co. Nord/1+1=2?`];
      const made: { name: string; record: Json }[] = [];
      for (const name of names) {
        const base = await lockers.body();
        // A provider the catalogue does not list may be refused: then that name has nothing to show.
        const exchange = await api.call('createLocker', { body: { ...base, provider: { ...base['provider'], name } } });
        if (exchange.status === 201) made.push({ name, record: exchange.body as Json });
        else
          observe(
            'LCK-LIST-PROVIDER-FILTER',
            `a locker of provider ${JSON.stringify(name)} was refused (${exchange.status})`,
          );
      }
      if (made.length < 2) {
        for (const rule of ['LCK-LIST-PROVIDER-FILTER', 'LCK-LIST-INCLUDES-CREATED'])
          notObservable(rule, 'the target took fewer than two lockers of providers it does not list');
        return;
      }
      for (const { name, record } of made) {
        const listing = await lockers.everyListed(name);
        expect(listing.exchange).toSucceed('LCK-LIST-PROVIDER-FILTER');
        hold([providerFilterJudgement(name, listing.items)], listing.exchange);
        await lockers.expectListed('LCK-LIST-INCLUDES-CREATED', record);
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
      const noted = await api.call('updateLocker', { params: { uid }, body: { metadata: withNote } });
      hold([answeredJudgement(noted, 'a valid update')], noted);
      const emptied = await api.call('updateLocker', { params: { uid }, body: { metadata: [] } });
      // An empty array refused is a range §8 leaves open: said, not failed.
      if (emptied.status >= 400 && emptied.status < 500) {
        observe('LCK-UPDATE-ARRAYS-REPLACED', `an update with metadata [] was refused (${emptied.status})`);
        await api.call('updateLocker', { params: { uid }, body: { metadata: kept } });
        return;
      }
      hold([answeredJudgement(emptied, 'an update of metadata []')], emptied);
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
    // What it answers is judged as every list is: records of this version (VER-REMOVED-FIELDS).
    rules('LCK-LIST-NO-LEGACY-PARAMS', 'VER-REMOVED-FIELDS'),
    async ({ api }) => {
      const exchange = await api.call('listLockers', { query: { carrierId: 'legacy', providerId: 'legacy' } });
      observe('LCK-LIST-NO-LEGACY-PARAMS', `GET /lockers?carrierId&providerId answered ${exchange.status}`);
    },
  );
});
