// Create a locker (§4.1), named in text from all of Unicode, under a carrier.lockerId of its own or
// one the other carrier's locker has (carriers choose their own identifiers, §2.1).
import {
  ACTIVATIONS,
  HeldElsewhere,
  laidOver,
  PLACES,
  removedMembersOf,
  unlistedMembersOf,
  type Place,
} from '../../../generators';
import { hold, judge, observe } from '../../evidence/judge';
import { answeredJudgement } from '../../judgements/answered';
import { lockerCreatedPush } from '../../judgements/caused-pushes';
import type { Json } from '../../http/json';
import { asSent, definite } from '../as-sent';
import {
  answered,
  type Carrier,
  currentLockerId,
  groupKeys,
  lockersOf,
  type ModelLocker,
  strayUid,
  type ServiceModel,
} from '../model';
import { expectPush } from '../pushes';
import { clientOf, type World } from '../world';
import { quotedText, refusedForOpenText, step, textIn, walkText, type Command, type Text } from './command';

/** Lockers per carrier in one sequence: few, so that later commands come back to the same ones. */
export const MAX_LOCKERS = 3;

/** The location at `place`'s point, with its type or none. */
function placed(location: Json, { lon, lat, type }: Place): Json {
  const { type: _type, ...rest } = location;
  return { ...rest, lon, lat, ...(type ? { type } : {}) };
}

/** The covering's creates: the input space's complements a generated create does not send. */
export interface CreateOptions {
  /** An instance of the request's walk (generators everyMemberOnce), laid over the body. */
  walked?: Record<string, unknown>;
  /** Sent with the members §9 removed from the record (an older client's): the record must not show them. */
  retired?: boolean;
  /**
   * Under a carrier.lockerId one of the carrier's lockers holds (`held`: whether a service takes it twice is not
   * stated), or held before a rename and by none now (`former`: a new locker, whatever the id once named).
   */
  reuse?: 'held' | 'former' | 'booked';
  /** Written by the covering sequence, which runs each of its commands: on top of the lockers generated ones act on. */
  written?: boolean;
  /**
   * Opening hours sent beside the request's members, on the wire only: the record has them, no request table lists
   * them (§2.1), so a target may take them or not; where a record shows them, every check of the record holds them.
   */
  hours?: Json;
  /**
   * Sent with the uid of another carrier's locker on the wire: no request table lists uid (§2.1 "assigned by the
   * service"), so a target may refuse or ignore it; taken, it names no other locker, and the locker made is new.
   */
  stray?: boolean;
  /** Under a new carrier.lockerId ending in a letter and a combining mark (decomposed, NFD): the by-tenant path must
   * find the locker by the id as sent. */
  decomposed?: boolean;
}

/** What a create reusing a lockerId takes, as its command reads. */
const REUSED: Record<NonNullable<CreateOptions['reuse']>, string> = {
  held: "another of its lockers' held lockerId",
  former: "a renamed locker's former lockerId",
  booked: 'the former lockerId of a renamed locker holding a booking',
};

export class CreateLocker implements Command {
  constructor(
    readonly carrier: Carrier,
    readonly name: Text,
    readonly shareId: boolean,
    /** Which of PLACES it stands at: lockers at one address, some at one point too. */
    readonly at = 0,
    /** A group of the one type key, from a pool of two (§2.1 lockerGroups, optional on create), or none. */
    readonly group = 0,
    /** Which of ACTIVATIONS its carrier.activationDate is: the factory's own, or one to come. */
    readonly activation = 0,
    /** What the covering sends beyond a generated create (CreateOptions). */
    readonly options: CreateOptions = {},
  ) {}

  private get walked() {
    return this.options.walked;
  }

  private get retired() {
    return this.options.retired ?? false;
  }

  private get reuse() {
    return this.options.reuse;
  }

  private get ownId(): boolean {
    return this.reuse === 'held';
  }

  /** Under an id a rename released (`former`, `booked`). */
  private get formerId(): boolean {
    return this.reuse === 'former' || this.reuse === 'booked';
  }

  // The covering's walked creates come on top of the lockers generated commands act on.
  check = (model: Readonly<ServiceModel>) =>
    this.walked !== undefined ||
    this.options.written === true ||
    this.retired ||
    (this.ownId && lockersOf(model, this.carrier).length > 0) ||
    (this.formerId && lockersOf(model, this.carrier).some((l) => l.lockerIds.length > 1)) ||
    lockersOf(model, this.carrier).length < MAX_LOCKERS;

  async run(model: ServiceModel, world: World): Promise<void> {
    await step(
      model,
      world,
      this.toString(),
      async () => {
        const client = clientOf(world, this.carrier);
        const name = textIn(model, this.name);
        const base = await world.lockers.body({}, client.key);
        // A carrier's own lockerIds stay its own: whether a service takes one twice is not stated, and the by-tenant
        // path needs them apart.
        const mine = new Set(lockersOf(model, this.carrier).flatMap((l) => l.lockerIds));
        const theirs = lockersOf(model, this.carrier === 'A' ? 'B' : 'A').find((l) => !mine.has(currentLockerId(l)));
        // Ids both carriers may use carry no carrier's tag (CCX-): which carrier a push concerns is not read off them.
        const ours = lockersOf(model, this.carrier)[0];
        // An id a renamed locker held before and none holds now, one in the network first (the id it joined under);
        // `booked`: one a locker holding a booked parcel held first (the parcel stays where it was booked, whatever
        // locker takes the id it was booked under). Whichever commands renamed lockers before, the id tells.
        const lockers = lockersOf(model, this.carrier);
        const held = new Set(lockers.map(currentLockerId));
        const holding = (l: (typeof lockers)[number]) =>
          model.parcels.some((p) => p.lockerUid === l.uid && p.state === 'booked' && !p.everDelivered);
        const rank = (l: (typeof lockers)[number]) =>
          (this.reuse === 'booked' && holding(l) ? 0 : 2) + (l.inNetwork ? 0 : 1);
        const renamed = [...lockers].sort((a, b) => rank(a) - rank(b));
        const former = renamed.flatMap((l) => l.lockerIds.slice(0, -1).reverse()).find((id) => !held.has(id));
        const lockerId =
          this.ownId && ours
            ? currentLockerId(ours)
            : this.formerId && former
              ? former
              : this.shareId && theirs
                ? currentLockerId(theirs)
                : `${world.tag.next('CCX', true)}${this.options.decomposed ? '-e\u0301' : ''}`;
        const made: Json = {
          ...base,
          carrier: {
            ...base['carrier'],
            lockerName: name,
            lockerId,
            ...(ACTIVATIONS[this.activation] ? { activationDate: ACTIVATIONS[this.activation] } : {}),
          },
          provider: { ...world.provider },
          location: placed({ ...base['location'], city: name }, PLACES[this.at]!),
          ...(this.group ? { lockerGroups: [{ key: 'region', uid: `G-${this.group}` }] } : {}),
        };
        const put = (v: unknown) => (v instanceof HeldElsewhere ? textIn(model, v) : v);
        const walked = this.walked ? (laidOver(made, this.walked, put) as Json) : undefined;
        // The model holds, and the answer is held to, what the walk sent but its nulls (as-sent.ts definite).
        const body = walked ? (definite(walked) as Json) : made;
        let actionAt = Date.now();
        // On the wire only: the model holds the locker as the document's members sent it.
        const sent = this.retired ? (laidOver(body, removedMembersOf('Locker')) as Json) : (walked ?? body);
        const stray = this.options.stray ? strayUid(model, this.carrier) : undefined;
        // Stray, the members of the record the request tables do not list go on the wire too (the document's
        // `readOnly`): refused, or taken as without them, but that a target may store them (unlistedMembersOf).
        const wire = laidOver(
          {
            ...sent,
            ...(this.options.hours ? { openingHours: this.options.hours } : {}),
            ...(stray === undefined ? {} : { uid: stray }),
          },
          this.options.stray ? unlistedMembersOf('LockerCreateRequest') : {},
        ) as Json;
        let exchange = await client.call('createLocker', { body: wire });
        if (body['lockerGroups'] && exchange.status >= 400 && exchange.status < 500) {
          // §2.1 shows no allowed group: a target may refuse a made-up one, which says nothing of the create.
          observe('LCK-CREATE-201', `a create with group G-${this.group} was refused (${exchange.status})`);
          delete body['lockerGroups'];
          actionAt = Date.now();
          exchange = await client.call('createLocker', { body });
        }
        // A refused create made no locker: no push may announce one (judged once every push is in, pushes.ts).
        if (exchange.status >= 400 && exchange.status < 500)
          (model.refusedCreates ??= []).push({ by: this.carrier, carrier: body['carrier'], at: actionAt });
        if (refusedForOpenText(exchange, name, 'LCK-CREATE-201', 'a create')) return;
        // The walk sends what the document allows a client; whether a target takes every such value (an entry of
        // nulls, a locker with no location type) is its own: a refusal is observed.
        // Opening hours on the wire are members no request table lists too (§2.1): a target may refuse them.
        const heldBy = this.ownId ? 'another of its lockers' : 'a renamed locker once held';
        const what = [
          this.walked && walkText(this.walked),
          this.retired && 'the members §9 removed',
          this.options.stray &&
            `${stray === undefined ? '' : `uid ${stray} (another locker's) and `}` +
              'the members the request tables do not list on the wire',
          this.options.hours && 'openingHours, which no request table lists, on the wire',
          this.reuse && `carrier.lockerId ${lockerId}, ${heldBy}`,
        ].find((text) => typeof text === 'string');
        if (what && exchange.status >= 400 && exchange.status < 500) {
          observe(this.ownId ? 'LCK-CREATE-ID-TAKEN' : 'LCK-CREATE-201', `a create with ${what}: ${exchange.status}`);
          return;
        }
        if (exchange.status >= 200 && exchange.status < 300)
          for (const key of groupKeys(this.carrier, body)) (model.groupsTaken ??= new Set()).add(key);
        hold([answeredJudgement(exchange, 'a valid create request')], exchange);
        const record = exchange.body as Json;
        // Under a lockerId the carrier's other locker holds, the carrier's key may be taken as the locker's (§2.1 does
        // not rule it out): a new locker is implied, a should.
        const echo = this.ownId ? 'LCK-CREATE-ID-TAKEN' : 'LCK-CREATE-ECHO';
        judge(echo, exchange)
          .expect(asSent(body, record).differences, 'the create answer shows the locker as sent')
          .toEqual([]);
        const uid = String(record['uid']);
        judge(echo, exchange)
          .expect(
            model.lockers.map((l) => l.uid),
            `the created locker's uid ${uid} is new`,
          )
          .not.toContain(uid);
        const taken = model.lockers.find((l) => l.uid === uid);
        if (taken) {
          // The answer is that locker's record now: the create named it.
          answered(model, taken, record, exchange);
          return;
        }
        const locker: ModelLocker = {
          carrier: this.carrier,
          uid,
          record,
          sent: body,
          history: [body],
          updated: false,
          statusRule: 'LCK-STATUS-CHANGE',
          lockerIds: [lockerId],
          inNetwork: false,
        };
        model.lockers.push(locker);
        answered(model, locker, record, exchange);
        expectPush(
          world,
          {
            ...lockerCreatedPush(record['uid'], actionAt),
            cause: exchange,
            // Any LockerUpdates of the locker after its create may be the one matched (a status change's, sent first):
            // it shows one of the records the locker had.
            shows: (delivery) => {
              const found = locker.history.map((version) => asSent(version, delivery.body as Json).differences);
              return found.find((differences) => differences.length === 0) ?? found[0]!;
            },
          },
          model.steps,
        );
      },
      'lockers',
    );
  }

  toString = () =>
    `createLocker(${this.carrier}${this.shareId ? ", the other carrier's lockerId" : ''}, ${quotedText(this.name)}` +
    `${this.at ? `, place ${this.at}` : ''}${this.group ? `, group G-${this.group}` : ''}` +
    `${ACTIVATIONS[this.activation] ? `, active from ${ACTIVATIONS[this.activation]}` : ''}` +
    `${this.walked ? `, ${walkText(this.walked)}` : ''}${this.retired ? ', with the members §9 removed' : ''}` +
    `${this.options.hours ? `, openingHours ${String(this.options.hours['accessMode'])}` : ''}` +
    `${this.options.stray ? ", with another carrier's locker's uid and the record's unlisted members" : ''}` +
    `${this.options.decomposed ? ', its lockerId ending decomposed' : ''}` +
    `${this.reuse ? `, ${REUSED[this.reuse]}` : ''})`;
}
