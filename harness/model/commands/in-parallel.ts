// Commands sent at once (parallel state-machine testing, as QuickCheck's parallel_commands):
// after the sequence so far, two or three branch commands on the same or related records go out
// together. The branches generated are ones whose effects on the model commute (different members of one
// locker, bookings under ids of their own, a status change beside an update, creates), so every serial
// order of them through the model ends in the same state: the answers and the lists read afterwards are
// accepted only if that state explains them. What the spec leaves open (the order of pushes) is not assumed.
import { lockersOf, pick, type ServiceModel } from '../model';
import { checkInvariants } from '../invariants';
import { carriersOf, type World } from '../world';
import { stateOf, type Command } from './command';
import { ChangeStatus } from './change-status';
import { CreateLocker, MAX_LOCKERS } from './create-locker';

export class InParallel implements Command {
  constructor(readonly branches: Command[]) {}

  check = (model: Readonly<ServiceModel>) =>
    this.branches.every((b) => b.check(model)) &&
    // Status changes at once name lockers of their own: two on one locker would not commute.
    this.statusLockersDistinct(model) &&
    // Creates together stay within the sequence's lockers, so later commands come back to them.
    (['A', 'B'] as const).every((c) => lockersOf(model, c).length + this.creates(c) <= MAX_LOCKERS);

  private statusLockersDistinct(model: Readonly<ServiceModel>): boolean {
    const named = this.branches
      .filter((b): b is ChangeStatus => b instanceof ChangeStatus)
      .map((b) => pick(lockersOf(model, b.carrier), b.which)?.uid);
    return new Set(named).size === named.length;
  }

  private creates(carrier: 'A' | 'B'): number {
    return this.branches.filter((b) => b instanceof CreateLocker && b.carrier === carrier).length;
  }

  async run(model: ServiceModel, world: World): Promise<void> {
    model.steps.push(this.toString());
    world.inFlight = this.branches.some((b) => b instanceof ChangeStatus) ? 'beside a status change' : 'with others';
    model.inFlight = true;
    // Each branch judges its own answer as it comes; the lists are read once all are answered.
    const outcomes = await Promise.allSettled(this.branches.map((b) => b.run(model, world))).finally(() => {
      delete world.inFlight;
      delete model.inFlight;
    });
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
    world.branches += this.branches.length;
    await checkInvariants(model, world);
    for (const carrier of carriersOf(world)) world.visited.add(stateOf(model, carrier));
  }

  toString = () => `inParallel(${this.branches.map((b) => b.toString()).join(' ∥ ')})`;
}
