// The commands the exploration sends at once, as fast-check arbitraries: two or three branches on one
// locker or its parcels, each a command of its own (so each shrinks as it does alone), chosen so their
// effects on the model commute: updates of different members, bookings under ids of their own into one
// locker, a status change beside an update, creates of both carriers, a cancel beside a booking, two lockers' statuses.
import fc from 'fast-check';
import { anyLengthText } from '../../generators';
import { Cancel } from './commands/cancel';
import { ChangeStatus } from './commands/change-status';
import type { Command } from './commands/command';
import { CreateLocker } from './commands/create-locker';
import { InParallel } from './commands/in-parallel';
import { Publish } from './commands/publish';
import { UpdateLocker, type UpdatedMember } from './commands/update-locker';
import type { Carrier } from './model';

/** Members two updates sent at once may change, each its own (a rename's follow-up is a command of its own). */
const MEMBERS: UpdatedMember[] = ['carrier', 'location', 'metadata', 'features', 'lockerGroups'];

export function inParallelFor(
  statusProfile: boolean,
  branches: number,
  carrier: fc.Arbitrary<Carrier>,
): fc.Arbitrary<Command>[] {
  const which = fc.nat(5);
  const many = { minLength: 2, maxLength: branches };
  const updates = fc
    .tuple(carrier, which, fc.shuffledSubarray(MEMBERS, many), anyLengthText, fc.boolean())
    .map(([c, w, members, text, flag]) => new InParallel(members.map((m) => new UpdateLocker(c, w, m, text, flag))));
  const bookings = fc
    .tuple(carrier, which, fc.array(fc.constantFrom('uid' as const, 'tenant' as const), many), anyLengthText)
    .map(([c, w, paths, name]) => new InParallel(paths.map((p) => new Publish(c, w, p, 'BOOKING', 'fresh', name, {}))));
  // Each create its own carrier's: both carriers' creates in flight together (uids drawn from one sequence).
  const creates = fc
    .array(fc.tuple(carrier, anyLengthText), many)
    .map((made) => new InParallel(made.map(([c, n]) => new CreateLocker(c, n, false))));
  const cancelBesideBooking = fc
    .tuple(carrier, which, which, anyLengthText)
    .map(
      ([c, p, w, name]) =>
        new InParallel([new Cancel(c, p, 0), new Publish(c, w, 'uid', 'BOOKING', 'fresh', name, {})]),
    );
  const statusBesideUpdate = fc
    .tuple(carrier, which, fc.constantFrom(...MEMBERS), anyLengthText, fc.boolean())
    .map(
      ([c, w, member, text, flag]) =>
        new InParallel([new ChangeStatus(c, w, 'other'), new UpdateLocker(c, w, member, text, flag)]),
    );
  // Two lockers set to the two states at once (InParallel.check: two lockers, not one): a status written in a batch
  // shows on a locker the other change named.
  const statusesTogether = fc
    .tuple(carrier, which, fc.constantFrom<[0 | 1, 0 | 1]>([0, 1], [1, 0]))
    .map(
      ([c, w, [first, second]]) => new InParallel([new ChangeStatus(c, w, first), new ChangeStatus(c, w + 1, second)]),
    );
  return [
    updates,
    bookings,
    creates,
    cancelBesideBooking,
    ...(statusProfile ? [statusBesideUpdate, statusesTogether] : []),
  ];
}
