// A command whose push the carrier's endpoint answers 500, one of §6's answers: what the endpoint answers has
// no stated effect on any record (§6 lists the answers, nothing they change), so the model predicts the command's
// outcome as with 200, and every record the run holds as before. A retry of the push is the service's own to send or
// not (§6: retries not shown). No 401 is answered: a service may stop pushing to a URL that answered it, which §6
// leaves open, and later pushes the run waits for would then be missing.
import type { WebhookKind } from '../../webhooks/types';
import type { ServiceModel } from '../model';
import type { World } from '../world';
import type { Command } from './command';

export class PushesAnswered implements Command {
  constructor(
    readonly status: 500,
    readonly command: Command,
    /** Its push's webhook: a parcel's (a booking, a cancel, a trigger) or a locker's (a create, a status change). */
    readonly kind: WebhookKind = 'ParcelUpdates',
  ) {}

  check = (model: Readonly<ServiceModel>) => this.command.check(model);

  async run(model: ServiceModel, world: World): Promise<void> {
    // The next push of its kind the listener receives: the command's, sent one after another as the sequence's are.
    await world.webhooks?.answer({ kind: this.kind, after: Date.now() }, this.status, 1);
    await this.command.run(model, world);
  }

  toString = () => `${this.command.toString()} (its push answered ${this.status})`;
}
