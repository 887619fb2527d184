// The points where the faults and variations of set G change the service: each function does what the
// service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are short hooks in locker-update.ts, lockers.ts, locker-stored.ts, networks.ts, parcels.ts,
// cancel.ts, collections.ts and spec-set-d-points.ts.
import type { FaultPointApp } from '../request-types';
import type { Editable } from './fault-point-state';

/** A parcel record as every place shows it (list, cancel answer, push): set G's variations. */
export function setGParcelView(app: FaultPointApp, record: Editable): void {
  // Variation ok-g-parcel-locker-id-current: carrierLockerId joined from the locker as it is now.
  const locker = app.fault('ok-g-parcel-locker-id-current') ? app.state.lockers.get(record['lockerUid']) : undefined;
  if (locker && typeof record['carrierLockerId'] === 'string')
    record['carrierLockerId'] = locker.record.carrier.lockerId;
  // Variation ok-g-access-code-shape: the collection code as a PIN and a barcode value, without validUntil.
  const code = record['accessCodes']?.['consigneeCollectionCode'];
  if (app.fault('ok-g-access-code-shape') && code && typeof code['code'] === 'string')
    record['accessCodes'] = { consigneeCollectionCode: { pin: code['code'], barcode: `AC${code['code']}` } };
}
