// The points where the faults and variations of set AV change the service: each does what the service does with its
// fault off, and the fault's behaviour with it on. Records over a long life and in numbers: what shows only past some
// count of lockers, parcels, members or pushes, on old records, on the other carrier's, or on records no request named.
// Called from networks.ts (a member check), network-points.ts (a new member's status), status-points.ts (a status
// change), parcel-list.ts (the parcels listed), publish-points.ts (a booking's shipmentUid), create-points.ts and
// update-points.ts (a locker written, a new uid, an update's lookup), trigger.ts (a staging event applied),
// collections.ts (the lockers to name, a notification sent), list-points.ts (the lockers listed, the list answer),
// view-points.ts (a parcel as every place shows it) and push-points.ts (the ParcelUpdates push).
import type { StoredParcel } from '../model';
import type { CarrierAccount } from '../options';
import { type Editable, perApp, type Switches } from './fault-point-state';

// --- A parcel as every place shows it (view-points.ts) ---

/** Fault sav-consignee-retention-from-booking: how long a consignee's personal data is kept on staging. */
const CONSIGNEE_RETENTION_MS = 10_000;

/**
 * A parcel as shown, `record` a copy of the stored one. Fault sav-consignee-retention-from-booking: the retention job
 * erases a consignee once the retention has passed, counted from the booking (the parcel's first event) where the end
 * of the parcel's life was meant.
 */
export function parcelViewBySetAV(app: Switches, parcel: StoredParcel, record: Editable): void {
  if (!app.fault('sav-consignee-retention-from-booking') || record['consignee'] === null) return;
  const booked = Date.parse(parcel.record.events[0]?.timestamp ?? '');
  if (Number.isFinite(booked) && Date.now() - booked >= CONSIGNEE_RETENTION_MS) record['consignee'] = null;
}

// --- The ParcelUpdates push (push-points.ts) ---

/** The notification gateway's quota: requests a second per tenant. */
const GATEWAY_PER_SECOND = 10;
const gatewayWindows = new WeakMap<object, Map<string, number[]>>();

/**
 * A ParcelUpdates to `owner`, sent by `send`.
 * - Fault sav-parcel-push-gateway-429-dropped: pushes go through the notification gateway, which takes 10 a second per
 *   carrier and answers 429 beyond; the relay retries a 5xx only and drops the event on a 4xx, as final.
 * - Variation ok-av-parcel-pushes-paced: the relay holds what the gateway would refuse until the second has passed.
 */
export function gatewayBySetAV(app: Switches, owner: CarrierAccount, send: () => void): void {
  const drops = app.fault('sav-parcel-push-gateway-429-dropped');
  if (!drops && !app.fault('ok-av-parcel-pushes-paced')) return send();
  const windows = perApp(gatewayWindows, app, () => new Map<string, number[]>());
  const now = Date.now();
  const recent = (windows.get(owner.name) ?? []).filter((at) => now - at < 1000);
  windows.set(owner.name, recent);
  if (recent.length < GATEWAY_PER_SECOND) {
    recent.push(now);
    return send();
  }
  if (!drops) setTimeout(send, 1000 - (now - recent[0]!)).unref();
}
