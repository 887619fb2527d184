// Parcels of the carrier in each state the run can put one in, for the tests that judge every record a list shows:
// booked, given each trigger event (§4.11), cancelled, and one the trigger made. §3 shows no transitions, so what each
// then shows is whatever the target makes of it, judged as any listed record is.
import { componentSchema } from '../../spec/schemas';
import { bookInLent } from './lent-booking';
import type { LockerFactory } from './locker-factory';
import type { ParcelFactory } from './parcel-factory';

/** The events the trigger takes (§4.11), from the document. */
export const TRIGGER_EVENTS =
  (componentSchema('TriggerRequest') as { properties: Record<string, { enum?: string[] }> }).properties['event_type']
    ?.enum ?? [];

/** What the target can do: where it cannot write, nothing is made; without the trigger, a booking and a cancel. */
export interface Can {
  writes: boolean;
  trigger: boolean;
}

export async function parcelsInEveryState(lockers: LockerFactory, parcels: ParcelFactory, can: Can): Promise<void> {
  if (!can.writes) return;
  const lent = await lockers.lend('deliveries');
  const book = () => bookInLent(lockers, parcels, lent);
  const { locker } = await book();
  const cancelled = await book();
  await parcels.cancel(cancelled.body['carrierParcelId']);
  if (!can.trigger) return;
  for (const event of TRIGGER_EVENTS) {
    const { locker: at, body } = await book();
    await parcels.trigger(at, body['carrierParcelId'], event);
  }
  await parcels.trigger(locker, parcels.newParcelId(), 'BOOKING_CREATED');
}
