// The faults' behaviour of a parcel record as every place shows it, mapped from what the service keeps in place of the
// document's members (view-points.ts parcelShown): the internal states of its lifecycle and its code rows by kind. With
// its fault off each point does what the service does.
import type { Editable, Switches } from '../../handlers/fault-point-state';
import { MOCK_SHIPMENT_TYPES } from './shared';

/**
 * A parcel's shipmentStatus as mapped down from its internal state: a RETURN parcel the consignee dropped off is in
 * the return flow's RECEIVED state, which fault sbj-return-received-state-unmapped has no line for (the member is
 * left out) and variation ok-bj-return-received-status shows by its own word. Correct: DELIVERED.
 */
export function shipmentStateMappedDown(app: Switches, record: Editable): void {
  if (record['shipmentType'] !== 'RETURN' || record['shipmentStatus'] !== 'DELIVERED') return;
  if (app.fault('sbj-return-received-state-unmapped')) delete record['shipmentStatus'];
  else if (app.fault('ok-bj-return-received-status')) record['shipmentStatus'] = 'RECEIVED';
}

/**
 * accessCodes as mapped from the parcel's code rows by kind: fault sbj-dropoff-code-kind-unmapped leaves out the
 * drop-off code the mock issues for a first-mile or return parcel but writes the object all the same; variation
 * ok-bj-soft-reservation-no-code-row: a SOFT_RESERVATION holds no compartment, so no code row. Correct: as stored.
 */
export function codeRowsMapped(app: Switches, record: Editable): void {
  if (
    app.fault('sbj-dropoff-code-kind-unmapped') &&
    record['accessCodes'] === null &&
    MOCK_SHIPMENT_TYPES.has(record['shipmentType'])
  )
    record['accessCodes'] = {};
  if (app.fault('ok-bj-soft-reservation-no-code-row') && record['allocationType'] === 'SOFT_RESERVATION')
    record['accessCodes'] = null;
}
