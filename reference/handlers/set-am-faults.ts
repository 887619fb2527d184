// The points where the faults of set AM change the service: the data layer under the records, and what a write, a
// read, a list, a push and an error answer make of each value. Each point does what the service does with its fault
// off; the variations of the set are set-am-variations.ts, called from the same points where they share one. Called
// from app.ts (the locker and parcel views, the LockerUpdates push), lockers.ts (a create: its location and opening
// hours as stored, a refused create, the locker as created; the list: each record, the answer), locker-update.ts (the
// update's refusals, its metadata, lockerName, location and opening hours), publish-points.ts (a booking stored, a
// publish answered) and trigger.ts (an event appended to a parcel's history).
import { consigneeRows } from '../faults/behaviour/shared';
import type { StoredLocker, StoredParcel } from '../model';
import { type Editable, isObject, type StateApp, type Switches } from './fault-point-state';
import { lockerPushByAMVariations, lockerViewByAMVariations, parcelViewByAMVariations } from './set-am-variations';

// --- The locker view: answers, the list and the pushes ---

/** Countries on Central European time (CET, CEST in summer), whose lockers the service dates in local time. */
const CENTRAL_EUROPE = new Set('AT BE CH CZ DE DK ES FR HR HU IT LU NL NO PL SE SI SK'.split(' '));

const BERLIN_OFFSET = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' });

/** The offset of Europe/Berlin at an instant, in minutes east of UTC. */
function berlinOffsetMinutes(ms: number): number {
  const name = BERLIN_OFFSET.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Fault sam-activation-offset-of-today: the wall-clock time of the instant in Europe/Berlin (right for its own date),
 * labelled with the offset Berlin has today.
 */
function labelledWithTodaysOffset(activationDate: string): string {
  const ms = Date.parse(activationDate);
  if (Number.isNaN(ms)) return activationDate;
  const wall = new Date(ms + berlinOffsetMinutes(ms) * 60_000);
  const today = berlinOffsetMinutes(Date.now());
  const fraction = wall.getUTCMilliseconds() ? `.${String(wall.getUTCMilliseconds()).padStart(3, '0')}` : '';
  const sign = today < 0 ? '-' : '+';
  return (
    `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}T` +
    `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}${fraction}` +
    `${sign}${two(Math.floor(Math.abs(today) / 60))}:${two(Math.abs(today) % 60)}`
  );
}

/**
 * A locker as every answer, list and push shows it (`record`, a copy app.ts made).
 * - Fault sam-activation-offset-of-today: a locker in a Central European country has its activationDate written in
 *   local time with the offset of today's season.
 * - The variations of the set (set-am-variations.ts).
 */
export function lockerViewBySetAM(app: Switches & { now(): string }, locker: StoredLocker, record: Editable): void {
  const country = isObject(record['location']) ? record['location']['countryCode'] : undefined;
  const carrier = record['carrier'];
  if (
    app.fault('sam-activation-offset-of-today') &&
    typeof country === 'string' &&
    CENTRAL_EUROPE.has(country) &&
    isObject(carrier) &&
    typeof carrier['activationDate'] === 'string'
  )
    carrier['activationDate'] = labelledWithTodaysOffset(carrier['activationDate']);
  lockerViewByAMVariations(app, locker, record);
}

// --- The LockerUpdates push ---

/**
 * A LockerUpdates body before it is sent.
 * - Fault sam-push-keyless-metadata-dropped: the event schema's metadata entry has a key that is a string, not null,
 *   and the event mapper leaves out the entries whose key is null or absent so that the event passes it.
 * - The variations of the set (set-am-variations.ts).
 */
export function lockerPushBySetAM(app: Switches, body: Record<string, unknown>): void {
  if (app.fault('sam-push-keyless-metadata-dropped') && Array.isArray(body['metadata']))
    body['metadata'] = body['metadata'].filter((entry) => isObject(entry) && typeof entry['key'] === 'string');
  lockerPushByAMVariations(app, body);
}

/**
 * A parcel as the list, the cancel answer and the push show it (`record`, a copy app.ts made).
 * - Fault sam-parcel-locker-id-own-lockers-join: carrierLockerId is read by a LEFT JOIN with the carrier's own lockers
 *   (carrier_lockers): a parcel in a third-party locker, which only the provider feed holds, shows null.
 * - Fault sam-consignee-rows-by-parcel-id: consignee is joined from the consignee table on carrierParcelId.
 * - The variations of the set (set-am-variations.ts).
 */
export function parcelViewBySetAM(app: StateApp, parcel: StoredParcel, record: Editable): void {
  if (app.fault('sam-parcel-locker-id-own-lockers-join')) {
    const locker = app.state.lockers.get(parcel.record.lockerUid);
    record['carrierLockerId'] =
      locker && locker.record.ownedByCarrier === parcel.owner ? locker.record.carrier.lockerId : null;
  }
  const rows = consigneeRows.get(app);
  if (app.fault('sam-consignee-rows-by-parcel-id') && rows?.has(parcel.record.carrierParcelId))
    record['consignee'] = structuredClone(rows.get(parcel.record.carrierParcelId)!);
  parcelViewByAMVariations(app, record);
}
