// The model's invariants, checked after every command, each judged under its rule id at the list read
// that showed it: every record is listed as the model holds it (every member as sent, in every state it
// reached), each carrier's list holds its own parcels only, and what was only pre-checked is never
// booked. A list may lag a write: a record missing or stale is read again within the settle time
// (CIS_LIST_SETTLE_MS) before it fails, and the lag seen is kept for the observed choices.
import { judge, notObservable, observe } from '../evidence/judge';
import type { Exchange } from '../http/exchange';
import type { Json } from '../http/json';
import type { Listing } from '../records/listing';
import { listSince } from '../records/list-since';
import { settle } from '../records/settle';
import { asSent } from './as-sent';
import {
  lockersOf,
  parcelNamed,
  parcelsOf,
  type Carrier,
  type ModelLocker,
  type ModelParcel,
  type ServiceModel,
} from './model';
import { carriersOf, clientOf, type World } from './world';

interface Finding {
  rule: string;
  problem: string;
}

/** What one read of a list showed against the model: the findings, the rules it judged, and what it could not see. */
interface Reading {
  findings: Finding[];
  judged: Set<string>;
  unseen: { rule: string; reason: string }[];
}

const statusesOf = (record: Json | undefined): unknown[] => [
  record?.['carrier']?.['status'],
  record?.['provider']?.['status'],
];
const uidOf = (record: Json | undefined): string => String(record?.['uid']);
const shipmentUidOf = (record: Json | undefined): string | undefined =>
  record?.['shipmentUid'] === undefined ? undefined : String(record['shipmentUid']);

/**
 * Reads until `check` finds nothing or the settle time is over, and judges what the last read found.
 * The settle time is waited only where a read disagreed: a target that lists at once costs one read.
 */
async function settled(
  world: World,
  list: string,
  trail: string,
  read: () => Promise<Listing>,
  check: (listing: Listing) => Reading,
): Promise<Listing> {
  const started = Date.now();
  let reads = 0;
  const readAndCheck = async () => {
    reads += 1;
    const listing = await read();
    return { listing, reading: check(listing) };
  };
  const { listing, reading } = await settle(readAndCheck, (r) => r.reading.findings.length === 0, world.settleMs, list);
  if (reads > 1 && !reading.findings.length)
    world.lags.set(list, Math.max(world.lags.get(list) ?? 0, Date.now() - started));
  for (const { rule, reason } of reading.unseen) notObservable(rule, reason);
  for (const rule of reading.judged) {
    const problems = reading.findings.filter((f) => f.rule === rule).map((f) => f.problem);
    judge(rule, listing.exchange)
      .expect(problems, `after ${trail}${world.settleMs ? ` (read again for ${world.settleMs} ms)` : ''}`)
      .toEqual([]);
  }
  return listing;
}

function lockerReading(lockers: ModelLocker[], listing: Listing): Reading {
  const reading: Reading = { findings: [], judged: new Set(), unseen: [] };
  for (const locker of lockers) {
    const listed = listing.items.filter((l) => uidOf(l) === locker.uid).pop();
    if (!listed) {
      if (listing.complete) {
        reading.judged.add('LCK-LIST-INCLUDES-CREATED');
        reading.findings.push({
          rule: 'LCK-LIST-INCLUDES-CREATED',
          problem: `locker ${locker.uid} (${locker.carrier}) is not listed`,
        });
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
    for (const difference of asSent(locker.sent, listed).differences)
      reading.findings.push({ rule: echo, problem: `locker ${locker.uid}: ${difference}` });
    if (locker.status !== undefined) {
      reading.judged.add(locker.statusRule);
      if (!statusesOf(listed).includes(locker.status))
        reading.findings.push({
          rule: locker.statusRule,
          problem: `locker ${locker.uid} shows ${JSON.stringify(statusesOf(listed))}, not its status ${locker.status}`,
        });
    }
  }
  return reading;
}

/**
 * The carrier's parcel the model holds, as the list shows it: by its shipmentUid once known, else the
 * newest with its carrierParcelId that is no other parcel the model knows (the other carrier's, or an
 * earlier booking under the same id).
 */
function listedParcel(model: ServiceModel, parcel: ModelParcel, items: Json[]): Json | undefined {
  if (parcel.shipmentUid !== undefined) return items.filter((p) => shipmentUidOf(p) === parcel.shipmentUid).pop();
  const taken = new Set(
    model.parcels.filter((p) => p !== parcel && p.shipmentUid !== undefined).map((p) => p.shipmentUid),
  );
  return items.filter((p) => p['carrierParcelId'] === parcel.carrierParcelId && !taken.has(shipmentUidOf(p))).pop();
}

/**
 * The members of the parcel record the publish request decides (PCL-RECORD-AS-SENT): shipmentType, allocationType
 * and consignee as sent, the carrierParcelId, and on the by-tenant path the carrierLockerId it sent.
 */
function decidedBy(parcel: ModelParcel): Json {
  const { shipmentType, allocationType, consignee, carrierLockerId } = parcel.sent;
  return {
    carrierParcelId: parcel.carrierParcelId,
    ...(shipmentType !== undefined ? { shipmentType } : {}),
    ...(allocationType !== undefined ? { allocationType } : {}),
    ...(consignee !== undefined && consignee !== null ? { consignee } : {}),
    ...(parcel.path === 'tenant' && carrierLockerId !== undefined ? { carrierLockerId } : {}),
  };
}

function parcelReading(model: ServiceModel, carrier: Carrier, listing: Listing): Reading {
  const reading: Reading = { findings: [], judged: new Set(), unseen: [] };
  const found = (rule: string, problem: string) => reading.findings.push({ rule, problem });
  const others = model.parcels.filter((p) => p.carrier !== carrier);
  const othersUids = new Set(others.map((p) => p.shipmentUid).filter((u): u is string => u !== undefined));
  const mine = parcelsOf(model, carrier);
  for (const parcel of mine) {
    const listed = listedParcel(model, parcel, listing.items);
    const shared = others.some((p) => p.carrierParcelId === parcel.carrierParcelId);
    if (parcel.state === 'booked' && !parcel.everDelivered) {
      if (!listed) {
        if (listing.complete) {
          reading.judged.add('PCL-BOOKING-CREATES');
          found('PCL-BOOKING-CREATES', `booked parcel ${parcel.carrierParcelId} is not listed`);
        } else
          reading.unseen.push({
            rule: 'PCL-BOOKING-CREATES',
            reason:
              `parcel ${parcel.carrierParcelId} was not on the ${listing.pages} page(s) read: ` +
              `${listing.incomplete}`,
          });
        continue;
      }
      const where = parcel.path === 'tenant' ? 'PCL-BY-TENANT-RESOLVES' : 'PCL-BOOKING-CREATES';
      reading.judged.add(where);
      if (String(listed['lockerUid']) !== parcel.lockerUid)
        found(
          where,
          `parcel ${parcel.carrierParcelId} is in locker ${String(listed['lockerUid'])}, booked into ` +
            `${parcel.lockerUid}`,
        );
      // A booking another carrier's request changed breaks the carriers' own identifiers; one that changed by itself,
      // the booking.
      const stays = shared ? 'ISO-CARRIER-IDS' : 'PCL-BOOKING-CREATES';
      if (model.bookedStatus !== undefined && parcel.shown === model.bookedStatus) {
        reading.judged.add(stays);
        if (listed['shipmentStatus'] !== model.bookedStatus)
          found(
            stays,
            `booked parcel ${parcel.carrierParcelId} shows ${JSON.stringify(listed['shipmentStatus'])}, not ` +
              `the booked status ${model.bookedStatus}`,
          );
      }
    } else if (parcel.state === 'cancelled' && listed && model.bookedStatus !== undefined) {
      // §4.8 does not say a cancelled parcel stays listed; listed, it is not booked any more.
      reading.judged.add('CAN-NOT-DELIVERED');
      if (listed['shipmentStatus'] === model.bookedStatus)
        found(
          'CAN-NOT-DELIVERED',
          `cancelled parcel ${parcel.carrierParcelId} shows the booked status ${model.bookedStatus} again`,
        );
    }
  }
  // What the publish request decided stays as sent in every state the parcel reaches (a cancel or an event
  // changes its state, not its identity), judged wherever the list shows the parcel unambiguously.
  for (const parcel of mine) {
    const current = parcel.state === 'booked' && !parcel.everDelivered;
    if (
      !current &&
      (parcel.shipmentUid === undefined || parcelNamed(model, carrier, parcel.carrierParcelId) !== parcel)
    )
      continue;
    const listed = listedParcel(model, parcel, listing.items);
    if (!listed) continue;
    reading.judged.add('PCL-RECORD-AS-SENT');
    for (const difference of asSent(decidedBy(parcel), listed).differences)
      found('PCL-RECORD-AS-SENT', `parcel ${parcel.carrierParcelId} (${parcel.state}): ${difference}`);
  }
  if (others.length) {
    reading.judged.add('PCL-LIST-OWN');
    for (const item of listing.items) {
      const uid = shipmentUidOf(item);
      if (uid !== undefined && othersUids.has(uid))
        found(
          'PCL-LIST-OWN',
          `the list shows the other carrier's parcel ${String(item['carrierParcelId'])} (shipmentUid ${uid})`,
        );
    }
  }
  for (const { carrierParcelId } of model.preChecked.filter(
    (p) => p.carrier === carrier && !mine.some((m) => m.carrierParcelId === p.carrierParcelId),
  )) {
    reading.judged.add('PCL-PRECHECK-NO-BOOKING');
    if (listing.items.some((p) => p['carrierParcelId'] === carrierParcelId && !othersUids.has(shipmentUidOf(p) ?? '')))
      found('PCL-PRECHECK-NO-BOOKING', `pre-checked ${carrierParcelId} is listed as booked`);
  }
  return reading;
}

/** What the list read taught the model: each parcel's shipmentUid, status and history length, and what a booking
 * shows. */
function learnParcels(model: ServiceModel, carrier: Carrier, listing: Listing): void {
  for (const parcel of parcelsOf(model, carrier)) {
    const listed = listedParcel(model, parcel, listing.items);
    if (!listed) continue;
    parcel.shipmentUid ??= shipmentUidOf(listed);
    if (
      parcel.state === 'booked' &&
      !parcel.everDelivered &&
      model.bookedStatus === undefined &&
      typeof listed['shipmentStatus'] === 'string'
    )
      model.bookedStatus = listed['shipmentStatus'];
    parcel.shown = typeof listed['shipmentStatus'] === 'string' ? listed['shipmentStatus'] : undefined;
    parcel.events = Array.isArray(listed['events']) ? listed['events'].length : undefined;
  }
}

export async function lockersAgree(model: ServiceModel, world: World, carrier: Carrier): Promise<void> {
  const mine = lockersOf(model, carrier);
  if (!mine.length) return;
  const client = clientOf(world, carrier);
  const query = { providerName: world.provider.name };
  const read = () =>
    listSince(
      client,
      'listLockers',
      query,
      world.profile.pagination,
      world.lockerMarks[carrier],
      mine.map((l) => (item: Json) => uidOf(item) === l.uid),
      undefined,
      world.settleMs,
    );
  const listing = await settled(world, 'GET /lockers', model.steps.join(' → '), read, (l) => lockerReading(mine, l));
  for (const locker of mine) {
    const listed = listing.items.filter((l) => uidOf(l) === locker.uid).pop();
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
  const listing = await settled(
    world,
    'GET /parcels',
    model.steps.join(' → '),
    () => world.parcels.listingSince(mark),
    (l) => parcelReading(model, carrier, l),
  );
  learnParcels(model, carrier, listing);
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
  return settle(read, (r) => until(r.listed), world.settleMs, 'GET /parcels');
}
