// Every state change is pushed, every time (§6): each accepted create, status change, cancellation and
// status-changing trigger event of a sequence adds the push it must cause, matched by what only that
// change's push carries (the record's id and the status it changed to, after the action), and the
// exploration's pushes are waited for together after its last sequence (a late push costs its delay once).
import { hold, judge, notObservable } from '../evidence/judge';
import { causedPushJudgement, parcelStatusPush } from '../judgements/caused-pushes';
import { lockerPushJudgement } from '../judgements/locker-push';
import { ownCarrierJudgement } from '../judgements/isolation';
import { refusedCreatePushedJudgement } from '../judgements/no-effect';
import {
  INCLUDED,
  parcelPushRecordJudgement,
  parcelPushStateJudgement,
  parcelPushUidJudgement,
} from '../judgements/parcel-push';
import { receiverOf } from '../webhooks/isolation';
import { firstOf, within } from '../webhooks/inbox-client';
import type { Exchange } from '../http/exchange';
import type { Json } from '../http/json';
import { inParallel } from '../http/in-parallel';
import { asSent, emailFolded } from './as-sent';
import { eventCount } from '../records/parcels/delivered';
import { PARCEL_STATE_MEMBERS, recordDifferences } from './same-record';
import type { Carrier, ModelLocker, ModelParcel, ServiceModel } from './model';

/** Pushes waited for at once. */
const PUSH_WAITS = 8;
import type { Delivery, Match, WebhookKind } from '../webhooks/types';
import type { ExpectedPush, PushFindings, World } from './world';

/** The rule a delivery's body is judged by when it must show what the model holds. */
const BODY_RULE: Record<WebhookKind, string> = {
  LockerUpdates: 'WH-LOCKER-BODY',
  ParcelUpdates: 'WH-PARCEL-BODY',
  CollectionNotification: 'WH-COLLECTION-BODY',
};

/** A push the action must cause, named with the sequence that led to it (they are judged after every sequence). */
export function expectPush(world: World, push: ExpectedPush, steps: readonly string[]): void {
  if (world.webhooks) world.pushes.push({ ...push, what: `${push.what}, after ${steps.join(' → ')}` });
}

/** The match of a push about `at` (a JSON pointer and its value, and more where given), after the action began. */
export function pushOf(kind: WebhookKind, where: Record<string, unknown>, after: number): Match {
  return { kind, where, after };
}

let pushGroups = 0;

/**
 * What a ParcelUpdates about a change must show (§6: the parcel record, "including accessCodes, consignee,
 * events, allocationType, dimensionsStatus, signature"): the record the list read after the change shows, every
 * member of it (same-record.ts), and the consignee as sent. What a change of state moves is WH-PARCEL-CONSISTENT's
 * (should: nothing states the record is taken after the change), compared where the push shows as many events as
 * the list; a push showing fewer is an earlier change's, which matched by id and status, and says nothing of this
 * one.
 */
export function parcelShows(sent: Json, listed: Json | undefined): (delivery: Delivery) => PushFindings {
  return (delivery) => {
    const body = delivery.body as Json | undefined;
    if (eventCount(body) < eventCount(listed)) return {};
    const consignee = sent['consignee'];
    const problems = consignee ? asSent(emailFolded({ consignee })!, emailFolded(body)).differences : [];
    if (!listed) return { 'WH-PARCEL-BODY': problems };
    problems.push(
      ...recordDifferences(
        { component: 'Parcel', rule: 'WH-PARCEL-BODY', moving: PARCEL_STATE_MEMBERS, carriedByBoth: true },
        body,
        listed,
      ),
    );
    const sameState = eventCount(body) === eventCount(listed);
    if (sameState)
      for (const member of INCLUDED)
        if ((listed[member] ?? null) !== null && (body?.[member] ?? null) === null)
          problems.push(`${member}: the list shows ${JSON.stringify(listed[member])}, the delivery none`);
    const moved = sameState
      ? recordDifferences({ component: 'Parcel', rule: 'WH-PARCEL-BODY', carriedByBoth: true }, body, listed).filter(
          (d) => PARCEL_STATE_MEMBERS.has(d.slice(0, d.indexOf(':'))),
        )
      : [];
    return { 'WH-PARCEL-BODY': problems, ...(sameState ? { 'WH-PARCEL-CONSISTENT': moved } : {}) };
  };
}

export async function judgePushes(expected: ExpectedPush[], webhooks: World['webhooks']): Promise<void> {
  const pushes = expected.splice(0);
  if (!webhooks || !pushes.length) return;
  // A few at a time: most arrived long ago and are answered at once; hundreds of long polls together
  // would load the listener that is still taking the last sequence's deliveries.
  await inParallel(pushes, PUSH_WAITS, async (push) => {
    // The push's waits are one group: the run's end, judging waits that ended early, wants any of them.
    const about = { rule: push.rule, group: `${process.pid} ${++pushGroups}` };
    const { delivery, endedEarly } = await firstOf(push.matches.map((match) => webhooks.wait(match, about)));
    const kind = push.matches[0]!.kind!;
    if (!delivery && endedEarly)
      return notObservable(push.rule, `no ${push.what} arrived ${within(webhooks.timeoutMs, endedEarly)}`);
    hold(
      [causedPushJudgement(push, delivery !== undefined, within(webhooks.timeoutMs))],
      push.cause,
      delivery ?? { webhook: kind },
    );
    if (delivery && push.shows) {
      const found = push.shows(delivery);
      const byRule = Array.isArray(found) ? { [BODY_RULE[kind]]: found } : found;
      for (const [rule, problems] of Object.entries(byRule))
        judge(rule, delivery).expect(problems, `the ${kind} delivery about ${push.what}`).toEqual([]);
    }
  });
}

/**
 * Every delivery the run received about a record a sequence held, judged against the model once all pushes are in
 * (a push may come late, §6): a LockerUpdates shows the locker as one of the forms a list or a write's answer
 * showed (WH-LOCKER-BODY), every member but those excused; a ParcelUpdates shows the parcel as the list did on what
 * no change of state moves (WH-PARCEL-BODY), and its state as one the parcel was listed in (WH-PARCEL-CONSISTENT, a
 * should: a state between two list reads is not shown). Records named by commands sent at once may pass through a
 * form no list showed: only what no change moves is compared for them.
 */
/** Of the forms a record was listed in, the one a push body differs from least (WH-PARCEL-BODY's members). */
function nearestForm(body: Json, versions: readonly Json[], latest: Json): Json {
  const rule = {
    component: 'Parcel' as const,
    rule: 'WH-PARCEL-BODY',
    moving: PARCEL_STATE_MEMBERS,
    carriedByBoth: true,
  };
  let nearest = latest;
  let fewest = recordDifferences(rule, body, latest).length;
  for (const form of versions) {
    const differences = recordDifferences(rule, body, form).length;
    if (differences < fewest) [nearest, fewest] = [form, differences];
  }
  return nearest;
}

export async function judgeDeliveries(models: readonly ServiceModel[], webhooks: World['webhooks']): Promise<void> {
  if (!webhooks || !models.length) return;
  const lockers = new Map(models.flatMap((m) => m.lockers).map((l) => [l.uid, l]));
  const parcels = new Map(
    models.flatMap((m) => m.parcels).flatMap((p) => (p.shipmentUid === undefined ? [] : [[p.shipmentUid, p] as const])),
  );
  const sharedRecord = new Map<string, ModelParcel[]>();
  for (const p of models.flatMap((m) => m.parcels))
    if (p.shipmentUid !== undefined) sharedRecord.set(p.shipmentUid, [...(sharedRecord.get(p.shipmentUid) ?? []), p]);
  const byParcelId = new Map<string, ModelParcel[]>();
  for (const p of models.flatMap((m) => m.parcels))
    byParcelId.set(p.carrierParcelId, [...(byParcelId.get(p.carrierParcelId) ?? []), p]);
  const refused = models.flatMap((m) => m.refusedCreates ?? []);
  for (const delivery of await webhooks.all()) {
    const body = delivery.body as Json | undefined;
    if (body === null || typeof body !== 'object') continue;
    if (delivery.kind === 'LockerUpdates') {
      for (const r of refused.filter((one) => delivery.receivedAt >= one.at && atPathOf(delivery, one.by))) {
        const pushed = refusedCreatePushedJudgement(body, lockers, r.carrier);
        if (pushed) hold([pushed], delivery);
      }
      const locker = lockers.get(String(body['uid']));
      if (locker && ownedWhen(locker, delivery.receivedAt)) ownCarrier(delivery, locker.carrier);
      if (!locker?.versions?.length) continue;
      const what = `the LockerUpdates delivery about locker ${locker.uid}`;
      const unsettled = locker.concurrent ? ['carrier.', 'location.'] : [];
      hold([lockerPushJudgement(body, locker.versions, what, unsettled)], delivery);
    } else if (delivery.kind === 'ParcelUpdates') {
      const parcel = parcels.get(String(body['shipmentUid']));
      // A parcel is its booking carrier's (§4.8 "parcel records (2.4) of the calling carrier").
      if (parcel) ownCarrier(delivery, parcel.carrier);
      if (!parcel) {
        const uids = shownUids(body, byParcelId);
        if (uids) hold([parcelPushUidJudgement(body, uids)], delivery);
        continue;
      }
      if (!parcel.listed) continue;
      const what = `the ParcelUpdates delivery about parcel ${parcel.carrierParcelId}`;
      // A record a booking under a cancelled parcel's id took up again (PCL-AFTER-CANCEL, not stated) showed the one
      // booking, then the other: a push is held to the form of them nearest it.
      const sharing = sharedRecord.get(parcel.shipmentUid!) ?? [parcel];
      const versions = sharing.length > 1 ? sharing.flatMap((p) => p.versions ?? []) : (parcel.versions ?? []);
      const listed = sharing.length > 1 ? nearestForm(body, versions, parcel.listed) : parcel.listed;
      hold([parcelPushRecordJudgement(body, listed, versions, what)], delivery);
      if (parcel.concurrent) continue;
      hold([parcelPushStateJudgement(body, versions, what, true)], delivery);
    }
  }
}

/** The carrier each key's listener path belongs to (the run's first key is A's). */
const SIDE_OF: Record<Carrier, 'primary' | 'secondary'> = { A: 'primary', B: 'secondary' };

/**
 * Who owns a created locker is not stated (LCK-OWNED-BY): one whose record names an owner is that carrier's, until the
 * other carrier's key names it.
 */
const ownedWhen = (locker: ModelLocker, at: number): boolean =>
  typeof locker.record['ownedByCarrier'] === 'string' &&
  locker.record['ownedByCarrier'] !== '' &&
  at < (locker.otherNamedAt ?? Infinity);

/** The delivery reached the carrier's own path (or a path that names no carrier). */
const atPathOf = (delivery: Delivery, carrier: Carrier): boolean =>
  (receiverOf(delivery.path) ?? SIDE_OF[carrier]) === SIDE_OF[carrier];

/**
 * WH-OWN-CARRIER by the model: a delivery about a record a sequence made (a locker by its uid, a parcel by its
 * shipmentUid) is at the path of the carrier whose key made it, whatever ids the record shares with the other
 * carrier's (the tags the listener judges by are ids the two may share).
 */
function ownCarrier(delivery: Delivery, carrier: Carrier): void {
  const receiver = receiverOf(delivery.path);
  if (receiver) hold([ownCarrierJudgement(delivery.path, receiver, SIDE_OF[carrier])], delivery);
}

/**
 * The shipmentUids the lists showed for the carrierParcelId of a ParcelUpdates the run's bookings made, once every
 * booking under it has shown its own (ids the run makes are its own): a should, as a service may make another shipment
 * under the id, by a check or a trigger. None where the id is not the run's or not every booking was listed yet.
 */
function shownUids(body: Json, byParcelId: ReadonlyMap<string, readonly ModelParcel[]>): string[] | undefined {
  const records = byParcelId.get(String(body['carrierParcelId'])) ?? [];
  if (!records.length || records.some((p) => p.shipmentUid === undefined)) return undefined;
  return records.map((p) => p.shipmentUid!);
}

/** Where §6's "Sent when" reads a status, per record kind: the members whose change causes a push. */
const STATUS_AT = {
  // A locker's status is left out: §6 speaks of enabled/disabled, §3 gives a status on both sides and says not which
  // one counts, and §2.1 shows no values beyond ACTIVE, so a change the model did not cause may be no such change.
  Parcel: { kind: 'ParcelUpdates', id: '/shipmentUid', at: ['/shipmentStatus'] },
} as const;

const valueAt = (record: Json, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Json)[key] : undefined), record);

/**
 * A status two list reads of one parcel show apart was pushed (§6 "Sent when": the status of a parcel changes),
 * whatever changed it: a command the model knows of, or none (a transition §3 leaves unshown, or a
 * write that moved a record it did not name). The push may come at any time of the run; one the model already waits
 * for is not asked twice.
 */
export function expectStatusPushed(
  world: World,
  component: 'Locker' | 'Parcel',
  before: Json,
  after: Json,
  read: Exchange,
  model: Readonly<ServiceModel>,
): void {
  if (component !== 'Parcel') return;
  const { kind, id, at } = STATUS_AT[component];
  const uid = valueAt(after, id);
  if (uid === undefined) return;
  for (const pointer of at) {
    const status = valueAt(after, pointer);
    if (status === undefined || status === null || valueAt(before, pointer) === status) continue;
    // A record shown booked again (a booking under its id may take it up again, PCL-AFTER-CANCEL) is a booking's:
    // §6 does not state a booking is a status change (WH-PARCEL-ON-BOOKING, a should).
    if (status === model.bookedStatus) continue;
    const waited = world.pushes.some((p) =>
      p.matches.some(
        (m) =>
          m.kind === kind &&
          JSON.stringify(m.where?.[id]) === JSON.stringify(uid) &&
          Object.values(m.where ?? {}).some((v) => JSON.stringify(v) === JSON.stringify(status)),
      ),
    );
    if (waited) continue;
    const what =
      `${kind} for ${component.toLowerCase()} ${String(uid)} with ${pointer.slice(1)} ` +
      `${JSON.stringify(status)}, which a list read showed it changed to`;
    expectPush(world, { ...parcelStatusPush({ [id]: uid, [pointer]: status }, 0, what), cause: read }, model.steps);
  }
}
