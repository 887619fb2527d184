// A ParcelUpdates body against what GET /parcels shows (§2.4: the parcel record is the list's and the ParcelUpdates
// webhook's, one record), judged once for the suites and the exploration (WH-PARCEL-CONSISTENT).
import type { Json } from '../http/json';
import { eventCount } from '../records/parcels/delivered';
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
