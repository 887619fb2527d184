// §6: once per period (a day by default) the carrier learns which of its lockers hold first-mile
// parcels waiting for the courier. No locker is named twice within one period (§8).
import { randomInt } from 'node:crypto';
import type { ReferenceApp } from './app';
import type { StoredLocker, StoredParcel } from './model';
import type { CarrierAccount } from './options';
import {
  alignedJob,
  closedTodayLeftOut,
  collectableByTypeIndex,
  collectableParcels,
  collectedLockerId,
  collectionBatchedOrPaced,
  collectionByCarrierBuilder,
  collectionCursorByParcelSeq,
  collectionDailyCodeAndPush,
  collectionEndpoint,
  collectionJobEvery,
  collectionJobFourTimes,
  collectionJobSelection,
  collectionKey,
  collectionLockerId,
  collectionNetworkExtras,
  collectionParcelCount,
  collectionParcels,
  collectionRunEnds,
  collectionSendDeferred,
  collectionSentInLocalTime,
  collectionStamp,
  collectionUnmarkedOnRefusal,
  collectionView,
  collectionWire,
  courierCode,
  dropOffRunsCollection,
  flaggedForPickup,
  fleetParcels,
  hourlyCollectionJob,
  lastNamedResetByStatus,
  listedWaitingParcels,
  lockersToCollect,
  lockersToName,
  namedThisPeriod,
  oneLockerPerCarrier,
  type PeriodicJob,
  perParcelCollection,
  replicaJobsStarted,
  replicaJobsStopped,
  thirdPartyCourierCodeNull,
  thirdPartyCourierCodeOmitted,
  waitingCounterDrift,
} from './faults/behaviour/collections';
import { viaOriginClient } from './faults/behaviour/shared';
import { mixedTypesMarked, returnGroupNamedApart } from './faults/behaviour/value-combinations';
import { collectionV10AliasesBeside, returnsCollectionBuilder } from './faults/behaviour/migration-leftovers';

const AWAITING_COURIER = new Set(['FIRST_MILE', 'RETURN']);

/** A delivered first-mile or return parcel waits in its compartment for the courier: it still takes room. */
export const awaitsCourier = (record: { shipmentStatus: string; shipmentType: string }): boolean =>
  record.shipmentStatus === 'DELIVERED' && AWAITING_COURIER.has(record.shipmentType);

/**
 * A timer a period apart can read the clock a few milliseconds short of a period: such a tick still
 * names the locker (skipping it made the locker wait two periods), stamped a whole period after the
 * last notification, so no two notifications of a locker are stamped less than a period apart.
 */
const slackOf = (period: number) => Math.min(50, period * 0.05);

/** Each app's scheduler, for the fault that notifies on a drop-off (sd-collection-on-dropoff). */
const schedulers = new WeakMap<ReferenceApp, CollectionScheduler>();

/**
 * Fault sd-collection-on-dropoff: a first-mile or return parcel delivered into a locker already named to its
 * carrier this period names the locker again at once.
 */
export function collectionOnDropoff(app: ReferenceApp, carrier: CarrierAccount, parcel: StoredParcel): void {
  if (app.fault('sd-collection-on-dropoff') && awaitsCourier(parcel.record))
    schedulers.get(app)?.namedAgain(carrier, parcel.record.lockerUid);
  if (dropOffRunsCollection(app)) schedulers.get(app)?.tick(); // Variation ok-z-collection-run-on-dropoff.
}

export class CollectionScheduler {
  private readonly lastSent = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  /** Variation ok-ah-collection-aligned-to-period: the job run at each period boundary instead. */
  private aligned: PeriodicJob | undefined;

  constructor(private readonly app: ReferenceApp) {
    schedulers.set(app, this);
  }

  start(): void {
    // The collection job on a second replica; the booking expiry job.
    replicaJobsStarted(this.app, () => new CollectionScheduler(this.app));
    // Variation ok-ah-collection-aligned-to-period: a cron at each boundary of the period.
    this.aligned = alignedJob(this.app, this.app.options.collectionPeriodMs, () => this.tick());
    if (this.aligned) return;
    // Faults sab-collection-dedup-by-locker-id, sab-collection-calendar-bucket: the job runs four times a period.
    // Fault sal-status-change-resets-collection-mark: the job runs four times a period.
    const period = this.app.options.collectionPeriodMs;
    this.timer = setInterval(
      () => this.tick(),
      // Fault sau-collection-unmarked-after-refused-attempt: four times a period.
      collectionJobFourTimes(
        this.app,
        period,
        hourlyCollectionJob(this.app, period, collectionJobEvery(this.app, period)),
      ),
    );
    this.timer.unref();
  }

  stop(): void {
    replicaJobsStopped(this.app);
    this.aligned?.stop();
    clearInterval(this.timer);
  }

  tick(now = Date.now()): void {
    const period = this.app.options.collectionPeriodMs;
    for (const carrier of this.app.options.carriers) {
      // Fault sf-collection-url-resolved: the endpoint resolved from the carrier's URL, not the URL itself.
      // Fault sad-webhook-client-per-origin: the notifier's HTTP client pooled per origin, with its first URL.
      const endpoint = viaOriginClient(this.app, collectionEndpoint(this.app, carrier));
      // Fault sm-collection-count-off-by-one: the lockers kept HAVING COUNT(*) > 1.
      const waiting = lockersToCollect(
        this.app,
        // Fault sg-collection-all-carriers-lockers: the waiting parcels of every carrier.
        // Fault sah-collection-skips-return: the job selects FIRST_MILE parcels only.
        // Fault saj-collection-own-fleet-only: the job walks the carrier's own lockers only.
        // Fault san-collection-cursor-by-parcel-seq: the run resumes above the carrier's cursor.
        // Faults sar-collection-skips-labelless, sar-cancel-recomputes-pickup-flag, sar-collection-job-first-page-only.
        collectionJobSelection(
          this.app,
          carrier.name,
          collectionCursorByParcelSeq(
            this.app,
            carrier.name,
            fleetParcels(
              this.app,
              carrier.name,
              collectableParcels(this.app, collectionParcels(this.app, carrier.name)),
            ),
          ),
        )
          // Fault x45-collection-after-courier-collected: the status compared as an ordinal (>= DELIVERED), so
          // COLLECTED counts too. Fault sbc-collection-first-mile-index-zero: the job's own list of the types a
          // courier collects, asked indexOf(type) > 0.
          .filter(
            (p) =>
              (awaitsCourier(p.record) && collectableByTypeIndex(this.app, p.record)) ||
              (this.app.fault('x45-collection-after-courier-collected') &&
                p.record.shipmentStatus === 'COLLECTED' &&
                AWAITING_COURIER.has(p.record.shipmentType)),
          )
          .map((p) => p.record.lockerUid),
      );
      // Fault so-collection-one-locker-per-carrier: one notification per carrier, naming the group's first locker.
      // Fault sq-collection-flag-cleared-by-any-pickup: only lockers whose pick-up flag no collection cleared.
      // Fault sad-collection-stale-view: the lockers as a view refreshed after the job held them at its last run.
      // Fault sav-collection-waiting-counter-drift: the lockers a counter per (carrier, locker) shows waiting.
      const counted = waitingCounterDrift(this.app, carrier.name, waiting);
      const flagged = flaggedForPickup(this.app, carrier.name, oneLockerPerCarrier(this.app, counted));
      // Fault sal-collection-active-lockers-only: the route planner's lockers, carrier.status ACTIVE.
      // Fault sbg-collection-skips-closed-today: lockers closed today by their opening hours left to a later round.
      const lockerUids = closedTodayLeftOut(
        this.app,
        lockersToName(this.app, collectionView(this.app, carrier.name, flagged)),
      );
      // Fault saf-collection-loop-returns-early: `return` where `continue` belongs, at a carrier with none to name.
      if (collectionRunEnds(this.app, lockerUids.size)) return;
      // Fault sz-collection-bookkeeping-per-parcel: the job's bookkeeping keyed by parcel, not by locker.
      const notify = (locker: StoredLocker, at: number) =>
        this.app.outbox.send(endpoint, this.notification(locker, at));
      if (perParcelCollection(this.app, carrier, now, notify)) continue;
      for (const uid of lockerUids) {
        // Per carrier: a third-party locker holds parcels of several carriers, and each is told of its own.
        // Fault sb-collection-one-carrier-per-locker: keyed by the locker alone, so while one carrier's parcels keep
        // a shared third-party locker notified, the other carrier with parcels there is never told.
        const plain = this.app.fault('sb-collection-one-carrier-per-locker') ? uid : `${carrier.name} ${uid}`;
        const key = collectionKey(this.app, carrier.name, uid, plain); // Fault sab-collection-dedup-by-locker-id
        // Fault sal-status-change-resets-collection-mark: "last notified" reset by a status change.
        const last = lastNamedResetByStatus(this.app, uid, this.lastSent.get(key));
        // Fault sd-collection-period-unit: the period read as seconds where it is milliseconds.
        const window = this.app.fault('sd-collection-period-unit') ? period * 1000 : period - slackOf(period);
        // Fault sab-collection-calendar-bucket: named this calendar period, not within the last period.
        if (namedThisPeriod(this.app, last, now, window, period)) continue;
        const locker = this.app.state.lockers.get(uid);
        if (!locker) continue;
        const stamp = collectionStamp(this.app, last, now, period);
        this.lastSent.set(key, stamp);
        if (this.app.fault('no-collection-notification')) continue;
        const body = this.notification(locker, stamp);
        collectionNetworkExtras(this.app, carrier.name, locker, body); // Variation ok-bg-collection-network-extras
        // Fault sau-collection-unmarked-after-refused-attempt: a refused first attempt clears the period's mark.
        collectionUnmarkedOnRefusal(this.app, body, () => this.lastSent.delete(key));
        listedWaitingParcels(this.app, carrier.name, locker, body); // Variation ok-ab-collection-lists-parcels
        collectionParcelCount(this.app, carrier.name, locker, body); // Variation ok-an-collection-parcel-count
        mixedTypesMarked(this.app, carrier.name, locker, body); // Variation ok-sbl-collection-mixed-types-member
        // Fault say-collection-builder-1-0-timestamp, variation ok-ay-second-carrier-courier-code-null.
        collectionByCarrierBuilder(this.app, carrier.name, body);
        // Fault sbk-collection-returns-v10-locker-id, variation ok-sbk-collection-v10-aliases-beside: 1.0 builders.
        returnsCollectionBuilder(this.app, carrier.name, locker, body);
        collectionV10AliasesBeside(this.app, body);
        // Variations ok-ar-collection-daily-code-per-carrier, ok-ar-parcel-push-on-collection-round.
        collectionDailyCodeAndPush(this.app, carrier.name, uid, now, body);
        // Fault su-collection-fetch-object-body. The eventTimestamp's mapping, the send staggered by locker.
        collectionSentInLocalTime(this.app, uid, body, () =>
          // Fault sat-collection-deferred-send-last-endpoint: deferred sends read the loop's last endpoint.
          collectionSendDeferred(this.app, now, endpoint, (to) =>
            // Fault sav-collection-batched-array-body, variation ok-av-collection-sends-paced: the outbox client's.
            collectionBatchedOrPaced(this.app, to, body, () =>
              this.app.outbox.send(to, body, collectionWire(this.app)),
            ),
          ),
        );
        // Fault sbl-collection-grouped-by-shipment-type: the RETURN group of a locker holding both types named apart.
        returnGroupNamedApart(this.app, carrier.name, locker, body, (group) => this.app.outbox.send(endpoint, group));
        // Sent again half a period later, at the time its eventTimestamp says: a second notification, not a resend at
        // once.
        if (this.app.fault('collection-twice'))
          this.app.outbox.send(
            endpoint,
            { ...body, eventTimestamp: new Date(stamp + Math.floor(period / 2)).toISOString() },
            { delayMs: Math.floor(period / 2) },
          );
      }
    }
  }

  /** The CollectionNotification naming a locker, stamped at `stamp`. */
  private notification(locker: StoredLocker, stamp: number): Record<string, unknown> {
    const uid = locker.record.uid;
    const body: Record<string, unknown> = {
      // Fault si-collection-code-as-object: the access-code service's answer where its code belongs.
      courierAccessCode: courierCode(this.app, String(randomInt(100000, 1000000)), stamp),
      // Faults su-collection-locker-id-from-parcel, sx-collection-third-party-locker-id-dropped: the id's source.
      carrierLockerId: collectionLockerId(this.app, locker, collectedLockerId(this.app, locker)),
      eventTimestamp: new Date(stamp).toISOString(),
    };
    if (this.app.fault('collection-no-locker-id')) delete body['carrierLockerId'];
    thirdPartyCourierCodeNull(this.app, locker, body); // Variation ok-al-collection-third-party-code-null
    thirdPartyCourierCodeOmitted(this.app, locker, body); // Fault sbe-collection-null-code-omitted
    // Conformant variation ok-b-collection-null-code-extras: no courier code, members §6 does not show.
    if (this.app.fault('ok-b-collection-null-code-extras'))
      Object.assign(body, { courierAccessCode: null, lockerUid: uid, notificationId: `CN-${stamp}-${uid}` });
    return body;
  }

  /** Fault sd-collection-on-dropoff: names the locker again now if it was named to the carrier this period. */
  namedAgain(carrier: CarrierAccount, uid: string, now = Date.now()): void {
    const last = this.lastSent.get(`${carrier.name} ${uid}`);
    const locker = this.app.state.lockers.get(uid);
    if (last === undefined || now - last >= this.app.options.collectionPeriodMs || !locker) return;
    this.app.outbox.send(collectionEndpoint(this.app, carrier), this.notification(locker, now));
  }
}
