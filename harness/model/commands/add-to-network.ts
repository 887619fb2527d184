// Add lockers to the carrier's network (§4.10, §8), a mix of its own not yet added, its own already
// added, renamed ones, the other carrier's, a third party's and a uid no locker has. Uids are int64:
// sent from their digits and read back from the answer's digits, never through a double.
import { hold, notObservable, observe } from '../../evidence/judge';
import type { Judgement } from '../../judgements/judgement';
import { networkAddJudgements, networkRecordNameJudgement, type SentKind } from '../../judgements/network-add';
import { refusalJudgements } from '../../judgements/refusals';
import { int64 } from '../../http/json';
import { addedRecords, addedUids } from '../../records/lockers/network-uids';
import type { Exchange } from '../../http/exchange';
import { type Carrier, lockersOf, type ModelLocker, namedLocker, type ServiceModel } from '../model';
import { clientOf, type World } from '../world';
import { step, type Command } from './command';

/**
 * `added`: the carrier's locker that joined the network first; `lastAdded`: the one that joined last; `reusing`: one
 * created under a carrier.lockerId another of its lockers held before a rename.
 */
export type NetworkPick =
  'owned' | 'added' | 'lastAdded' | 'renamed' | 'lastRenamed' | 'reusing' | 'foreign' | 'thirdParty' | 'unknown';

/** A created locker counts as the carrier's only where its record names an owner (LCK-OWNED-BY: who owns it is not
 * stated). */
const namesAnOwner = (locker: ModelLocker) =>
  typeof locker.record['ownedByCarrier'] === 'string' && locker.record['ownedByCarrier'] !== '';

/** What each pick is to the add's judgement. */
const KIND: Record<NetworkPick, SentKind> = {
  owned: 'new',
  renamed: 'new',
  lastRenamed: 'new',
  reusing: 'new',
  added: 'already',
  lastAdded: 'already',
  foreign: 'notOwned',
  thirdParty: 'notOwned',
  unknown: 'unknown',
};

/** Picks as the second carrier sees them, adding to the first's network: the first's lockers are not its own. */
const KIND_FOR_OTHER: Record<NetworkPick, SentKind | undefined> = {
  owned: 'notOwned',
  renamed: 'notOwned',
  lastRenamed: 'notOwned',
  reusing: 'notOwned',
  added: 'notOwned',
  lastAdded: 'notOwned',
  // Its own locker: which network a carrier may add to is not shown, so what becomes of it is not judged.
  foreign: undefined,
  thirdParty: 'notOwned',
  unknown: 'unknown',
};

export class AddToNetwork implements Command {
  constructor(
    readonly picks: NetworkPick[],
    /** Whose key sends the add to the first carrier's network: the second carrier's is the complement. */
    readonly by: Carrier = 'A',
    /**
     * The other complement: sent to a network uid that is not the carrier's network (no network the run knows has it).
     * What that answers is not shown (§4.10 shows adding to one's network only), but it names no other network: the
     * carrier's network holds no locker more after it (GEN-ID-EXACT), so a later add to it lists them as new.
     */
    readonly elsewhere = false,
    /**
     * The complement of the body (§4.10 "lockerUids (array of integers int64, required)"): the lockers sent with one
     * item that is no integer. Refused (NET-REQUEST-BODY), it adds none of them (GEN-REJECTED-NO-EFFECT): a later add
     * lists each as new.
     */
    readonly malformed = false,
    /**
     * The same add sent this many times at once (two adds of one locker, as two clients' retries): in every order the
     * service may take them in, the first lists a locker new to the network and the others list it no more.
     */
    readonly atOnce = 1,
  ) {}

  check = (model: Readonly<ServiceModel>) => lockersOf(model, 'A').length > 0;

  /** How many of it go out at once: one, but for the carrier's own add to its network of lockers alone. */
  private get together(): number {
    return this.by === 'A' && !this.elsewhere && !this.malformed ? this.atOnce : 1;
  }

  private uidsFor(model: ServiceModel, world: World): Map<NetworkPick, string> {
    const owned = lockersOf(model, 'A').filter(namesAnOwner);
    const mine = owned[0]?.record['ownedByCarrier'];
    const inNetwork = owned.filter((l) => l.inNetwork).sort((a, b) => (a.joinedAt ?? 0) - (b.joinedAt ?? 0));
    const foreign = lockersOf(model, 'B').find((l) => l.record['ownedByCarrier'] !== mine);
    const former = new Set(owned.flatMap((l) => l.lockerIds.slice(0, -1)));
    const candidates: Record<NetworkPick, string | undefined> = {
      owned: owned.find((l) => l.inNetwork === false && l.lockerIds.length === 1)?.uid,
      reusing: owned.find((l) => l.inNetwork === false && l.lockerIds.length === 1 && former.has(l.lockerIds[0]!))?.uid,
      renamed: owned.find((l) => l.inNetwork === false && l.lockerIds.length > 1)?.uid,
      lastRenamed: [...owned].reverse().find((l) => l.inNetwork === false && l.lockerIds.length > 1)?.uid,
      added: inNetwork[0]?.uid,
      lastAdded: inNetwork[inNetwork.length - 1]?.uid,
      foreign: foreign?.uid,
      thirdParty: world.thirdParty === undefined ? undefined : String(world.thirdParty['uid']),
      unknown: /^\d+$/.test(lockersOf(model, 'A')[0]!.uid) ? `${lockersOf(model, 'A')[0]!.uid}987` : undefined,
    };
    return new Map(
      this.picks.flatMap((p) =>
        candidates[p] !== undefined && /^\d+$/.test(candidates[p]!) ? [[p, candidates[p]!] as const] : [],
      ),
    );
  }

  async run(model: ServiceModel, world: World): Promise<void> {
    await step(
      model,
      world,
      this.toString(),
      async () => {
        const uids = this.uidsFor(model, world);
        if (!uids.size) {
          notObservable(
            'NET-OWNED-ADDED',
            `${this.toString()}: no locker of those kinds had an int64 uid in this sequence`,
          );
          return;
        }
        const sentAt = Date.now();
        const sentUids = new Set(uids.values());
        for (const l of model.lockers) if (l.carrier !== this.by && sentUids.has(l.uid)) l.otherNamedAt ??= sentAt;
        const send = () =>
          clientOf(world, this.by).call('addNetworkLockers', {
            params: { uid: this.elsewhere ? `${world.networkUid!}987` : world.networkUid! },
            body: { lockerUids: [...[...sentUids].map(int64), ...(this.malformed ? ['not-a-uid'] : [])] },
          });
        if (this.together > 1)
          return addedAtOnce(
            model,
            await Promise.all(Array.from({ length: this.together }, send)),
            uids,
            this.toString(),
          );
        const exchange = await send();
        if (this.malformed) return malformedAdd(model, exchange, sentUids);
        if (this.by === 'B') return othersAdd(exchange, uids, this.toString());
        if (this.elsewhere) {
          // What it shows of the lockers sent is not stated: they are named. One it did not list as added, the
          // carrier's network lacks after it; one it listed may have joined a network that uid names, unknown to the
          // run, where a locker may be held alone: it is left out of later adds (its network is not known).
          const listed = addedUids(exchange);
          for (const locker of model.lockers)
            if ([...uids.values()].includes(locker.uid)) {
              namedLocker(model, locker);
              if (listed.includes(locker.uid)) locker.inNetwork = undefined;
            }
          observe('GEN-ID-EXACT', `${this.toString()}: ${exchange.status} ${exchange.text.slice(0, 120)}`);
          return;
        }
        // What a uid no locker has gets is not stated (§8 skips lockers not owned): an add carrying one may be refused.
        if (uids.has('unknown') && exchange.status >= 400 && exchange.status < 500) {
          observe('NET-UNKNOWN-SKIPPED', `${this.toString()} was refused (${exchange.status})`);
          return;
        }
        const touched = new Set(model.lockers.filter((l) => l.inNetwork && writtenSinceJoined(l)).map((l) => l.uid));
        // What joining a network shows of a locker is not stated: the lockers sent are named.
        for (const locker of model.lockers) if (sentUids.has(locker.uid)) namedLocker(model, locker);
        const records = addedRecords(exchange);
        const listed = addedUids(exchange);
        const sent = [...uids.entries()].map(([kind, uid]) => `${kind} ${uid}`).join(', ');
        const kinds = new Map([...uids].map(([pick, uid]) => [uid, KIND[pick]]));
        const refusedBefore = new Set(model.lockers.filter((l) => l.refusedAdd).map((l) => l.uid));
        hold(membershipJudgements(exchange, kinds, listed, sent, touched, refusedBefore), exchange);
        const newlyOwned = (['owned', 'renamed', 'reusing'] as const).flatMap((k) =>
          uids.has(k) ? [uids.get(k)!] : [],
        );
        for (const uid of newlyOwned) {
          const locker = model.lockers.find((l) => l.uid === uid)!;
          if (listed.includes(uid) && !locker.inNetwork) locker.joinedAt = model.steps.length;
          delete locker.refusedAdd;
          locker.inNetwork = listed.includes(uid) || locker.inNetwork;
          const record = records.find((r) => String(r['lockerUid']) === uid);
          // The carrier-assigned name (§2.5) is the locker's name now, after every rename.
          const named =
            record && networkRecordNameJudgement(record, locker.sent['carrier']['lockerName'], 'as sent last');
          if (named) hold([named], exchange);
        }
      },
      'lockers',
    );
  }

  toString = () =>
    `addToNetwork(${this.by}, ${this.picks.join(', ')}${this.by === 'B' ? ", to A's network" : ''}` +
    `${this.together > 1 ? `, ${this.together} times at once` : ''}` +
    `${this.elsewhere ? ', to a network uid that is not its network' : ''}` +
    `${this.malformed ? ', with an item that is no integer' : ''})`;
}

/**
 * The same add answered `exchanges` times, sent at once. A locker in the network before them is listed by none
 * (NET-ONLY-NEW), whatever their order. Which of them lists a locker new to the network is reported, not judged: the
 * spec states no isolation of requests at once, and a service whose adds both read the locker as absent lists it
 * twice. A refusal among them is reported too.
 */
function addedAtOnce(
  model: ServiceModel,
  exchanges: Exchange[],
  uids: ReadonlyMap<NetworkPick, string>,
  what: string,
): void {
  const sentUids = new Set(uids.values());
  const touched = new Set(model.lockers.filter((l) => l.inNetwork && writtenSinceJoined(l)).map((l) => l.uid));
  for (const locker of model.lockers) if (sentUids.has(locker.uid)) namedLocker(model, locker);
  const listedBy = exchanges.map(addedUids);
  const fresh = [...uids].filter(([pick]) => KIND[pick] === 'new').map(([, uid]) => uid);
  const times = fresh.map((uid) => `${uid} by ${listedBy.filter((l) => l.includes(uid)).length}`);
  observe(
    'NET-ONLY-NEW',
    `${what}: ${exchanges.map((e) => e.status).join(', ')}; new lockers listed as added ${times.join(', ') || '-'}`,
  );
  if (exchanges.some((e) => e.status < 200 || e.status >= 300)) {
    for (const locker of model.lockers) if (sentUids.has(locker.uid)) locker.inNetwork = undefined;
    return;
  }
  const sent = [...uids.entries()].map(([kind, uid]) => `${kind} ${uid}`).join(', ');
  exchanges.forEach((exchange, i) => {
    const kinds = new Map([...uids].filter(([pick]) => KIND[pick] !== 'new').map(([pick, uid]) => [uid, KIND[pick]]));
    const said = `${sent} (answer ${i + 1} of ${exchanges.length} sent at once)`;
    hold(membershipJudgements(exchange, kinds, listedBy[i]!, said, touched), exchange);
  });
  for (const uid of fresh) {
    const locker = model.lockers.find((l) => l.uid === uid)!;
    const listed = listedBy.some((l) => l.includes(uid));
    if (listed && !locker.inNetwork) locker.joinedAt = model.steps.length;
    delete locker.refusedAdd;
    // Listed by neither: whether one added it is not known.
    locker.inNetwork = listed ? true : undefined;
  }
}

/**
 * An add whose lockerUids hold an item that is no integer. Refused, the lockers it named are as they were: not in the
 * network, a later add lists them as new. Accepted, what it did to them is not known.
 */
function malformedAdd(model: ServiceModel, exchange: Exchange, sent: ReadonlySet<string>): void {
  const refused = exchange.status >= 400 && exchange.status < 500;
  // Taken, it may have skipped the item as naming no locker of the carrier's (§4.10 skips lockers not owned): the
  // refusal of a body of non-integers alone is suites/network-refusals.spec.ts's.
  if (refused) hold(refusalJudgements(exchange), exchange);
  else observe('NET-REQUEST-BODY', `lockers with an item that is no integer: ${exchange.status}`);
  for (const locker of model.lockers) {
    if (!sent.has(locker.uid)) continue;
    if (refused) {
      if (locker.inNetwork === false) locker.refusedAdd = true;
    } else locker.inNetwork = undefined;
  }
}

/**
 * The second carrier's add to the first's network: whether it may add to a network not its own is not shown, so a
 * refusal is observed; accepted, none of the first carrier's lockers is listed as added (§8), and no record changes.
 */
function othersAdd(exchange: Exchange, uids: ReadonlyMap<NetworkPick, string>, what: string): void {
  if (exchange.status >= 400 && exchange.status < 500) {
    observe('NET-NOT-OWNED-SKIPPED', `${what} was refused (${exchange.status})`);
    return;
  }
  const kinds = new Map(
    [...uids].flatMap(([pick, uid]): [string, SentKind][] =>
      KIND_FOR_OTHER[pick] ? [[uid, KIND_FOR_OTHER[pick]]] : [],
    ),
  );
  const listed = addedUids(exchange);
  hold(networkAddJudgements(exchange, kinds, listed, what), exchange);
}

/**
 * The network membership the model holds, read the one way §4.10 shows it: every locker an add listed, added again
 * at the sequence's end, is listed as new no more (NET-ONLY-NEW, or NET-MEMBERSHIP-KEPT after an update of it; after a
 * status change, observed). Jepsen's final read, for the state no list shows.
 */
export async function membershipRead(model: ServiceModel, world: World): Promise<void> {
  const inNetwork = lockersOf(model, 'A').filter((l) => l.inNetwork && /^\d+$/.test(l.uid));
  // A locker whose status changed since it joined may have left the network: what a disabled locker's networks do
  // is not shown (§3 "Transitions: not shown"). It is added again, and what comes is observed.
  const changed = inNetwork.filter((l) => (l.statusAt ?? -1) > (l.joinedAt ?? Infinity));
  const added = inNetwork.filter((l) => !changed.includes(l));
  if (world.networkUid !== undefined && changed.length) {
    const again = await clientOf(world, 'A').call('addNetworkLockers', {
      params: { uid: world.networkUid },
      body: { lockerUids: changed.map((l) => int64(l.uid)) },
    });
    observe(
      'NET-MEMBERSHIP-KEPT',
      `lockers ${changed.map((l) => l.uid).join(', ')}, in the network before a status change, added again: ` +
        `${again.status} ${again.text.slice(0, 120)}`,
    );
  }
  if (!added.length || world.networkUid === undefined) return;
  const uids = added.map((l) => l.uid);
  const exchange = await clientOf(world, 'A').call('addNetworkLockers', {
    params: { uid: world.networkUid },
    body: { lockerUids: uids.map(int64) },
  });
  const listed = addedUids(exchange);
  const said = `at the end of ${model.steps.join(' → ')}: ${uids.join(', ')}, each listed by an earlier add`;
  const kinds = new Map(uids.map((u): [string, SentKind] => [u, 'already']));
  const touched = new Set(added.filter(writtenSinceJoined).map((l) => l.uid));
  hold(membershipJudgements(exchange, kinds, listed, said, touched), exchange);
}

/** A write (an update, a status change, another add) named the locker since it joined the network. */
const writtenSinceJoined = (l: ModelLocker): boolean =>
  Math.max(l.namedAt ?? -1, l.statusAt ?? -1) > (l.joinedAt ?? Infinity);

/**
 * A network add's judgements, but a locker already in the network that a write named since it joined (`touched`):
 * whether membership survives a write is not stated, so its listing as added is NET-MEMBERSHIP-KEPT's (a should), not
 * NET-ONLY-NEW's.
 */
function membershipJudgements(
  exchange: Exchange,
  kinds: ReadonlyMap<string, SentKind>,
  listed: readonly string[],
  said: string,
  touched: ReadonlySet<string>,
  refusedBefore: ReadonlySet<string> = new Set(),
): Judgement[] {
  const rejoined = new Map([...kinds].filter(([uid, kind]) => kind === 'already' && touched.has(uid)));
  // A new locker a refused add named: not listed as added now, that refused add had added it.
  const refused = new Map([...kinds].filter(([uid, kind]) => kind === 'new' && refusedBefore.has(uid)));
  const rest = new Map([...kinds].filter(([uid]) => !rejoined.has(uid) && !refused.has(uid)));
  const kept = networkAddJudgements(exchange, rejoined, listed, said).filter((j) => j.rule === 'NET-ONLY-NEW');
  const noEffect = networkAddJudgements(exchange, refused, listed, said).filter((j) => j.rule === 'NET-OWNED-ADDED');
  return [
    ...networkAddJudgements(exchange, rest, listed, said),
    ...kept.map((j) => ({ ...j, rule: 'NET-MEMBERSHIP-KEPT' })),
    ...noEffect.map((j) => ({ ...j, rule: 'GEN-REJECTED-NO-EFFECT' })),
  ];
}
