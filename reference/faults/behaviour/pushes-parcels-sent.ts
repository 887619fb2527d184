// The faults' behaviour of which ParcelUpdates are sent, and to whom: the notifier's subscriptions (app.ts
// emitParcelUpdate) and the outbox on a parcel's state column (trigger.ts applyEvent). With its fault off each point
// does what the service does.
import { perApp } from '../../handlers/fault-point-state';
import type { StoredParcel } from '../../model';
import type { CarrierAccount } from '../../options';
import type { FaultPointApp } from '../../request-types';
import { MOCK_SHIPMENT_TYPES } from './shared';

/** Fault sbi-parcel-push-subscription-by-parcel-id: per reference, the carrier each carrierParcelId's pushes go to. */
const parcelSubscriptions = new WeakMap<object, Map<string, string>>();

/**
 * Fault sbi-parcel-push-subscription-by-parcel-id: each BOOKING subscribes the carrier to its carrierParcelId's events
 * (the subscription table keyed by carrierParcelId, last booking wins), and the pushes that follow go to the carrier
 * subscribed: once the other carrier has booked a parcel under the same id, the first carrier's cancellations and
 * trigger events of its parcel are pushed to the other carrier.
 */
export function parcelPushSubscriber(
  app: FaultPointApp & { carrierNamed(name: string): CarrierAccount | undefined },
  parcel: StoredParcel,
  cause: string,
  recipient: CarrierAccount | undefined,
): CarrierAccount | undefined {
  if (!app.fault('sbi-parcel-push-subscription-by-parcel-id')) return recipient;
  const subscriptions = perApp(parcelSubscriptions, app, () => new Map<string, string>());
  if (cause === 'booking') {
    subscriptions.set(parcel.record.carrierParcelId, parcel.owner);
    return recipient;
  }
  const subscribed = subscriptions.get(parcel.record.carrierParcelId);
  return subscribed === undefined ? recipient : app.carrierNamed(subscribed);
}

/**
 * The ParcelUpdates of a trigger event, fired by the outbox trigger on the parcel's state column: with fault
 * sbj-consignee-pickup-as-timestamp-column, a booking's pick-up by the consignee is a timestamp column beside the state
 * BOOKED (shipmentStatus DELIVERED computed from it when read), so it fires nothing. Correct: every event is pushed.
 */
export function pushedOnStateColumn(
  app: FaultPointApp,
  eventType: string,
  parcel: StoredParcel,
  push: () => void,
): void {
  const pickUp = eventType === 'CONSIGNEE_DELIVERED' && !MOCK_SHIPMENT_TYPES.has(parcel.record.shipmentType);
  if (app.fault('sbj-consignee-pickup-as-timestamp-column') && pickUp) app.lag.written(parcel, parcel.record);
  else push();
}
