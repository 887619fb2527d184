// Parcels of the carrier in each state the run can put one in, for the tests that judge every record a list shows:
// booked, given each trigger event (§4.11) and each pair of them, cancelled and its id booked again, and one the
// trigger made of each shipment type, after each other event too; the bookings between them under every value each
// listed member of the request takes (a lock state, a shipment type: §3 "Parcel: carries shipmentStatus", the lock
// state a booking sets too). §3 shows no transitions, so what each then shows is whatever the target makes of it,
// judged as any listed record is.
import type { Json } from '../../http/json';
import { memberEnum, memberNames } from '../../../spec/schemas';
import { bookInLent } from './lent-booking';
import type { LockerFactory } from '../lockers/locker-factory';
import type { ParcelFactory } from './parcel-factory';

/** The events the trigger takes (§4.11), from the document. */
export const TRIGGER_EVENTS = memberEnum('TriggerRequest', 'event_type');

/** The shipment types the trigger takes (§4.11), from the document. */
export const TRIGGER_SHIPMENT_TYPES = memberEnum('TriggerRequest', 'shipment_type');

/** The publish members with listed values (§2.3), each value once across as many option sets as the longest list. */
const LISTED: Json[] = (() => {
  const lists = memberNames('PublishFields')
    .map((name) => [name, memberEnum('PublishFields', name)] as const)
    .filter(([, values]) => values.length > 0 && values.length < 10);
  const longest = Math.max(1, ...lists.map(([, values]) => values.length));
  return Array.from({ length: longest }, (_, i) =>
    Object.fromEntries(lists.filter(([name]) => name !== 'eventType').map(([name, v]) => [name, v[i % v.length]])),
  );
})();

/** What the target can do: where it cannot write, nothing is made; without the trigger, a booking and a cancel. */
export interface Can {
  writes: boolean;
  trigger: boolean;
}

export async function parcelsInEveryState(lockers: LockerFactory, parcels: ParcelFactory, can: Can): Promise<void> {
  if (!can.writes) return;
  const lent = await lockers.lend('deliveries');
  let booked = 0;
  const book = () => bookInLent(lockers, parcels, lent, LISTED[booked++ % LISTED.length]);
  const { locker } = await book();
  const cancelled = await book();
  const id = cancelled.body['carrierParcelId'];
  await parcels.cancel(id);
  // Its id booked again (whether that is taken is not stated, PCL-AFTER-CANCEL): two records under one id, one live.
  await parcels.publish(parcels.body(cancelled.locker, { carrierParcelId: id }));
  if (!can.trigger) return;
  // Each event, and each event after each other one (§3 shows no transitions: a state two events reach is one too).
  const sequences = [
    ...TRIGGER_EVENTS.map((event) => [event]),
    ...TRIGGER_EVENTS.flatMap((first) => TRIGGER_EVENTS.filter((e) => e !== first).map((then) => [first, then])),
  ];
  for (const events of sequences) {
    const { locker: at, body } = await book();
    for (const event of events) await parcels.trigger(at, body['carrierParcelId'], event);
  }
  // A parcel the trigger makes of each shipment type, then each other event on it: a state of each kind of parcel.
  for (const shipmentType of TRIGGER_SHIPMENT_TYPES)
    for (const then of [undefined, ...TRIGGER_EVENTS.filter((e) => e !== 'BOOKING_CREATED')]) {
      const id = parcels.newParcelId();
      await parcels.trigger(locker, id, 'BOOKING_CREATED', undefined, { shipmentType });
      if (then) await parcels.trigger(locker, id, then, undefined, { shipmentType });
    }
}
