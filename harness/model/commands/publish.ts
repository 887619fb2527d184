// Publish parcel data (§4.6, §4.7): BOOKING or PRE_CHECK, by lockerUid or by carrier.lockerId, from
// either carrier, into its own locker or a third party's, under a carrierParcelId of its own, one the
// other carrier uses already (carriers choose their own, §2.3: "Parcel identifier in the carrier
// system"), or one of its own whose booking it cancelled (what then is not stated: PCL-AFTER-CANCEL).
import { consigneeIn, HeldElsewhere, type ConsigneeForm } from '../../../generators';
import { hold, observe } from '../../evidence/judge';
import { validRequest } from '../../checks/request-defects';
import { byTenantTakenJudgement, publishAcceptedJudgement, publishNotFailedJudgement } from '../../judgements/bookings';
import { operation } from '../../../spec/operations';
import { sharedIdTakenJudgement } from '../../judgements/shared-ids';
import type { Json } from '../../http/json';
import { nfc } from '../as-sent';
import { bookingRule } from '../bookable';
import { namedByRefused } from '../frame';
import {
  currentLockerId,
  lockersOf,
  named,
  parcelNamed,
  parcelsOf,
  pick,
  type Carrier,
  type ServiceModel,
} from '../model';
import { clientOf, lockerJson, type World } from '../world';
import { quoted, refusedForOpenText, step, type Command } from './command';
import { digitsOf, DOTTED, lookalikeOf, SPELLED, type ParcelIdFrom } from './parcel-ids';

/** An instant a request's stray members name: long before any run, so a record showing it shows what was sent. */
const LONG_PAST = '2001-02-03T04:05:06Z';

/** Live parcels per carrier in one sequence: few, so that later commands come back to the same ones. */
export const MAX_LIVE_PARCELS = 3;

const ok = (status: number) => status >= 200 && status < 300;

/**
 * The optional members of a publish request a sequence sends besides the consignee: any subset of those the document's
 * PublishFields lists (explore.ts draws them from it), as the request takes them.
 */
export type PublishOptions = Record<string, unknown>;

/** What names the parcel, its locker and its kind of event, and the consignee: the command's own, not options. */
export const NAMED_BY_COMMAND = new Set([
  'eventType',
  'carrierParcelId',
  'lockerUid',
  'carrierLockerId',
  'consignee',
  'dimensions',
]);

/** The options of a generated PublishFields instance: its members but those the command names itself. */
export const optionsOf = (fields: Record<string, unknown>): PublishOptions =>
  Object.fromEntries(Object.entries(fields).filter(([k]) => !NAMED_BY_COMMAND.has(k)));

export class Publish implements Command {
  constructor(
    readonly carrier: Carrier,
    readonly which: number,
    readonly path: 'uid' | 'tenant',
    readonly eventType: 'BOOKING' | 'PRE_CHECK',
    readonly idFrom: ParcelIdFrom,
    readonly consignee: string,
    readonly options: PublishOptions,
    /** Into a locker of a third-party provider (§2.1: ownedByCarrier null), by its lockerUid, where the run found
     * one. */
    readonly thirdParty = false,
    /** Which of the forms §2.3 allows the consignee takes (generators/collide.ts). */
    readonly form: ConsigneeForm = 'name',
    /** Whose email the consignee gives: its own, or another name's (generators/collide.ts consigneeIn). */
    readonly emailName: string = consignee,
    /**
     * Sent with members no row of §2.3 lists for its path, on the wire: the answer's timestamp and a push's
     * eventTimestamp (an instant long past), and the other path's locker member naming another of the carrier's
     * lockers. A target may refuse or ignore them; taken, the booking is the one its own path names, processed now.
     */
    readonly stray = false,
  ) {}

  check = (model: Readonly<ServiceModel>) =>
    lockersOf(model, this.carrier).length > 0 &&
    parcelsOf(model, this.carrier).filter((p) => p.state !== 'cancelled').length < MAX_LIVE_PARCELS;

  /**
   * The carrierParcelId to book under, and whether the other carrier uses it. Shared, the other carrier's id of a
   * parcel in the locker booked into comes first: two carriers' parcels under one id in one locker (§2.3 makes the id
   * the carrier's own) show a service that keys a parcel by locker and id alone.
   */
  private parcelId(model: ServiceModel, world: World, lockerUid: string): { id: string; shared: boolean } {
    const mine = parcelsOf(model, this.carrier);
    const used = (id: string) =>
      mine.some((p) => p.carrierParcelId === id) ||
      model.preChecked.some((p) => p.carrier === this.carrier && p.carrierParcelId === id);
    const free = parcelsOf(model, this.carrier === 'A' ? 'B' : 'A').filter((p) => !used(p.carrierParcelId));
    const theirs = (free.find((p) => String(p.lockerUid) === lockerUid) ?? free[0])?.carrierParcelId;
    if (this.idFrom === 'shared' && theirs) return { id: theirs, shared: true };
    const held = mine.find((p) => p.state === 'booked')?.carrierParcelId;
    if (this.idFrom === 'held' && held) return { id: held, shared: false };
    const checked = model.preChecked.filter((p) => p.carrier === this.carrier).pop()?.carrierParcelId;
    if (this.idFrom === 'checked' && this.eventType === 'BOOKING' && checked) return { id: checked, shared: false };
    // Ids no live booking of the carrier holds: a cancelled parcel's, the first (reused) or the last (lastCancelled).
    // A delivered one's is not: what a booking under it does to the delivered parcel is not stated (§3).
    const released = mine.filter(
      (p) =>
        p.state === 'cancelled' &&
        !mine.some((q) => q !== p && q.carrierParcelId === p.carrierParcelId && q.state !== 'cancelled'),
    );
    const cancelled = (this.idFrom === 'lastCancelled' ? released[released.length - 1] : released[0])?.carrierParcelId;
    if ((this.idFrom === 'reused' || this.idFrom === 'lastCancelled') && cancelled)
      return {
        id: cancelled,
        shared: model.parcels.some((p) => p.carrier !== this.carrier && p.carrierParcelId === cancelled),
      };
    if (this.idFrom === 'spelled') return { id: `${world.tag.next('CCPX')}${SPELLED}`, shared: false };
    if (this.idFrom === 'dotted') return { id: `${world.tag.next('CCPX')}${DOTTED}`, shared: false };
    if (this.idFrom === 'digits') return { id: digitsOf(world.tag.next('CCPX')), shared: false };
    const lookalike = this.idFrom === 'lookalike' ? lookalikeOf(model) : undefined;
    if (lookalike) return { id: lookalike, shared: false };
    return { id: world.tag.next('CCPX'), shared: false };
  }

  /**
   * The options as sent: a member set to an id another record holds takes the carrierParcelId of another parcel of the
   * run (the carrier's newest live booking, else its first), so one id stands in two roles, both live where they can.
   */
  private resolved(model: ServiceModel, id: string): PublishOptions {
    const others = [...parcelsOf(model, this.carrier), ...model.parcels].filter((p) => p.carrierParcelId !== id);
    const live = parcelsOf(model, this.carrier).filter((p) => p.carrierParcelId !== id && p.state === 'booked');
    const held = (live[live.length - 1] ?? others[0])?.carrierParcelId ?? `${id}-2`;
    return Object.fromEntries(Object.entries(this.options).map(([k, v]) => [k, v instanceof HeldElsewhere ? held : v]));
  }

  async run(model: ServiceModel, world: World): Promise<void> {
    const own = pick(lockersOf(model, this.carrier), this.which)!;
    const into =
      this.thirdParty && world.thirdParty ? world.thirdParty : lockerJson(own.uid, currentLockerId(own), own.record);
    const path = this.thirdParty && world.thirdParty ? 'uid' : this.path;
    const lockerUid = String(into['uid']);
    await step(
      model,
      world,
      this.toString(),
      async () => {
        const client = clientOf(world, this.carrier);
        const { id, shared } = this.parcelId(model, world, lockerUid);
        const reused = parcelsOf(model, this.carrier).some((p) => p.carrierParcelId === id);
        const consignee = consigneeIn(this.form, this.consignee, this.emailName);
        const overrides: Json = {
          eventType: this.eventType,
          ...(consignee === undefined ? {} : { consignee }),
          ...this.resolved(model, id),
        };
        const body: Json = { ...world.parcels.body(into, overrides, path), carrierParcelId: id };
        const other = this.stray ? lockersOf(model, this.carrier).find((l) => l.uid !== lockerUid) : undefined;
        const strayed: Json | undefined = other
          ? {
              timestamp: LONG_PAST,
              eventTimestamp: LONG_PAST,
              ...(path === 'tenant' ? { lockerUid: other.uid } : { carrierLockerId: currentLockerId(other) }),
            }
          : undefined;
        const exchange = await world.parcels.publish(strayed ? { ...body, ...strayed } : body, path, client);
        if (strayed && exchange.status >= 400 && exchange.status < 500) {
          observe(
            'PCL-PUBLISH-RESPONSE',
            `a ${this.eventType} with ${Object.keys(strayed).join(', ')}: ${exchange.status}`,
          );
          return;
        }
        (model.lastCarried ??= new Map()).set(id, { carrier: this.carrier, at: model.steps.length });
        const booking = this.eventType === 'BOOKING';
        // A BOOKING under the id of a parcel booked now: whether it is a second booking, the first one changed or
        // refused is not stated (§4.6). Taken, both are named and the first held as moved on; refused, it changed
        // nothing (GEN-REJECTED-NO-EFFECT), the booked parcel least of all.
        const live = booking && this.idFrom === 'held' ? parcelNamed(model, this.carrier, id) : undefined;
        if (live && ok(exchange.status)) {
          observe('PCL-PUBLISH-RESPONSE', `a BOOKING under booked parcel ${id}'s carrierParcelId: ${exchange.status}`);
          live.state = 'moved';
          named(model, live);
          return;
        }
        if (live) namedByRefused(model, live);
        if (ok(exchange.status)) {
          if (shared && booking) hold([sharedIdTakenJudgement(exchange, id)], exchange);
          if (booking) {
            // Booked now: no longer an id only pre-checked (PCL-PRECHECK-NO-BOOKING).
            model.preChecked = model.preChecked.filter((p) => p.carrier !== this.carrier || p.carrierParcelId !== id);
            model.parcels.push({
              carrier: this.carrier,
              carrierParcelId: id,
              ...(this.idFrom === 'lookalike' ? { lookalike: true as const } : {}),
              lockerUid,
              path,
              sent: body,
              state: 'booked',
              everDelivered: false,
            });
            // A booking names its parcel, and under a cancelled parcel's id that parcel too (what becomes of it is
            // not stated, PCL-AFTER-CANCEL). A PRE_CHECK names nothing (§1 "only checks whether a parcel can be
            // accepted").
            for (const p of parcelsOf(model, this.carrier))
              if (p.carrierParcelId === id) {
                named(model, p);
                delete p.checkedSinceCancel;
              }
          } else if (!reused) model.preChecked.push({ carrier: this.carrier, carrierParcelId: id });
          else
            for (const p of parcelsOf(model, this.carrier))
              if (p.carrierParcelId === id && p.state === 'cancelled') p.checkedSinceCancel = true;
          return;
        }
        hold([publishNotFailedJudgement(exchange, `a valid ${this.eventType}`)], exchange);
        const hasName = this.form === 'name' || this.form === 'both';
        if (hasName && refusedForOpenText(exchange, this.consignee, 'PCL-PUBLISH-RESPONSE', `a ${this.eventType}`))
          return;
        // A PRE_CHECK under the other carrier's id is refused for it no more than a booking is (ISO-CARRIER-IDS).
        if ((!booking && !shared) || reused) {
          // A PRE_CHECK's answer, or a new booking under a cancelled parcel's id (PCL-AFTER-CANCEL): not stated.
          const again = reused && this.idFrom !== 'held';
          observe(
            again ? 'PCL-AFTER-CANCEL' : 'PCL-PUBLISH-RESPONSE',
            `a ${this.eventType} under ` +
              `${again ? "a cancelled parcel's" : reused ? "a booked parcel's" : 'a new'} carrierParcelId ` +
              `into locker ` +
              `${lockerUid} was refused (${exchange.status})`,
          );
          return;
        }
        // §8 states no capacity: a locker may be full, so a refused booking proves something only next to
        // a control that is accepted: the same booking under an id of its own (a shared carrierParcelId
        // refused), or into the same locker named by its lockerUid (its carrier.lockerId not resolved).
        const tenantAsUid = !shared && path === 'tenant';
        // A refusal of a fresh booking without options into a locker that must take one (bookable.ts).
        const takes = bookingRule(model, own);
        const empty =
          this.idFrom === 'fresh' &&
          [400, 404, 409, 422].includes(exchange.status) &&
          !this.thirdParty &&
          path === 'uid' &&
          !Object.keys(this.options).length &&
          takes !== undefined &&
          validRequest(operation('publishParcel'), body);
        if (!shared && !tenantAsUid && empty) {
          const judged = publishAcceptedJudgement(
            exchange,
            `a BOOKING into locker ${lockerUid}, empty of the run's parcels`,
          );
          hold([{ ...judged, rule: takes! }], exchange);
          return;
        }
        if (!shared && !tenantAsUid) {
          observe(
            'PCL-BOOKING-CREATES',
            `a BOOKING into locker ${lockerUid} was refused (${exchange.status}) after ${model.steps.join(' → ')}`,
          );
          return;
        }
        const { carrierLockerId: _byTenant, ...rest } = body;
        const control: Json = tenantAsUid
          ? { ...rest, lockerUid, carrierParcelId: world.tag.next('CCPX') }
          : { ...body, carrierParcelId: world.tag.next('CCPX') };
        const controlPath = tenantAsUid ? 'uid' : path;
        const answer = await world.parcels.publish(control, controlPath, client);
        if (!ok(answer.status)) return;
        if (!booking) model.preChecked.push({ carrier: this.carrier, carrierParcelId: control['carrierParcelId'] });
        else
          model.parcels.push({
            carrier: this.carrier,
            carrierParcelId: control['carrierParcelId'],
            lockerUid,
            path: controlPath,
            sent: control,
            state: 'booked',
            everDelivered: false,
          });
        if (booking) named(model, model.parcels[model.parcels.length - 1]!);
        const what = `the booking by carrierLockerId ${body['carrierLockerId']} (locker ${lockerUid}'s now)`;
        const held = tenantAsUid
          ? byTenantTakenJudgement(exchange, what, answer)
          : sharedIdTakenJudgement(exchange, id, answer, booking ? 'booking' : 'PRE_CHECK');
        // A carrier.lockerId the locker shows in another normal form than sent: whether a lookup by the form sent must
        // find it is not stated (text compares in NFC), so its refusal is reported.
        const shows = own.record?.['carrier']?.['lockerId'];
        const sentId = body['carrierLockerId'];
        const otherForm = typeof shows === 'string' && shows !== sentId && nfc(shows) === nfc(sentId);
        if (tenantAsUid && held.failure && otherForm)
          return observe(
            held.rule,
            `${held.failure} (the locker shows its carrier.lockerId as ${JSON.stringify(shows)})`,
          );
        hold([held], exchange, answer);
      },
      'parcels',
    );
  }

  toString = () => {
    const id = {
      fresh: '',
      shared: ", the other carrier's carrierParcelId",
      reused: ", a cancelled parcel's carrierParcelId",
      lastCancelled: ', the carrierParcelId of the parcel cancelled last',
      held: ", a booked parcel's carrierParcelId",
      checked: ', a pre-checked carrierParcelId',
      spelled: ', a new carrierParcelId a path must encode',
      dotted: ', a new carrierParcelId with a dot and marks a path carries as they are',
      lookalike: ", a new carrierParcelId shaped as the target's shipmentUids",
      digits: ', a new carrierParcelId of digits with leading zeros',
    }[this.idFrom];
    const where = this.thirdParty ? "a third party's locker" : `locker #${this.which}`;
    const options = Object.entries(this.options)
      .map(([k, v]) => `, ${k} ${v instanceof HeldElsewhere ? String(v) : JSON.stringify(v)}`)
      .join('');
    const hasName = this.form === 'name' || this.form === 'both';
    const hasEmail = this.form === 'email' || this.form === 'both';
    const consignee =
      (this.form === 'name' ? '' : `, consignee ${this.form}`) +
      (hasName && [...this.consignee].length > 40 ? `, consignee ${quoted(this.consignee)}` : '') +
      (hasEmail && this.emailName !== this.consignee ? `, the email of ${quoted(this.emailName)}` : '');
    return (
      `publish(${this.carrier}, ${this.eventType}, by ` +
      `${this.path === 'uid' || this.thirdParty ? 'lockerUid' : 'carrierLockerId'}, ` +
      `${where}${id}${options}${consignee}${this.stray ? ', with stray members' : ''})`
    );
  };
}
