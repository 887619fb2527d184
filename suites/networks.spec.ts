// Networks (§2.5, §4.10, §8): owned lockers are added; everything else is skipped without error. Refused
// requests are suites/network-refusals.spec.ts's.
import { LONG_ARRAY } from '../generators';
import {
  addedRecords,
  addedUids,
  expect,
  hold,
  int64,
  judge,
  lockerStatusBody,
  memberNeverPresent,
  namesAnOwner,
  networkAddJudgements,
  notObservable,
  NOT_OWNED,
  observe,
  rules,
  sideOfTag,
  stateToSet,
  test,
  type Json,
  type SentKind,
} from '../harness/fixtures';

test(
  "NET-NOT-OWNED-SKIPPED one request mixing the carrier's, third-party and other carriers' lockers adds only " +
    "the carrier's",
  rules('NET-NOT-OWNED-SKIPPED', 'NET-OWNED-ADDED', 'NET-RESPONSE-RECORD', 'NET-ONLY-NEW'),
  async ({ api, lockers, target, clientFor }) => {
    const created = (await lockers.create()).record;
    // A second of the carrier's own goes last: an add that stops at the first locker it skips (a takeWhile
    // where a filter belongs) adds only what comes before it. The array's order is the client's freedom.
    // It is in the other status where the profile says how to set one: §4.10 adds the carrier's lockers
    // whatever their status, and a service that reuses a query of active lockers skips it.
    const last = (await lockers.create()).record;
    const lastState = target.capabilities.statusProfile.available ? stateToSet(target.profile, last) : undefined;
    if (lastState) {
      const set = await api.call('updateLockerStatus', {
        body: lockerStatusBody(target.profile, String(last['uid']), lastState.name),
      });
      observe('NET-OWNED-ADDED', `locker ${String(last['uid'])} set to ${lastState.name} first: ${set.status}`);
    }
    const owned = namesAnOwner(created) && namesAnOwner(last);
    const notOwned: string[] = owned ? [] : [String(created['uid'])];
    const isThirdParty = (l: Json) => l['ownedByCarrier'] === null && /^\d+$/.test(String(l['uid']));
    const thirdParty = (await lockers.list(undefined, api, isThirdParty)).items.find(isThirdParty);
    if (thirdParty) notOwned.push(String(thirdParty['uid']));
    // Not the api2 fixture: without a second key the test still runs, on the other uids. Another
    // carrier's locker counts where its record names another owner, or none.
    if (target.capabilities.secondKey.available) {
      const other = (await lockers.create({}, await clientFor('secondary'))).record;
      if (
        other['ownedByCarrier'] === null ||
        (namesAnOwner(other) && other['ownedByCarrier'] !== created['ownedByCarrier'])
      )
        notOwned.push(String(other['uid']));
    }
    const named = [...new Set([String(created['uid']), ...notOwned])];
    // Between them and the last, more of the carrier's own lockers the runs made, to a list of LONG_ARRAY: the last
    // comes past any batch a service cuts a long list into (§4.10 gives lockerUids no length). Their membership
    // before is not known, so what the answer says of them is not judged.
    const wanted = Math.max(0, LONG_ARRAY - named.length - 1);
    const padding = new Set<string>();
    const ours = (l: Json) =>
      owned &&
      sideOfTag(l['carrier']?.['lockerId']) === 'primary' &&
      l['ownedByCarrier'] === created['ownedByCarrier'] &&
      !named.includes(String(l['uid'])) &&
      String(l['uid']) !== String(last['uid']);
    // Read until enough are found (a staging's list may run long), then made where the run has not made enough yet.
    const enough = (l: Json) => {
      if (ours(l)) padding.add(String(l['uid']));
      return padding.size >= wanted;
    };
    if (owned) await lockers.list(undefined, api, enough);
    while (owned && padding.size < wanted)
      for (const { record } of await Promise.all(
        Array.from({ length: Math.min(api.concurrency, wanted - padding.size) }, () => lockers.create()),
      ))
        padding.add(String(record['uid']));
    const uids = [...named, ...[...padding].slice(0, wanted), String(last['uid'])];
    const exchange = await api.call('addNetworkLockers', {
      params: { uid: target.networkUid! },
      body: { lockerUids: uids.map(int64) },
    });
    const listed = addedRecords(exchange);
    const listedUids = addedUids(exchange);
    if (notOwned.length === 0)
      notObservable('NET-NOT-OWNED-SKIPPED', "no third-party or other carrier's locker was found to mix in");
    if (!owned) notObservable('NET-OWNED-ADDED', NOT_OWNED);
    const kinds = new Map<string, SentKind>([
      ...(owned ? [created, last].map((l) => [String(l['uid']), 'new'] as const) : []),
      ...notOwned.map((u) => [u, 'notOwned'] as const),
    ]);
    const said = `${uids.join(', ')}${lastState ? ` (${String(last['uid'])} set to ${lastState.name})` : ''}`;
    hold(networkAddJudgements(exchange, kinds, listedUids, said), exchange);
    // The same add again, as a client retries it: every locker of the carrier's it named is in the network now, the
    // first of the long list as much as the last, so none is listed as added (§4.10: only those not yet in it are).
    if (owned && exchange.status >= 200 && exchange.status < 300) {
      const again = await api.call('addNetworkLockers', {
        params: { uid: target.networkUid! },
        body: { lockerUids: uids.map(int64) },
      });
      const repeated = new Map<string, SentKind>(
        uids.map((u) => [u, notOwned.includes(u) ? 'notOwned' : 'already'] as const),
      );
      hold(networkAddJudgements(again, repeated, addedUids(again), `the same ${uids.length} uids again`), again);
    }
    const record = judge('NET-RESPONSE-RECORD', exchange);
    for (const entry of listed) {
      record.expect(entry, 'the record lacks a required member').toEqual(
        expect.objectContaining({
          lockerUid: expect.anything(),
          providerName: expect.any(String),
          providerLockerStatus: expect.any(String),
        }),
      );
      record
        .expect(
          Number.isInteger(entry['lockerUid']) || typeof entry['lockerUid'] === 'bigint',
          'lockerUid is not an integer',
        )
        .toBe(true);
    }
    if (listed.length === 0) notObservable('NET-RESPONSE-RECORD', 'no locker was listed as added');
    observe(
      'NET-PENDING-STATUS',
      `a newly added locker shows networkLockerStatus=${JSON.stringify(listed[0]?.['networkLockerStatus'])}`,
    );
  },
);

test(
  'GEN-LIST-ONCE a locker uid sent twice in one add is added once, and the answer and the lists show each record once',
  rules('GEN-LIST-ONCE', 'NET-OWNED-ADDED'),
  async ({ api, lockers, parcels, target }) => {
    const created = (await lockers.create()).record;
    if (!namesAnOwner(created)) notObservable('NET-OWNED-ADDED', NOT_OWNED);
    // Repeats are a freedom of an array (§4.10 gives lockerUids no uniqueness): each record is still one.
    const uid = int64(created['uid']);
    const exchange = await api.call('addNetworkLockers', {
      params: { uid: target.networkUid! },
      body: { lockerUids: [uid, uid] },
    });
    // A list with a repeat refused is a validation §4.10 leaves open: said, not failed.
    if (exchange.status >= 400 && exchange.status < 500) {
      observe('GEN-LIST-ONCE', `a network add naming locker ${created['uid']} twice was refused (${exchange.status})`);
      return;
    }
    expect(exchange).toSucceed('NET-OWNED-ADDED');
    const times = addedUids(exchange).filter((u) => u === String(created['uid'])).length;
    judge('GEN-LIST-ONCE', exchange)
      .expect(times, `locker ${created['uid']}, sent twice in one add, is listed ${times} times in the answer`)
      .toBeLessThanOrEqual(1);
    // The lists the checks judge: each answer shows each record once.
    await lockers.expectListed('LCK-LIST-INCLUDES-CREATED', created);
    if (target.capabilities.writes.available)
      await parcels.expectListed('PCL-BOOKING-CREATES', (await parcels.book(created))['carrierParcelId']);
  },
);

test(
  'NET-UNKNOWN-SKIPPED a uid no locker has is skipped without error and not listed',
  rules('NET-UNKNOWN-SKIPPED'),
  async ({ api, lockers, target }) => {
    const created = (await lockers.create()).record;
    const unknown = `${created['uid']}987`; // a uid no locker has
    const exchange = await api.call('addNetworkLockers', {
      params: { uid: target.networkUid! },
      body: { lockerUids: [int64(created['uid']), int64(unknown)] },
    });
    // §4.10 and §8 speak of lockers only: what a uid naming no locker gets is implied, not stated.
    hold(networkAddJudgements(exchange, new Map([[unknown, 'unknown']]), addedUids(exchange)), exchange);
  },
);

test(
  'NET-ONLY-NEW adding an owned locker already in the network lists nothing for it',
  rules('NET-ONLY-NEW', 'NET-OWNED-ADDED', 'NET-RESPONSE-RECORD'),
  async ({ api, lockers, target }) => {
    const owned = (await lockers.create()).record;
    if (!namesAnOwner(owned)) {
      for (const rule of ['NET-ONLY-NEW', 'NET-OWNED-ADDED']) notObservable(rule, NOT_OWNED);
      return;
    }
    const body = { lockerUids: [int64(owned['uid'])] };
    const uid = String(owned['uid']);
    const first = await api.call('addNetworkLockers', { params: { uid: target.networkUid! }, body });
    hold(networkAddJudgements(first, new Map([[uid, 'new']]), addedUids(first)), first);
    const again = await api.call('addNetworkLockers', { params: { uid: target.networkUid! }, body });
    hold(networkAddJudgements(again, new Map([[uid, 'already']]), addedUids(again)), again);
  },
);

test(
  'NET-PENDING-STATUS reports the network status of newly added lockers',
  rules('NET-PENDING-STATUS'),
  async ({ api, lockers, target }) => {
    const owned = (await lockers.create()).record;
    const exchange = await api.call('addNetworkLockers', {
      params: { uid: target.networkUid! },
      body: { lockerUids: [int64(owned['uid'])] },
    });
    observe(
      'NET-PENDING-STATUS',
      `networkLockerStatus values: ` +
        `${JSON.stringify((exchange.body as Json[] | undefined)?.map((r) => r['networkLockerStatus']))}`,
    );
  },
);

/**
 * What a network locker record says of its locker, and where the locker record says it (§2.5). The
 * statuses are left out: their transitions are not shown (§3), so they may move between two answers.
 */
const DESCRIBES: [member: string, rule: string, of: (locker: Json) => unknown][] = [
  ['lockerName', 'NET-RECORD-LOCKER-NAME', (l) => l['carrier']?.['lockerName']],
  ['providerName', 'NET-RECORD-AGREES', (l) => l['provider']?.['name']],
  ['carrierLockerId', 'NET-RECORD-AGREES', (l) => l['carrier']?.['lockerId']],
  ['providerLockerId', 'NET-RECORD-AGREES', (l) => l['provider']?.['lockerUid']],
];

test(
  'NET-RECORD-LOCKER-NAME network records describe a renamed locker and its batch neighbour as their records do',
  rules('NET-RECORD-LOCKER-NAME', 'NET-RECORD-AGREES'),
  async ({ api, lockers, tag, target }) => {
    // Two lockers of different providers, where the target lists more than one, added in one request: each record
    // of the answer describes its own locker, not the first of the batch.
    const first = await lockers.create();
    const other = (await lockers.providers()).find((p) => p.name !== first.record['provider']?.['name']);
    const second = await lockers.create(other ? { provider: { ...other } } : {});
    const { record, body } = first;
    if (!namesAnOwner(record) || !namesAnOwner(second.record)) {
      for (const rule of ['NET-RECORD-LOCKER-NAME', 'NET-RECORD-AGREES']) notObservable(rule, NOT_OWNED);
      return;
    }
    // Renamed after it was made: a network record built from what the locker was created with shows.
    const lockerName = `Networked ${tag.next('name')}`;
    const renamed = await api.call('updateLocker', {
      params: { uid: record['uid'] },
      body: { carrier: { ...body['carrier'], lockerName } },
    });
    // The newer first: §4.10 gives lockerUids no order, and an answer built in another order than the request's (the
    // uids' own, a join's) shows where the two are added otherwise than made.
    const exchange = await api.call('addNetworkLockers', {
      params: { uid: target.networkUid! },
      body: { lockerUids: [int64(second.record['uid']), int64(record['uid'])] },
    });
    const judged = new Set<string>();
    for (const [made, shows] of [
      [record, (l: Json) => l['carrier']?.['lockerName'] === lockerName],
      [second.record, () => true],
    ] as const) {
      const entry = addedRecords(exchange).find((e) => String(e['lockerUid']) === String(made['uid']));
      // The list may show the rename a moment later (CIS_LIST_SETTLE_MS).
      const { listed: locker, exchange: read } = await lockers.settledRead(made, shows);
      // Refusing the rename is LCK-UPDATE-200's, not listing the locker NET-OWNED-ADDED's.
      if (renamed.status !== 200 || !entry || !locker) {
        const reason =
          renamed.status !== 200
            ? `the rename was answered ${renamed.status}`
            : !entry
              ? `locker ${made['uid']} was not listed as added (answered ${exchange.status})`
              : `the locker list does not show locker ${made['uid']}`;
        for (const rule of ['NET-RECORD-LOCKER-NAME', 'NET-RECORD-AGREES']) notObservable(rule, reason);
        return;
      }
      for (const [member, rule, of] of DESCRIBES) {
        if (entry[member] === undefined || entry[member] === null) continue;
        judged.add(rule);
        // Judged at the network answer and at the list read that shows the locker record.
        judge(rule, exchange, read)
          .expect(entry[member], `the network record's ${member} differs from locker ${made['uid']}'s record`)
          .toBe(of(locker));
      }
    }
    // lockerName is optional (§2.5): a record without it is the target's choice; providerName is required.
    if (!judged.has('NET-RECORD-LOCKER-NAME'))
      memberNeverPresent('NET-RECORD-LOCKER-NAME', `addNetworkLockers: the record of locker ${record['uid']}`);
    if (!judged.has('NET-RECORD-AGREES'))
      notObservable('NET-RECORD-AGREES', 'the network record carries none of the members that describe the locker');
  },
);
