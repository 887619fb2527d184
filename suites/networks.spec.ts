// Networks (§2.5, §4.10, §8): owned lockers are added; everything else is skipped without error.
import { expect, expectControlAccepted, judge, observe, rules, test, type Json } from '../harness/fixtures';

test('NET-NOT-OWNED-SKIPPED one request mixing owned, third-party, unknown and other carriers\' lockers adds exactly the owned one', rules('NET-NOT-OWNED-SKIPPED', 'NET-OWNED-ADDED', 'NET-RESPONSE-RECORD'), async ({ api, lockers, target, clientFor }) => {
  const owned = (await lockers.create()).record;
  const thirdParty = (await lockers.list()).items.find((l) => l['ownedByCarrier'] === null && /^\d+$/.test(String(l['uid'])));
  const uids = [Number(owned['uid'])];
  if (thirdParty) uids.push(Number(thirdParty['uid']));
  uids.push(Number(owned['uid']) * 1000 + 987); // a uid no locker has
  // Not the api2 fixture: without a second key the test still runs, on the other uids.
  if (target.capabilities.secondKey.available) {
    const other = (await lockers.create({}, await clientFor('secondary'))).record;
    uids.push(Number(other['uid']));
  }
  const exchange = await api.call('addNetworkLockers', { params: { uid: target.networkUid! }, body: { lockerUids: uids } });
  expect(exchange).toSucceed('NET-NOT-OWNED-SKIPPED');
  const listed = (Array.isArray(exchange.body) ? exchange.body : []) as Json[];
  const listedUids = listed.map((r) => r['lockerUid']);
  judge('NET-OWNED-ADDED', exchange).expect(listedUids, `the owned locker ${owned['uid']} is not listed as added`).toContain(Number(owned['uid']));
  judge('NET-NOT-OWNED-SKIPPED', exchange).expect(listedUids, `sent ${uids.join(', ')}; only ${owned['uid']} is the carrier's`).toEqual([Number(owned['uid'])]);
  const record = judge('NET-RESPONSE-RECORD', exchange);
  record.expect(listed[0], 'the record lacks a required member').toEqual(
    expect.objectContaining({ lockerUid: Number(owned['uid']), providerName: expect.any(String), providerLockerStatus: expect.any(String) }),
  );
  record.expect(Number.isInteger(listed[0]!['lockerUid']), 'lockerUid is not an integer').toBe(true);
  observe('NET-PENDING-STATUS', `a newly added locker shows networkLockerStatus=${JSON.stringify(listed[0]?.['networkLockerStatus'])}`);
  if (!thirdParty) observe('NET-NOT-OWNED-SKIPPED', 'no third-party locker was listed to mix in');
});

test('NET-ONLY-NEW adding an owned locker already in the network lists nothing for it', rules('NET-ONLY-NEW', 'NET-RESPONSE-RECORD'), async ({ api, lockers, target }) => {
  const owned = (await lockers.create()).record;
  const body = { lockerUids: [Number(owned['uid'])] };
  const first = await api.call('addNetworkLockers', { params: { uid: target.networkUid! }, body });
  judge('NET-OWNED-ADDED', first).expect((first.body as Json[]).map((r) => r['lockerUid']), 'the owned locker was not added').toEqual([Number(owned['uid'])]);
  const again = await api.call('addNetworkLockers', { params: { uid: target.networkUid! }, body });
  expect(again).toSucceed('NET-ONLY-NEW');
  judge('NET-ONLY-NEW', again).expect(again.body, 'a locker already in the network was listed as newly added').toEqual([]);
});

test('NET-PENDING-STATUS reports the network status of newly added lockers', rules('NET-PENDING-STATUS'), async ({ api, lockers, target }) => {
  const owned = (await lockers.create()).record;
  const exchange = await api.call('addNetworkLockers', { params: { uid: target.networkUid! }, body: { lockerUids: [Number(owned['uid'])] } });
  observe('NET-PENDING-STATUS', `networkLockerStatus values: ${JSON.stringify((exchange.body as Json[] | undefined)?.map((r) => r['networkLockerStatus']))}`);
});

for (const [what, body] of [
  ['without lockerUids', {}],
  ['with uids as strings', { lockerUids: ['100001'] }],
  ['with fractional uids', { lockerUids: [100001.5] }],
  ['with lockerUids not an array', { lockerUids: 100001 }],
] as const) {
  test(`NET-REQUEST-BODY rejects a body ${what}`, rules('NET-REQUEST-BODY'), async ({ api, target }) => {
    const exchange = await api.call('addNetworkLockers', { params: { uid: target.networkUid! }, body });
    // The control: an empty list is a valid body (lockerUids is required, its length is not limited).
    if (exchange.status >= 400 && exchange.status < 500) {
      expectControlAccepted(await api.call('addNetworkLockers', { params: { uid: target.networkUid! }, body: { lockerUids: [] } }), ['NET-REQUEST-BODY']);
    }
    expect(exchange).toBeRejected('NET-REQUEST-BODY');
  });
}
