// A command sent again as it was, each time a step of its own (a read between): the same value written twice, a status
// set to what it is, a cancel repeated, an event triggered twice. What a service does the second time (a comparison
// with the last value written, a first-time path, a history appended to) shows only then; the model predicts the
// repetition as it predicts any command, from the state the first one reached.
import type { ServiceModel } from '../model';
import type { World } from '../world';
import type { Command } from './command';

export class Again implements Command {
  constructor(
    readonly command: Command,
    /** Sent between the two (X, Y, X): what a service kept of the first (an answer cached by its body) meets Y. */
    readonly between?: Command,
  ) {}

  check = (model: Readonly<ServiceModel>) => this.command.check(model);

  async run(model: ServiceModel, world: World): Promise<void> {
    await this.command.run(model, world);
    // Each precondition taken in the state the ones before reached, as a sequence's would be.
    if (this.between?.check(model)) await this.between.run(model, world);
    if (this.command.check(model)) await this.command.run(model, world);
  }

  toString = () => `again(${this.command.toString()}${this.between ? `, after ${this.between.toString()}` : ''})`;
}
