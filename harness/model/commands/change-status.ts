// Set a locker's status (§4.5) to one of the profile's two states, in any order and repeated: every
// change the record then shows is pushed (§6, "a locker status changes"), the second as the first.
import { hold, observe } from '../../evidence/judge';
import { statusChangeAcceptedJudgements } from '../../judgements/status-change';
import { lockerStatusPush } from '../../judgements/caused-pushes';
import type { Json } from '../../http/json';
import { lockerStatusBody } from '../../target/profile';
import { statusesOf } from '../invariants';
import { type Carrier, lockersOf, namedLocker, pick, type ServiceModel } from '../model';
import { expectPush } from '../pushes';
import { clientOf, type World } from '../world';
import { step, type Command } from './command';

/** A locker's form with `status` in one of the members §3 names (carrier.status, provider.status), each it holds. */
export function withStatus(form: Json, status: string): Json[] {
  return (['carrier', 'provider'] as const).flatMap((side) => {
    const member = form[side];
    return member && typeof member === 'object' && !Array.isArray(member)
      ? [{ ...form, [side]: { ...(member as Json), status } }]
      : [];
  });
}

export class ChangeStatus implements Command {
  constructor(
    readonly carrier: Carrier,
    readonly which: number,
    /** One of the profile's two states, or 'other': the one the locker does not show now. */
    readonly state: 0 | 1 | 'other',
  ) {}

  check = (model: Readonly<ServiceModel>) => lockersOf(model, this.carrier).length > 0;

  async run(model: ServiceModel, world: World): Promise<void> {
    const locker = pick(lockersOf(model, this.carrier), this.which)!;
    const states = world.profile.lockerStatus!.states!;
    const showing = (i: 0 | 1) =>
      locker.status === undefined
        ? statusesOf(locker.record).includes(states[i]!.shows ?? states[i]!.name)
        : locker.status === (states[i]!.shows ?? states[i]!.name);
    const state = states[this.state === 'other' ? (showing(0) ? 1 : 0) : this.state]!;
    const shows = state.shows ?? state.name;
    await step(
      model,
      world,
      this.toString(),
      async () => {
        const before = locker.status;
        const showedIt = before === undefined ? statusesOf(locker.record).includes(shows) : before === shows;
        // The form it had, where a settled read showed it and nothing named it since: where neither member showed the
        // status, the change shows in one that did not. Otherwise (sent at once with others, in a burst, one member
        // showing it already) which one is not known, and any member showing it will do.
        const read = locker.listedAt !== undefined && locker.listedSettled && (locker.namedAt ?? -1) <= locker.listedAt;
        const from = read && !world.inFlight && !world.unread ? statusesOf(locker.listed) : undefined;
        const actionAt = Date.now();
        const exchange = await clientOf(world, this.carrier).call('updateLockerStatus', {
          body: lockerStatusBody(world.profile, locker.uid, state.name),
        });
        // A change to a status it did not show is taken (LCK-STATUS-TAKEN, a should).
        if (!showedIt)
          hold(statusChangeAcceptedJudgements(exchange, `setting ${state.name} on locker ${locker.uid}`), exchange);
        if (exchange.status === 409) {
          // §4.5: a 409 exists, its condition not shown. Asked for the status it has, the locker still shows it.
          observe(
            'LCK-STATUS-409',
            `setting ${state.name} on locker ${locker.uid}${showedIt ? ', which showed it already,' : ''} answered 409`,
          );
          locker.status = showedIt ? shows : undefined;
          delete locker.statusFrom;
          return;
        }
        // One asking for the status it shows: accepted as any other (LCK-STATUS-TAKEN is about the others).
        if (showedIt)
          hold(
            statusChangeAcceptedJudgements(exchange, `setting ${state.name} on locker ${locker.uid}`).slice(0, 1),
            exchange,
          );
        namedLocker(model, locker);
        locker.statusAt = model.steps.length;
        locker.status = shows;
        if (from && !showedIt && !from.includes(shows)) locker.statusFrom = from;
        else delete locker.statusFrom;
        locker.statusRule = showedIt ? 'LCK-STATUS-REPEAT' : 'LCK-STATUS-CHANGE';
        if (showedIt) return;
        // Its push shows the record as the change left it, which a list read may show only later (a lag), or never
        // before the run ends: the form last seen with the status in either member is one the locker had.
        const last = locker.versions?.at(-1) ?? locker.record;
        (locker.versions ??= []).push(...withStatus(last, shows));
        // Which side shows the status is the target's; either one carrying it is the push.
        expectPush(
          world,
          {
            ...lockerStatusPush(
              locker.record['uid'],
              shows,
              actionAt,
              ` (change ${model.steps.length} of the sequence)`,
            ),
            cause: exchange,
          },
          model.steps,
        );
      },
      'lockers',
    );
  }

  toString = () => `changeStatus(${this.carrier}, #${this.which}, state ${this.state})`;
}
