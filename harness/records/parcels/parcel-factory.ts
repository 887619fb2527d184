// Parcels a test acts on: booked from valid requests, cancelled after the test when still booked, and
// the staging trigger for them. What GET /parcels shows of them is read by ParcelLists (parcel-lists.ts).
import type { CisClient } from '../../http/client';
import { expect, observe } from '../../evidence/judge';
import type { Exchange } from '../../http/exchange';
import type { Json } from '../../http/json';
import { BookingRoom } from './booking-room';
import { inParallel } from '../../http/in-parallel';
import { formName, type CancelPath } from '../../target/cancel-path';
import type { CancelPathId, TargetProfile } from '../../target/profile';
import { tagPrefix, type CarrierSide, type Tagger } from '../lockers/tagging';
import { DEFAULT_SETTLE_MS } from '../lists/settle';
import { asText, ParcelsLeft } from './parcels-left';
import { triggerBody } from '../requests/trigger-body';
import { ParcelLists } from './parcel-lists';
import { is2xx } from '../../judgements/judgement';

export type { ParcelMark } from './parcel-lists';

/** The id a cancellation named, as its path's last segment carried it (a target's shipmentUid may hold anything). */
const idInPath = (exchange: Exchange): { id: string } => {
  const segment = new URL(exchange.url).pathname.split('/').pop() ?? '';
  try {
    return { id: decodeURIComponent(segment) };
  } catch {
    return { id: segment };
  }
};

/** The dimensions a booking states unless told otherwise: each of §2.3's three measures. */
export const PARCEL_DIMENSIONS = { depth: 20, height: 15, width: 30 } as const;

export class ParcelFactory extends ParcelLists {
  private readonly booked: { client: CisClient; carrierParcelId: string }[] = [];
  /** Parcels the trigger delivered for the courier and the test did not have collected: collected after the test. */
  private readonly forCourier = new Map<string, { client: CisClient; locker: Json; shipmentType: string }>();
  private readonly cancelled = new Set<string>();
  /** What the test left in the lockers it booked into: what a lent locker goes back holding. */
  readonly left = new ParcelsLeft();

  constructor(
    api: CisClient,
    private readonly tag: Tagger,
    profile: TargetProfile,
    /** The run's one record of the id the cancel path takes. */
    private readonly cancelPath: CancelPath,
    /** Cuts the test short before a step whose rule keeps stopping tests (a broken build). */
    private readonly precondition: (rule: string) => void = () => undefined,
    settleMs = DEFAULT_SETTLE_MS,
    /** Parcel ids earlier borrowers of the test's lent lockers booked there: a read since the mark does not count them
     * as the test's. */
    earlier: () => Set<string> = () => new Set(),
  ) {
    super(api, profile, settleMs, earlier);
  }

  newParcelId(side: CarrierSide | string = 'primary'): string {
    return this.tag.next(tagPrefix('CCP', side));
  }

  /** A valid publish body for the locker uid (path 'uid') or carrier.lockerId (path 'tenant'). */
  body(
    locker: Json,
    overrides: Json = {},
    path: 'uid' | 'tenant' = 'uid',
    side: CarrierSide | string = 'primary',
  ): Json {
    return {
      eventType: 'BOOKING',
      ...(path === 'uid' ? { lockerUid: locker['uid'] } : { carrierLockerId: locker['carrier']?.['lockerId'] }),
      carrierParcelId: this.newParcelId(side),
      dimensions: { ...PARCEL_DIMENSIONS },
      ...overrides,
    };
  }

  /** `mark: false` where the test reads no list since its first write (a mark costs a list read). */
  async publish(
    body: Json,
    path: 'uid' | 'tenant' = 'uid',
    client: CisClient = this.api,
    { mark = true } = {},
  ): Promise<Exchange> {
    // Recorded before the answer, so a booking never answered is still cancelled after the test; dropped
    // when refused (4xx): the tests that send such requests read the list for a booking it made anyway.
    // An id sent as a number or boolean is booked under its text by a service that coerces (parcels-left.ts).
    const id = asText(body['carrierParcelId']);
    const entry = { client, carrierParcelId: id ?? '' };
    const booking = body['eventType'] === 'BOOKING' && id !== undefined;
    // Where the carrier's list stood before the test's first publish: what the test adds is read since
    // then, also what a refused request by a key of no carrier might have booked into the carrier's own.
    if (mark) await this.markFirst(client);
    if (mark && client !== this.api) await this.markFirst(this.api);
    if (booking) this.booked.push(entry);
    if (booking) this.left.booked(body);
    const exchange = await client.call(path === 'uid' ? 'publishParcel' : 'publishParcelByCarrierLockerId', { body });
    const refused = exchange.status >= 400 && exchange.status < 500;
    const at = this.booked.indexOf(entry);
    if (booking && refused && at >= 0) this.booked.splice(at, 1);
    if (booking && refused) this.left.refused(body);
    if (booking && exchange.status >= 200 && exchange.status < 300) this.accepted.push(entry);
    return exchange;
  }

  /** Books a parcel with a valid request (PCL-BOOKING-CREATES); the test stops there when it is refused. */
  async book(locker: Json, overrides: Json = {}, client: CisClient = this.api): Promise<Json> {
    this.precondition('PCL-BOOKING-CREATES');
    const body = this.body(locker, overrides, 'uid', client.key);
    const exchange = await this.publish(body, 'uid', client);
    expect(exchange).toSucceed('PCL-BOOKING-CREATES');
    return body;
  }

  /** Bookings that start on `first` (holding `held` parcels) and move to a fresh locker (`freshLocker`) when the target
   * says it is full. */
  room(first: Json, freshLocker: () => Promise<Json>, held = 0): BookingRoom {
    return new BookingRoom(first, this, freshLocker, held);
  }

  /**
   * Cancels by `form`, or by the form the run knows the target takes; without either (§4.9 does not
   * say which id parcelId is) it tries carrierParcelId, then the shipmentUid where the first is answered
   * 404 or 400, and the run learns which it takes (harness/target/cancel-path.ts).
   */
  async cancel(carrierParcelId: string, client: CisClient = this.api, form?: CancelPathId): Promise<Exchange> {
    this.cancelled.add(carrierParcelId);
    const answers: { kind: CancelPathId; answer: Exchange }[] = [];
    for (const kind of form ? [form] : this.cancelPath.candidates()) {
      const answer = await this.cancelBy(kind, carrierParcelId, client);
      if (!answer) continue;
      answers.push({ kind, answer });
      // A target keyed by the other id may answer 404 or 400 (an id of the wrong shape): try the other.
      if (answer.status !== 404 && answer.status !== 400) break;
    }
    for (const kind of this.cancelPath.learnFrom(
      answers.map(({ kind, answer }) => ({ kind, status: answer.status, ...idInPath(answer) })),
    )) {
      observe('CAN-NOT-DELIVERED', `PATCH /parcels/{parcelId} takes the ${kind} (§4.9 does not say which id)`);
    }
    // The answer to judge: the accepted one, else the one that was not "no such parcel", where there is one.
    const ok = answers.find(({ answer }) => answer.status >= 200 && answer.status < 300);
    if (ok) this.left.cancelledOk(carrierParcelId);
    const answer =
      ok?.answer ?? answers.find(({ answer }) => answer.status !== 404)?.answer ?? answers[answers.length - 1]?.answer;
    return answer ?? this.call('carrierParcelId', carrierParcelId, client);
  }

  /** Cancels by the parcel's id of the form; undefined where GET /parcels shows the parcel no id of that form. */
  async cancelBy(
    kind: CancelPathId,
    carrierParcelId: string,
    client: CisClient = this.api,
  ): Promise<Exchange | undefined> {
    this.cancelled.add(carrierParcelId);
    const id = await this.pathIdOf(kind, carrierParcelId, client);
    const answer = id === undefined ? undefined : await this.call(kind, id, client);
    if (answer && answer.status >= 200 && answer.status < 300) this.left.cancelledOk(carrierParcelId);
    return answer;
  }

  /**
   * PATCH /parcels/{parcelId} naming the parcel by `id`, of the form `kind`, with the profile's body, or `raw` as it
   * (declared JSON, whatever it holds).
   */
  call(kind: CancelPathId, id: string, client: CisClient = this.api, raw?: string): Promise<Exchange> {
    const body = this.profile.cancel.body;
    const sent = raw !== undefined ? { raw } : body ? { body } : {};
    return client.call('cancelParcel', { params: { parcelId: id }, form: formName(kind), ...sent });
  }

  /**
   * The forms the cancel path takes, and why each other is not judged. Where the run does not know a
   * form yet and `learnOn` names a locker, a spare parcel per unknown form is booked there and
   * cancelled by it, all at once.
   */
  async cancelForms(
    learnOn?: Json,
    client: CisClient = this.api,
  ): Promise<{ taken: CancelPathId[]; untaken: { kind: CancelPathId; why: string }[] }> {
    const unknown = (['carrierParcelId', 'shipmentUid'] as const).filter((kind) => !this.cancelPath.fact(kind));
    if (unknown.length && learnOn) {
      const spares = unknown.map((kind) => ({ kind, body: this.body(learnOn, {}, 'uid', client.key) }));
      const booked = (
        await Promise.all(spares.map(async (s) => ({ ...s, answer: await this.publish(s.body, 'uid', client) })))
      ).filter(({ answer }) => answer.status >= 200 && answer.status < 300);
      const tried = await Promise.all(
        booked.map(async ({ kind, body }) => {
          const answer = await this.cancelBy(kind, body['carrierParcelId'], client);
          return { kind, status: answer?.status ?? 0, ...(answer ? idInPath(answer) : {}) };
        }),
      );
      this.cancelPath.learnFrom(tried, true);
    }
    return { taken: this.cancelPath.taken(), untaken: this.cancelPath.untaken() };
  }

  /** One staging trigger event for the parcel, the list marked first (`mark: false`: nothing is read since); a parcel
   * it books is cancelled after the test. */
  async trigger(
    locker: Json,
    parcelId: string,
    eventType: string,
    client: CisClient = this.api,
    { mark = true, shipmentType = 'FIRST_MILE', labelless = undefined as boolean | undefined } = {},
  ): Promise<Exchange> {
    if (mark) await this.markFirst(client);
    const exchange = await client.call('triggerFirstMileEvent', {
      body: {
        ...this.triggerBody(locker, parcelId, eventType, shipmentType),
        ...(labelless === undefined ? {} : { labelless }),
      },
    });
    const taken = is2xx(exchange.status);
    if (taken && eventType === 'CONSIGNEE_DELIVERED') this.forCourier.set(parcelId, { client, locker, shipmentType });
    if (taken && eventType === 'COURIER_COLLECTED') this.forCourier.delete(parcelId);
    if (eventType !== 'BOOKING_CREATED' || !taken) return exchange;
    this.booked.push({ client, carrierParcelId: parcelId });
    this.left.booked({ carrierParcelId: parcelId, lockerUid: locker['uid'] });
    // When a trigger takes effect is not stated (§4.11): the parcel it makes is waited for in the list, within the
    // settle time, before an event on it may follow.
    await this.lookup(parcelId, client, (parcel) => parcel !== undefined);
    return exchange;
  }

  /** A trigger request (§4.11) for a parcel in the locker (trigger-body.ts). */
  triggerBody(locker: Json, parcelId: string, eventType: string, shipmentType?: string): Json {
    return triggerBody(this.profile, locker, parcelId, eventType, shipmentType);
  }

  /** After the test: cancel what it booked and did not cancel itself (a delivered parcel is refused, as it should
   * be). */
  async cleanUp(): Promise<void> {
    // A parcel delivered for the courier and never collected names its locker in a CollectionNotification every period
    // for good (§6): collected, as the courier would, so a run leaves no notification behind it.
    const waiting = [...this.forCourier];
    this.forCourier.clear();
    await inParallel(waiting, 1, ([id, { client, locker, shipmentType }]) =>
      this.trigger(locker, id, 'COURIER_COLLECTED', client, { mark: false, shipmentType }).catch(() => undefined),
    );
    const left = this.booked.splice(0).filter(({ carrierParcelId }) => !this.cancelled.has(carrierParcelId));
    // Once the run knows which id the cancel path takes, the cancellations are independent: they go out together.
    const together = this.cancelPath.taken().length ? (left[0]?.client.concurrency ?? 1) : 1;
    await inParallel(left, together, ({ client, carrierParcelId }) =>
      this.cancel(carrierParcelId, client).catch(() => undefined),
    );
  }
}
