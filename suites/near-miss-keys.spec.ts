// Near misses of the carrier's key (§5: every operation uses an API key in X-API-Key), on every
// operation: the key with a character appended, a prefix of it, its last character replaced, in
// changed letter case (generators/keys.ts). A service that compares only part of the key takes one of
// them as the carrier. Each is refused, what it would have changed is read back and must be as it
// was, and the same request with the key itself is then accepted (the positive control; without it a
// refusal proves nothing). The changed-case key is judged under AUTH-KEY-CASE, a should: the spec does
// not say a key is compared with its letter case. The key with surrounding whitespace is reported only: HTTP removes
// that whitespace (RFC 9110 §5.5), so the service may rightly receive the key itself.
import { nearMissesOf } from '../generators';
import {
  addedUids,
  documentedResponse,
  expect,
  expectControlAccepted,
  int64,
  isRefusal,
  judge,
  lockerStatusBody,
  notObservable,
  observe,
  operation,
  rules,
  stateToSet,
  test,
  withoutManaged,
  type CisClient,
  type Exchange,
  type Json,
  type LockerFactory,
  type ParcelFactory,
  type RunSettings,
  type Tagger,
} from '../harness/fixtures';

const RULE = 'AUTH-KEY-REQUIRED';
/** One request body per near miss a key gives (generators/keys.ts: at most five), so that each can have its own
 * effect. */
const NEAR_MISSES = [0, 1, 2, 3, 4];
const CASE_RULE = 'AUTH-KEY-CASE';
/** The must stops the test at its first miss; the should's miss goes on, so the other near misses are still judged. */
const asserting = (rule: string) => (rule === CASE_RULE ? expect.soft : expect);

/** The keyless client, sending `key` in X-API-Key: the client sets the header only where it has a key of its own. */
function withKey(keyless: CisClient, key: string): CisClient {
  const client = Object.create(keyless) as CisClient;
  client.call = (operationId, options = {}) =>
    keyless.call(operationId, { ...options, headers: { ...options.headers, 'x-api-key': key } });
  return client;
}

interface Fixtures {
  api: CisClient;
  lockers: LockerFactory;
  parcels: ParcelFactory;
  target: RunSettings;
  tag: Tagger;
  requires: (...capabilities: ('writes' | 'statusProfile' | 'network' | 'trigger')[]) => void;
}

/** One request of the operation in one form, sent once per near miss and then with the key. */
interface Arranged {
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

const RECIPES: Record<string, (f: Fixtures) => Promise<Arranged[]>> = {
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
          return Array.from({ length: n }, (_, i) =>
            applied(i)
              ? `locker ${record['uid']} shows the metadata this request sent`
              : changed
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
        // (harness/records/booking-room.ts).
        const room = parcels.room(record, async () => (await lockers.lend('bookings')).record);
        const ids: string[] = [];
        for (const _ of NEAR_MISSES) {
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
          effects: (n) =>
            parcelEffects(parcels, mark, ids.slice(0, n), (p) =>
              p['shipmentStatus'] === booked.get(p['carrierParcelId'])
                ? undefined
                : `parcel ${p['carrierParcelId']} went from ${String(booked.get(p['carrierParcelId']))} to ` +
                  `${String(p['shipmentStatus'])}`,
            ),
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
        // The network's members cannot be read (§4.10): the control lists only newly added lockers, so one it lists not
        // was added before.
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

function publish(path: 'uid' | 'tenant'): (f: Fixtures) => Promise<Arranged[]> {
  return async ({ lockers, parcels, requires }) => {
    requires('writes');
    const { record } = await lockers.lend('bookings');
    const mark = await parcels.mark();
    const bodies = NEAR_MISSES.map(() => parcels.body(record, {}, path));
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

for (const [operationId, recipe] of Object.entries(RECIPES)) {
  // Where §7 lists a 401 for the operation, a near miss is a wrong key as any other (AUTH-401-*).
  const unauthorized = documentedResponse(operation(operationId), 401)?.code === '401';
  const named = [RULE, CASE_RULE, ...(unauthorized ? ['AUTH-401-BODY', 'AUTH-401-STATUS'] : [])];
  test(
    `AUTH-KEY-REQUIRED ${operationId} refuses near misses of the carrier's key, none of which changes ` +
      `anything, and accepts the key itself`,
    rules(...named),
    async ({ api, anonymous, lockers, parcels, target, tag, requires }) => {
      const { judged, observed } = nearMissesOf(target.apiKey);
      const misses = judged.map((miss) => ({
        ...miss,
        rule: miss.letterCase ? CASE_RULE : RULE,
        client: withKey(anonymous, miss.value),
      }));
      for (const arranged of await recipe({ api, lockers, parcels, target, tag, requires })) {
        const refused = await Promise.all(misses.map(({ client }, i) => arranged.send(client, i)));
        const effects = (await arranged.effects?.(misses.length)) ?? misses.map(() => undefined);
        // An answer that is no refusal, or an effect, fails at once; the passes wait for the control.
        const verdicts = (all: boolean) =>
          misses.forEach(({ what, rule }, i) => {
            const exchange = refused[i]!;
            if (all || !isRefusal(exchange)) asserting(rule)(exchange).toBeRejected(rule);
            if (all || effects[i] !== undefined)
              judge(rule, exchange)
                [rule === CASE_RULE ? 'soft' : 'expect'](
                  effects[i],
                  `${arranged.place} with ${what}, answered ${exchange.status}, had an effect`,
                )
                .toBeUndefined();
          });
        verdicts(false);
        const control = await arranged.send(api, 0);
        expectControlAccepted(control, named);
        const { idle, effect } = (await arranged.confirm?.(control)) ?? {};
        if (effect) misses.forEach((_, i) => (effects[i] = effect));
        if (idle) {
          misses.forEach(({ rule }, i) =>
            isRefusal(refused[i]!) ? undefined : asserting(rule)(refused[i]!).toBeRejected(rule),
          );
          notObservable(
            RULE,
            `${arranged.place}: ${idle}, so an unchanged target after near misses of the key proves nothing`,
          );
          continue;
        }
        verdicts(true);
        // A changed-case key taken as the carrier's is AUTH-KEY-CASE's warning, no refusal to judge the status of.
        for (const exchange of unauthorized ? refused.filter((e, i) => !misses[i]!.letterCase || isRefusal(e)) : []) {
          expect(exchange).toBeRejected('AUTH-401-STATUS', 401);
          if (exchange.status !== 401)
            notObservable(
              'AUTH-401-BODY',
              `${arranged.place}: a near miss of the key was answered ${exchange.status}, not 401`,
            );
          else
            for (const member of ['errorCode', 'message'])
              judge('AUTH-401-BODY', exchange)
                .expect(exchange.body ?? {}, `the 401 body has no ${member}`)
                .toHaveProperty(member);
        }
        // Whitespace around the key is sent on reads only: a write would rightly go through as the carrier's.
        if (arranged.effects || arranged.confirm) continue;
        for (const { what, value, why } of observed) {
          const answer = await arranged.send(withKey(anonymous, value), 0);
          observe(RULE, `${arranged.place} with ${what} answered ${answer.status} (not judged: ${why})`);
        }
      }
    },
  );
}
