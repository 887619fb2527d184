// A command on a locker of a kind the model holds (the oldest, one in the network, one renamed, one with scheduled
// hours, ...): what a service does wrong to one kind of locker shows only on a write naming a locker of that kind,
// which `which` (counted from the newest) reaches only by chance. The write is the inner command's; the kind picks
// the locker.
import type { Command } from './command';
import {
  currentLockerId,
  groupKeys,
  lockersOf,
  whichOf,
  type Carrier,
  type ModelLocker,
  type ServiceModel,
} from '../model';
import type { World } from '../world';

/** The kinds of locker a sequence holds, each a predicate on the model's locker. */
const KINDS = {
  /** Any: the oldest first, made long before the write (a cache or partition of recent records, an archive). */
  oldest: () => true,
  /**
   * The carrier's locker the last command that named one of them wrote: a write again on the record just written (its
   * value back, a write after a refused one, a booking after a rename) is the common case, not one `which` reaches by
   * chance.
   */
  lastNamed: (l: ModelLocker, model: Readonly<ServiceModel>) =>
    l.namedAt !== undefined && lockersOf(model, l.carrier).every((o) => (o.namedAt ?? -1) <= l.namedAt!),
  /** In the carrier's network (§4.10): a locker like any other to every operation that names one. */
  networked: (l: ModelLocker) => l.inNetwork === true,
  /** Renamed since its create: its carrier.lockerId is not the one it was made with. */
  renamed: (l: ModelLocker) => l.lockerIds.length > 1,
  /** Changed by an accepted update since its create. */
  updated: (l: ModelLocker) => l.updated,
  /** Its status changed since its create (disabled, or enabled again). */
  statusChanged: (l: ModelLocker) => l.status !== undefined,
  /** Sent with scheduled opening hours (§2.1's modes). */
  scheduled: (l: ModelLocker) => accessMode(l.sent) === 'SCHEDULED',
  /** In a group another of the carrier's lockers is in (§2.1 lockerGroups). */
  grouped: (l: ModelLocker, model: Readonly<ServiceModel>) => {
    const mine = new Set(groupKeys(l.carrier, l.sent));
    return lockersOf(model, l.carrier).some((o) => o !== l && groupKeys(o.carrier, o.sent).some((g) => mine.has(g)));
  },
  /** Holding a live booking (§4.6): a write to the locker leaves the parcel as it is. */
  holding: (l: ModelLocker, model: Readonly<ServiceModel>) =>
    model.parcels.some((p) => p.lockerUid === l.uid && p.state === 'booked'),
  /** Under a carrier.lockerId the other carrier's locker holds too (§2.1 makes only uid the identifier). */
  sharingLockerId: (l: ModelLocker, model: Readonly<ServiceModel>) =>
    model.lockers.some((o) => o.carrier !== l.carrier && currentLockerId(o) === currentLockerId(l)),
} satisfies Record<string, (l: ModelLocker, model: Readonly<ServiceModel>) => boolean>;

export type LockerKind = keyof typeof KINDS;

export const LOCKER_KINDS = Object.keys(KINDS) as LockerKind[];

const accessMode = (sent: unknown): unknown =>
  (sent as { openingHours?: { accessMode?: unknown } } | undefined)?.openingHours?.accessMode;

export class OnLocker implements Command {
  constructor(
    readonly carrier: Carrier,
    readonly kind: LockerKind,
    readonly make: (which: number) => Command,
    /** Which of the lockers of the kind, the oldest first (wrapping round). */
    readonly nth = 0,
  ) {}

  /**
   * The nth locker of the kind whose carrier.lockerId no other of the carrier's lockers holds (which a by-tenant
   * booking names, §4.7, two of them not told apart), as `pick` counts it from the newest. -1: none.
   */
  private which = (model: Readonly<ServiceModel>): number => {
    const lockers = lockersOf(model, this.carrier);
    const own = (l: ModelLocker) => lockers.filter((o) => currentLockerId(o) === currentLockerId(l)).length === 1;
    const ofKind = lockers.filter((l) => own(l) && KINDS[this.kind](l, model));
    return ofKind.length ? whichOf(lockers, ofKind[this.nth % ofKind.length]!) : -1;
  };

  check = (model: Readonly<ServiceModel>) => {
    const which = this.which(model);
    return which >= 0 && this.make(which).check(model);
  };

  run = (model: ServiceModel, world: World) => this.make(this.which(model)).run(model, world);

  toString = () => String(this.make(0)).replace(/#\d+/, `#${this.kind}${this.nth ? `(${this.nth + 1})` : ''}`);
}
