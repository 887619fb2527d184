// What a delivered parcel looks like in GET /parcels, for the runs' cancellation and lifecycle tests and
// for judging recorded traffic alike: §3 names no statuses and no transitions, so one reading of it.
import type { Json } from '../../http/json';

/**
 * GET /parcels shows the parcel delivered: another status than its booking's, and a status, newest
 * event or signature that says so (§3 names no statuses and no transitions).
 */
export const looksDelivered = (parcel: Json | undefined, bookedStatus: unknown): boolean =>
  !!parcel &&
  parcel['shipmentStatus'] !== bookedStatus &&
  (/DELIVER/i.test(JSON.stringify([parcel['shipmentStatus'], [parcel['events']].flat().pop() ?? null])) ||
    (parcel['signature'] ?? null) !== null);

/** How many events a parcel's history shows (§2.4 "History of events"); none where it shows no array. */
export const eventCount = (parcel: Json | undefined): number =>
  Array.isArray(parcel?.['events']) ? parcel['events'].length : 0;
