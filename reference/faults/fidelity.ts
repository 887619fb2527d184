// Faults of fidelity and side effects: a record stored or shown other than sent, a boundary value refused.
import type { Fault } from '../fault';

export const FIDELITY_FAULTS = [
  // Locker fidelity and side effects
  {
    name: 'update-drops-features',
    rule: 'LCK-UPDATE-OMITTED-KEPT',
    description: 'an update that does not send features resets them',
  },
  {
    name: 'update-drops-metadata',
    rule: 'LCK-UPDATE-OMITTED-KEPT',
    description: 'an update that does not send metadata empties it',
  },
  {
    name: 'update-ignores-nested',
    rule: 'LCK-UPDATE-200',
    description: 'an update applies location but keeps the old location.city',
  },
  {
    name: 'status-patch-no-auth',
    rule: 'AUTH-KEY-REQUIRED',
    description: 'PATCH /lockers/status is served without a key',
  },
  {
    name: 'anonymous-update-applies',
    rule: 'AUTH-KEY-REQUIRED',
    description: 'an update with a wrong key is answered 401 but applied',
  },
  {
    name: 'network-record-stale',
    rule: 'NET-RECORD-LOCKER-NAME',
    description: 'network records name the locker by the name it was created with, not its current carrier.lockerName',
  },
  // Boundary values
  {
    name: 'create-long-lockername-500',
    rule: 'LCK-CREATE-201',
    description: 'POST /lockers answers 500 when carrier.lockerName is longer than 255 characters',
  },
  {
    name: 'create-non-ascii-city-500',
    rule: 'LCK-CREATE-201',
    description: 'POST /lockers answers 500 when location.city has a non-ASCII character',
  },
  {
    name: 'network-empty-list-500',
    rule: 'NET-OWNED-ADDED',
    description: 'adding an empty list of lockers to a network answers 500',
  },
  {
    name: 'create-refuses-emoji',
    rule: 'GEN-BOUNDARY-ACCEPTED',
    description: 'POST /lockers refuses an emoji in any carrier or location string with 400',
  },
  // Parcel fidelity, events and side effects
  { name: 'parcel-events-empty', rule: 'TRG-EVENT-HISTORY', description: 'parcel records always carry events []' },
  {
    name: 'trigger-no-event',
    rule: 'TRG-EVENT-HISTORY',
    description: 'a trigger event changes the parcel status but adds nothing to its events',
  },
  {
    name: 'trigger-no-push',
    rule: 'WH-PARCEL-ON-STATUS',
    description: 'trigger events push no ParcelUpdates (bookings and cancellations still do)',
  },
  {
    name: 'by-tenant-wrong-shipment-type',
    rule: 'PCL-RECORD-AS-SENT',
    description: 'a by-tenant booking is stored as LAST_MILE whatever shipmentType was sent',
  },
  {
    name: 'anonymous-publish-books',
    rule: 'AUTH-KEY-REQUIRED',
    description: "a publish without a key is answered 401 but still books for the locker's owner",
  },
  {
    name: 'cancel-refused-still-cancels',
    rule: 'CAN-DELIVERED-REFUSED',
    description: 'cancelling a delivered parcel is refused but cancels it all the same',
  },
  {
    name: 'cancel-oldest-in-locker',
    rule: 'CAN-NOT-DELIVERED',
    description:
      "cancelling a parcel in a locker that holds other booked parcels of the carrier cancels the locker's " +
      'oldest; the answer and the push show the named one cancelled, GET /parcels still booked (written from ' +
      'the spec alone by a helper)',
  },
] as const satisfies readonly Fault[];
