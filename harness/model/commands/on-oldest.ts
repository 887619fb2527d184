// A command on the oldest locker a carrier holds in the model: what a service keeps apart by a record's age (a cache
// or a partition of recent records, an archive) shows on a write to a record made long before, which `which` (counted
// from the newest) reaches only while the sequence holds few lockers.
import type { Command } from './command';
import { lockersOf, type Carrier, type ServiceModel } from '../model';
import type { World } from '../world';

export class OnOldest implements Command {
  constructor(
    readonly carrier: Carrier,
    readonly make: (which: number) => Command,
  ) {}

  /** `pick` counts from the newest: the oldest is the last index. */
  private which = (model: Readonly<ServiceModel>): number => lockersOf(model, this.carrier).length - 1;

  check = (model: Readonly<ServiceModel>) => this.which(model) >= 0 && this.make(this.which(model)).check(model);

  run = (model: ServiceModel, world: World) => this.make(this.which(model)).run(model, world);

  toString = () => `${String(this.make(0)).replace(/#\d+/, '#oldest')}`;
}
