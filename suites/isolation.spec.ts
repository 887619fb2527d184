// Two carriers (CIS_API_KEY_2): what one carrier does is not visible to or changeable by the other.
// The api2 fixture skips a test without a second key.
import {
  addedUids,
  byTenantOwnJudgement,
  canonical,
  memberPaths,
  cancelAcceptedJudgement,
  detectList,
  expect,
  hold,
  int64,
  type Json,
  networkAddJudgements,
  observe,
  ownParcelsJudgement,
  publishAcceptedJudgement,
  rules,
  sharedIdKeptJudgement,
  sharedIdListedJudgement,
  sharedIdTakenJudgement,
  test,
} from '../harness/fixtures';

test(
  "PCL-LIST-OWN neither carrier sees the other's parcels",
  rules('PCL-LIST-OWN'),
  async ({ api, api2, lockers, parcels }) => {
    const [mine, theirs, myMark, theirMark] = await Promise.all([
      lockers.lend('bookings').then((c) => c.record),
      lockers.create({}, api2).then((c) => c.record),
      parcels.mark(),
      parcels.mark(api2),
    ]);
    const myParcel = await parcels.book(mine);
    const theirParcel = await parcels.book(theirs, {}, api2);
    // Each carrier's own booking is looked for page by page; a list the harness cannot page through proves nothing.
    await parcels.expectListed('PCL-LIST-OWN', myParcel['carrierParcelId']);
    await parcels.expectListed('PCL-LIST-OWN', theirParcel['carrierParcelId'], api2);
    // Either booking, shown to the wrong carrier, would be among what that carrier's list gained since its mark.
    const [myList, theirList] = await Promise.all([parcels.listingSince(myMark), parcels.listingSince(theirMark)]);
    const bookedBy = (p: Json) =>
      p['carrierParcelId'] === myParcel['carrierParcelId']
        ? 'the first carrier'
        : p['carrierParcelId'] === theirParcel['carrierParcelId']
          ? 'the second carrier'
          : undefined;
    hold([ownParcelsJudgement(myList.items, 'the first carrier', bookedBy)], myList.exchange);
    hold([ownParcelsJudgement(theirList.items, 'the second carrier', bookedBy)], theirList.exchange);
    // Query parameters are not specified (§4.8): asked with the words clients page by, the list is the caller's parcels
    // still, whatever the target does with them (a refusal is observed).
    for (const [client, who] of [
      [api, 'the first carrier'],
      [api2, 'the second carrier'],
    ] as const) {
      const asked = await client.call('listParcels', { query: { page: '0', size: '50', offset: '0', limit: '50' } });
      if (asked.status < 200 || asked.status >= 300) {
        observe('PCL-LIST-OWN', `GET /parcels with paging words in the query under ${who}'s key: ${asked.status}`);
        continue;
      }
      const items = (detectList(asked.body)?.items ?? []) as Json[];
      hold([ownParcelsJudgement(items, who, bookedBy)], asked);
    }
  },
);

test(
  "ISO-CANCEL-OTHER reports whether the second carrier can cancel the first carrier's parcel",
  // A 404 to it has a JSON body (§7), judged as every answer is.
  // Where that cancel was refused and the parcel reads as it was, its owner's cancel is one like any other (§4.9).
  rules('ISO-CANCEL-OTHER', 'ERR-404-JSON', 'CAN-NOT-DELIVERED'),
  async ({ api2, lockers, parcels }) => {
    const { record } = await lockers.lend('bookings');
    const body = await parcels.book(record);
    const before = await parcels.find(body['carrierParcelId']);
    const exchange = await parcels.cancel(body['carrierParcelId'], api2);
    const after = await parcels.find(body['carrierParcelId']);
    const unchanged = after?.['shipmentStatus'] === before?.['shipmentStatus'];
    observe(
      'ISO-CANCEL-OTHER',
      `the second carrier's cancel answered ${exchange.status}; the parcel ` +
        `${unchanged ? 'stayed as it was' : `changed to ${after?.['shipmentStatus']}`}`,
    );
    // A cancel the second carrier was answered 2xx for may show in the list later: the owner's is not judged then.
    if (!unchanged || exchange.status < 400) return;
    const own = await parcels.cancel(body['carrierParcelId']);
    hold([cancelAcceptedJudgement(own, "its owner's parcel, after the second carrier's cancel of it")], own);
  },
);

test(
  "ISO-PATCH-OTHER reports whether the second carrier can update the first carrier's locker",
  // A 404 to it has a JSON body (§7), judged as every answer is.
  // Where that update was refused, or left the locker as it was, its owner's update is one like any other (§4.3).
  rules('ISO-PATCH-OTHER', 'ERR-404-JSON', 'LCK-UPDATE-200'),
  async ({ api, api2, lockers }) => {
    const { record } = await lockers.create();
    const exchange = await api2.call('updateLocker', {
      params: { uid: record['uid'] },
      body: { metadata: [{ key: 'changed-by', value: 'second carrier' }] },
    });
    const after = await lockers.find(record);
    const stayed = JSON.stringify(after?.['metadata']) === JSON.stringify(record['metadata']);
    observe(
      'ISO-PATCH-OTHER',
      `the second carrier's update answered ${exchange.status}; the locker ${stayed ? 'stayed as it was' : 'changed'}`,
    );
    // What the second carrier's update did, where it was taken, is not stated (it may even move the locker).
    if (exchange.status < 400 && (!stayed || after?.['ownedByCarrier'] !== record['ownedByCarrier'])) return;
    const own = await api.call('updateLocker', {
      params: { uid: record['uid'] },
      body: { metadata: [{ key: 'changed-by', value: 'first carrier' }] },
    });
    expect(own).toSucceed('LCK-UPDATE-200');
  },
);

test(
  "NET-NOT-OWNED-SKIPPED the second carrier's locker is skipped when the first carrier adds it to its network",
  rules('NET-NOT-OWNED-SKIPPED'),
  async ({ api, api2, lockers, target }) => {
    const theirs = (await lockers.create({}, api2)).record;
    const exchange = await api.call('addNetworkLockers', {
      params: { uid: target.networkUid! },
      body: { lockerUids: [int64(theirs['uid'])] },
    });
    hold(networkAddJudgements(exchange, new Map([[String(theirs['uid']), 'notOwned']]), addedUids(exchange)), exchange);
  },
);

test(
  "PCL-BY-TENANT-OWN a booking by a carrierLockerId only the second carrier's locker has books nothing into " +
    'that locker',
  rules('PCL-BY-TENANT-OWN'),
  async ({ api, api2, lockers, parcels, tag }) => {
    // A fresh identifier, so that no locker of the first carrier (nor a third party's) has it.
    const lockerId = tag.next('CCT');
    const theirs = (
      await lockers.create(
        { carrier: { lockerName: 'Other carrier', lockerId, activationDate: '2026-01-15T08:00:00Z' } },
        api2,
      )
    ).record;
    const body = parcels.body(theirs, {}, 'tenant');
    const exchange = await parcels.publish(body, 'tenant');
    const id = body['carrierParcelId'];
    // Judged at the publish and at each carrier's list read.
    const [{ parcel: mine, exchange: myRead }, { parcel: seenByThem, exchange: theirRead }] = await Promise.all([
      parcels.lookup(id),
      parcels.lookup(id, api2),
    ]);
    const shownIn = [mine?.['lockerUid'], seenByThem?.['lockerUid']];
    hold([byTenantOwnJudgement(id, lockerId, [theirs['uid']], shownIn)], exchange, myRead, theirRead);
    observe(
      'PCL-BY-TENANT-OWN',
      `a booking by another carrier's carrierLockerId was answered ` +
        `${exchange.status}${mine ? `, and is listed in locker ${mine['lockerUid']}` : ''}`,
    );
    // Their locker's other identifiers sent as the carrierLockerId: its uid, and the provider-side id its record shows
    // (§2.1 provider.lockerUid). Neither is the carrier's own locker identifier (§1), but no sentence forbids a lookup
    // falling back to another kind of id: where the booking went is reported.
    const provider = (theirs['provider'] as Json | undefined)?.['lockerUid'];
    for (const other of [theirs['uid'], provider].filter((v): v is string => typeof v === 'string')) {
      const sent: Json = { ...parcels.body(theirs, {}, 'tenant'), carrierLockerId: other };
      const answer = await parcels.publish(sent, 'tenant');
      const { parcel: listed } = await parcels.lookup(sent['carrierParcelId']);
      const into = listed?.['lockerUid'];
      const whose = String(into) === String(theirs['uid']) ? 'their locker' : 'locker';
      observe(
        'PCL-BY-TENANT-OWN',
        `a booking by the other carrier's locker's ${other === provider ? 'provider.lockerUid' : 'uid'} as the ` +
          `carrierLockerId was answered ${answer.status}` +
          `${into === undefined ? '' : `, and is listed in ${whose} ${String(into)}`}`,
      );
    }
    // The conformant choice nearest the fault: identifiers per carrier. Once the first carrier has a locker
    // under the same identifier (where the target lets it), a booking by it goes there, never to theirs.
    // Sent as is, not through the factory: a target keeping identifiers unique across carriers refuses it,
    // conformantly.
    const created = await api.call('createLocker', {
      body: await lockers.body({
        carrier: { lockerName: 'Same identifier', lockerId, activationDate: '2026-01-15T08:00:00Z' },
      }),
    });
    if (created.status < 200 || created.status >= 300) {
      observe(
        'PCL-BY-TENANT-OWN',
        `the first carrier cannot have a locker under the second carrier's identifier (${created.status})`,
      );
      return;
    }
    const second = parcels.body(created.body as Json, {}, 'tenant');
    const answer = await parcels.publish(second, 'tenant');
    const { parcel: listed, exchange: read } = await parcels.lookup(second['carrierParcelId']);
    const own = byTenantOwnJudgement(second['carrierParcelId'], lockerId, [theirs['uid']], [listed?.['lockerUid']]);
    hold([own], answer, read);
  },
);

test(
  "ISO-CARRIER-IDS two carriers booking under one carrierParcelId are each served as their own, and one's " +
    "cancel leaves the other's booking",
  rules('ISO-CARRIER-IDS'),
  async ({ api2, lockers, parcels }) => {
    const [mine, theirs, theirMark] = await Promise.all([
      lockers.create().then((c) => c.record),
      lockers.create({}, api2).then((c) => c.record),
      parcels.mark(api2),
    ]);
    // An id neither carrier's tag names: which carrier a delivery about it concerns is not read off it.
    const shared = `CCPX-${mine['uid']}-${theirs['uid']}`;
    const booked = await parcels.publish(parcels.body(mine, { carrierParcelId: shared }), 'uid');
    hold([publishAcceptedJudgement(booked, `the first carrier's booking of ${shared}`)], booked);
    // The first carrier's parcel as its list shows it before the other carrier books the id, with another consignee
    // (what two bookings of one id share, a store keyed by the id alone mixes up).
    const first = await parcels.expectListedAt('ISO-CARRIER-IDS', shared);
    const second = await parcels.publish(
      parcels.body(theirs, {
        carrierParcelId: shared,
        consignee: { name: 'Second Carrier Consignee', email: 'second.carrier@example.com' },
      }),
      'uid',
      api2,
    );
    hold([sharedIdTakenJudgement(second, shared)], second);
    const before = await parcels.expectListedAt('ISO-CARRIER-IDS', shared);
    // Every member §2.4 lists as it was, but what §3 lets a parcel's state move on its own ("Transitions: not shown"):
    // the other carrier's booking named no parcel of the first carrier's. A member beyond §2.4 has no stated meaning,
    // so what it shows may move with anything (a delivery acknowledged, say).
    const listed = new Set(memberPaths('Parcel').map((path) => path.split('.')[0]));
    const kept = (p: Json) => {
      const { events: _events, accessCodes: _codes, ...rest } = p;
      return canonical(Object.fromEntries(Object.entries(rest).filter(([name]) => listed.has(name))));
    };
    const booking = `the first carrier's ${shared}, after the second carrier booked the id,`;
    hold([sharedIdKeptJudgement(booking, kept(first.parcel), kept(before.parcel))], second, before.exchange);
    // Read last from the second carrier's list, its own shipmentUid is the one a cancel by shipmentUid names.
    await parcels.expectListedAt('ISO-CARRIER-IDS', shared, api2);
    const cancelled = await parcels.cancel(shared, api2);
    hold([cancelAcceptedJudgement(cancelled, `the second carrier's parcel ${shared}`)], cancelled);
    const after = await parcels.expectListedAt('ISO-CARRIER-IDS', shared);
    const what = `the first carrier's ${shared}, after the second carrier cancelled its own,`;
    hold([sharedIdKeptJudgement(what, kept(before.parcel), kept(after.parcel))], cancelled, after.exchange);
    const theirList = await parcels.listingSince(theirMark);
    const theirUids = theirList.items.filter((p) => p['carrierParcelId'] === shared).map((p) => p['lockerUid']);
    hold([sharedIdListedJudgement(theirUids, mine['uid'], "the second carrier's")], theirList.exchange);
  },
);
