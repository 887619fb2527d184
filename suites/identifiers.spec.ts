// Path identifiers (§4.3, §4.9): an id names the resource whose id it equals, and no other. A real id's near misses
// are the probe (generators/ids.ts): a service that reads ids leniently (up to the first non-digit, trimmed,
// case-folded, parsed as a number) reaches the real resource with one (RESTler's invalid dynamic objects).
import { distinctNearMissesOf, idNearMissesOf, type IdNearMiss } from '../generators';
import {
  expect,
  judge,
  lockerStatusBody,
  notObservable,
  observe,
  rules,
  stateToSet,
  test,
  withoutManaged,
  type Json,
} from '../harness/fixtures';

test(
  'GEN-ID-EXACT an update of each near miss of a real locker uid (a letter appended, whitespace, digits past int64) ' +
    'is rejected with a 4xx and changes no locker (a 404 with a JSON body)',
  rules('GEN-ID-EXACT', 'ERR-404-JSON'),
  async ({ api, lockers }) => {
    // A fresh locker: its record before and after is compared, and a lent one's earlier update may show late.
    const { record } = await lockers.create();
    const before = await lockers.expectListed('GEN-ID-EXACT', record);
    const sent = [];
    for (const miss of distinctNearMissesOf(String(record['uid']))) {
      const exchange = await api.call('updateLocker', {
        params: { uid: miss.value },
        body: { metadata: [{ key: 'updated-by', value: `uid ${miss.value}` }] },
      });
      expect.soft(exchange).toBeRejected('GEN-ID-EXACT');
      sent.push({ exchange, what: miss.what });
    }
    const after = await lockers.expectListed('GEN-ID-EXACT', record);
    for (const { exchange, what } of sent)
      judge('GEN-ID-EXACT', exchange)
        .soft(withoutManaged(after), `updating locker ${record['uid']}'s uid ${what} changed it`)
        .toEqual(withoutManaged(before));
  },
);

/**
 * The record's identifiers besides its uid (§2.1: carrier.lockerId, the carrier's; provider.lockerUid, the
 * provider's): each names the locker on its own side, never as the platform uid a path or a status body takes.
 */
function otherIdsOf(record: Json): [member: string, id: string][] {
  const ids: [string, unknown][] = [
    ['carrier.lockerId', record['carrier']?.['lockerId']],
    ['provider.lockerUid', record['provider']?.['lockerUid']],
  ];
  return ids.flatMap(([member, id]) =>
    typeof id === 'string' && id !== '' && id !== String(record['uid']) ? [[member, id] as [string, string]] : [],
  );
}

test(
  "GEN-ID-EXACT an update or a status change naming a locker by another of its identifiers (its carrier's " +
    "lockerId, its provider's lockerUid) where the platform uid belongs changes no locker",
  rules('GEN-ID-EXACT'),
  async ({ api, lockers, target }) => {
    const { record } = await lockers.create();
    const before = await lockers.expectListed('GEN-ID-EXACT', record);
    const others = otherIdsOf(before);
    if (!others.length) notObservable('GEN-ID-EXACT', `locker ${record['uid']} shows no identifier but its uid`);
    for (const [member, id] of others) {
      const sent = [
        await api.call('updateLocker', {
          params: { uid: id },
          body: { metadata: [{ key: 'updated-by', value: `${member} ${id}` }] },
        }),
        ...(target.profile.lockerStatus
          ? [
              await api.call('updateLockerStatus', {
                body: lockerStatusBody(target.profile, id, stateToSet(target.profile, before).name),
              }),
            ]
          : []),
      ];
      for (const exchange of sent) expect.soft(exchange).toBeRejected('GEN-ID-EXACT');
      const after = await lockers.expectListed('GEN-ID-EXACT', record);
      const status = (l: Json) => [l['carrier']?.['status'], l['provider']?.['status']];
      for (const exchange of sent)
        judge('GEN-ID-EXACT', exchange)
          .soft(
            { record: withoutManaged(after), status: status(after) },
            `${exchange.operationId} by locker ${record['uid']}'s ${member} changed it`,
          )
          .toEqual({ record: withoutManaged(before), status: status(before) });
    }
  },
);

test(
  'GEN-ID-EXACT a cancellation by each near miss of a real parcel id, in each form the cancel path takes, is ' +
    'rejected with a 4xx and leaves the parcel booked',
  rules('GEN-ID-EXACT'),
  async ({ lockers, parcels }) => {
    const { record } = await lockers.lend('bookings');
    const body = await parcels.book(record);
    const id = body['carrierParcelId'];
    const { taken, untaken } = await parcels.cancelForms(record);
    for (const { kind, why } of untaken) notObservable('GEN-ID-EXACT', `cancelParcel by ${kind}: ${why}`);
    const real = await parcels.expectListed('PCL-BOOKING-CREATES', id);
    for (const kind of taken) {
      const pathId = await parcels.pathIdOf(kind, id);
      if (pathId === undefined) {
        notObservable('GEN-ID-EXACT', `cancelParcel by ${kind}: GET /parcels shows no ${kind} for parcel ${id}`);
        continue;
      }
      const sent = [];
      for (const miss of distinctNearMissesOf(pathId)) {
        const exchange = await parcels.call(kind, miss.value);
        expect.soft(exchange).toBeRejected('GEN-ID-EXACT');
        sent.push({ exchange, what: miss.what });
      }
      const after: Json = await parcels.expectListed('GEN-ID-EXACT', id);
      for (const { exchange, what } of sent)
        judge('GEN-ID-EXACT', exchange)
          .soft(after['shipmentStatus'], `cancelling parcel ${pathId} ${what} (by ${kind}) changed it`)
          .toBe(real['shipmentStatus']);
    }
  },
);

test(
  'GEN-ID-EXACT a booking naming a locker by a near miss of its lockerUid or carrierLockerId, or by another of its ' +
    'identifiers in their place, never books into that locker',
  rules('GEN-ID-EXACT'),
  async ({ lockers, parcels, tag }) => {
    // A locker of its own, its carrierLockerId with a letter beyond ASCII, so that its NFD form differs.
    const base = await lockers.body();
    const { record } = await lockers.create({ carrier: { ...base['carrier'], lockerId: `${tag.next('CCX')}-é` } });
    const uid = String(record['uid']);
    const byPath = {
      uid: ['lockerUid', uid],
      tenant: ['carrierLockerId', String(record['carrier']['lockerId'])],
    } as const;
    for (const [path, [member, id]] of Object.entries(byPath) as [
      keyof typeof byPath,
      (typeof byPath)[keyof typeof byPath],
    ][]) {
      // Its other identifiers where this one belongs (§2.1: carrier.lockerId the carrier's, provider.lockerUid the
      // provider's, uid the platform's): each names the locker on its own side only.
      const others = [['uid', uid] as [string, string], ...otherIdsOf(record)]
        .filter(([, other]) => other !== id)
        .map(([name, other]): IdNearMiss => ({
          what: `(its ${name} in place of it)`,
          value: other,
          mayNameAnother: true,
        }));
      for (const miss of [...idNearMissesOf(id), ...others]) {
        const body = {
          ...parcels.body(record, { eventType: 'BOOKING' }, path),
          [member]: miss.value,
          carrierParcelId: tag.next('CCPX'),
        };
        const exchange = await parcels.publish(body, path);
        // Refused: the near miss named no record, as it must not name this one (a 5xx is GEN-NO-5XX's).
        if (exchange.status >= 400 && exchange.status < 500)
          judge('GEN-ID-EXACT', exchange)
            .expect(exchange.status, `a BOOKING by ${member} ${id} ${miss.what}`)
            .toBeGreaterThanOrEqual(400);
        if (exchange.status < 200 || exchange.status >= 300) continue;
        // Accepted: a near miss may name another locker (a prefix of one id is another's), never this one.
        const { parcel } = await parcels.lookup(body['carrierParcelId'], undefined, (p) => p !== undefined);
        const into = parcel === undefined ? undefined : String(parcel['lockerUid']);
        if (into !== uid || miss.equivalent)
          observe(
            'GEN-ID-EXACT',
            `a BOOKING by ${member} ${id} ${miss.what} was accepted (${exchange.status}), into ` +
              `${into ?? 'a locker the list does not show'}`,
          );
        if (miss.equivalent) continue;
        judge('GEN-ID-EXACT', exchange)
          .expect(
            into,
            `a BOOKING by ${member} ${JSON.stringify(miss.value)} (${id} ${miss.what}) booked into locker ` +
              `${uid}, which ${JSON.stringify(id)} names`,
          )
          .not.toBe(uid);
      }
    }
  },
);
