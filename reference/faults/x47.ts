// A closing check: faults written from the spec alone, in classes no issue named (a booking after a
// cancellation, filters combined, network membership by locker status, an event history keyed by type, a
// revoked access code, a pre-check read as a soft reservation).
import type { Fault } from '../fault';

export const X47_FAULTS = [
  {
    name: 'x47-rebook-keeps-cancelled-locker',
    rule: 'PCL-BOOKING-CREATES',
    description:
      "bookings are upserted on (carrier, carrierParcelId) and the upsert's SET list leaves out the locker " +
      'columns: a BOOKING under the carrierParcelId of a cancelled parcel reactivates that record (its ' +
      'shipmentUid, BOOKED, the sent allocationType and other parcel fields) but GET /parcels lists it in the ' +
      'cancelled booking\'s locker, not the sent lockerUid (§4.6 "with eventType BOOKING a locker booking is ' +
      'created") (written from the spec alone by a helper)',
  },
  {
    name: 'x47-provider-filter-dropped-with-other-filter',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    description:
      'GET /lockers picks one finder per filter (findByProviderName when providerName is the only filter): ' +
      'with providerName and any other filter parameter (status, city, carrier..., paging aside) the query ' +
      'falls back to one that drops providerName, and lockers of every provider are listed (§4.2 "Optional ' +
      'filters are named by location, status, carrier and provider; the query parameter `providerName` ' +
      'exists.") (written from the spec alone by a helper)',
  },
  {
    name: 'x47-network-skips-inactive',
    rule: 'NET-OWNED-ADDED',
    description:
      'the network add reuses the eligible-lockers query of the booking path (owned and carrier.status ' +
      'ACTIVE): an owned locker disabled through PATCH /lockers/status is silently skipped, answered 200 ' +
      'without it (§4.10 "lockers owned by the carrier are added") (written from the spec alone by a helper)',
  },
  {
    name: 'x47-events-keyed-by-type',
    rule: 'TRG-EVENT-HISTORY',
    description:
      'the event history is stored per (parcel, event type) with an upsert: a trigger event of a type the ' +
      "parcel already had (a second BOOKING_CREATED, also after a booking's own) moves that entry's " +
      'timestamp instead of adding one, so events does not grow (§2.4 events "History of events of the ' +
      'parcel."; §4.11 "Triggers one first-mile parcel event.") (written from the spec alone by a helper)',
  },
  {
    name: 'x47-revoked-access-code-dropped',
    rule: 'PCL-ACCESS-CODES',
    description:
      'a cancellation or CONSIGNEE_DELIVERED revokes the collection code by setting consigneeCollectionCode ' +
      'to null, and the serializer leaves null members out: GET /parcels and ParcelUpdates show accessCodes ' +
      'as {}, an object without consigneeCollectionCode, not accessCodes null (§2.4 "consigneeCollectionCode ' +
      '(object; its validUntil is optional).") (written from the spec alone by a helper)',
  },
  {
    name: 'x47-precheck-soft-reservation-held',
    rule: 'PCL-PRECHECK-NO-BOOKING',
    description:
      'a PRE_CHECK with allocationType SOFT_RESERVATION is taken as a request to hold a compartment: ' +
      'answered ACCEPTED, it stores a RESERVED parcel that GET /parcels lists until a BOOKING of that ' +
      'carrierParcelId confirms it (§4.6 "with PRE_CHECK the service checks whether the parcel can be ' +
      'accepted in the locker"; §1 "or only checks whether a parcel can be accepted") (written from the ' +
      'spec alone by a helper)',
  },
] as const satisfies readonly Fault[];
