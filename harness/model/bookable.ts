// Which of the run's lockers must take a booking: one active since a time past, its status as made (never changed, or
// changed and changed back), no parcel in it but cancelled ones, alike in all its record shows (statuses, provider,
// country, compartments, opening hours) and in network
// membership (§3: a locker new in a network may be PENDING there) to one the run booked into. A valid fresh booking
// without options into it is taken (§4.6), as the suites' bookings into their lockers are: a locker is full only of
// what was put in it.
import type { Json } from '../http/json';
import { instantOf } from '../judgements/instants';
import type { ModelLocker, ServiceModel } from './model';

const alike = (l: ModelLocker) =>
  JSON.stringify([
    l.record['carrier']?.['status'],
    l.record['provider']?.['status'],
    l.record['provider']?.['name'],
    l.record['provider']?.['lockerModel'],
    l.record['provider']?.['lockerVersion'],
    l.record['location']?.['countryCode'],
    l.record['compartmentTypes'] ?? null,
    // Its hours, as its record shows them: a locker open on some days may refuse what one always open takes (§4.6
    // "checks whether the parcel can be accepted in the locker").
    l.record['openingHours'] ?? null,
    l.inNetwork ?? null,
  ]);

/**
 * A locker whose status changed and changed back: its last accepted change set the status its create's answer showed
 * (§3 gives a locker its status, and nothing a past status leaves behind).
 */
const backAsMade = (locker: ModelLocker): boolean =>
  locker.status !== undefined && locker.status === locker.record['carrier']?.['status'];

/**
 * The rule a refused booking into `locker` breaks, where it must take one now (see above), or nothing: a locker whose
 * status changed and changed back is LCK-STATUS-BACK-BOOKABLE's, a should (nothing states that a locker's status alone
 * decides what it takes, §3 "Transitions: not shown").
 */
export function bookingRule(model: Readonly<ServiceModel>, locker: ModelLocker): string | undefined {
  if (!mustTakeBooking(model, locker)) return undefined;
  return locker.statusAt === undefined ? 'PCL-BOOKING-CREATES' : 'LCK-STATUS-BACK-BOOKABLE';
}

/** Whether `locker` must take a valid booking now (see above). */
function mustTakeBooking(model: Readonly<ServiceModel>, locker: ModelLocker): boolean {
  const bookedInto = model.parcels.some((p) => {
    const at = model.lockers.find((l) => l.uid === p.lockerUid);
    return (
      at !== undefined && at !== locker && (p.sent as Json)['eventType'] === 'BOOKING' && alike(at) === alike(locker)
    );
  });
  return (
    bookedInto &&
    (locker.statusAt === undefined || backAsMade(locker)) &&
    (instantOf(locker.sent['carrier']?.['activationDate'])?.ms ?? Number.NaN) <= Date.now() &&
    !model.parcels.some((p) => p.lockerUid === locker.uid && p.state !== 'cancelled')
  );
}
