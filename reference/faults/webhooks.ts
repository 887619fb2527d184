// Faults of the webhooks the service pushes: LockerUpdates and ParcelUpdates, their bodies and timing.
import type { Fault } from '../fault';

export const WEBHOOK_FAULTS = [
  // Webhooks
  {
    name: 'no-locker-webhook-on-create',
    rule: 'WH-LOCKER-ON-CREATE',
    description: 'creating a locker sends no LockerUpdates',
  },
  {
    name: 'locker-webhook-late',
    rule: 'WH-LOCKER-ON-CREATE',
    description: 'LockerUpdates on create is sent 15 s late, after the wait the run gives a push (CIS_WEBHOOK_WAIT_MS)',
  },
  {
    name: 'no-locker-webhook-on-status',
    rule: 'WH-LOCKER-ON-STATUS',
    description: 'a status change sends no LockerUpdates',
  },
  { name: 'locker-webhook-no-timestamp', rule: 'WH-LOCKER-BODY', description: 'LockerUpdates has no eventTimestamp' },
  {
    name: 'no-parcel-webhook-on-cancel',
    rule: 'WH-PARCEL-ON-STATUS',
    description: 'a cancellation sends no ParcelUpdates',
  },
  { name: 'parcel-webhook-no-events', rule: 'WH-PARCEL-BODY', description: 'ParcelUpdates has no events' },
  {
    name: 'parcel-webhook-stale-status',
    rule: 'WH-PARCEL-CONSISTENT',
    description: 'ParcelUpdates after a cancellation carries the old status',
  },
  {
    name: 'update-unknown-200',
    rule: 'LCK-UPDATE-404',
    description: 'an update of an unknown uid is answered 200 as if it existed',
  },
  {
    name: 'list-entry-not-a-record',
    rule: 'LCK-LIST-RECORDS',
    description: 'GET /lockers lists a string among the locker records',
  },
  {
    name: 'by-tenant-other-carrier',
    rule: 'PCL-BY-TENANT-OWN',
    description: "a publish by carrierLockerId finds another carrier's locker by its carrier.lockerId",
  },
  {
    name: 'cancel-unknown-200',
    rule: 'CAN-UNKNOWN-404',
    description: 'cancelling a parcel that does not exist is answered 200',
  },
  { name: 'auth-401-empty-body', rule: 'AUTH-401-BODY', description: 'a 401 comes without errorCode and message' },
  {
    name: 'webhook-cross-carrier',
    rule: 'WH-OWN-CARRIER',
    description: "the second carrier's ParcelUpdates also go to the first carrier's webhook URL",
  },
  {
    name: 'collection-no-locker-id',
    rule: 'WH-COLLECTION-BODY',
    description: 'CollectionNotification has no carrierLockerId',
  },
  {
    name: 'collection-twice',
    rule: 'WH-COLLECTION-DAILY',
    description: 'each CollectionNotification is sent twice a period',
  },
  { name: 'no-collection-notification', rule: 'WH-COLLECTION-SENT', description: 'no CollectionNotification is sent' },
  {
    name: 'webhook-malformed-json',
    rule: 'WH-DELIVERY-VALID',
    description: 'a malformed delivery follows each created locker',
  },
  {
    name: 'webhook-text-plain',
    rule: 'WH-DELIVERY-VALID',
    description: 'every delivery declares Content-Type text/plain (its JSON body otherwise right)',
  },
  {
    name: 'no-webhooks',
    rule: 'WH-LOCKER-ON-CREATE',
    description: 'the webhook sender is off: nothing is pushed, while every operation answers',
  },
] as const satisfies readonly Fault[];
