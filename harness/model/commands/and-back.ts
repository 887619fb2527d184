// An update, then one giving the members it changed back what they held before (A → B → A): a write to the value a
// member had before (a rename back to the name at create, a group of a key given back, an entry removed and sent
// again) is where a service comparing with a value kept from earlier (the name the provider registered, a row marked
// deleted, a history row reopened) goes wrong. The model predicts the second update as any: the locker as sent.
import type { Json } from '../../http/json';
import { memberNames } from '../../../spec/schemas';
import { lockersOf, pick, whichOf, type ServiceModel } from '../model';
import type { World } from '../world';
import type { Command } from './command';
import { UpdateLocker } from './update-locker';

/** The members an update request takes (§2.1, from the document; it refuses a provider object), which the second
 * update may give back. */
const UPDATE_MEMBERS = memberNames('LockerUpdateRequest').filter((m) => m !== 'provider');

/**
 * The update giving back what an update changed of what the locker held (`before`, `after`: the locker as sent); none
 * where it changed nothing. A member held as null is not given back: what an update's null does is not stated (§4.3).
 */
export function restoreOf(before: Json, after: Json): Json | undefined {
  const changed = UPDATE_MEMBERS.filter(
    (m) => before[m] !== undefined && before[m] !== null && JSON.stringify(before[m]) !== JSON.stringify(after[m]),
  );
  return changed.length ? Object.fromEntries(changed.map((m) => [m, before[m]])) : undefined;
}

export class AndBack implements Command {
  constructor(readonly update: UpdateLocker) {}

  check = (model: Readonly<ServiceModel>) => this.update.check(model);

  async run(model: ServiceModel, world: World): Promise<void> {
    const { carrier, which } = this.update;
    const locker = pick(lockersOf(model, carrier), which)!;
    const before = structuredClone(locker.sent);
    await this.update.run(model, world);
    const restore = restoreOf(before, locker.sent);
    const back = whichOf(lockersOf(model, carrier), locker);
    if (!restore || back < 0) return;
    await new UpdateLocker(carrier, back, 'walk', '', false, { restore }).run(model, world);
  }

  toString = () => `andBack(${this.update.toString()})`;
}
