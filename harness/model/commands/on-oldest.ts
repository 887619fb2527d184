// A command on the oldest locker a carrier holds in the model, of a carrier.lockerId its own: what a service keeps
// apart by a record's age (a cache or a partition of recent records, an archive) shows on a write to a record made long
// before, which `which` (counted from the newest) reaches only while the sequence holds few lockers.
import type { Command } from './command';
import { currentLockerId, lockersOf, type Carrier, type ServiceModel } from '../model';
import type { World } from '../world';

export class OnOldest implements Command {
  constructor(
    readonly carrier: Carrier,
    readonly make: (which: number) => Command,
  ) {}

  /**
   * The oldest whose carrier.lockerId no other of the carrier's lockers holds (which a by-tenant booking names, §4.7,
   * two of them not told apart); `pick` counts from the newest. -1: none.
   */
  private which = (model: Readonly<ServiceModel>): number => {
    const lockers = lockersOf(model, this.carrier);
    const at = lockers.findIndex((l) => lockers.filter((o) => currentLockerId(o) === currentLockerId(l)).length === 1);
    return at < 0 ? -1 : lockers.length - 1 - at;
  };

  check = (model: Readonly<ServiceModel>) => this.which(model) >= 0 && this.make(this.which(model)).check(model);

  run = (model: ServiceModel, world: World) => this.make(this.which(model)).run(model, world);

  toString = () => `${String(this.make(0)).replace(/#\d+/, '#oldest')}`;
}
