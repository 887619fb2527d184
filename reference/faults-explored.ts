// Faults of the classes only an exploration of the client's freedoms and of requests in flight together
// shows: a change answered 200 and then lost beside another, an id that matches a near miss,
// a text cut at a length the spec leaves open, a record counted twice in one request or one list.
import type { Fault } from './fault';

export const EXPLORED_FAULTS = [
  {
    name: 'update-lost-in-flight',
    rule: 'LCK-UPDATE-200',
    description:
      'an update reads the locker, awaits its write and writes the record as read plus its change: a change ' +
      '(a member, the status) answered meanwhile is lost',
  },
  {
    name: 'booking-lost-in-flight',
    rule: 'PCL-BOOKING-CREATES',
    description:
      'a BOOKING reads the parcels, awaits its write and writes them as read plus its own: a booking ' +
      'answered meanwhile is lost',
  },
  {
    name: 'tenant-id-ignores-case',
    rule: 'GEN-ID-EXACT',
    description:
      'carrierLockerId is looked up case-insensitively (a collation that ignores case): a publish by a near ' +
      'miss in another letter case books into the locker',
  },
  {
    name: 'lockername-cut-at-255',
    rule: 'LCK-CREATE-ECHO',
    description:
      'carrier.lockerName is stored in 255 code points (a VARCHAR(255) that cuts silently); the create ' +
      'answer echoes the request in full',
  },
  {
    name: 'network-add-counts-repeats',
    rule: 'GEN-LIST-ONCE',
    description: 'a lockerUid sent twice in one add is added, and listed in the answer, twice',
  },
  {
    name: 'parcels-listed-per-compartment',
    rule: 'GEN-LIST-ONCE',
    description:
      "GET /parcels shows a parcel once per compartment type of its locker (a join with the locker's " +
      'compartments, not grouped)',
  },
] as const satisfies readonly Fault[];
