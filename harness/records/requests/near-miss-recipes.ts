// How each operation's request is arranged for suites/near-miss-keys.spec.ts: the request sent once per
// near miss of the carrier's key and then with the key itself, and how what a near miss changed is read
// back (a created record, a changed status, a booked parcel, a locker added to the network).
import { expect } from '../../evidence/judge';
import { notObservable } from '../../evidence/rules';
import type { CisClient } from '../../http/client';
import type { Exchange } from '../../http/exchange';
import { int64, type Json } from '../../http/json';
import type { RunSettings } from '../../target/run-settings';
import { lockerStatusBody, stateToSet } from '../../target/profile';
import type { LockerFactory } from '../lockers/locker-factory';
import { addedUids } from '../lockers/network-uids';
import type { ParcelFactory } from '../parcels/parcel-factory';
import { withoutManaged } from '../../judgements/record-fidelity';
import type { Tagger } from '../lockers/tagging';
import { keyPlacesBesides, MOST_NEAR_MISSES } from '../../../generators';
import { memberEnum } from '../../../spec/schemas';

/** What a recipe that cannot arrange its request reports under: the suite's must rule. */
const RULE = 'AUTH-KEY-REQUIRED';
/**
 * One request body per near miss a key gives (generators/keys.ts) and per other place the key may be put
 * (generators/key-places.ts), so that each can have its own effect.
 */
const NEAR_MISSES = [...Array(MOST_NEAR_MISSES + keyPlacesBesides('ApiKey', 'key').length).keys()];

export interface Fixtures {
  api: CisClient;
  lockers: LockerFactory;
  parcels: ParcelFactory;
  target: RunSettings;
  tag: Tagger;
  requires: (...capabilities: ('writes' | 'statusProfile' | 'network' | 'trigger')[]) => void;
}

/** One request of the operation in one form, sent once per near miss and then with the key. */
export interface Arranged {
  place: string;
  /** The i-th near miss's request (i = 0 is also the control's), by the client given. */
  send: (client: CisClient, i: number) => Promise<Exchange>;
  /** After the near misses, before the control: what each changed (undefined: nothing). */
  effects?: (n: number) => Promise<(string | undefined)[]>;
  /**
   * After the accepted control: `idle` where an unchanged target proves nothing (the control changed
   * nothing either), `effect` where the control shows that a near miss had changed it already.
   */
  confirm?: (control: Exchange) => Promise<{ idle?: string; effect?: string }>;
}

const statuses = (record: Json | undefined): unknown[] => [
  record?.['carrier']?.['status'],
  record?.['provider']?.['status'],
];
const read =
  (operationId: string): ((f: Fixtures) => Promise<Arranged[]>) =>
  async () => [{ place: operationId, send: (client) => client.call(operationId) }];

/** GET /lockers filtered by one provider the target lists (§4.2 names providerName): a read of a few records, not of
 * every locker. */
const readLockers = async ({ lockers }: Fixtures): Promise<Arranged[]> => {
  const query = { providerName: (await lockers.nextProvider()).name };
  return [{ place: 'listLockers', send: (client) => client.call('listLockers', { query }) }];
};

/** Each near miss its own parcel (of the ids listed since `mark`): one that a near miss booked, created or changed
 * names it. */
async function parcelEffects(
  parcels: ParcelFactory,
  mark: Awaited<ReturnType<ParcelFactory['mark']>>,
  ids: string[],
  what: (p: Json) => string | undefined,
): Promise<(string | undefined)[]> {
  const listed = await parcels.listSince(mark);
  return ids.map((id) => {
    const parcel = listed.filter((p) => p['carrierParcelId'] === id).pop();
    return parcel ? what(parcel) : undefined;
  });
}

export const RECIPES: Record<string, (f: Fixtures) => Promise<Arranged[]>> = {
  listLockers: readLockers,
  listProviders: read('listProviders'),
  listParcels: read('listParcels'),
  async createLocker({ lockers, requires }) {
    requires('writes');
    // The mark before any near miss is sent: what they created is then read on the pages added since.
    const [bodies, mark] = await Promise.all([Promise.all(NEAR_MISSES.map(() => lockers.body())), lockers.mark()]);
    return [
      {
        place: 'createLocker',
        send: (client, i) => client.call('createLocker', { body: bodies[i] }),
        effects: async (n) =>
          (
            await lockers.withLockerIds(
              bodies
                .slice(0, n)
                .map((b) => ({ lockerId: b['carrier']['lockerId'], providerName: b['provider']['name'] })),
              mark,
            )
          ).map((found) => (found.length ? `locker ${found[0]!['uid']} was created` : undefined)),
      },
    ];
  },
  async updateLocker({ lockers, requires }) {
    requires('writes');
    // A fresh locker: its record before and after is compared, and a lent one's earlier update may show late.
    const { record } = await lockers.create();
    const before = await lockers.find(record);
    const bodyOf = (i: number) => ({
      metadata: [...(record['metadata'] ?? []), { key: 'near-miss', value: `request ${i}` }],
    });
    return [
      {
        place: 'updateLocker',
        send: (client, i) => client.call('updateLocker', { params: { uid: record['uid'] }, body: bodyOf(i) }),
        effects: async (n) => {
          const after = await lockers.find(record);
          const changed = JSON.stringify(withoutManaged(after)) !== JSON.stringify(withoutManaged(before));
          const applied = (i: number) => JSON.stringify(after?.['metadata'] ?? []).includes(`"request ${i}"`);
          // A change the metadata of one request explains is that request's, not every request's.
          const explained = Array.from({ length: n }, (_, i) => applied(i)).some(Boolean);
          return Array.from({ length: n }, (_, i) =>
            applied(i)
              ? `locker ${record['uid']} shows the metadata this request sent`
              : changed && !explained
                ? `locker ${record['uid']} changed`
                : undefined,
          );
        },
        confirm: async () =>
          (await lockers.settled(record, (l) => JSON.stringify(l['metadata']).includes('"request 0"')))
            ? {}
            : { idle: 'the accepted update did not show in the locker list either' },
      },
    ];
  },
  async updateLockerStatus({ lockers, target, requires }) {
    requires('writes', 'statusProfile');
    const { record } = await lockers.create();
    const before = statuses(await lockers.find(record));
    const next = stateToSet(target.profile, record);
    const body = lockerStatusBody(target.profile, record['uid'], next.name);
    return [
      {
        place: 'updateLockerStatus',
        send: (client) => client.call('updateLockerStatus', { body }),
        effects: async (n) => {
          const now = statuses(await lockers.find(record));
          return Array(n).fill(
            JSON.stringify(now) === JSON.stringify(before)
              ? undefined
              : `locker ${record['uid']} went from ${before.join('/')} to ${now.join('/')}`,
          );
        },
        confirm: async () =>
          statuses(await lockers.settled(record, (l) => statuses(l).includes(next.shows))).includes(next.shows)
            ? {}
            : { idle: `the accepted status change did not show ${next.shows} either` },
      },
    ];
  },
  publishParcel: publish('uid'),
  publishParcelByCarrierLockerId: publish('tenant'),
  async cancelParcel({ lockers, parcels, requires }) {
    requires('writes');
    const { record } = await lockers.lend('bookings');
    const { taken, untaken } = await parcels.cancelForms(record);
    for (const { kind, why } of untaken) notObservable(RULE, `cancelParcel by ${kind}: ${why}`);
    const arranged = await Promise.all(
      taken.map(async (kind): Promise<Arranged | undefined> => {
        const mark = await parcels.mark();
        // A parcel per near miss, moving to a fresh locker when the target says one is full
        // (harness/records/parcels/booking-room.ts).
        const room = parcels.room(record, async () => (await lockers.lend('bookings')).record);
        const ids: string[] = [];
        // And one sent nothing, the control: a move it makes too is the service's own (§3 "Transitions: not shown":
        // a booking confirmed after its answer), no effect of a refused request.
        for (const _ of [...NEAR_MISSES, 'control']) {
          const { exchange, body } = await room.publish(parcels.body(record));
          expect(exchange).toSucceed('PCL-BOOKING-CREATES');
          ids.push(body['carrierParcelId']);
        }
        // Each booking as the list shows it once it does (a list may lag its writes): a parcel not yet listed has no
        // status to change from.
        const { byId } = await parcels.expectEachListed('PCL-BOOKING-CREATES', ids, mark);
        const booked = new Map([...byId].map(([id, p]) => [id, p['shipmentStatus']]));
        const pathIds = await Promise.all(ids.map((id) => parcels.pathIdOf(kind, id)));
        if (pathIds.includes(undefined)) {
          notObservable(RULE, `cancelParcel by ${kind}: GET /parcels shows no ${kind} for the booked parcels`);
          return undefined;
        }
        return {
          place: `cancelParcel by ${kind}`,
          // Not through cancel(): a refused cancellation leaves the parcel booked, for the factory to cancel after the
          // test.
          send: (client, i) => parcels.call(kind, String(pathIds[i]), client),
          effects: async (n) => {
            const [control, ...effects] = await parcelEffects(
              parcels,
              mark,
              [ids[ids.length - 1]!, ...ids.slice(0, n)],
              (p) =>
                p['shipmentStatus'] === booked.get(p['carrierParcelId']) ? undefined : String(p['shipmentStatus']),
            );
            return effects.map((now, i) =>
              now === undefined || now === control
                ? undefined
                : `parcel ${ids[i]} went from ${String(booked.get(ids[i]!))} to ${now}`,
            );
          },
        };
      }),
    );
    return arranged.filter((a): a is Arranged => a !== undefined);
  },
  async addNetworkLockers({ api, lockers, target, requires }) {
    requires('writes', 'network');
    const { record } = await lockers.create();
    if (typeof record['ownedByCarrier'] !== 'string' || record['ownedByCarrier'] === '') {
      notObservable(
        RULE,
        "addNetworkLockers: the created locker's ownedByCarrier names no carrier, and who owns a created " +
          'locker is not stated (LCK-OWNED-BY): no add can be seen',
      );
      return [];
    }
    const uid = String(record['uid']);
    const params = { uid: target.networkUid! };
    return [
      {
        place: 'addNetworkLockers',
        send: (client) => client.call('addNetworkLockers', { params, body: { lockerUids: [int64(uid)] } }),
        // The network's members cannot be read (§4.10): the control lists only newly added lockers, so
        // one it lists not was added before.
        confirm: async (control) => {
          if (addedUids(control).includes(uid)) return {};
          const witness = String((await lockers.create()).record['uid']);
          const fresh = await api.call('addNetworkLockers', { params, body: { lockerUids: [int64(witness)] } });
          return addedUids(fresh).includes(witness)
            ? {
                effect:
                  `locker ${uid} was already in network ${target.networkUid} when the carrier's key added it: ` +
                  `a near-miss request had added it`,
              }
            : { idle: "the network adds none of the run's lockers (NET-OWNED-ADDED), so membership cannot be seen" };
        },
      },
    ];
  },
  async triggerFirstMileEvent({ lockers, parcels, tag, requires }) {
    requires('writes', 'trigger');
    const { record } = await lockers.lend('bookings');
    const mark = await parcels.mark();
    // BOOKING_CREATED of a new first-mile parcel: the event TRG-RESPONSE judges accepted (cancelled after the test).
    const bodies = NEAR_MISSES.map(() => parcels.triggerBody(record, tag.next('CCFM'), 'BOOKING_CREATED'));
    return [
      {
        place: 'triggerFirstMileEvent',
        send: (client, i) =>
          parcels.trigger(record, bodies[i]!['parcel_id'], 'BOOKING_CREATED', client, { mark: false }),
        effects: (n) =>
          parcelEffects(
            parcels,
            mark,
            bodies.slice(0, n).map((b) => b['parcel_id']),
            (p) => `parcel ${p['carrierParcelId']} was created`,
          ),
      },
    ];
  },
};

/** The publish request's eventType values (§2.3), from the document; BOOKING first, the control's (sent as body 0). */
const EVENT_TYPES = memberEnum('PublishFields', 'eventType').sort();

function publish(path: 'uid' | 'tenant'): (f: Fixtures) => Promise<Arranged[]> {
  return async ({ lockers, parcels, requires }) => {
    requires('writes');
    const { record } = await lockers.lend('bookings');
    const mark = await parcels.mark();
    // Each eventType the document lists in turn: a check (PRE_CHECK) is held to the key as a booking is.
    const bodies = NEAR_MISSES.map((i) =>
      parcels.body(record, { eventType: EVENT_TYPES[i % EVENT_TYPES.length] }, path),
    );
    return [
      {
        place: path === 'uid' ? 'publishParcel' : 'publishParcelByCarrierLockerId',
        send: (client, i) => parcels.publish(bodies[i]!, path, client),
        effects: (n) =>
          parcelEffects(
            parcels,
            mark,
            bodies.slice(0, n).map((b) => b['carrierParcelId']),
            (p) => `parcel ${p['carrierParcelId']} was booked`,
          ),
      },
    ];
  };
}
