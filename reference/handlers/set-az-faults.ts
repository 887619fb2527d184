// The points where the faults and conformant variations of origin set-az (reference/faults/) change the service: the
// storage layer under it, as a team on a relational database and an ORM would ship it. Each point does what the
// service does with its fault off, and the fault's behaviour with it on. Called from create-points.ts (activationDate
// stored, the create's answer), update-points.ts (activationDate stored, before the write), push-points.ts
// (LockerUpdates, ParcelUpdates), list-points.ts (the list's entries, a listed locker), publish-points.ts (the
// by-tenant lookup, a booking stored), cancel-points.ts (a cancellation let through), parcel-list.ts (the parcels
// read, their order), view-points.ts (a record as every place shows it) and trigger.ts (an event applied).
import { MOCK_SHIPMENT_TYPES } from '../faults/behaviour/shared';
import type { Editable, Switches } from './fault-point-state';

// --- The pushes (push-points.ts built) ---

/** Fault saz-status-push-lazy-metadata-null: a status change's LockerUpdates, its lazy metadata never loaded. */
export function lockerPushBySetAZ(app: Switches, cause: string, body: Record<string, unknown>): void {
  if (app.fault('saz-status-push-lazy-metadata-null') && cause === 'status') body['metadata'] = null;
}

/** Fault saz-booking-push-generated-column-null: a booking's ParcelUpdates, from the entity before it is read again. */
export function parcelPushBySetAZ(app: Switches, cause: string, body: Record<string, unknown>): void {
  if (app.fault('saz-booking-push-generated-column-null') && cause === 'booking') body['dimensionsStatus'] = null;
}

// --- A record as every place shows it (view-points.ts) ---

/** Variation ok-az-records-deleted-at-null: the soft-delete column beside the record's members. */
export function lockerViewBySetAZ(app: Switches, record: Editable): void {
  if (app.fault('ok-az-records-deleted-at-null')) record['deletedAt'] = null;
}

/**
 * - Variation ok-az-trigger-parcels-soft-reservation: the mock's parcels take the column default SOFT_RESERVATION.
 * - Variation ok-az-records-deleted-at-null: the soft-delete column beside the record's members.
 */
export function parcelViewBySetAZ(app: Switches, record: Editable): void {
  if (app.fault('ok-az-trigger-parcels-soft-reservation') && MOCK_SHIPMENT_TYPES.has(record['shipmentType']))
    record['allocationType'] = 'SOFT_RESERVATION';
  if (app.fault('ok-az-records-deleted-at-null')) record['deletedAt'] = null;
}
