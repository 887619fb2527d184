// The carrier's parcel list against the model: every parcel it booked listed where it booked it, in the state the
// model holds, as the publish request decided it; none of the other carrier's; nothing only pre-checked; and what
// no command named as the last read showed it.
import { bookingListedJudgement, extrasAsSentJudgement, publishDecided } from '../judgements/bookings';
import type { Json } from '../http/json';
import type { Listing } from '../records/lists/listing';
import { asSent, emailFolded } from './as-sent';
import { frameFindings, frameRulesOf, goneFindings, namedMoves, refusedSinceRead } from './frame';
import { moveKey } from '../judgements/frame';
import { parcelNamed, parcelsOf, type Carrier, type ModelParcel, type ServiceModel } from './model';
import type { Reading } from './reading';

const shipmentUidOf = (record: Json | undefined): string | undefined =>
  record?.['shipmentUid'] === undefined ? undefined : String(record['shipmentUid']);

/**
 * The carrier's parcel the model holds, as the list shows it: by its shipmentUid once known, else the
 * newest with its carrierParcelId that is no other parcel the model knows (the other carrier's, or an
 * earlier booking under the same id).
 */
export function listedParcel(model: ServiceModel, parcel: ModelParcel, items: Json[]): Json | undefined {
  if (parcel.shipmentUid !== undefined) return items.filter((p) => shipmentUidOf(p) === parcel.shipmentUid).pop();
  const taken = new Set(
    model.parcels.filter((p) => p !== parcel && p.shipmentUid !== undefined).map((p) => p.shipmentUid),
  );
  const withId = items.filter((p) => p['carrierParcelId'] === parcel.carrierParcelId);
  const own = withId.filter((p) => !taken.has(shipmentUidOf(p))).pop();
  if (own || model.bookedStatus === undefined) return own;
  // A booking under a cancelled parcel's id may take that parcel up again (PCL-AFTER-CANCEL: what a booking of a
  // cancelled id makes is not stated): its record, shown booked again, is this booking's.
  const before = new Set(
    model.parcels
      .slice(0, model.parcels.indexOf(parcel))
      .filter((p) => p.carrier === parcel.carrier && p.carrierParcelId === parcel.carrierParcelId)
      .filter((p) => p.state === 'cancelled' && p.shipmentUid !== undefined)
      .map((p) => p.shipmentUid),
  );
  return withId.filter((p) => before.has(shipmentUidOf(p)) && p['shipmentStatus'] === model.bookedStatus).pop();
}

/** A cancelled parcel whose record a later booking under its id took up again (listedParcel): that booking's now. */
function takenUp(model: ServiceModel, parcel: ModelParcel, items: Json[]): boolean {
  if (parcel.state !== 'cancelled' || parcel.shipmentUid === undefined) return false;
  return model.parcels
    .slice(model.parcels.indexOf(parcel) + 1)
    .filter((p) => p.carrier === parcel.carrier && p.carrierParcelId === parcel.carrierParcelId)
    .some((p) => (p.shipmentUid ?? shipmentUidOf(listedParcel(model, p, items))) === parcel.shipmentUid);
}

/**
 * The members of the parcel record the publish request decides (PCL-RECORD-AS-SENT): shipmentType, allocationType
 * and consignee as sent, the carrierParcelId, and on the by-tenant path the carrierLockerId it sent.
 */
function decidedBy(model: ServiceModel, parcel: ModelParcel): Json {
  // Where the record's carrierLockerId comes from is not stated: once the locker is renamed it may follow it.
  const locker = model.lockers.find((l) => l.uid === parcel.lockerUid);
  const kept = !locker || locker.lockerIds[locker.lockerIds.length - 1] === parcel.sent['carrierLockerId'];
  return publishDecided({ ...parcel.sent, carrierParcelId: parcel.carrierParcelId }, parcel.path === 'tenant' && kept);
}

export function parcelReading(model: ServiceModel, carrier: Carrier, listing: Listing): Reading {
  const reading: Reading = { findings: [], judged: new Set(), unseen: [] };
  const found = (rule: string, problem: string) => reading.findings.push({ rule, problem });
  const others = model.parcels.filter((p) => p.carrier !== carrier);
  const othersUids = new Set(others.map((p) => p.shipmentUid).filter((u): u is string => u !== undefined));
  const mine = parcelsOf(model, carrier).filter((p) => !takenUp(model, p, listing.items));
  const listedOf = (parcel: ModelParcel) =>
    parcel.shipmentUid === undefined ? undefined : listedParcel(model, parcel, listing.items);
  const moved = namedMoves('Parcel', mine, listedOf);
  learnSelfMoves(model, mine, listedOf, moved);
  for (const parcel of mine) {
    const listed = listedParcel(model, parcel, listing.items);
    const shared = others.some((p) => p.carrierParcelId === parcel.carrierParcelId);
    if (parcel.state === 'booked' && !parcel.everDelivered) {
      if (!listed) {
        const judged = bookingListedJudgement(parcel.carrierParcelId, parcel.lockerUid, undefined, []);
        // Listed before and gone since, with no command naming it or its locker since, and the last publish under its
        // id the other carrier's (its use of the id), sent since it was listed: that write took it.
        const last = model.lastCarried?.get(parcel.carrierParcelId);
        const byOther =
          parcel.shown !== undefined &&
          !namedSinceRead(parcel) &&
          last !== undefined &&
          last.carrier !== carrier &&
          last.at > (parcel.listedAt ?? -1);
        const rule = byOther ? 'ISO-CARRIER-IDS' : judged.rule;
        const failure = judged.failure;
        if (listing.complete) {
          reading.judged.add(rule);
          found(rule, failure!);
        } else
          reading.unseen.push({
            rule,
            reason:
              `parcel ${parcel.carrierParcelId} was not on the ${listing.pages} page(s) read: ` +
              `${listing.incomplete}`,
          });
        continue;
      }
      // A booking a refused request named since its last read, shown elsewhere: what such a refusal leaves is not
      // stated (GEN-REFUSED-KEPT, a should), whatever the booking's own rule.
      const booked = parcel.path === 'tenant' ? 'PCL-BY-TENANT-RESOLVES' : 'PCL-BOOKING-CREATES';
      const where = refusedSinceRead(parcel) ? 'GEN-REFUSED-KEPT' : booked;
      reading.judged.add(where);
      if (String(listed['lockerUid']) !== parcel.lockerUid)
        found(
          where,
          `parcel ${parcel.carrierParcelId} is in locker ${String(listed['lockerUid'])}, booked into ` +
            `${parcel.lockerUid}`,
        );
      // Booked with the allocationType it sent (§4.6; PCL-BOOKING-CREATES names it beside the locker), on either path.
      const allocation = parcel.sent['allocationType'];
      // Where the other carrier holds the id too, a change is the carriers' identifiers' (ISO-CARRIER-IDS, below).
      if (allocation !== undefined && allocation !== null && !shared) {
        const held = bookingListedJudgement(parcel.carrierParcelId, listed['lockerUid'], allocation, [listed]);
        reading.judged.add(held.rule);
        if (held.failure) found(held.rule, held.failure);
      }
      // A booking another carrier's request changed breaks the carriers' own identifiers; one that changed by itself,
      // the booking.
      const stays = shared ? 'ISO-CARRIER-IDS' : 'PCL-BOOKING-CREATES';
      // A parcel no command named since the last read is the frame's (a move by itself is a should); one a command
      // named may move only to where bookings move by themselves.
      if (model.bookedStatus !== undefined && parcel.shown === model.bookedStatus && namedSinceRead(parcel)) {
        reading.judged.add(stays);
        const status = listed['shipmentStatus'];
        if (status !== model.bookedStatus && !model.selfMoved?.has(status))
          found(
            stays,
            `booked parcel ${parcel.carrierParcelId} shows ${JSON.stringify(listed['shipmentStatus'])}, not ` +
              `the booked status ${model.bookedStatus}`,
          );
      }
    } else if (parcel.state === 'cancelled' && listed && model.bookedStatus !== undefined) {
      // §4.8 does not say a cancelled parcel stays listed; listed, it is not booked any more. Booked again after a
      // list showed it not booked and a PRE_CHECK named its id since, the check booked it.
      const rule =
        parcel.checkedSinceCancel && parcel.shown !== undefined && parcel.shown !== model.bookedStatus
          ? 'PCL-PRECHECK-NO-BOOKING'
          : 'CAN-NOT-DELIVERED';
      reading.judged.add(rule);
      if (listed['shipmentStatus'] === model.bookedStatus)
        found(
          rule,
          `cancelled parcel ${parcel.carrierParcelId} shows the booked status ${model.bookedStatus} again` +
            (rule === 'CAN-NOT-DELIVERED' ? '' : ', after a PRE_CHECK under its id'),
        );
    }
  }
  // The frame of the parcels a list read through no longer shows: one the last read showed, no command named since.
  if (listing.complete)
    for (const parcel of mine) {
      if (listedParcel(model, parcel, listing.items)) continue;
      for (const finding of goneFindings(model, parcel, `parcel ${parcel.carrierParcelId}`)) {
        reading.judged.add(finding.rule);
        reading.findings.push(finding);
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
    const decided = decidedBy(model, parcel);
    for (const difference of asSent(emailFolded(decided)!, emailFolded(listed)).differences)
      found('PCL-RECORD-AS-SENT', `parcel ${parcel.carrierParcelId} (${parcel.state}): ${difference}`);
    // Members §2.4 does not list, shown under a publish member's name (a lock state, a weight): what was sent.
    const extras = extrasAsSentJudgement(parcel.sent, listed, `parcel ${parcel.carrierParcelId} (${parcel.state})`);
    if (extras) reading.judged.add(extras.rule);
    if (extras?.failure) found(extras.rule, extras.failure);
    const email = decided['consignee']?.['email'];
    if (typeof email === 'string' && email !== email.toLowerCase()) {
      reading.judged.add('PCL-EMAIL-AS-SENT');
      if (
        listed['consignee']?.['email'] !== email &&
        listed['consignee']?.['email']?.toLowerCase?.() === email.toLowerCase()
      )
        found(
          'PCL-EMAIL-AS-SENT',
          `parcel ${parcel.carrierParcelId}: consignee.email sent ${email}, listed ${listed['consignee']['email']}`,
        );
    }
  }
  for (const parcel of mine) {
    const listed = listedOf(parcel);
    if (!listed) continue;
    if (parcel.listed !== undefined) for (const rule of frameRulesOf(parcel)) reading.judged.add(rule);
    for (const { rule, problem } of frameFindings(
      model,
      'Parcel',
      parcel,
      listed,
      `parcel ${parcel.carrierParcelId}`,
      moved,
    ))
      found(rule, problem);
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

/** Whether a command named the parcel since the list last showed it. */
const namedSinceRead = (parcel: ModelParcel): boolean => (parcel.namedAt ?? -1) > (parcel.listedAt ?? -1);

/**
 * The statuses booked parcels no command named moved to from the booked status, where no parcel a command named made
 * the same move (`moved`, as moveKey: that is a write's own): the service's own transitions.
 */
function learnSelfMoves(
  model: ServiceModel,
  mine: readonly ModelParcel[],
  listedOf: (parcel: ModelParcel) => Json | undefined,
  moved: ReadonlySet<string>,
): void {
  for (const parcel of mine) {
    const status = listedOf(parcel)?.['shipmentStatus'];
    if (parcel.state !== 'booked' || parcel.everDelivered || parcel.shown !== model.bookedStatus) continue;
    if (typeof status !== 'string' || status === model.bookedStatus || namedSinceRead(parcel)) continue;
    if (!moved.has(moveKey({ path: 'shipmentStatus', here: model.bookedStatus, there: status })))
      (model.selfMoved ??= new Set()).add(status);
  }
}

/** What the list read taught the model: each parcel's shipmentUid, status and history length, and what a booking
 * shows. */
export function learnParcels(model: ServiceModel, carrier: Carrier, listing: Listing): void {
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
    learnShown(parcel, listed);
  }
}

/**
 * The parcel's status and history length as a list shows it, for the commands after it. A list showing fewer events
 * than one before is older (a list may lag a write): it teaches nothing of now.
 */
export function learnShown(parcel: ModelParcel, listed: Json): void {
  const events = Array.isArray(listed['events']) ? listed['events'].length : undefined;
  if (events !== undefined && parcel.events !== undefined && events < parcel.events) return;
  parcel.shown = typeof listed['shipmentStatus'] === 'string' ? listed['shipmentStatus'] : undefined;
  parcel.events = events;
}
