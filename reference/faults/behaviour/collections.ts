// The faults' behaviour of the collection job and its CollectionNotifications (collections.ts). With its fault off each
// point does what the service does.
import { type Editable, isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { JsonObject, StoredLocker, StoredParcel } from '../../model';
import type { CarrierAccount } from '../../options';
import type { FaultPointApp } from '../../request-types';
import {
  labelless,
  pickupFlagDown,
  pickupFlags,
  secondCarrierName,
  waitingCounts,
  waitsForCourier,
  type WriteApp,
} from './parcels';
import {
  type AnswerApp,
  type CarriersApp,
  collectionMarksReset,
  deploymentOf,
  firstAnswer,
  heldBy,
  isSecondCarrier,
  networkHolding,
} from './shared';

/** Fault sf-collection-url-resolved: the daily job's endpoint, new URL('collection-notification', webhookUrl). */
export function collectionEndpoint(app: FaultPointApp, carrier: CarrierAccount): CarrierAccount {
  if (!app.fault('sf-collection-url-resolved') || !carrier.webhookUrl) return carrier;
  return { ...carrier, webhookUrl: new URL('collection-notification', carrier.webhookUrl).href };
}

/** Fault sg-collection-all-carriers-lockers: the daily job's query of waiting parcels leaves out the carrier. */
export function collectionParcels(app: FaultPointApp, carrier: string): StoredParcel[] {
  return app.fault('sg-collection-all-carriers-lockers') ? app.state.parcels : app.state.parcelsOf(carrier);
}

/** Fault si-collection-code-as-object: the access-code service's answer assigned where its code belongs. */
export function courierCode(app: Switches, code: string, stamp: number): unknown {
  if (!app.fault('si-collection-code-as-object')) return code;
  return { code, validUntil: new Date(stamp + 24 * 60 * 60 * 1000).toISOString() };
}

/**
 * The lockers a CollectionNotification names, from the lockerUid of each waiting parcel. Fault
 * sm-collection-count-off-by-one: the job groups the waiting parcels by locker and keeps the groups HAVING
 * COUNT(*) > 1, where >= 1 belongs: a locker holding a single waiting parcel is not named.
 */
export function lockersToCollect(app: Switches, lockerUids: readonly string[]): Set<string> {
  if (!app.fault('sm-collection-count-off-by-one')) return new Set(lockerUids);
  return new Set(lockerUids.filter((uid, i) => lockerUids.indexOf(uid) !== i));
}

/** Fault so-collection-one-locker-per-carrier: the notification DTO holds one carrierLockerId, the group's first. */
export function oneLockerPerCarrier(app: FaultPointApp, lockerUids: Set<string>): Set<string> {
  if (!app.fault('so-collection-one-locker-per-carrier')) return lockerUids;
  return new Set([...lockerUids].slice(0, 1));
}

/** Fault sq-collection-flag-cleared-by-any-pickup: the lockers the daily job names, those whose flag is not cleared. */
export function flaggedForPickup(app: FaultPointApp, carrier: string, lockerUids: Set<string>): Set<string> {
  if (!app.fault('sq-collection-flag-cleared-by-any-pickup')) return lockerUids;
  const flags = pickupFlags.get(app);
  return new Set([...lockerUids].filter((uid) => flags?.get(`${carrier} ${uid}`) !== false));
}

/** Fault su-collection-fetch-object-body: the job posts with fetch(url, {body: notification}), never stringified. */
export function collectionWire(app: FaultPointApp): { raw?: string } {
  return app.fault('su-collection-fetch-object-body') ? { raw: String({}) } : {};
}

/**
 * Fault su-collection-locker-id-from-parcel: the job selects carrierLockerId from the waiting parcel's row (the copy
 * the booking stored), not from the locker: once the locker's carrier.lockerId changed, the old one is named.
 */
export function collectedLockerId(app: FaultPointApp, locker: StoredLocker): string {
  if (!app.fault('su-collection-locker-id-from-parcel')) return locker.record.carrier.lockerId;
  const waiting = app.state.parcels.filter(
    (p) =>
      p.record.lockerUid === locker.record.uid &&
      p.record.shipmentStatus === 'DELIVERED' &&
      (p.record.shipmentType === 'FIRST_MILE' || p.record.shipmentType === 'RETURN'),
  );
  return waiting[0]?.record.carrierLockerId ?? locker.record.carrier.lockerId;
}

/**
 * Fault sx-collection-third-party-locker-id-dropped: the collection job reads carrierLockerId from the carrier's
 * locker-id table, whose rows the carrier's creates write; a third-party locker has none, the value is undefined, and
 * JSON.stringify leaves the member out.
 */
export function collectionLockerId(app: Switches, locker: StoredLocker, lockerId: string): string | undefined {
  const thirdParty = locker.record.ownedByCarrier === null;
  return app.fault('sx-collection-third-party-locker-id-dropped') && thirdParty ? undefined : lockerId;
}

/** Fault sz-collection-bookkeeping-per-parcel: when each parcel last had its locker named, per app. */
const namedFor = new WeakMap<Switches, Map<string, number>>();

/**
 * Fault sz-collection-bookkeeping-per-parcel: the job walks the waiting parcels (a delivered first-mile or return
 * parcel), and its once-a-period bookkeeping is keyed by the parcel, not by the locker. True: the job ran here.
 */
export function perParcelCollection(
  app: FaultPointApp,
  carrier: CarrierAccount,
  now: number,
  notify: (locker: StoredLocker, stamp: number) => void,
): boolean {
  if (!app.fault('sz-collection-bookkeeping-per-parcel')) return false;
  const period = app.options.collectionPeriodMs;
  const last = namedFor.get(app) ?? new Map<string, number>();
  namedFor.set(app, last);
  for (const parcel of app.state.parcelsOf(carrier.name)) {
    const { shipmentStatus, shipmentType, shipmentUid, lockerUid } = parcel.record;
    if (shipmentStatus !== 'DELIVERED' || (shipmentType !== 'FIRST_MILE' && shipmentType !== 'RETURN')) continue;
    const before = last.get(shipmentUid);
    const locker = app.state.lockers.get(lockerUid);
    if ((before !== undefined && now - before < period - Math.min(50, period * 0.05)) || !locker) continue;
    const stamp = before === undefined ? now : Math.max(now, before + period);
    last.set(shipmentUid, stamp);
    notify(locker, stamp);
  }
  return true;
}

/**
 * Variation ok-z-collection-run-on-dropoff: a drop-off also runs the collection job, with its once-a-period
 * bookkeeping, so a locker's first notification comes at once, the next ones a period apart.
 */
export function dropOffRunsCollection(app: Switches): boolean {
  return app.fault('ok-z-collection-run-on-dropoff');
}

/**
 * The key the collection job's "named this period" bookkeeping uses. Fault sab-collection-dedup-by-locker-id: the
 * carrier's own locker id (carrier.lockerId), which an update may change, in place of the locker.
 */
export function collectionKey(app: FaultPointApp, carrier: string, uid: string, key: string): string {
  const locker = app.state.lockers.get(uid);
  if (!app.fault('sab-collection-dedup-by-locker-id') || !locker) return key;
  return JSON.stringify([carrier, locker.record.carrier.lockerId]);
}

/**
 * How often the collection job runs. Faults sab-collection-dedup-by-locker-id, sab-collection-calendar-bucket: four
 * times a period (hourly where the period is a day, to pick drop-offs up sooner), its bookkeeping keeping each locker
 * to one notification a period.
 */
export function collectionJobEvery(app: Switches, period: number): number {
  const hourly = app.fault('sab-collection-dedup-by-locker-id') || app.fault('sab-collection-calendar-bucket');
  return hourly ? Math.max(1, Math.floor(period / 4)) : period;
}

/**
 * Whether a locker was named this period. Fault sab-collection-calendar-bucket: "this period" is the calendar period
 * (the UTC day: floor(t / period)) the run falls in, not the last period before it.
 */
export function namedThisPeriod(
  app: Switches,
  last: number | undefined,
  now: number,
  window: number,
  period: number,
): boolean {
  if (last === undefined) return false;
  if (!app.fault('sab-collection-calendar-bucket')) return now - last < window;
  return Math.floor(last / period) === Math.floor(now / period);
}

/** When a notification is stamped; fault sab-collection-calendar-bucket: at the job's run. */
export function collectionStamp(app: Switches, last: number | undefined, now: number, period: number): number {
  if (last === undefined || app.fault('sab-collection-calendar-bucket')) return now;
  return Math.max(now, last + period);
}

/** The carrier's parcels waiting in the locker for its courier: first-mile and return parcels dropped off. */
export function waitingInLocker(
  app: Pick<FaultPointApp, 'state'>,
  carrier: string,
  locker: StoredLocker,
): StoredParcel[] {
  return app.state
    .parcelsOf(carrier)
    .filter(
      (p) =>
        p.record.lockerUid === locker.record.uid &&
        p.record.shipmentStatus === 'DELIVERED' &&
        (p.record.shipmentType === 'FIRST_MILE' || p.record.shipmentType === 'RETURN'),
    );
}

/**
 * Variation ok-ab-collection-lists-parcels: a CollectionNotification also lists the parcels waiting in the locker for
 * the carrier's courier, `parcels: [{carrierParcelId, shipmentUid}]`.
 */
export function listedWaitingParcels(app: FaultPointApp, carrier: string, locker: StoredLocker, body: Editable): void {
  if (!app.fault('ok-ab-collection-lists-parcels')) return;
  body['parcels'] = waitingInLocker(app, carrier, locker).map((p) => ({
    carrierParcelId: p.record.carrierParcelId,
    shipmentUid: p.record.shipmentUid,
  }));
}

/** Fault sad-collection-stale-view: what the waiting-parcels view held at each carrier's last run. */
const collectionViews = new WeakMap<Switches, Map<string, Set<string>>>();

/**
 * The lockers the collection job names. Fault sad-collection-stale-view: the job reads a materialized view of the
 * lockers holding waiting parcels, refreshed by a job scheduled at the same time that runs after it, so each run names
 * the lockers as they were at the run before: a drop-off is first named a period later than it is due.
 */
export function collectionView(app: Switches, carrier: string, waiting: Set<string>): Set<string> {
  if (!app.fault('sad-collection-stale-view')) return waiting;
  const views = heldBy(collectionViews, app, () => new Map<string, Set<string>>());
  const seen = views.get(carrier) ?? new Set<string>();
  views.set(carrier, new Set(waiting));
  return seen;
}

/**
 * Fault saf-collection-loop-returns-early: the collection job leaves its carrier loop with `return` at the first
 * carrier with no locker to name. True: the run ends here.
 */
export function collectionRunEnds(app: Switches, lockersToName: number): boolean {
  return app.fault('saf-collection-loop-returns-early') && lockersToName === 0;
}

/** Fault sah-collection-skips-return: the waiting parcels the collection job selects, FIRST_MILE only. */
export function collectableParcels<T extends StoredParcel>(app: Switches, parcels: T[]): T[] {
  if (!app.fault('sah-collection-skips-return')) return parcels;
  return parcels.filter((p) => p.record.shipmentType !== 'RETURN');
}

/** A job run each period, and how to stop it. */
export interface PeriodicJob {
  stop(): void;
}

/**
 * Variation ok-ah-collection-aligned-to-period: the job runs at each boundary of the period counted from the epoch,
 * as a cron does (a daily job at midnight UTC). Undefined with the variation off: the job runs a period after start.
 */
export function alignedJob(app: Switches, periodMs: number, run: () => void): PeriodicJob | undefined {
  if (!app.fault('ok-ah-collection-aligned-to-period')) return undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        run();
        next();
      },
      periodMs - (Date.now() % periodMs),
    );
    timer.unref();
  };
  next();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * Fault saj-collection-own-fleet-only: the collection job walks the carrier's own lockers (its fleet) and asks each
 * for parcels to pick up, so a carrier's parcel waiting in a third-party locker is never named.
 */
export function fleetParcels<T extends StoredParcel>(app: FaultPointApp, carrier: string, parcels: T[]): T[] {
  if (!app.fault('saj-collection-own-fleet-only')) return parcels;
  return parcels.filter((p) => app.state.lockers.get(p.record.lockerUid)?.record.ownedByCarrier === carrier);
}

// --- The collection job ---

/** Fault sal-collection-active-lockers-only: the lockers to name, as the route planner's query keeps them. */
export function lockersToName(app: StateApp, uids: Set<string>): Set<string> {
  if (!app.fault('sal-collection-active-lockers-only')) return uids;
  return new Set([...uids].filter((uid) => app.state.lockers.get(uid)?.record.carrier.status === 'ACTIVE'));
}

/**
 * How often the collection job runs (`every`: the service's own interval). Fault
 * sal-status-change-resets-collection-mark: hourly, four runs a period, the "last notified" column keeping each
 * locker to one notification a period.
 */
export function hourlyCollectionJob(app: Switches, period: number, every: number): number {
  return app.fault('sal-status-change-resets-collection-mark') ? Math.max(1, Math.floor(period / 4)) : every;
}

/** When the locker was last named (`last`). Fault sal-status-change-resets-collection-mark: a status change resets
 * it. */
export function lastNamedResetByStatus(app: Switches, uid: string, last: number | undefined): number | undefined {
  if (!app.fault('sal-status-change-resets-collection-mark')) return last;
  return perApp(collectionMarksReset, app, () => new Set<string>()).delete(uid) ? undefined : last;
}

/** Variation ok-al-collection-third-party-code-null: no courier code for a third party's locker. */
export function thirdPartyCourierCodeNull(app: Switches, locker: StoredLocker, body: Record<string, unknown>): void {
  if (app.fault('ok-al-collection-third-party-code-null') && locker.record.ownedByCarrier === null)
    body['courierAccessCode'] = null;
}

// --- The collection job (collections.ts) ---

const collectionCursors = new WeakMap<object, Map<string, number>>();

const parcelWaitsForCourier = (p: StoredParcel) =>
  p.record.shipmentStatus === 'DELIVERED' && ['FIRST_MILE', 'RETURN'].includes(p.record.shipmentType);

/**
 * The parcels a collection run reads for a carrier. Fault san-collection-cursor-by-parcel-seq: the waiting ones above
 * the carrier's cursor (a parcel's place in the table), the cursor then moved to the highest read.
 */
export function collectionCursorByParcelSeq<T extends StoredParcel>(app: StateApp, carrier: string, parcels: T[]): T[] {
  if (!app.fault('san-collection-cursor-by-parcel-seq')) return parcels;
  const cursors = perApp(collectionCursors, app, () => new Map<string, number>());
  const from = cursors.get(carrier) ?? -1;
  const seq = new Map<StoredParcel, number>(app.state.parcels.map((p, i) => [p, i]));
  const fresh = new Set(parcels.filter((p) => parcelWaitsForCourier(p) && (seq.get(p) ?? -1) > from));
  cursors.set(carrier, Math.max(from, ...[...fresh].map((p) => seq.get(p) ?? -1)));
  return parcels.filter((p) => !parcelWaitsForCourier(p) || fresh.has(p));
}

// --- Variation ok-an-collection-parcel-count ---

/** Variation ok-an-collection-parcel-count: a notification also counts the carrier's parcels waiting in the locker. */
export function collectionParcelCount(app: StateApp, carrier: string, locker: StoredLocker, body: Editable): void {
  if (!app.fault('ok-an-collection-parcel-count')) return;
  body['parcelCount'] = waitingInLocker(app, carrier, locker).length;
}

// --- A collection notification sent (collections.ts) ---

/**
 * A CollectionNotification about to be sent by `send`.
 * - Fault sao-collection-timestamp-local-date-time-array: the notification's eventTimestamp is a LocalDateTime written
 *   by a JSON mapper with WRITE_DATES_AS_TIMESTAMPS: [year, month, day, hour, minute, second, nanos] in UTC.
 * - Variation ok-ao-collection-staggered-by-locker (collectionStaggeredByLocker).
 */
export function collectionSentInLocalTime(
  app: Pick<FaultPointApp, 'fault' | 'options'>,
  uid: string,
  body: Editable,
  send: () => void,
): void {
  const stamp = Date.parse(String(body['eventTimestamp']));
  if (app.fault('sao-collection-timestamp-local-date-time-array') && !Number.isNaN(stamp)) {
    const d = new Date(stamp);
    body['eventTimestamp'] = [
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds() * 1_000_000,
    ];
  }
  if (!collectionStaggeredByLocker(app, uid, body, send)) send();
}

// --- The collection notification ---

/**
 * Variation ok-ao-collection-staggered-by-locker: each locker's notification is sent at its own point of the first
 * half of the period (the uid's hash), to spread the couriers' dispatch over the day; still once a period, stamped when
 * it is sent. Returns true where it was scheduled so.
 */
export function collectionStaggeredByLocker(
  app: Switches & { readonly options: { collectionPeriodMs: number } },
  uid: string,
  body: Editable,
  send: () => void,
): boolean {
  if (!app.fault('ok-ao-collection-staggered-by-locker')) return false;
  const half = Math.floor(app.options.collectionPeriodMs / 2);
  // FNV-1a, then a final mix, so that uids next to each other land apart.
  let hash = 0x811c9dc5;
  for (const c of uid) hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
  hash = (hash ^ (hash >>> 12)) >>> 0;
  const delay = half > 0 ? hash % half : 0;
  const stamp = Date.parse(String(body['eventTimestamp']));
  if (!Number.isNaN(stamp)) body['eventTimestamp'] = new Date(stamp + delay).toISOString();
  setTimeout(send, delay).unref();
  return true;
}

// --- The collection job (collections.ts) ---

/** Fault sar-collection-job-first-page-only: the rows the job's one query reads. */
const JOB_PAGE = 20;

/** When the parcel was last dropped off (its last CONSIGNEE_DELIVERED entry), 0 where never. */
function droppedOffAt(parcel: StoredParcel): number {
  const entry = [...parcel.record.events].reverse().find((e) => e.type === 'CONSIGNEE_DELIVERED');
  return entry ? Date.parse(entry.timestamp) || 0 : 0;
}

/**
 * The carrier's parcels the collection job reads, `parcels` the service's own selection.
 * - Fault sar-collection-skips-labelless: the job joins the parcels' labels (the courier's pick-up list prints them),
 *   so a parcel the mock made label-less is not read.
 * - Fault sar-cancel-recomputes-pickup-flag: a parcel dropped off before a cancel put its locker's flag down is not
 *   read (a drop-off after it puts the flag up again).
 * - Fault sar-collection-job-first-page-only: the job reads the carrier's waiting parcels in one query, oldest first,
 *   LIMIT 20, and never asks for the next page.
 */
export function collectionJobSelection(app: Switches, carrier: string, parcels: StoredParcel[]): StoredParcel[] {
  let read = parcels;
  if (app.fault('sar-collection-skips-labelless')) read = read.filter((p) => !labelless.has(p));
  const down = pickupFlagDown.get(app);
  if (app.fault('sar-cancel-recomputes-pickup-flag') && down)
    read = read.filter((p) => {
      const at = down.get(`${carrier} ${p.record.lockerUid}`);
      return at === undefined || droppedOffAt(p) > at;
    });
  if (app.fault('sar-collection-job-first-page-only')) {
    let rows = 0;
    read = read.filter((p) => waitsForCourier(p.record) && rows++ < JOB_PAGE);
  }
  return read;
}

/** Variation ok-ar-collection-daily-code-per-carrier: each carrier's courier code of each period. */
const dailyCodes = new WeakMap<object, Map<string, { period: number; code: string }>>();

/**
 * A CollectionNotification naming the carrier's locker `lockerUid`, its body before it is sent.
 * - Variation ok-ar-collection-daily-code-per-carrier: the courier gets one access code per carrier and day, the same
 *   in every notification of that day's round.
 * - Variation ok-ar-parcel-push-on-collection-round: each waiting parcel the notification is about is announced by a
 *   ParcelUpdates of its own (the pick-up was scheduled), its record unchanged.
 */
export function collectionDailyCodeAndPush(
  app: WriteApp,
  carrier: string,
  lockerUid: string,
  now: number,
  body: Record<string, unknown>,
): void {
  if (app.fault('ok-ar-parcel-push-on-collection-round'))
    for (const parcel of app.state.parcelsOf(carrier))
      if (parcel.record.lockerUid === lockerUid && waitsForCourier(parcel.record))
        app.emitParcelUpdate(parcel, 'trigger');
  if (!app.fault('ok-ar-collection-daily-code-per-carrier') || typeof body['courierAccessCode'] !== 'string') return;
  const codes = perApp(dailyCodes, app, () => new Map<string, { period: number; code: string }>());
  const period = Math.floor(now / app.options.collectionPeriodMs);
  const held = codes.get(carrier);
  if (held?.period === period) body['courierAccessCode'] = held.code;
  else codes.set(carrier, { period, code: body['courierAccessCode'] });
}

// --- A CollectionNotification sent (collections.ts) ---

/** The wait between a carrier's deliveries of one collection run (fault sat-collection-deferred-send-last-endpoint). */
const COLLECTION_STAGGER_MS = 50;

/** Fault sat-collection-deferred-send-last-endpoint: deliveries made so far per carrier in the run of `tick`. */
const collectionRuns = new WeakMap<object, { tick: number; sent: Map<string, number> }>();

/**
 * A CollectionNotification of the run started at `tick`, for `endpoint`'s carrier. Fault
 * sat-collection-deferred-send-last-endpoint: a carrier's second and later notifications of a run are deferred, and
 * sent to the endpoint the job's loop variable holds when they fire, the last carrier's.
 */
export function collectionSendDeferred(
  app: Pick<FaultPointApp, 'fault' | 'options'>,
  tick: number,
  endpoint: CarrierAccount,
  send: (to: CarrierAccount) => void,
): void {
  if (!app.fault('sat-collection-deferred-send-last-endpoint')) return send(endpoint);
  const run = perApp(collectionRuns, app, () => ({ tick, sent: new Map<string, number>() }));
  if (run.tick !== tick) Object.assign(run, { tick, sent: new Map<string, number>() });
  const nth = run.sent.get(endpoint.name) ?? 0;
  run.sent.set(endpoint.name, nth + 1);
  if (nth === 0) return send(endpoint);
  const target = app.options.carriers.at(-1) ?? endpoint;
  setTimeout(() => send(target), nth * COLLECTION_STAGGER_MS).unref();
}

/**
 * How often the collection job runs. Fault sau-collection-unmarked-after-refused-attempt: four times a period.
 */
export function collectionJobFourTimes(app: Switches, period: number, every: number): number {
  return app.fault('sau-collection-unmarked-after-refused-attempt') ? Math.max(1, Math.floor(period / 4)) : every;
}

/**
 * A CollectionNotification about to be sent, its locker marked named for the period. Fault
 * sau-collection-unmarked-after-refused-attempt: a first attempt answered other than 200 clears the mark (`unmark`).
 */
export function collectionUnmarkedOnRefusal(app: AnswerApp, body: unknown, unmark: () => void): void {
  if (!app.fault('sau-collection-unmarked-after-refused-attempt')) return;
  void firstAnswer(app.outbox, body, (status) => {
    if (status !== 200) unmark();
  });
}

/** The lockers the collection job names for `carrier`; `waiting`: those holding a waiting parcel. */
export function waitingCounterDrift(app: Switches, carrier: string, waiting: Set<string>): Set<string> {
  if (!app.fault('sav-collection-waiting-counter-drift')) return waiting;
  const counts = perApp(waitingCounts, app, () => new Map<string, Map<string, number>>()).get(carrier);
  return new Set([...(counts ?? [])].filter(([, count]) => count > 0).map(([uid]) => uid));
}

/** How long the outbox client gathers deliveries to one URL (fault), or how far apart it sends them (variation). */
const COALESCE_MS = 10;
const PACE_MS = 50;
const collectionBatches = new WeakMap<object, Map<string, { bodies: unknown[]; sends: (() => void)[] }>>();

/**
 * A CollectionNotification `body` about to be sent to `to` by `send`.
 * - Fault sav-collection-batched-array-body: the outbox client coalesces deliveries to one URL queued within 10 ms into
 *   one POST whose body is the JSON array of them.
 * - Variation ok-av-collection-sends-paced: the deliveries of one run to a carrier go out 50 ms apart.
 */
export function collectionBatchedOrPaced(
  app: Pick<FaultPointApp, 'fault' | 'outbox'>,
  to: CarrierAccount,
  body: unknown,
  send: () => void,
): void {
  const batched = app.fault('sav-collection-batched-array-body');
  if (!batched && !app.fault('ok-av-collection-sends-paced')) return send();
  const batches = perApp(collectionBatches, app, () => new Map());
  const batch = batches.get(to.name);
  if (batch) {
    batch.bodies.push(body);
    batch.sends.push(send);
    return;
  }
  const gathered = { bodies: [body], sends: [send] };
  batches.set(to.name, gathered);
  setTimeout(() => {
    batches.delete(to.name);
    if (batched && gathered.bodies.length > 1) return app.outbox.send(to, gathered.bodies);
    gathered.sends.forEach((sent, i) => (i === 0 ? sent() : setTimeout(sent, i * PACE_MS).unref()));
  }, COALESCE_MS).unref();
}

// --- A CollectionNotification (collections.ts tick) ---

/**
 * A CollectionNotification for `carrier`, edited in place.
 * - Fault say-collection-builder-1-0-timestamp: the collection job builds its body with the 1.0 notification class,
 *   whose time member is timestamp; the shared 1.1 event envelope that writes eventTimestamp is not used there.
 * - Variation ok-ay-second-carrier-courier-code-null: the second carrier's couriers open lockers with their badges:
 *   courierAccessCode null.
 */
export function collectionByCarrierBuilder(app: CarriersApp, carrier: string, body: Record<string, unknown>): void {
  if (app.fault('ok-ay-second-carrier-courier-code-null') && isSecondCarrier(app, carrier))
    body['courierAccessCode'] = null;
  if (app.fault('say-collection-builder-1-0-timestamp') && 'eventTimestamp' in body) {
    body['timestamp'] = body['eventTimestamp'];
    delete body['eventTimestamp'];
  }
}

/** What the job points need of the app: its faults, state and carriers, and the ParcelUpdates push. */
type JobApp = FaultPointApp & {
  emitParcelUpdate(parcel: StoredParcel, cause: 'booking' | 'cancel' | 'trigger'): void;
  now(): string;
};

// --- The scheduled jobs (collections.ts) ---

/** Fault sbb-collection-job-on-each-replica: when the second replica started, as a share of the collection period. */
const REPLICA_STARTED_AT = 0.4;
/** Fault sbb-second-carrier-expiry-default-zero: the booking expiry job's period. */
const EXPIRY_JOB_MS = 1000;
/** The parcels of §2.3 a booking makes (the staging mock's first-mile and return parcels have no reservation). */
const BOOKED_TYPES = new Set(['LAST_MILE', 'ALTERNATIVE_DELIVERY']);

/**
 * Starts the jobs these faults add, beside the collection job of `collections.ts`.
 * - Fault sbb-collection-job-on-each-replica: the collection job runs on each of the service's two replicas, each
 *   keeping "named this period" in its own memory; the second replica started 40 % of a period after the first.
 *   `replica` makes the second replica's job.
 * - Fault sbb-second-carrier-expiry-default-zero: the booking expiry job lets a booking lapse once its carrier's parcel
 *   expiry time (§4.12) has passed without a drop-off; the settings column was added with DEFAULT 0, the second
 *   carrier never set it, and the job reads 0 as zero hours.
 */
export function replicaJobsStarted(app: JobApp, replica: () => { tick(now?: number): void }): void {
  const { timers } = deploymentOf(app);
  const period = app.options.collectionPeriodMs;
  if (app.fault('sbb-collection-job-on-each-replica')) {
    const started = setTimeout(
      () => {
        const job = replica();
        const every = setInterval(() => job.tick(), period);
        every.unref();
        timers.push(every);
      },
      Math.round(period * REPLICA_STARTED_AT),
    );
    started.unref();
    timers.push(started);
  }
  if (app.fault('sbb-second-carrier-expiry-default-zero')) {
    const every = setInterval(() => expireBookings(app), EXPIRY_JOB_MS);
    every.unref();
    timers.push(every);
  }
}

/** Stops the jobs replicaJobsStarted started. */
export function replicaJobsStopped(app: object): void {
  const { timers } = deploymentOf(app);
  for (const timer of timers.splice(0)) clearTimeout(timer);
}

/** Fault sbb-second-carrier-expiry-default-zero: one run of the expiry job, the second carrier's expiry read as 0 h. */
function expireBookings(app: JobApp): void {
  const carrier = secondCarrierName(app);
  if (carrier === undefined) return;
  const expiryMs = 0 * 3_600_000; // the carrier's parcel expiry time in hours, 0 for a carrier that never set it
  const now = Date.now();
  for (const parcel of app.state.parcelsOf(carrier)) {
    const { record } = parcel;
    if (record.shipmentStatus !== 'BOOKED' || !BOOKED_TYPES.has(record.shipmentType)) continue;
    const bookedAt = Date.parse(record.events[0]?.timestamp ?? '');
    if (!Number.isNaN(bookedAt) && now - bookedAt < expiryMs) continue;
    (record as { shipmentStatus: string }).shipmentStatus = 'EXPIRED';
    record.events.push({ type: 'BOOKING_EXPIRED', timestamp: app.now() });
    app.emitParcelUpdate(parcel, 'cancel');
  }
}

// --- The parcels the collection job keeps (collections.ts) ---

/** Fault sbc-collection-first-mile-index-zero: the job's own list of the types a courier collects. */
const COLLECTABLE_TYPES = ['FIRST_MILE', 'RETURN'];

/**
 * Whether the collection job keeps a waiting parcel: yes.
 * - Fault sbc-collection-first-mile-index-zero: COLLECTABLE_TYPES.indexOf(type) > 0, so FIRST_MILE never is.
 */
export function collectableByTypeIndex(app: Switches, record: { shipmentType: string }): boolean {
  return !app.fault('sbc-collection-first-mile-index-zero') || COLLECTABLE_TYPES.indexOf(record.shipmentType) > 0;
}

// --- A CollectionNotification built (collections.ts) ---

/** Fault sbe-collection-null-code-omitted: a third-party locker has no courier code, and the member is left out. */
export function thirdPartyCourierCodeOmitted(app: Switches, locker: StoredLocker, body: Editable): void {
  if (app.fault('sbe-collection-null-code-omitted') && locker.record.ownedByCarrier === null)
    delete body['courierAccessCode'];
}

// --- The lockers a CollectionNotification names, by their opening hours (collections.ts) ---

const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;

/** Whether a schedule entry names the weekday (its name, its first three letters, or its ISO number, 1 for Monday). */
function namesDay(entry: unknown, day: number): boolean {
  const name = WEEKDAYS[day]!;
  const text = JSON.stringify(entry ?? null).toUpperCase();
  if (text.includes(name) || text.includes(`"${name.slice(0, 3)}"`)) return true;
  if (!isObject(entry)) return false;
  const iso = day === 0 ? 7 : day;
  return ['day', 'dayOfWeek', 'weekday', 'days'].some((k) => {
    const v = entry[k];
    const values: unknown[] = Array.isArray(v) ? v : [v];
    return values.some((x) => x === iso || x === String(iso));
  });
}

/** Whether the locker's opening hours keep it closed today (UTC): an exception dated today, or no schedule entry. */
function closedToday(hours: JsonObject | undefined, now: Date): boolean {
  if (!isObject(hours)) return false;
  const date = now.toISOString().slice(0, 10);
  const exceptions = Array.isArray(hours['exceptions']) ? hours['exceptions'] : [];
  if (exceptions.some((e) => JSON.stringify(e).includes(date))) return true;
  if (hours['accessMode'] !== 'SCHEDULED' || !Array.isArray(hours['weeklySchedule'])) return false;
  const today = hours['weeklySchedule'].filter((e) => namesDay(e, now.getUTCDay()));
  return today.length === 0 || today.every((e: unknown) => isObject(e) && e['closed'] === true);
}

/**
 * Fault sbg-collection-skips-closed-today: the round plans today's courier stops, and a locker whose opening hours keep
 * it closed today (a SCHEDULED week without today, an exception dated today) is left to a later round.
 */
export function closedTodayLeftOut(app: FaultPointApp, uids: Set<string>, now = new Date()): Set<string> {
  if (!app.fault('sbg-collection-skips-closed-today')) return uids;
  return new Set([...uids].filter((uid) => !closedToday(app.state.lockers.get(uid)?.record.openingHours, now)));
}

// --- A CollectionNotification built (collections.ts) ---

/** Variation ok-bg-collection-network-extras: a notification naming a network member says which network, and uid. */
export function collectionNetworkExtras(
  app: FaultPointApp,
  carrier: string,
  locker: StoredLocker,
  body: Record<string, unknown>,
): void {
  if (!app.fault('ok-bg-collection-network-extras')) return;
  const network = networkHolding(app, locker.record.uid, carrier);
  if (network) Object.assign(body, { networkUid: network.uid, lockerUid: locker.record.uid });
}
