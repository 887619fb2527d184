// A staging trigger event (§4.11) for a parcel of the sequence, in any order: BOOKING_CREATED,
// COURIER_COLLECTED, CONSIGNEE_DELIVERED. §3 shows no transitions, so the model takes the state the
// list then shows; what it keeps is that a parcel once delivered has been delivered (§3, §4.9).
import { hold, observe } from '../../evidence/judge';
import type { Json } from '../../http/json';
import { deliveredCancelJudgement } from '../../judgements/cancels';
import { parcelStatusPush } from '../../judgements/caused-pushes';
import { eventHistoryJudgement } from '../../judgements/event-history';
import { eventCount, looksDelivered } from '../../records/parcels/delivered';
import { parcelNow } from '../invariants';
import { type Carrier, currentLockerId, type ModelParcel, named, parcelsOf, pick, type ServiceModel } from '../model';
import { expectPush, parcelShows } from '../pushes';
import { cancelFormsOf, clientOf, lockerJson, type World } from '../world';
import { step, triggerKeyTaken, type Command } from './command';

export type TriggerEvent = 'BOOKING_CREATED' | 'COURIER_COLLECTED' | 'CONSIGNEE_DELIVERED';

/**
 * 'unseen': the event that takes the parcel where it has not been — delivered, or once delivered, booked
 * again or collected — so that sequences reach the states after a delivery, where no single test looks.
 */
export type TriggerPick = TriggerEvent | 'unseen';

const live = (model: Readonly<ServiceModel>, carrier: Carrier) =>
  parcelsOf(model, carrier).filter((p) => p.state !== 'cancelled');

/**
 * What the spec forbids is refused in every state the model reaches: a parcel that has been delivered,
 * whatever event came after, is never cancellable (§3, §4.9), by any id form the target takes.
 */
async function refusesCancel(model: ServiceModel, world: World, parcel: ModelParcel, when: string): Promise<void> {
  for (const kind of await cancelFormsOf(world, parcel)) {
    const exchange = await world.parcels.call(
      kind,
      kind === 'shipmentUid' ? parcel.shipmentUid! : parcel.carrierParcelId,
      clientOf(world, parcel.carrier),
    );
    const accepted = exchange.status >= 200 && exchange.status < 300;
    if (accepted) parcel.state = 'cancelled';
    hold([deliveredCancelJudgement(exchange, `parcel ${parcel.carrierParcelId} by ${kind} ${when}`)], exchange);
  }
}

/**
 * The state a list shows a triggered parcel in, to the model: delivered where it looks so; booked where it shows the
 * booked status and the list holds every event since the trigger (`whole`: a list lagging the trigger shows the status
 * from before it, and says nothing of after); else moved on, as far as the model knows (§3 shows no transitions). A
 * collected parcel has left the locker: whether its booking may still be cancelled is not stated, so it is booked no
 * more whatever status it shows.
 */
export function stateAfterTrigger(
  listed: Json,
  whole: boolean,
  bookedStatus: unknown,
  event: TriggerEvent,
): 'delivered' | 'booked' | 'moved' {
  if (looksDelivered(listed, bookedStatus)) return 'delivered';
  return whole && listed['shipmentStatus'] === bookedStatus && event !== 'COURIER_COLLECTED' ? 'booked' : 'moved';
}

export class Trigger implements Command {
  constructor(
    readonly carrier: Carrier,
    readonly which: number,
    readonly pick: TriggerPick,
  ) {}

  private eventFor(parcel: ModelParcel): TriggerEvent {
    if (this.pick !== 'unseen') return this.pick;
    if (!parcel.everDelivered) return 'CONSIGNEE_DELIVERED';
    return this.which % 2 === 0 ? 'BOOKING_CREATED' : 'COURIER_COLLECTED';
  }

  // What a trigger does to a cancelled parcel is not stated (PCL-AFTER-CANCEL).
  check = (model: Readonly<ServiceModel>) => live(model, this.carrier).length > 0;

  async run(model: ServiceModel, world: World): Promise<void> {
    const parcel = pick(live(model, this.carrier), this.which)!;
    const event = this.eventFor(parcel);
    const own = model.lockers.find((l) => l.uid === parcel.lockerUid && l.carrier === this.carrier);
    const locker = own ? lockerJson(own.uid, currentLockerId(own), own.record) : world.thirdParty!;
    await step(
      model,
      world,
      `trigger(${this.carrier}, parcel #${this.which}, ${event})`,
      async () => {
        const before = { status: parcel.shown, events: parcel.events };
        const actionAt = Date.now();
        // Each event of a return parcel names it one (§4.11's shipment_type), a booking's the table's first value.
        const body = world.parcels.triggerBody(locker, parcel.carrierParcelId, event, parcel.shipmentType);
        const exchange = await clientOf(world, this.carrier).call('triggerFirstMileEvent', { body });
        triggerKeyTaken(exchange, this.carrier);
        if (exchange.status < 200 || exchange.status >= 300) {
          // §4.11 simulates first-mile events: a last-mile booking need not take them.
          observe(
            'TRG-RESPONSE',
            `${event} for parcel ${parcel.carrierParcelId} (${parcel.state}) answered ${exchange.status}`,
          );
          return;
        }
        named(model, parcel);
        // How many events show them all: unknown where no list had shown the parcel's history before (never then).
        parcel.unshown = {
          since: parcel.unshown?.since ?? actionAt,
          events: (parcel.unshown?.events ?? before.events ?? Number.POSITIVE_INFINITY) + 1,
        };
        // The list shows the event once the history grew (TRG-EVENT-HISTORY); a list may lag the write.
        const { listed, exchange: read } = await parcelNow(
          model,
          world,
          parcel,
          (p) => p !== undefined && (before.events === undefined || eventCount(p) > before.events),
        );
        if (!listed) return;
        // The change it shows is this trigger's or an earlier one's no list had shown: pushed since the earliest.
        const changedSince = parcel.unshown.since;
        if (eventCount(listed) >= parcel.unshown.events) delete parcel.unshown;
        if (before.events !== undefined)
          hold(
            [
              eventHistoryJudgement(
                `${event} accepted for parcel ${parcel.carrierParcelId}`,
                before.events,
                listed['events'],
              ),
            ],
            exchange,
            read,
          );
        const status = listed['shipmentStatus'];
        parcel.state = stateAfterTrigger(listed, parcel.unshown === undefined, model.bookedStatus, event);
        if (parcel.state === 'delivered') parcel.everDelivered = true;
        if (parcel.everDelivered) await refusesCancel(model, world, parcel, `after ${model.steps.join(' → ')}`);
        if (before.status !== undefined && status !== before.status && parcel.shipmentUid !== undefined) {
          expectPush(
            world,
            {
              ...parcelStatusPush(
                { '/shipmentUid': listed['shipmentUid'], '/shipmentStatus': status },
                changedSince,
                `ParcelUpdates for parcel ${parcel.carrierParcelId} with status ${String(status)} after ${event}`,
              ),
              cause: exchange,
              shows: parcelShows(parcel.sent, listed),
            },
            model.steps,
          );
        }
      },
      'parcels',
    );
  }

  toString = () =>
    `trigger(${this.carrier}, parcel #${this.which}, ` +
    `${this.pick === 'unseen' ? 'the event it has not had' : this.pick})`;
}
