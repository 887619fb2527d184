// The model's invariants, checked after every command, each judged under its rule id at the list read
// that showed it: every record is listed as the model holds it (every member as sent, in every state it
// reached), each carrier's list holds its own parcels only, and what was only pre-checked is never
// booked. A list may lag a write: a record missing or stale is read again within the settle time
// (CIS_LIST_SETTLE_MS) before it fails, and the lag seen is kept for the observed choices.
import { REFUSED_KEPT } from '../judgements/no-effect';
import { listedCreatedJudgement } from '../judgements/created';
import { observe } from '../evidence/judge';
import type { Exchange } from '../http/exchange';
import type { Json } from '../http/json';
import { listSince } from '../records/lists/list-since';
import { settle } from '../records/lists/settle';
import { asSent } from './as-sent';
import { oneRecordJudgements } from '../judgements/frame';
import { answerToCompare, frameFindings, frameRulesOf, goneFindings, namedMoves, seenIn } from './frame';
import { lockersOf, parcelsOf, type Carrier, type ModelLocker, type ModelParcel, type ServiceModel } from './model';
import { learnParcels, learnShown, listedParcel, parcelReading } from './parcel-reading';
import { judgeAlso, settled, type Reading } from './reading';
import { carriersOf, clientOf, type World } from './world';
import type { Listing } from '../records/lists/listing';

/** The locker shows its status; just after a change, in a member that did not show it before the change. */
export const statusShown = (locker: ModelLocker, listed: Json): boolean =>
  statusesOf(listed).some((s, i) => s === locker.status && locker.statusFrom?.[i] !== locker.status);

export const statusesOf = (record: Json | undefined): unknown[] => [
  record?.['carrier']?.['status'],
  record?.['provider']?.['status'],
];
const uidOf = (record: Json | undefined): string => String(record?.['uid']);

export function lockerReading(model: ServiceModel, lockers: ModelLocker[], listing: Listing): Reading {
  const reading: Reading = { findings: [], judged: new Set(), unseen: [] };
  const listedOf = (locker: ModelLocker) => listing.items.filter((l) => uidOf(l) === locker.uid).pop();
  const moved = namedMoves('Locker', lockers, listedOf);
  for (const locker of lockers) {
    const listed = listedOf(locker);
    if (listed) {
      if (locker.listed !== undefined) for (const rule of frameRulesOf(locker)) reading.judged.add(rule);
      reading.findings.push(...frameFindings(model, 'Locker', locker, listed, `locker ${locker.uid}`, moved));
      const answer = answerToCompare(locker);
      if (answer) {
        for (const { rule, differences } of oneRecordJudgements(answer.record, listed)) {
          judgeAlso(reading, rule, answer.exchange);
          for (const d of differences)
            reading.findings.push({
              rule,
              problem: `locker ${locker.uid}, the ${answer.exchange.operationId} answer, then the list: ${d}`,
            });
        }
      }
    }
    if (!listed) {
      const absent = listedCreatedJudgement(`locker ${locker.uid} (${locker.carrier})`, false, listing);
      if (absent) {
        reading.judged.add(absent.rule);
        reading.findings.push({ rule: absent.rule, problem: absent.failure! });
        for (const finding of goneFindings(model, locker, `locker ${locker.uid}`)) {
          reading.judged.add(finding.rule);
          reading.findings.push(finding);
        }
      } else
        reading.unseen.push({
          rule: 'LCK-LIST-INCLUDES-CREATED',
          reason: `locker ${locker.uid} was not on the ${listing.pages} page(s) read: ${listing.incomplete}`,
        });
      continue;
    }
    reading.judged.add('LCK-LIST-INCLUDES-CREATED');
    const echo = locker.updated ? 'LCK-UPDATE-200' : 'LCK-CREATE-ECHO';
    reading.judged.add(echo);
    // Shown as a refused valid update sent it: that refusal's, not the echo's.
    const asRefused = locker.refusedSent
      ? new Set(asSent({ ...locker.sent, ...locker.refusedSent }, listed).differences)
      : undefined;
    if (asRefused) reading.judged.add(REFUSED_KEPT);
    for (const difference of asSent(locker.sent, listed).differences)
      reading.findings.push({
        rule: asRefused && !asRefused.has(difference) ? REFUSED_KEPT : echo,
        problem: `locker ${locker.uid}: ${difference}`,
      });
    if (locker.status !== undefined) {
      reading.judged.add(locker.statusRule);
      if (!statusShown(locker, listed))
        reading.findings.push({
          rule: locker.statusRule,
          problem:
            `locker ${locker.uid} shows ${JSON.stringify(statusesOf(listed))}, not its status ${locker.status}` +
            (locker.statusFrom
              ? ` in a member that did not show it before (${JSON.stringify(locker.statusFrom)})`
              : ''),
        });
    }
  }
  return reading;
}

export async function lockersAgree(model: ServiceModel, world: World, carrier: Carrier): Promise<void> {
  const mine = lockersOf(model, carrier);
  if (!mine.length) return;
  const client = clientOf(world, carrier);
  const query = { providerName: world.provider.name };
  // When the last read began: the frame trusts what it showed only a settle time after the record was named.
  let started = 0;
  const read = () => {
    started = Date.now();
    return listSince(
      client,
      'listLockers',
      query,
      world.profile.pagination,
      world.lockerMarks[carrier],
      mine.map((l) => (item: Json) => uidOf(item) === l.uid),
      undefined,
      world.settleMs,
    );
  };
  const listing = await settled(
    world,
    'GET /lockers',
    model.steps.join(' → '),
    read,
    (l) => lockerReading(model, mine, l),
    (l) =>
      seenIn(
        model,
        world,
        'GET /lockers',
        started,
        mine,
        (locker) => l.items.filter((i) => uidOf(i) === locker.uid).pop(),
        l.exchange,
      ),
  );
  for (const locker of mine) {
    const listed = listing.items.filter((l) => uidOf(l) === locker.uid).pop();
    // A change a read has shown is the locker's status: later reads find it in any member.
    if (listed && statusShown(locker, listed)) delete locker.statusFrom;
    if (listed && asSent(locker.sent, listed).otherForm)
      observe(
        'LCK-CREATE-ECHO',
        `locker ${locker.uid} shows its text in another Unicode normalization form than sent (compared in NFC)`,
      );
  }
}

export async function parcelsAgree(model: ServiceModel, world: World, carrier: Carrier): Promise<Listing | undefined> {
  if (!parcelsOf(model, carrier).length && !model.preChecked.some((p) => p.carrier === carrier)) return undefined;
  const mark = world.parcelMarks[carrier]!;
  let started = 0;
  const listing = await settled(
    world,
    'GET /parcels',
    model.steps.join(' → '),
    () => {
      started = Date.now();
      return world.parcels.listingSince(mark);
    },
    (l) => parcelReading(model, carrier, l),
    (l) => {
      learnParcels(model, carrier, l);
      seenIn(
        model,
        world,
        'GET /parcels',
        started,
        parcelsOf(model, carrier).filter((p) => p.shipmentUid !== undefined),
        (parcel) => listedParcel(model, parcel, l.items),
        l.exchange,
      );
    },
  );
  return listing;
}

/** After every command: every carrier's lists of what it touched agree with the model. */
export async function checkInvariants(
  model: ServiceModel,
  world: World,
  touches: 'lockers' | 'parcels' | 'both' = 'both',
): Promise<void> {
  const lockers = touches !== 'parcels';
  const parcels = touches !== 'lockers';
  await Promise.all(
    carriersOf(world).map(async (carrier) =>
      Promise.all([lockers && lockersAgree(model, world, carrier), parcels && parcelsAgree(model, world, carrier)]),
    ),
  );
}

/** The parcel as the carrier's list shows it now, and the answer that read it; read again while `until` does not hold,
 * within the settle time. */
export async function parcelNow(
  model: ServiceModel,
  world: World,
  parcel: ModelParcel,
  until: (listed: Json | undefined) => boolean = () => true,
): Promise<{ listed: Json | undefined; exchange: Exchange }> {
  const read = async () => {
    const listing = await world.parcels.listingSince(world.parcelMarks[parcel.carrier]!);
    return { listed: listedParcel(model, parcel, listing.items), exchange: listing.exchange };
  };
  const found = await settle(read, (r) => until(r.listed), world.settleMs, 'GET /parcels');
  // What the read showed is what the model now holds of the parcel: a command after it with no full read between (a
  // burst) compares with this, not with an older read.
  if (found.listed) learnShown(parcel, found.listed);
  return found;
}
