// The points where the faults and variations of set K change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in parcels.ts, cancel.ts, parcel-list.ts, trigger.ts, spec-set-d-points.ts and app.ts.
import { historiesInSets } from '../faults/behaviour/shared';
import type { StoredParcel } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';
import type { Editable, Switches } from './fault-point-state';
import { setMParcelView } from './set-m-faults';

/** A parcel record as every place shows it, once the other views are applied: set K's view faults. */
export function setKParcelView(app: Switches, parcel: StoredParcel, record: Editable): void {
  // Fault sk-trigger-history-as-set: JSON.stringify writes a Set as {}, whatever it holds.
  if (app.fault('sk-trigger-history-as-set') && historiesInSets.has(parcel))
    record['events'] = JSON.parse(JSON.stringify(new Set(record['events'])));
  // Variation ok-m-dimensions-status-measured: NOT_MEASURED until delivered, MEASURED from then on.
  setMParcelView(app, parcel, record);
}

/** Fault sk-push-suppressed-same-status-per-carrier: the last status pushed to each carrier. */
const lastStatusPerCarrier = new WeakMap<Switches, Map<string, unknown>>();

/** A ParcelUpdates as set K's faults send it; answers whether one of them took it (else it is sent as it is). */
export function setKParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const status = (body as Editable)['shipmentStatus'];
  if (app.fault('sk-push-suppressed-same-status-per-carrier')) {
    const last = lastStatusPerCarrier.get(app) ?? new Map<string, unknown>();
    lastStatusPerCarrier.set(app, last);
    if (last.has(owner.name) && last.get(owner.name) === status) return true;
    last.set(owner.name, status);
  }
  if (!app.fault('sk-push-content-length-in-chars')) return false;
  // Fault sk-push-content-length-in-chars: the receiver reads as many bytes as the text has UTF-16 code units.
  const text = JSON.stringify(body);
  const raw = Buffer.from(text, 'utf8').subarray(0, text.length).toString('utf8');
  if (raw === text) return false;
  app.outbox.send(owner, body, { raw });
  return true;
}
