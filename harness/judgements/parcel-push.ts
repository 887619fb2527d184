// A ParcelUpdates body against what GET /parcels shows (§2.4: the parcel record is the list's and the ParcelUpdates
// webhook's, one record), judged once for the suites and the exploration (WH-PARCEL-CONSISTENT).
import type { Json } from '../http/json';
import { excusedBy, PARCEL_STATE_MEMBERS, recordDifferences, uncarriedPaths } from '../model/same-record';
import { eventCount } from '../records/parcels/delivered';
import { nearestVersion } from './locker-push';
import type { Judgement } from './judgement';

const RULE = 'WH-PARCEL-CONSISTENT';

/** What a push and a list read are compared on: the parcel's status and the number of its events. */
const stateOf = (record: Json | undefined) => JSON.stringify([record?.['shipmentStatus'], eventCount(record)]);

/**
 * The push shows the parcel's status as a list read showed it (`versions`: the reads' forms), with no more events than
 * that read: a push per event entry may show fewer than the read after them (§2.4 shows no entry, §6 no order).
 * `anyCause`: the push's cause is not known (each delivery of a run against every read), so a push with as many events
 * as no read showed may show a form between two reads, one no list showed (a lagging list, writes in a row): not
 * judged.
 */
export function parcelPushStateJudgement(
  body: Json,
  versions: readonly Json[],
  what: string,
  anyCause = false,
): Judgement {
  const between = anyCause && !versions.some((v) => eventCount(v) === eventCount(body));
  const held =
    between ||
    versions.some((v) => v['shipmentStatus'] === body['shipmentStatus'] && eventCount(body) <= eventCount(v));
  return {
    rule: RULE,
    ...(held
      ? {}
      : {
          failure:
            `${what}: a status a list read showed, with at most its events, got ${stateOf(body)}; the reads showed ` +
            `${[...new Set(versions.map(stateOf))].join(', ')}`,
        }),
  };
}

/**
 * A push about a carrierParcelId the run booked is under a shipmentUid one of that id's records has (`uids`: every
 * booking's, once each has shown it in a list).
 */
export function parcelPushUidJudgement(body: Json, uids: readonly string[]): Judgement {
  const uid = body['shipmentUid'];
  return {
    rule: RULE,
    ...(uids.some((u) => u === String(uid))
      ? {}
      : {
          failure:
            `carrierParcelId ${String(body['carrierParcelId'])} is shown under shipmentUid ${JSON.stringify(uid)}; ` +
            `the lists show it under ${uids.join(', ')}`,
        }),
  };
}

/**
 * What a ParcelUpdates shows once a list read in the same state does (§6 "including ... signature"; the others,
 * "object or null" or set at other moments, may rightly be null in a push built earlier).
 */
export const INCLUDED: readonly string[] = ['signature'];

/**
 * WH-PARCEL-BODY across places: a ParcelUpdates shows the parcel as the list did (`listed`, the latest read) on every
 * member no change of state moves, leaves out nothing the form nearest it shows (`versions`, every read's), and shows
 * what §6 includes where every read in its state (status and events) showed it.
 */
export function parcelPushRecordJudgement(
  body: Json,
  listed: Json,
  versions: readonly Json[],
  what: string,
): Judgement {
  const rule = { component: 'Parcel', rule: 'WH-PARCEL-BODY', moving: PARCEL_STATE_MEMBERS, carriedByBoth: true };
  const excused = [...excusedBy('WH-PARCEL-BODY'), ...PARCEL_STATE_MEMBERS];
  const forms = versions.length ? versions : [listed];
  const uncarried = nearestVersion(forms, (v) => uncarriedPaths('Parcel', excused, v, body));
  const sameState = forms.filter((v) => stateOf(v) === stateOf(body));
  const included = INCLUDED.filter(
    (member) =>
      sameState.length > 0 && sameState.every((v) => (v[member] ?? null) !== null) && (body[member] ?? null) === null,
  ).map((member) => `${member}: the list shows ${JSON.stringify(sameState[0]![member])}, the delivery none`);
  const problems = [...recordDifferences(rule, body, listed), ...uncarried, ...included];
  return {
    rule: 'WH-PARCEL-BODY',
    ...(problems.length ? { failure: `${what}, against the list: ${problems.slice(0, 3).join('; ')}` } : {}),
  };
}
