// Commands sent one after another with no read between them: the invariants are checked once, after the last. A
// service whose writes show only once something reads them (a cache filled on read, a write kept pending until the
// next one, a push held until the next event) answers a read after each command as the model predicts; a burst of
// writes is what a real client sends, and the state after it must still be the one the model reached.
import { checkInvariants } from '../invariants';
import type { ServiceModel } from '../model';
import { carriersOf, type World } from '../world';
import { stateOf, type Command } from './command';

export class InSeries implements Command {
  constructor(readonly commands: Command[]) {}

  check = (model: Readonly<ServiceModel>) => this.commands[0]!.check(model);

  async run(model: ServiceModel, world: World): Promise<void> {
    model.steps.push(this.toString());
    world.unread = true;
    model.unread = true;
    try {
      // Each command's precondition is taken in the state the ones before it reached, as a sequence's would be.
      for (const command of this.commands) if (command.check(model)) await command.run(model, world);
    } finally {
      delete world.unread;
      delete model.unread;
    }
    await checkInvariants(model, world);
    for (const carrier of carriersOf(world)) world.visited.add(stateOf(model, carrier));
  }

  toString = () => `inSeries(${this.commands.map((c) => c.toString()).join(' → ')})`;
}
