// The written sequences of the exploration: the opening every sequence starts with, and the covering sequence that
// reaches every rule the exploration names whatever the seed (generated sequences reach each only by chance).
import {
  everyMemberOnce,
  everyValueOnce,
  laidOver,
  OPEN_LENGTHS,
  SHARED_NAMES,
  textOfLength,
  WALK_LEAVES_CREATE,
  WALK_LEAVES_UPDATE,
  withRareCharacters,
} from '../../generators';
import { AddToNetwork } from './commands/add-to-network';
import { AndBack } from './commands/and-back';
import { Again } from './commands/again';
import { Cancel } from './commands/cancel';
import { ChangeStatus } from './commands/change-status';
import type { Command } from './commands/command';
import { CreateLocker } from './commands/create-locker';
import { FirstMile } from './commands/first-mile';
import { Trigger } from './commands/trigger';
import { InSeries } from './commands/in-series';
import { OnLocker } from './commands/on-locker';
import { NAMED_BY_COMMAND, Publish } from './commands/publish';
import { PushesAnswered } from './commands/pushes-answered';
import { UpdateLocker } from './commands/update-locker';
import { SCHEDULED_HOURS } from '../records/lockers/opening-hours';
import { PARCEL_DIMENSIONS } from '../records/parcels/parcel-factory';

/** What the target can do, as the exploration's commands need it. */
export interface Reach {
  trigger: boolean;
  statusProfile: boolean;
  network: boolean;
  secondKey: boolean;
}

/**
 * Every sequence opens with two namesake lockers and a booking for the first carrier, the second locker's status
 * changed, and a locker and a booking of the second carrier under the first's carrier.lockerId and carrierParcelId:
 * what the generated commands then act on from their first step.
 */
export function opening(reach: Reach): Command[] {
  return [
    // Two lockers that share all but their uid, their lockerId and their point, their group too (§2.1 makes none
    // of the rest unique): a write or a lookup keyed by a shared value shows on the namesake.
    new CreateLocker('A', SHARED_NAMES[0], false, 0, 1),
    new CreateLocker('A', SHARED_NAMES[0], false, 1, 1),
    new Publish('A', 0, 'uid', 'BOOKING', 'fresh', 'Zoë Ångström', {}),
    // The first locker starts in the other status (disabled, on a fresh locker): what comes later acts on it so.
    ...(reach.statusProfile ? [new ChangeStatus('A', 0, 'other')] : []),
    ...(reach.secondKey
      ? [
          new CreateLocker('B', SHARED_NAMES[1], true),
          new Publish('B', 0, 'tenant', 'BOOKING', 'shared', 'Łukasz Żółć', {}),
        ]
      : []),
  ];
}

/**
 * After the opening, a sequence that reaches every rule the exploration is annotated with (suites/explore.spec.ts
 * CORE) whatever the seed: a locker renamed, a PRE_CHECK never booked, a booking by carrier.lockerId, and the first
 * booking cancelled twice; then a booking into a third party's locker, cancelled. Generated sequences reach each only
 * by chance (a run of 8 once left no PRE_CHECK).
 */
/** A name holding every rare character, each between two words (generators RARE_CHARACTERS). */
const RARE_NAME = withRareCharacters(
  ...'Packstation Alpha Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliett Kilo'.split(' '),
);

/** The members one update names, in the order covering() sends each after the one before it. */
const BACK_TO_BACK = ['rename', 'features', 'location', 'metadata', 'lockerGroups'] as const;

/** A fresh booking of the walk of publish options: the `i`th instance, under a name of the shared pool. */
const walkedBooking = (
  carrier: 'A' | 'B',
  path: 'uid' | 'tenant',
  options: Record<string, unknown>,
  i: number,
  thirdParty = false,
): Publish =>
  new Publish(carrier, 0, path, 'BOOKING', 'fresh', SHARED_NAMES[i % SHARED_NAMES.length]!, options, thirdParty);

export function covering(reach: Reach): Command[] {
  const publishOptions = everyValueOnce('PublishFields', NAMED_BY_COMMAND);
  const updateWalk = everyMemberOnce('LockerUpdateRequest', WALK_LEAVES_UPDATE);
  return [
    // A soft reservation held in the locker while a hard one is booked there and cancelled (each allocationType §2.3
    // lists, beside the other): a cancel changes the booking it names, nothing else (§4.9 "Cancels the booking of the
    // parcel."). Then cancelled in turn; first, while the opening's booking is the only other one live.
    new Publish('A', 0, 'uid', 'BOOKING', 'fresh', SHARED_NAMES[1]!, { allocationType: 'SOFT_RESERVATION' }),
    new Publish('A', 0, 'uid', 'BOOKING', 'fresh', SHARED_NAMES[0]!, { allocationType: 'HARD_RESERVATION' }),
    new Cancel('A', 0, 0),
    new Cancel('A', 1, 0),
    // Two bookings, the push of the first answered 500 (§6 lists it among the endpoint's answers; a 401 might stop a
    // service pushing to the URL at all, which §6 leaves open): each booked, listed and cancelled as any other (no
    // answer is stated to change a record).
    new PushesAnswered(500, new Publish('A', 0, 'uid', 'BOOKING', 'fresh', 'Ada Lovelace', {})),
    new Publish('A', 0, 'uid', 'BOOKING', 'fresh', 'Grace Hopper', {}),
    // And each of them cancelled, the push of the first cancel answered 500 too: a push of every kind of change is
    // answered so once (a create's below).
    new PushesAnswered(500, new Cancel('A', 0, 0)),
    new Cancel('A', 1, 0),
    // The first locker, while the other carrier's locker holds its carrier.lockerId (the opening's): what an update
    // names changes on the named locker alone, whatever shares its lockerId (§2.1 makes only uid the identifier). Set,
    // then set otherwise: a member that had a value moved on a locker no command named is the write rule's.
    ...(reach.secondKey
      ? [new UpdateLocker('A', 1, 'features', '', false), new UpdateLocker('A', 1, 'features', '', true)]
      : []),
    new UpdateLocker('A', 0, 'rename', 'Packstation Zürich-Örlikon', false),
    // Renamed to its own name in other letter case, then with its accents folded: each another name, which the answer,
    // the list and a push show as sent.
    new UpdateLocker('A', 0, 'carrier', 'PACKSTATION ZÜRICH-ÖRLIKON', false),
    new UpdateLocker('A', 0, 'carrier', 'Packstation Zurich-Orlikon', false),
    // Renamed to the carrier.lockerId its namesake holds, with a name of its own: taken or refused (not stated), a
    // refusal leaves both as they were, the name too.
    new UpdateLocker('A', 0, 'carrier', 'Packstation Lund', false, { taken: 0 }),
    // Named with every rare character between its words (no character set is stated): taken, the answer, the lists and
    // the network's record below show the name as sent; refused, for them alone (observed).
    new UpdateLocker('A', 0, 'carrier', RARE_NAME, false),
    // The namesake renamed, then given the status it never had: its push shows the record as it is now, a form no
    // earlier push or list showed.
    ...(reach.statusProfile
      ? [new UpdateLocker('A', 1, 'rename', 'Packstation Mitte', false), new ChangeStatus('A', 1, 'other')]
      : []),
    new Publish('A', 0, 'uid', 'PRE_CHECK', 'fresh', 'Søren Kierkegaard', {}),
    // And into a third party's locker: a check there books nothing either.
    new Publish('A', 0, 'uid', 'PRE_CHECK', 'fresh', 'Søren Kierkegaard', {}, true),
    // A PRE_CHECK under an id the other carrier booked first: refused for it no more than a booking (ISO-CARRIER-IDS).
    ...(reach.secondKey
      ? [
          new Publish('B', 0, 'uid', 'BOOKING', 'fresh', 'Łukasz Żółć', {}),
          new Publish('A', 0, 'uid', 'PRE_CHECK', 'shared', 'Søren Kierkegaard', {}),
        ]
      : []),
    // A PRE_CHECK under the id of a parcel booked now, sent otherwise: it only checks (§1), so the booking stays.
    new Publish(
      'A',
      0,
      'uid',
      'PRE_CHECK',
      'held',
      'Søren Kierkegaard',
      { allocationType: 'SOFT_RESERVATION' },
      false,
      'email',
    ),
    // A BOOKING under the id of that parcel, still booked: taken or refused (not stated), a refusal changes nothing.
    // Into a locker, then into another by its carrier.lockerId: what a refused one named is no part of the booking.
    new Publish('A', 0, 'uid', 'BOOKING', 'held', 'Søren Kierkegaard', {}),
    new Publish('A', 1, 'tenant', 'BOOKING', 'held', 'Søren Kierkegaard', {}),
    new Publish('A', 0, 'tenant', 'BOOKING', 'fresh', 'Chloë Brontë', {}, false, 'both'),
    // The check, then the booking under the id it checked (§1), each member the record shows sent otherwise: the
    // booking is made as it was sent, as any other (what the check sent is no part of it).
    new Publish(
      'A',
      0,
      'uid',
      'PRE_CHECK',
      'fresh',
      'Søren Kierkegaard',
      { shipmentType: 'ALTERNATIVE_DELIVERY', allocationType: 'SOFT_RESERVATION' },
      false,
      'absent',
    ),
    // Its consignee another name at the email the booking before gave (a household: §2.3 makes no email a consignee's
    // own): that booking's parcel keeps its own name.
    new Publish(
      'A',
      0,
      'uid',
      'BOOKING',
      'checked',
      'Emil Brontë',
      { shipmentType: 'LAST_MILE', allocationType: 'HARD_RESERVATION' },
      false,
      'both',
      'Chloë Brontë',
    ),
    new Cancel('A', 0, 0),
    new Cancel('A', 0, 0),
    // One with a dot and marks a path carries as they are, booked and cancelled by it as any other id (before the ids
    // below, whose refusal is a should's and ends the sequence).
    // Its consignee's name as long as a name on a form runs (§2.3 states no length; one refused for it is observed):
    // what a label's or a column's width would cut is listed whole.
    new Publish(
      'A',
      0,
      'uid',
      'BOOKING',
      'dotted',
      'Maximiliane Alexandra Zoë von Ångström-Hohenberg zu Lindenfels',
      {},
    ),
    new Cancel('A', 0, 1),
    // The complements of the opening's bookings: into a third party's locker, the consignee by email alone, under an
    // id the cancel path must encode; cancelled.
    new Publish('A', 0, 'uid', 'BOOKING', 'spelled', 'Zoë Ångström', {}, true, 'email'),
    // The other carrier books into that locker after it, under the same carrierParcelId: what the first carrier's
    // parcel shows and where its pushes go stay the first's (§6: each carrier's own URL), whoever booked into the
    // locker last under whichever id.
    ...(reach.secondKey ? [new Publish('B', 0, 'uid', 'BOOKING', 'shared', 'Zoë Ångström', {}, true)] : []),
    // By the other id form the target takes (the carrierParcelId where it takes both): the path carries it encoded.
    new Cancel('A', 0, 1),
    // An id shaped as the target's shipmentUids, booked and cancelled by it: the path's id is the carrier's.
    new Publish('A', 0, 'uid', 'BOOKING', 'lookalike', 'Søren Kierkegaard', {}),
    new Cancel('A', 0, 1),
    // One of digits with leading zeros, booked and cancelled by it: a string, not a number (§2.3).
    new Publish('A', 0, 'uid', 'BOOKING', 'digits', 'Søren Kierkegaard', {}),
    new Cancel('A', 0, 1),
    // A cancelled parcel's id booked again, then cancelled by it: every source of a carrierParcelId a publish takes
    // (Publish's ParcelIdFrom) is met once here, whatever the seed.
    new Publish('A', 0, 'uid', 'BOOKING', 'reused', 'Chloë Brontë', {}),
    // The first booking of that id, cancelled, cancelled again by its shipmentUid: the booking made since stays.
    new Cancel('A', 0, 0, true),
    new Cancel('A', 0, 1),
    // A PRE_CHECK under a cancelled parcel's id and under one checked before (a fresh one's, a live one's and the other
    // carrier's are above): it only checks (§1), so whatever that id names stays as it was.
    ...(['lastCancelled', 'checked'] as const).map(
      (from) => new Publish('A', 0, 'uid', 'PRE_CHECK', from, 'Søren Kierkegaard', {}),
    ),
    // By each id form the target takes: a parcel cancelled by it, its id booked again and cancelled by it again. What
    // the first cancel found (a lookup kept since) names the new booking now, not the cancelled one (§4.9).
    ...[0, 1].flatMap((form) => [
      new Publish('A', 0, 'uid', 'BOOKING', 'fresh', 'Chloë Brontë', {}),
      new Cancel('A', 0, form),
      new Publish('A', 0, 'uid', 'BOOKING', 'lastCancelled', 'Chloë Brontë', {}),
      new Cancel('A', 0, form),
    ]),
    // Every optional member of the publish request the document lists, each of its values once (every enum value, each
    // type, a free string set to another parcel's carrierParcelId), booked on either path and cancelled by either id
    // form: what the options decide (a lock state, §3) leaves the cancel as §4.9 states it.
    // Into the carrier's own locker and into a third party's (by lockerUid): what a provider's locker keeps of a
    // booking is what any locker keeps.
    // In the carrier's own locker, the cancel follows the booking's answer with no read between: a booking answered is
    // one to cancel at once, whatever it carried (§4.9), however long the service takes to show it in a list. Each
    // takes a trigger event first in one of the two walks (§4.11): what the options decided leaves the event's history
    // as any other.
    ...[false, true].flatMap((thirdParty) =>
      publishOptions.flatMap((options, i): Command[] => {
        const booked = walkedBooking('A', i % 2 ? 'tenant' : 'uid', options, i, thirdParty);
        if (reach.trigger && i % 2 === (thirdParty ? 0 : 1))
          return [booked, new Trigger('A', 0, 'BOOKING_CREATED'), new Cancel('A', 0, i)];
        return thirdParty ? [booked, new Cancel('A', 0, i)] : [new InSeries([booked, new Cancel('A', 0, i)])];
      }),
    ),
    // The dimensions walked the same way over the factory's (§2.3: depth, height, width, "each integer or null"; one
    // null or left out is a parcel of a measure unknown), each booked and cancelled at once: a cancel is one whatever
    // the booking stated of its size (§4.9).
    ...everyMemberOnce('Dimensions', new Set()).map(
      (walked, i) =>
        new InSeries([
          walkedBooking('A', i % 2 ? 'tenant' : 'uid', { dimensions: laidOver(PARCEL_DIMENSIONS, walked) }, i),
          new Cancel('A', 0, i),
        ]),
    ),
    // The same walk under the other carrier's key, on the other path each time: a carrier's settings or defaults (§4.12
    // sets them per carrier) decide nothing the request stated. One of its bookings cancelled first, to book again.
    ...(reach.secondKey
      ? [
          new Cancel('B', 0, 0),
          ...publishOptions.map(
            (options, i) =>
              new InSeries([walkedBooking('B', i % 2 ? 'uid' : 'tenant', options, i), new Cancel('B', 0, i)]),
          ),
        ]
      : []),
    // Last, so that the steps above act on the lockers they always did: every other member the update request
    // takes (§2.1), each to a value the locker does not hold. Its group of the one key replaced by another the target
    // took for a new locker; that locker's place moved, features turned, metadata rewritten.
    // First a locker created under the name with every rare character, pushed as it is made: made here, the steps above
    // act on the renamed locker (the by-tenant booking above all), and the network's first owned locker is this one.
    new CreateLocker('A', RARE_NAME, false, 2, 0, 0, { written: true }),
    new CreateLocker('A', 'Packstation Ost', false, 0, 2),
    // The opening's second locker (the newest two are the ones just made).
    new UpdateLocker('A', 2, 'lockerGroups', '', false),
    // A booking left in the locker the updates below name: an update is one in any state of the locker (§4.3), a
    // parcel in it too.
    new Publish('A', 0, 'uid', 'BOOKING', 'fresh', SHARED_NAMES[2], {}),
    new UpdateLocker('A', 0, 'location', 'Bahnhofstraße', true),
    new UpdateLocker('A', 0, 'features', '', true),
    new UpdateLocker('A', 0, 'metadata', 'Åbo', false),
    // The same entries in the other order: what a service keys by an entry's position shows.
    new UpdateLocker('A', 0, 'metadata', 'Åbo', true),
    // Metadata entries walked as the publish options are (§2.1: key and value each "string or null"): every type, the
    // empty string, an id another locker holds.
    new UpdateLocker('A', 1, 'metadata', '', false, { entries: everyValueOnce('MetadataEntry', new Set()) }),
    // Every member the create request takes at any depth, each of its values once (features true, false, null or left
    // out; a location with no type; metadata entries of nulls, of an id another locker holds): lockers beside the
    // others, judged as every create is, and listed at the close.
    ...everyMemberOnce('LockerCreateRequest', WALK_LEAVES_CREATE).map(
      (walked, i) => new CreateLocker('A', SHARED_NAMES[i % SHARED_NAMES.length]!, false, i % 2, 0, 0, { walked }),
    ),
    // A name at each length §8 leaves open beyond the ordinary ones, up to 4,096 (a longer one would weigh on every
    // list read of the carrier after, on a staging for good): taken, the locker is a record like any other, in the
    // list and in its push; refused, for its length alone (observed).
    ...OPEN_LENGTHS.filter((n) => n > 255 && n <= 4_096).map(
      (n) => new CreateLocker('A', textOfLength(n), false, 2, 0, 0, { written: true }),
    ),
    // A create as a client of an older version sends it, with the members §9 removed from the record: the record
    // shows none of them, in the answer, the lists and the push (VER-REMOVED-FIELDS, on every answer).
    new CreateLocker('A', SHARED_NAMES[0]!, false, 1, 0, 0, { retired: true }),
    // And every member the update request takes, the same way, on a locker of the opening.
    ...updateWalk.map((walked) => new UpdateLocker('A', 0, 'walk', '', false, { walked })),
    // Updates back to back with no read between, each naming members the one before did not (§2.1 makes every update
    // member optional): what the first wrote, the second keeps, whatever a read before them had shown.
    ...BACK_TO_BACK.map(
      (member, i) =>
        new InSeries([
          new UpdateLocker('A', 0, member, `Packstation Folge ${i + 1}`, i % 2 === 0),
          new UpdateLocker('A', 0, BACK_TO_BACK[(i + 1) % BACK_TO_BACK.length]!, `Packstation Folge ${i + 2}`, false),
        ]),
    ),
    // Each kind of locker a network add takes: a renamed locker alone; another of the carrier's own beside the other
    // carrier's, a third party's and an unknown uid (skipped, §8); then both again, each listed as new no more (§4.10).
    // The third party's locker holds a booking of the carrier's meanwhile, and a locker in the network takes one: who
    // booked into a locker makes it no one's own (§8), and a locker in a network is one like any other (§4.6). The
    // booking the updates above named is cancelled first: a sequence holds three live parcels at most.
    ...(reach.network
      ? [
          new AddToNetwork(['renamed']),
          new Cancel('A', 0, 0),
          new Publish('A', 0, 'uid', 'BOOKING', 'fresh', SHARED_NAMES[1]!, {}, true),
          // Sent to a network uid that is not the carrier's network first, then with an item that is no integer: its
          // network gains none of them.
          new AddToNetwork(['owned'], 'A', true),
          new AddToNetwork(['owned'], 'A', false, true),
          new AddToNetwork(['owned', 'foreign', 'thirdParty', 'unknown']),
          new Cancel('A', 0, 0),
          // The second locker the network took: the first had its status changed above.
          new OnLocker(
            'A',
            'networked',
            (which) => new Publish('A', which, 'uid', 'BOOKING', 'fresh', SHARED_NAMES[2]!, {}),
            1,
          ),
          new Cancel('A', 0, 0),
          // The network's lockers again, before a third party's and a new one: only the new one is listed.
          new AddToNetwork(['added', 'lastAdded', 'thirdParty', 'owned']),
          // A locker in it is one like any other to every operation that names one: booked by its carrier.lockerId
          // (§4.7 names the locker holding it, whatever network it is in), and updated in every member at once.
          new OnLocker(
            'A',
            'networked',
            (which) => new Publish('A', which, 'tenant', 'BOOKING', 'fresh', SHARED_NAMES[0]!, {}),
          ),
          new Cancel('A', 0, 1),
          new OnLocker(
            'A',
            'networked',
            (which) => new UpdateLocker('A', which, 'walk', '', false, { walked: updateWalk[0]! }),
            1,
          ),
          // Writes that name no network, on lockers in it: the membership read at the end finds them there still; the
          // groups one was given first stay as they were (§2.1).
          new OnLocker('A', 'networked', (which) => new UpdateLocker('A', which, 'lockerGroups', '', false)),
          new OnLocker('A', 'networked', (which) => new UpdateLocker('A', which, 'features', '', false)),
          // One renamed while in it, and a new locker under the carrier.lockerId it left: the network holds the renamed
          // one (the read at the end), and the new one is a locker it has not added (§4.10).
          new OnLocker('A', 'networked', (which) => new UpdateLocker('A', which, 'rename', 'Packstation Nord', false)),
          new CreateLocker('A', 'Packstation Nord-Alt', false, 2, 0, 0, { reuse: 'former' }),
          // After a locker the network held before a write named it, and a third party's: the new one is listed.
          new AddToNetwork(['added', 'thirdParty', 'reusing']),
          ...(reach.statusProfile
            ? [new OnLocker('A', 'networked', (which) => new ChangeStatus('A', which, 'other'), 1)]
            : []),
          // The complement: the second carrier's key on the first's network, with the first's lockers and its own.
          ...(reach.secondKey ? [new AddToNetwork(['added', 'owned', 'foreign', 'thirdParty'], 'B')] : []),
        ]
      : []),
    // A new locker disabled and enabled again, its statuses as made: it takes a booking as any other (§4.6). Sent with
    // scheduled opening hours, in the group of the opening's lockers (made without): where the target keeps them,
    // every record of each holds §2.1's modes throughout. Its create's push answered 500.
    ...(reach.statusProfile
      ? [
          new PushesAnswered(
            500,
            new CreateLocker('A', 'Packstation West', false, 0, 1, 0, { hours: SCHEDULED_HOURS, written: true }),
            'LockerUpdates',
          ),
          new ChangeStatus('A', 0, 'other'),
          new ChangeStatus('A', 0, 'other'),
          new Publish('A', 0, 'uid', 'BOOKING', 'fresh', SHARED_NAMES[1]!, {}),
          new Cancel('A', 0, 0),
        ]
      : []),
    // The trigger's optional member as the table lets a client send it: labelless false (§4.11).
    ...(reach.trigger ? [new FirstMile('A', 1, 'FIRST_MILE', false)] : []),
    // A new locker under a carrier.lockerId a rename released, booked by it: the by-tenant path names the locker that
    // holds the id now (§4.7), not one that held it once; then cancelled (a sequence holds three live parcels at most).
    new CreateLocker('A', 'Packstation Nord-Neu', false, 0, 0, 0, { reuse: 'former' }),
    new Cancel('A', 0, 0),
    new Publish('A', 0, 'tenant', 'BOOKING', 'fresh', SHARED_NAMES[0]!, {}),
    new Cancel('A', 0, 0),
    // Members no request table lists for the operation, on the wire (the complement of each request's members): a
    // create and an update carrying another locker's uid, bookings carrying the answer's timestamp, a push's
    // eventTimestamp and the other path's locker member. Refused, observed; taken, they name nothing else.
    new CreateLocker('A', 'Packstation Ost-Neu', false, 0, 0, 0, { stray: true, written: true }),
    new UpdateLocker('A', 1, 'rename', 'Packstation Ost-Alt', false, { stray: true }),
    new Publish('A', 0, 'tenant', 'BOOKING', 'fresh', 'Ada Lovelace', {}, false, 'name', 'Ada Lovelace', true),
    new Cancel('A', 0, 0),
    new Publish('A', 0, 'uid', 'BOOKING', 'fresh', 'Grace Hopper', {}, false, 'name', 'Grace Hopper', true),
    new Cancel('A', 0, 0),
    // A carrier.lockerId written decomposed (a letter and a combining mark): the by-tenant path finds the locker by
    // the id as sent, whatever form the target keeps it in.
    new CreateLocker('A', 'Packstation Kaiserstraße', false, 0, 0, 0, { decomposed: true, written: true }),
    new Publish('A', 0, 'tenant', 'BOOKING', 'fresh', 'Zoë Ångström', {}),
    new Cancel('A', 0, 0),
    // Last, as it leaves two of the carrier's lockers under one lockerId (the by-tenant path would not tell them
    // apart): a create under a lockerId the carrier's first locker holds. Refused, observed; accepted, a new locker.
    new CreateLocker('A', 'Packstation Süd', false, 1, 0, 0, { reuse: 'held' }),
    // And one under a carrier.lockerId a rename released that a parcel was booked under (the opening's, booked in the
    // first locker before its rename): the parcel stays where it was booked, and is listed there (§4.6, §2.4).
    new CreateLocker('A', 'Packstation Alt', false, 2, 0, 0, { reuse: 'booked' }),
    // A new locker, each member an update takes changed and given back what it held (A → B → A): its name back to the
    // one it was made with, its group of a key back to the one it left. Its groups cleared, then an update naming
    // none: they stay cleared (§2.1 "the current groups remain unchanged").
    new CreateLocker('A', 'Packstation Rückweg', false, 0, 1),
    ...(['rename', 'lockerGroups', 'metadata'] as const).map(
      (member) => new AndBack(new UpdateLocker('A', 0, member, 'Packstation Umweg', false)),
    ),
    // Renamed back to the name it was made with, added to the network: its record there shows that name (§4.10).
    ...(reach.network ? [new AddToNetwork(['lastRenamed'])] : []),
    // And back to a value an update gave (what a service keeps of updates only, a history of them, shows so).
    ...(['rename', 'lockerGroups'] as const).flatMap((member) => [
      new UpdateLocker('A', 0, member, 'Packstation Hinweg', true),
      new AndBack(new UpdateLocker('A', 0, member, 'Packstation Umweg', false)),
    ]),
    new UpdateLocker('A', 0, 'noGroups', '', false),
    new UpdateLocker('A', 0, 'features', '', true),
    // An update sent again as it was after another (X, Y, X): the second X is answered with the locker as it is now.
    new Again(
      new UpdateLocker('A', 0, 'carrier', 'Packstation Wieder', false),
      new UpdateLocker('A', 0, 'metadata', 'Zwischendurch', false),
    ),
    // An update the service refuses (a provider object, §2.1), then one naming other members: the refused one's groups
    // are no part of the locker.
    new UpdateLocker('A', 0, 'lockerGroups', '', false, { defect: true }),
    new UpdateLocker('A', 0, 'features', '', false),
    // Each parcel a trigger makes (§4.11's shipment types), then each event of its table on it, delivered and
    // collected: every change of its status is pushed (§6), whatever kind of parcel it is. Last, as the parcels stay.
    ...(reach.trigger
      ? (['FIRST_MILE', 'RETURN'] as const).flatMap((type) => [
          new FirstMile('A', 0, type),
          new Trigger('A', 0, 'CONSIGNEE_DELIVERED'),
          new Trigger('A', 0, 'COURIER_COLLECTED'),
        ])
      : []),
  ];
}

/**
 * After every sequence, on the covering sequence's records: the oldest locker of each carrier, made at the opening,
 * taken by each write that names a locker (a booking by either path, cancelled by either id form; an update; a status
 * change). The spec ties no behaviour to a record's age: a write to a record made long before is one like any other,
 * which the generated sequences, acting on their newest records, seldom send.
 */
export function revisiting(reach: Reach): Command[] {
  const bookedAndCancelled = (carrier: 'A' | 'B'): Command[] =>
    (['tenant', 'uid'] as const).flatMap((path, form) => [
      new OnLocker(
        carrier,
        'oldest',
        (which) => new Publish(carrier, which, path, 'BOOKING', 'fresh', SHARED_NAMES[form]!, {}),
      ),
      new Cancel(carrier, 0, form),
    ]);
  return [
    ...bookedAndCancelled('A'),
    new OnLocker('A', 'oldest', (which) => new UpdateLocker('A', which, 'features', '', false)),
    ...(reach.statusProfile ? [new OnLocker('A', 'oldest', (which) => new ChangeStatus('A', which, 'other'))] : []),
    ...(reach.secondKey ? bookedAndCancelled('B') : []),
  ];
}
