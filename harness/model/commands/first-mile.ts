// A first-mile or return parcel the staging trigger brings about (§4.11: BOOKING_CREATED, shipment_type
// FIRST_MILE or RETURN) under a fresh parcel_id, in one of the carrier's lockers. What the service then shows
// of it is not stated, so the model holds it as moved on ('moved'): the lists' frame keeps it as they showed
// it, and later events and cancels act on it like on any parcel of the sequence.
import { observe } from '../../evidence/judge';
import type { Json } from '../../http/json';
import {
  currentLockerId,
  lockersOf,
  named,
  parcelsOf,
  pick,
  type Carrier,
  type ModelParcel,
  type ServiceModel,
} from '../model';
import { clientOf, lockerJson, type World } from '../world';
import { step, triggerKeyTaken, type Command } from './command';
import { MAX_LIVE_PARCELS } from './publish';

export class FirstMile implements Command {
  constructor(
    readonly carrier: Carrier,
    readonly which: number,
    readonly shipmentType: 'FIRST_MILE' | 'RETURN',
    /**
     * §4.11's optional labelless: left out, false, or true (a target may refuse a combination it does not know as
     * label-less: "Set true only for confirmed label-less combinations").
     */
    readonly labelless: boolean | undefined = undefined,
  ) {}

  check = (model: Readonly<ServiceModel>) =>
    lockersOf(model, this.carrier).length > 0 &&
    parcelsOf(model, this.carrier).filter((p) => p.state !== 'cancelled').length < MAX_LIVE_PARCELS;

  async run(model: ServiceModel, world: World): Promise<void> {
    const own = pick(lockersOf(model, this.carrier), this.which)!;
    await step(
      model,
      world,
      this.toString(),
      async () => {
        const id = world.tag.next('CCFM');
        const locker = lockerJson(own.uid, currentLockerId(own), own.record);
        const body: Json = {
          ...world.parcels.triggerBody(locker, id, 'BOOKING_CREATED'),
          shipment_type: this.shipmentType,
          ...(this.labelless === undefined ? {} : { labelless: this.labelless }),
        };
        const exchange = await clientOf(world, this.carrier).call('triggerFirstMileEvent', { body });
        triggerKeyTaken(exchange, this.carrier);
        // Which events, shipment types and labelless values a target takes for a locker in this state is not shown
        // (§3; §4.11 gives no default for labelless): a refusal is observed (GEN-BOUNDARY-ACCEPTED judges labelless
        // false on a fresh locker).
        if (exchange.status < 200 || exchange.status >= 300) {
          const labelless = this.labelless === undefined ? '' : ` with labelless ${this.labelless}`;
          observe(
            'TRG-RESPONSE',
            `BOOKING_CREATED of a new ${this.shipmentType} parcel${labelless}: ${exchange.status}`,
          );
          return;
        }
        const parcel: ModelParcel = {
          carrier: this.carrier,
          carrierParcelId: id,
          lockerUid: own.uid,
          path: 'uid',
          sent: {},
          state: 'moved',
          everDelivered: false,
          shipmentType: this.shipmentType,
        };
        model.parcels.push(parcel);
        named(model, parcel);
      },
      'parcels',
    );
  }

  toString = () =>
    `firstMile(${this.carrier}, locker #${this.which}, ${this.shipmentType}` +
    `${this.labelless === undefined ? '' : `, labelless ${this.labelless}`})`;
}
