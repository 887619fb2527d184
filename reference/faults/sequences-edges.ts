// Faults of classes no earlier fault named, found by exploring sequences, edges and meanings.
import type { Fault } from '../fault';

export const SEQUENCE_EDGE_FAULTS = [
  // Classes no earlier fault named: found by exploring sequences, edges and meanings
  {
    name: 'cancel-checks-current-status',
    rule: 'CAN-DELIVERED-REFUSED',
    description: 'a delivered parcel that a later BOOKING_CREATED event shows booked again can be cancelled',
  },
  {
    name: 'status-push-first-only',
    rule: 'WH-LOCKER-ON-STATUS',
    description: 'only the first status change of a locker is pushed',
  },
  {
    name: 'parcel-ids-across-carriers',
    rule: 'ISO-CARRIER-IDS',
    description: 'a booking is refused while another carrier has an active booking with the same carrierParcelId',
  },
  {
    name: 'always-null-schedule',
    rule: 'LCK-OH-ALWAYS',
    description: 'ALWAYS lockers show weeklySchedule: null instead of omitting it',
  },
  {
    name: 'list-ascii-folding',
    rule: 'LCK-CREATE-ECHO',
    description: 'GET /lockers writes text as ASCII: accents dropped, other letters as ?',
  },
  {
    name: 'cod-amount-int32',
    rule: 'GEN-BOUNDARY-ACCEPTED',
    description: 'a codAmount beyond 2^31-1 (int64 allows it) is refused',
  },
  {
    name: 'empty-key-accepted',
    rule: 'AUTH-KEY-REQUIRED',
    description: "an X-API-Key header present but empty is taken as the first carrier's",
  },
  {
    name: 'publish-timestamp-hour-off',
    rule: 'PCL-PUBLISH-TIMESTAMP',
    description: 'the publish timestamp is an hour ahead of the time the event was processed',
  },
  {
    name: 'by-tenant-stale-after-rename',
    rule: 'PCL-BY-TENANT-RESOLVES',
    description: 'the by-tenant path looks lockers up by the carrier.lockerId they were created with',
  },
  {
    name: 'update-enables-locker',
    rule: 'LCK-UPDATE-OMITTED-KEPT',
    description: 'an update sending carrier makes a disabled locker ACTIVE again',
  },
  {
    name: 'no-push-on-cancel-by-shipment-uid',
    rule: 'WH-PARCEL-ON-STATUS',
    description: 'a cancellation by shipmentUid sends no ParcelUpdates (one by carrierParcelId does)',
  },
] as const satisfies readonly Fault[];
