// The accepted creates and cancels whose delivery caused-deliveries.ts looks for: a LockerUpdates with a
// created locker's uid, a ParcelUpdates about a cancelled parcel. Told before the correlations learn of the
// cancel: a cancel of a parcel cancelled already changes no status.
import type { Recorded } from '../recorded/recorded';
import type { CausedDeliveries } from './caused-deliveries';
import type { Correlations } from './correlations';
import type { TrafficRule } from './traffic-rule';

export class DeliveryCauses implements TrafficRule {
  constructor(
    private readonly caused: CausedDeliveries,
    private readonly correlations: Correlations,
    /** A deliveries' file was given: without one, nothing is looked for. */
    private readonly deliveries: boolean,
  ) {}

  see(r: Recorded): void {
    const { exchange } = r;
    if (!this.deliveries || exchange.status < 200 || exchange.status >= 300) return;
    const carrier = r.carrier;
    const at = r.startedAt;
    if (exchange.operationId === 'createLocker' && !r.cut) {
      const uid = (exchange.body as { uid?: unknown } | undefined)?.uid;
      if (typeof uid === 'string' || typeof uid === 'number')
        this.caused.cause('locker', [String(uid)], carrier, at, 'createLocker');
    }
    if (exchange.operationId === 'cancelParcel') {
      const ids = this.correlations.idsOf(r.params['parcelId'] ?? '', carrier);
      // Its status changes only where it was booked: one booked in the traffic and not cancelled since (a
      // parcel of before the recording may have been cancelled already, and a cancel again changes nothing).
      const booked = this.correlations.bookedHere(ids, carrier) && !this.correlations.cancelled(ids, carrier);
      if (booked)
        this.caused.cause('parcel', ids, carrier, at, exchange.form ? `cancelParcel ${exchange.form}` : 'cancelParcel');
    }
  }
}
