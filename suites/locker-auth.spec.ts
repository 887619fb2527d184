// A refused key changes nothing (§5: every operation needs the key; AUTH-KEY-REQUIRED): the locker
// operations sent without a key and with a wrong key, and what they would have changed read back —
// the locker record, its status, the network's members. A refusal proves the rule only when the exact
// request, with the carrier's key, is then accepted and does change it; until then nothing is passed.
import {
  addedUids,
  expect,
  expectControlAccepted,
  int64,
  isRefusal,
  judge,
  lockerStatusBody,
  lockerStatusShown,
  notObservable,
  rules,
  test,
  withoutManaged,
  type CisClient,
  type Exchange,
  type Json,
} from '../harness/fixtures';

const RULE = 'AUTH-KEY-REQUIRED';
const statuses = (record: Json | undefined): unknown[] => [
  record?.['carrier']?.['status'],
  record?.['provider']?.['status'],
];
const namesAnOwner = (record: Json) => typeof record['ownedByCarrier'] === 'string' && record['ownedByCarrier'] !== '';

/**
 * The refused requests, judged: an answer that is no refusal fails at once, and so does an effect
 * (`effect` names it, or is undefined); the passes wait for the control (`passAfterControl`).
 */
function failEarly(refused: Exchange[], effects: (string | undefined)[]): () => void {
  for (const exchange of refused) if (!isRefusal(exchange)) expect(exchange).toBeRejected(RULE);
  refused.forEach((exchange, i) => {
    if (effects[i] !== undefined)
      judge(RULE, exchange).expect(effects[i], 'a request with no valid key had an effect').toBeUndefined();
  });
  return () => {
    for (const exchange of refused) expect(exchange).toBeRejected(RULE);
    refused.forEach((exchange, i) =>
      judge(RULE, exchange).expect(effects[i], 'a request with no valid key had an effect').toBeUndefined(),
    );
  };
}

/** The locker is no longer listed: what the refused requests changed cannot be read, though an answer that is no
 * refusal still fails. */
function unreadable(refused: Exchange[], record: Json): void {
  for (const exchange of refused) if (!isRefusal(exchange)) expect(exchange).toBeRejected(RULE);
  notObservable(
    RULE,
    `the locker list no longer shows locker ${record['uid']}, so what a request without a valid key changed ` +
      `cannot be read`,
  );
}

const WITHOUT: { client: 'anonymous' | 'wrongKey'; what: string }[] = [
  { client: 'anonymous', what: 'without X-API-Key' },
  { client: 'wrongKey', what: 'with a key no carrier has' },
];

test.describe('locker operations without a valid key change nothing', () => {
  test(
    'AUTH-KEY-REQUIRED a create without a valid key creates no locker',
    rules(RULE),
    async ({ api, anonymous, wrongKey, lockers, requires }) => {
      requires('writes');
      const clients: Record<string, CisClient> = { anonymous, wrongKey };
      const [body, mark] = await Promise.all([lockers.body(), lockers.mark()]);
      const refused = await Promise.all(WITHOUT.map(({ client }) => clients[client]!.call('createLocker', { body })));
      // What they created is on the pages added since the mark, not in the carrier's history.
      const { lockers: created, listing } = (
        await lockers.readWithLockerIds(
          [{ lockerId: body['carrier']['lockerId'], providerName: body['provider']['name'] }],
          mark,
        )
      )[0]!;
      // A locker missing from a list not read through proves nothing.
      if (!created.length && !listing.complete) {
        for (const exchange of refused) if (!isRefusal(exchange)) expect(exchange).toBeRejected(RULE);
        notObservable(
          RULE,
          `the locker list could not be read through (${listing.incomplete}), so a locker created without a ` +
            `valid key could be on a page not read`,
        );
        return;
      }
      const pass = failEarly(
        refused,
        refused.map(() => (created.length ? `locker ${created[0]!['uid']} was created` : undefined)),
      );
      const control = await api.call('createLocker', { body });
      expectControlAccepted(control, [RULE]);
      pass();
    },
  );

  test(
    'AUTH-KEY-REQUIRED an update without a valid key leaves the locker record as it was',
    rules(RULE),
    async ({ api, anonymous, wrongKey, lockers, tag, requires }) => {
      requires('writes');
      const clients: Record<string, CisClient> = { anonymous, wrongKey };
      const { record } = await lockers.create();
      const before = await lockers.find(record);
      if (!before) {
        notObservable(
          RULE,
          `the locker list does not show locker ${record['uid']}, so what an update changed cannot be read`,
        );
        return;
      }
      // Changes to members the record shows, so that an update applied shows.
      const { lockerId, activationDate } = record['carrier'];
      const body = {
        carrier: { lockerName: `Unkeyed ${tag.next('name')}`, lockerId, activationDate },
        metadata: [...(record['metadata'] ?? []), { key: 'unkeyed', value: 'applied' }],
      };
      const effects: (string | undefined)[] = [];
      const refused: Exchange[] = [];
      // One after the other, each read back: the second must not pass on what the first did.
      for (const { client, what } of WITHOUT) {
        refused.push(await clients[client]!.call('updateLocker', { params: { uid: record['uid'] }, body }));
        const after = await lockers.find(record);
        if (!after) return unreadable(refused, record);
        effects.push(
          JSON.stringify(withoutManaged(after)) === JSON.stringify(withoutManaged(before))
            ? undefined
            : `the update sent ${what} changed locker ${record['uid']}: ${JSON.stringify(withoutManaged(after))}`,
        );
      }
      const pass = failEarly(refused, effects);
      const control = await api.call('updateLocker', { params: { uid: record['uid'] }, body });
      expectControlAccepted(control, [RULE]);
      pass();
    },
  );

  test(
    'AUTH-KEY-REQUIRED a locker status change without a valid key changes no status',
    rules(RULE),
    async ({ api, anonymous, wrongKey, lockers, target, requires }) => {
      requires('writes', 'statusProfile');
      const clients: Record<string, CisClient> = { anonymous, wrongKey };
      const { record } = await lockers.create();
      const listed = await lockers.find(record);
      if (!listed) {
        notObservable(RULE, `the locker list does not show locker ${record['uid']}, so its status cannot be read`);
        return;
      }
      const before = statuses(listed);
      // A state the locker is not in, so the exact request is one the carrier's key gets accepted and
      // that changes what the record shows: a service that serves it without a key cannot pass.
      const next = target.profile.lockerStatus!.statuses.find(
        (s) => !before.includes(lockerStatusShown(target.profile, s)),
      );
      if (!next) {
        notObservable(
          RULE,
          `locker ${record['uid']} shows both profile statuses (${before.join(', ')}), so no status change can be sent`,
        );
        return;
      }
      const body = lockerStatusBody(target.profile, record['uid'], next);
      const effects: (string | undefined)[] = [];
      const refused: Exchange[] = [];
      for (const { client, what } of WITHOUT) {
        refused.push(await clients[client]!.call('updateLockerStatus', { body }));
        const read = await lockers.find(record);
        if (!read) return unreadable(refused, record);
        const now = statuses(read);
        effects.push(
          JSON.stringify(now) === JSON.stringify(before)
            ? undefined
            : `the status change sent ${what} changed locker ${record['uid']} from ${before.join('/')} to ` +
                `${now.join('/')}`,
        );
      }
      const pass = failEarly(refused, effects);
      const control = await api.call('updateLockerStatus', { body });
      expectControlAccepted(control, [RULE]);
      const shown = lockerStatusShown(target.profile, next);
      if (!statuses(await lockers.settled(record, (l) => statuses(l).includes(shown))).includes(shown)) {
        notObservable(
          RULE,
          `the accepted status change did not show ${shown} either (LCK-STATUS-CHANGE), so an unchanged ` +
            `status proves nothing`,
        );
        return;
      }
      pass();
    },
  );

  test(
    'AUTH-KEY-REQUIRED adding a locker to a network without a valid key adds nothing',
    rules(RULE),
    async ({ api, anonymous, wrongKey, lockers, target, requires }) => {
      requires('writes', 'network');
      const clients: Record<string, CisClient> = { anonymous, wrongKey };
      const { record } = await lockers.create();
      if (!namesAnOwner(record)) {
        notObservable(
          RULE,
          "the created locker's ownedByCarrier names no carrier, and who owns a created locker is not stated " +
            '(LCK-OWNED-BY): no add can be seen',
        );
        return;
      }
      const uid = String(record['uid']);
      const params = { uid: target.networkUid! };
      const refused = await Promise.all(
        WITHOUT.map(({ client }) =>
          clients[client]!.call('addNetworkLockers', { params, body: { lockerUids: [int64(uid)] } }),
        ),
      );
      // The network's members cannot be read (§4.10 shows no such operation): the exact request with the
      // key lists only newly added lockers (§4.10), so one that lists nothing was added before.
      const control = await api.call('addNetworkLockers', { params, body: { lockerUids: [int64(uid)] } });
      for (const exchange of refused) if (!isRefusal(exchange)) expect(exchange).toBeRejected(RULE);
      expectControlAccepted(control, [RULE]);
      let effect: string | undefined;
      if (!addedUids(control).includes(uid)) {
        // Whether the service adds anything at all: a fresh owned locker, sent alone.
        const witness = (await lockers.create()).record;
        const fresh = await api.call('addNetworkLockers', { params, body: { lockerUids: [int64(witness['uid'])] } });
        if (!addedUids(fresh).includes(String(witness['uid']))) {
          notObservable(
            RULE,
            "the network adds none of the run's lockers (NET-OWNED-ADDED), so membership cannot be seen",
          );
          return;
        }
        effect =
          `locker ${uid} was already in network ${target.networkUid} when the carrier's key added it: a ` +
          `request without a valid key had added it`;
      }
      failEarly(
        refused,
        refused.map(() => effect),
      )();
    },
  );
});
