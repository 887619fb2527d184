// Update one member of a locker (§4.3), in any state the sequence reached (disabled, renamed, in a
// network): carrier (with or without a new carrier.lockerId), location, metadata, features or lockerGroups.
import { HeldElsewhere, laidOver } from '../../../generators';
import { hold, observe } from '../../evidence/judge';
import { answeredJudgement, updateShownJudgement } from '../../judgements/answered';
import { byTenantTakenJudgement } from '../../judgements/bookings';
import { groupsKeptJudgement } from '../../judgements/locker-groups';
import type { Json } from '../../http/json';
import { RUN_TAG_KEY } from '../../records/lockers/tagging';
import { definite } from '../as-sent';
import type { Exchange } from '../../http/exchange';
import { namedByRefused } from '../frame';
import {
  answered,
  type Carrier,
  currentLockerId,
  groupKeys,
  lockersOf,
  type ModelLocker,
  named,
  parcelsInNamed,
  pick,
  strayUid,
  type ServiceModel,
} from '../model';
import { clientOf, lockerJson, type World } from '../world';
import { quotedText, refusedForOpenText, step, textIn, walkText, type Command, type Text } from './command';

/**
 * Every id form resolves to the current record: right after a rename, a PRE_CHECK (which books nothing)
 * by the new carrier.lockerId is taken as one by the locker's uid is. A refusal proves something only
 * next to that control (§8 states no capacity).
 */
async function resolvesRenamed(model: ServiceModel, world: World, locker: ModelLocker): Promise<void> {
  const client = clientOf(world, locker.carrier);
  const named = lockerJson(locker.uid, currentLockerId(locker), locker.record);
  const byId = {
    ...world.parcels.body(named, { eventType: 'PRE_CHECK' }, 'tenant'),
    carrierParcelId: world.tag.next('CCPX'),
  };
  const answer = await world.parcels.publish(byId, 'tenant', client);
  model.preChecked.push({ carrier: locker.carrier, carrierParcelId: byId['carrierParcelId'] });
  const accepted = (status: number) => status >= 200 && status < 300;
  if (accepted(answer.status)) {
    hold([byTenantTakenJudgement(answer, `a PRE_CHECK by locker ${locker.uid}'s new carrier.lockerId`)], answer);
    return;
  }
  const byUid = {
    ...world.parcels.body(named, { eventType: 'PRE_CHECK' }, 'uid'),
    carrierParcelId: world.tag.next('CCPX'),
  };
  const control = await world.parcels.publish(byUid, 'uid', client);
  model.preChecked.push({ carrier: locker.carrier, carrierParcelId: byUid['carrierParcelId'] });
  if (accepted(control.status)) {
    const what =
      `a PRE_CHECK by locker ${locker.uid}'s carrier.lockerId ${currentLockerId(locker)}, given by the update just ` +
      'answered,';
    hold([byTenantTakenJudgement(answer, what, control)], answer, control);
  }
}

/**
 * An update to the carrier.lockerId another locker of the carrier holds (`lender`): whether a service takes it is not
 * stated (§2.1 makes no member unique). Refused, it changed nothing, the lockerName it also sent least of all
 * (GEN-REFUSED-KEPT, at the next read: the request is valid); taken, the locker is given its own back, both named.
 * Whether the update was handled here.
 */
async function tookLockerId(
  model: ServiceModel,
  world: World,
  locker: ModelLocker,
  lender: ModelLocker,
  exchange: Exchange,
  body: Json,
): Promise<boolean> {
  const taken = currentLockerId(lender);
  const what = `an update of locker ${locker.uid} to locker ${lender.uid}'s carrier.lockerId ${taken}`;
  if (exchange.status >= 400 && exchange.status < 500) {
    observe('LCK-UPDATE-200', `${what} was refused (${exchange.status})`);
    namedByRefused(model, locker);
    locker.refusedSent = { ...body };
    namedByRefused(model, lender);
    return true;
  }
  if (exchange.status < 200 || exchange.status >= 300) return false;
  observe('LCK-UPDATE-200', `${what} was taken (${exchange.status})`);
  named(model, lender);
  const back = { carrier: { ...body['carrier'], lockerId: currentLockerId(locker) } };
  const restored = await clientOf(world, locker.carrier).call('updateLocker', {
    params: { uid: locker.uid },
    body: back,
  });
  hold([answeredJudgement(restored, `locker ${locker.uid} given its own carrier.lockerId back`)], restored);
  answered(model, locker, restored.body, restored);
  sentNow(locker, back);
  return true;
}

/**
 * An accepted update's body merged into what the locker must show, whatever a refused update sent of the same members
 * before; the locker's history gains the record.
 */
function sentNow(locker: ModelLocker, body: Json): void {
  locker.sent = { ...locker.sent, ...body };
  if (locker.refusedSent) {
    for (const member of Object.keys(body)) delete locker.refusedSent[member];
    if (!Object.keys(locker.refusedSent).length) delete locker.refusedSent;
  }
  locker.history.push(locker.sent);
  locker.updated = true;
}

export type UpdatedMember =
  | 'carrier'
  | 'rename'
  | 'location'
  | 'metadata'
  | 'features'
  | 'lockerGroups'
  /** lockerGroups sent empty: the locker in no group (§2.1 gives the array no least length). */
  | 'noGroups'
  | 'walk';

/** The covering's updates: what a generated update does not send. */
export interface UpdateOptions {
  /** For `metadata`: entries sent besides the run's tag, in place of one `note` holding the text. */
  entries?: Record<string, unknown>[];
  /** For `walk`: one instance of the request's walk (generators everyMemberOnce), laid over the locker as sent. */
  walked?: Record<string, unknown>;
  /** For `carrier`: the carrier.lockerId another locker of the carrier holds now, the `taken`th of them. */
  taken?: number;
  /**
   * Sent with another locker's uid in the body, on the wire: no request table lists it (§4.3 names the locker by its
   * path), so a target may refuse or ignore it; taken, the path's locker is the one changed, and no other.
   */
  stray?: boolean;
  /** Sent as it is in place of the member's body: what the locker held of those members before (and-back.ts). */
  restore?: Json;
  /**
   * Sent with the locker's provider object, which an update does not take (§2.1 "no provider object is accepted"): the
   * complement of a valid update. Refused, it changed nothing, the members it named least of all, for whatever comes
   * after it.
   */
  defect?: boolean;
}

export class UpdateLocker implements Command {
  constructor(
    readonly carrier: Carrier,
    readonly which: number,
    readonly member: UpdatedMember,
    readonly text: Text,
    readonly flag: boolean,
    /** What the covering sends beyond a generated update (UpdateOptions). */
    readonly options: UpdateOptions = {},
  ) {}

  /** Metadata entries sent besides the run's tag. */
  private get entries() {
    return this.options.entries;
  }

  check = (model: Readonly<ServiceModel>) => lockersOf(model, this.carrier).length > 0;

  private body(
    world: World,
    sent: Json,
    text: string,
    entries: Json[],
    put: (v: unknown) => unknown,
    lender?: ModelLocker,
  ): Json {
    if (this.options.restore) return this.options.restore;
    switch (this.member) {
      case 'carrier':
      case 'rename': {
        const lockerId = lender
          ? currentLockerId(lender)
          : this.member === 'rename'
            ? world.tag.next('CCX')
            : sent['carrier']['lockerId'];
        return { carrier: { lockerName: text, lockerId, activationDate: sent['carrier']['activationDate'] } };
      }
      case 'location':
        return { location: { ...sent['location'], street: text, lon: this.flag ? 10.01 : 9.98 } };
      case 'metadata': {
        // The entries in either order (§2.1 gives the array no order): an entry rewritten by its position, or a row
        // shared by every locker with the run's tag, shows on the lockers the update did not name.
        const tag = { key: RUN_TAG_KEY, value: world.tag.runId };
        const others = this.entries ? entries : [{ key: 'note', value: text }];
        return { metadata: this.flag ? [...others, tag] : [tag, ...others] };
      }
      case 'features':
        return { features: { hasScreen: this.flag, hasPinPad: null, hasPinBarcodeReader: !this.flag } };
      case 'lockerGroups':
        return { lockerGroups: [{ key: 'region', uid: `G-${this.flag ? 1 : 2}` }] };
      case 'noGroups':
        return { lockerGroups: [] };
      case 'walk': {
        const { lockerName, lockerId, activationDate } = sent['carrier'];
        const base = {
          carrier: { lockerName, lockerId, activationDate },
          location: sent['location'],
          metadata: [{ key: RUN_TAG_KEY, value: world.tag.runId }],
        };
        // Sent without its nulls: whether an update's null clears a member or leaves it is not stated (§4.3).
        return definite(laidOver(base, this.options.walked ?? {}, put)) as Json;
      }
    }
  }

  async run(model: ServiceModel, world: World): Promise<void> {
    const locker = pick(lockersOf(model, this.carrier), this.which)!;
    await step(model, world, this.toString(), async () => {
      const client = clientOf(world, this.carrier);
      const text = textIn(model, this.text);
      const put = (v: unknown) => (v instanceof HeldElsewhere ? textIn(model, v) : v);
      const entries = (this.entries ?? []).map((e) => laidOver({}, e, put) as Json);
      const others = lockersOf(model, this.carrier).filter((l) => l !== locker);
      const lender = this.options.taken === undefined ? undefined : pick(others, this.options.taken);
      const body = this.body(world, locker.sent, text, entries, put, lender);
      const stray = this.options.stray ? strayUid(model, this.carrier, locker.uid) : undefined;
      const wire = {
        ...body,
        ...(stray === undefined ? {} : { uid: stray }),
        ...(this.options.defect ? { provider: locker.record['provider'] ?? {} } : {}),
      };
      const exchange = await client.call('updateLocker', { params: { uid: locker.uid }, body: wire });
      // A carrier.lockerId the locker held before a rename, given back: whether a service takes an id a rename
      // released is not stated, on create as here (create-locker.ts reuse), so a refusal is observed.
      const given = this.options.restore?.['carrier']?.['lockerId'];
      if (given !== undefined && given !== currentLockerId(locker) && exchange.status >= 400 && exchange.status < 500) {
        observe('LCK-UPDATE-200', `an update giving locker ${locker.uid} its former lockerId back: ${exchange.status}`);
        namedByRefused(model, locker);
        return;
      }
      // Taken (LCK-UPDATE-NO-PROVIDER's test judges that), it is judged as the valid update it carries.
      if (this.options.defect && exchange.status >= 400 && exchange.status < 500) {
        namedByRefused(model, locker);
        return;
      }
      if (lender && (await tookLockerId(model, world, locker, lender, exchange, body))) return;
      // Only these members carry the text: a refusal of the others is not the text's.
      if (
        !['features', 'lockerGroups', 'noGroups', 'walk'].includes(this.member) &&
        refusedForOpenText(exchange, text, 'LCK-UPDATE-200', 'an update')
      )
        return;
      // Metadata as §2.1 types the record's (key and value each "string or null"); the request row says only "array of
      // objects", so a refusal of the walked entries is the target's choice.
      if ((this.entries || this.options.walked || stray) && exchange.status >= 400 && exchange.status < 500) {
        const what = this.entries
          ? `metadata ${JSON.stringify(entries)}`
          : stray
            ? `uid ${stray} (another locker's) in the body`
            : walkText(this.options.walked!);
        observe('LCK-UPDATE-200', `an update of locker ${locker.uid} with ${what}: ${exchange.status}`);
        return;
      }
      const taken = model.groupsTaken ?? new Set<string>();
      const groups = groupKeys(this.carrier, body);
      if (groups.some((g) => !taken.has(g)) && exchange.status >= 400 && exchange.status < 500) {
        // A group the target never took may be one it does not have (§2.1 shows none): refusing it names nothing.
        observe('LCK-UPDATE-200', `an update of locker ${locker.uid} to a group not taken before: ${exchange.status}`);
        return;
      }
      // No group at all: §2.1 states no least number of groups, and a service may need one (GEN-BOUNDARY-ACCEPTED
      // holds an empty array to a should), so a refusal is observed.
      if (
        Array.isArray(body['lockerGroups']) &&
        !body['lockerGroups'].length &&
        exchange.status >= 400 &&
        exchange.status < 500
      ) {
        observe('LCK-UPDATE-200', `an update of locker ${locker.uid} to no group: ${exchange.status}`);
        namedByRefused(model, locker);
        return;
      }
      if (exchange.status >= 200 && exchange.status < 300) for (const g of groups) taken.add(g);
      model.groupsTaken = taken;
      // Which updates a service refuses for the state a locker is in is not shown (§7: "the condition that yields each:
      // not shown"); a locker holding a booking may be one it will not change: observed (GEN-STATUS-DOCUMENTED judges
      // the status).
      const booked = model.parcels.some((p) => p.lockerUid === locker.uid && p.state === 'booked' && !p.everDelivered);
      if (booked && exchange.status >= 400 && exchange.status < 500) {
        observe(
          'LCK-UPDATE-200',
          `an update of locker ${locker.uid}, which holds a booking, was refused: ${exchange.status}`,
        );
        return;
      }
      hold(
        [answeredJudgement(exchange, `a valid update of locker ${locker.uid} (${Object.keys(body).join(', ')})`)],
        exchange,
      );
      hold([updateShownJudgement(body, exchange.body as Json, 'the update answer', locker.uid)], exchange);
      // Groups omitted on update stay as they were (§2.1), where the service shows them (no member of §2.1's record):
      // held to the ones the locker showed since the last command that named it (its answer, or a list begun the settle
      // time after it: what a network add or a status change does to groups is not shown), unless another command was
      // in flight with it; shown empty, they prove nothing kept.
      const since = locker.namedAt ?? -Infinity;
      const listedSince = locker.listedSettled && (locker.listedAt ?? -Infinity) >= since;
      const fromAnswer = locker.answer !== undefined && locker.answer.at >= since;
      const last = fromAnswer ? locker.answer!.record : listedSince ? locker.listed : undefined;
      const [before, after] = [last?.['lockerGroups'], (exchange.body as Json | null)?.['lockerGroups']];
      const groupsSent = 'lockerGroups' in body;
      // Shown empty by a list, they prove nothing (a list may leave out what answers show); by a write's answer, an
      // answer showing some now shows groups that came back.
      const shown =
        Array.isArray(before) && Array.isArray(after) && (before.length > 0 || (fromAnswer && after.length > 0));
      if (exchange.status >= 200 && exchange.status < 300 && !groupsSent && !world.inFlight && shown)
        hold([groupsKeptJudgement(locker.uid, before, after)], exchange);
      // A refused update names nothing: the frame holds the locker to what it was.
      if (exchange.status < 400 || exchange.status >= 500) {
        answered(model, locker, exchange.body, exchange);
        // As on recorded traffic, a write to a locker names the parcels in it (traffic/rules/frame-reads.ts).
        parcelsInNamed(model, locker);
      }
      // What showed the status before is the status change's; after a write to the locker, any member may show it.
      delete locker.statusFrom;
      sentNow(locker, body);
      // The status is the status operation's (§4.5): an update that sends none keeps it.
      // Beside a status change sent at once, a status lost is the status change's: every order keeps it.
      if (world.inFlight !== 'beside a status change') locker.statusRule = 'LCK-UPDATE-OMITTED-KEPT';
      const lockerId = body['carrier']?.['lockerId'];
      if (typeof lockerId === 'string' && lockerId !== currentLockerId(locker)) {
        locker.lockerIds.push(lockerId);
        await resolvesRenamed(model, world, locker);
      }
    });
  }

  toString = () => {
    const text =
      this.member === 'walk'
        ? `, ${walkText(this.options.walked ?? {})}`
        : ['features', 'lockerGroups', 'noGroups'].includes(this.member)
          ? ''
          : `, ${quotedText(this.text)}`;
    if (this.options.restore)
      return `updateLocker(${this.carrier}, #${this.which}, ${Object.keys(this.options.restore).join(', ')} as before)`;
    const order = this.member === 'metadata' && this.flag ? ', run tag last' : '';
    if (this.options.taken !== undefined)
      return `updateLocker(${this.carrier}, #${this.which}, carrier${text}, another locker's lockerId)`;
    const stray = this.options.stray ? ", another locker's uid in the body" : '';
    if (this.options.defect)
      return `updateLocker(${this.carrier}, #${this.which}, ${this.member}${text}, with provider)`;
    return `updateLocker(${this.carrier}, #${this.which}, ${this.member}${text}${order}${stray})`;
  };
}
