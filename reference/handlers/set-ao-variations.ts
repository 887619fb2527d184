// The points where the conformant variations of set AO (`ok-ao-*`) change the service: each does what the service does
// with its variation off. Set AO is about time and calendars: instants, their zones, offsets and precision, opening
// hours, the daily collection notification and the order of things in time. Called from lockers.ts (the list's order),
// app.ts (the locker and parcel views) and, through set-ao-faults.ts, from lockers.ts and locker-update.ts (the opening
// hours stored), app.ts (the LockerUpdates push), trigger.ts (the mock's clock) and collections.ts (a notification
// sent). Also the helpers that read and write instants and schedule entries, which set-ao-faults.ts uses too.
import { dateTimeParts, utcText, wallClockAsUtcMs } from '../faults/behaviour/shared';
import { type Editable, isObject, type Switches } from './fault-point-state';

/** The same instant written in UTC, every fraction digit kept; as it was where it cannot be (a leap second). */
export function sameInstantInUtc(text: string): string {
  const p = dateTimeParts(text);
  if (!p || p.second > 59) return text;
  return utcText(wallClockAsUtcMs(p) - p.offsetMinutes * 60_000, p.fraction) ?? text;
}

/**
 * Variation ok-ao-activation-date-nanoseconds: carrier.activationDate written with nine fraction digits (the digits
 * sent, padded with zeros) and the offset it was sent with, in answers, the list and pushes: the same instant.
 */
export function lockerViewBySetAO(app: Switches, record: Editable): void {
  if (!app.fault('ok-ao-activation-date-nanoseconds')) return;
  const carrier = record['carrier'];
  const p =
    isObject(carrier) && typeof carrier['activationDate'] === 'string'
      ? dateTimeParts(carrier['activationDate'])
      : undefined;
  if (!p || p.fraction.length > 9) return;
  const text = carrier!['activationDate'] as string;
  carrier!['activationDate'] = text.replace(
    /(:\d\d)(?:\.\d+)?([Zz]|[+-]\d\d:?\d\d)$/,
    `$1.${p.fraction.padEnd(9, '0')}$2`,
  );
}

/**
 * Variation ok-ao-locker-push-activation-instant-utc: the LockerUpdates event schema types activationDate as an
 * instant, written in UTC; answers and the list show it as sent.
 */
export function lockerPushByAOVariations(app: Switches, body: Editable): void {
  const carrier = body['carrier'];
  if (!app.fault('ok-ao-locker-push-activation-instant-utc') || !isObject(carrier)) return;
  if (typeof carrier['activationDate'] === 'string')
    body['carrier'] = { ...carrier, activationDate: sameInstantInUtc(carrier['activationDate']) };
}

// --- The parcel view: the order of the history ---

/**
 * Variation ok-ao-history-ordered-by-mock-clock: a parcel's history is read ordered by each entry's time
 * (ORDER BY occurred_at), and the staging mock stamps its events with its own clock, 5 s behind the service's.
 */
export function parcelViewBySetAO(app: Switches, record: Editable): void {
  if (!app.fault('ok-ao-history-ordered-by-mock-clock') || !Array.isArray(record['events'])) return;
  const at = (e: unknown) => (isObject(e) && typeof e['timestamp'] === 'string' ? Date.parse(e['timestamp']) : 0);
  record['events'] = [...record['events']].sort((a, b) => at(a) - at(b));
}
