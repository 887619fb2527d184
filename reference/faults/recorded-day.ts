// Faults a carrier's recorded day shows: an answer that a later list or push contradicts.
import type { Fault } from '../fault';

export const RECORDED_DAY_FAULTS = [
  // Faults written from the spec alone that a carrier's recorded day shows: an answer a later list
  // or push contradicts
  {
    name: 'update-name-not-stored',
    rule: 'LCK-UPDATE-200',
    description:
      'an update answers the new carrier.lockerName but keeps the old one: later lists show the name before ' +
      '(written from the spec alone by a helper)',
  },
  {
    name: 'status-push-previous-status',
    rule: 'WH-LOCKER-ON-STATUS',
    description:
      'the LockerUpdates of a status change carries the carrier.status from before the change (written from ' +
      'the spec alone by a helper)',
  },
  {
    name: 'consignee-mojibake',
    rule: 'PCL-RECORD-AS-SENT',
    description:
      "a booking stores the consignee's text as UTF-8 bytes read back as Latin-1: Zoë is listed and pushed " +
      'as ZoÃ« (written from the spec alone by a helper)',
  },
] as const satisfies readonly Fault[];
