// §4.8: the parcels a carrier lists.
import type { ReferenceApp, Reply, RequestContext } from '../app';
import type { StoredParcel } from '../model';
import {
  activeFirst,
  aipPage,
  bookingsThroughLockerIndex,
  byParcelId,
  cancelledSpelledAndVolume,
  closedParcelFromProjection,
  collectableOnly,
  consigneeJsonRefs,
  dimensionsStatusCaseNoElse,
  drfPage,
  emptyConsigneeArray,
  etagged,
  eventsBatchFetched,
  eventsCachedByStatus,
  filteredByQuery,
  firstPerParcelId,
  futureEventsHidden,
  historyReversedByShortLoop,
  keysetSkipsBoundary,
  lastChangedFirst,
  limitBeforeOwnerFilter,
  linkPaged,
  listCacheNotEvictedByCancel,
  listedParcelsOf,
  listWithNanTokens,
  lockerJoinedByCarrierLockerId,
  lockStateFlagAndOldPods,
  maskedForLog,
  newestFirst,
  notArchived,
  nullAsEmptyAndAutomapped,
  pagedAcrossCarriers,
  parcelsGroupedByLocker,
  parcelsLimitedByBookingCounter,
  parcelsSummaryEnvelope,
  partitionsScanOffByOne,
  sameLockerVersion,
  secondKeyOperatorScope,
  shipmentTypeOrdinal,
  signatureLeftOut,
  statusByEventTextOrder,
  streamedArray,
  synchronizedScanOrder,
} from '../faults/behaviour/parcel-list';
import { mockDocumentsAdapted } from '../faults/behaviour/migration-leftovers';

/**
 * Fault x45-parcels-cache-shared-across-carriers: GET /parcels answers kept by query string (the caller is not
 * part of the key), cleared by any parcel write (a new parcel or event) and after 30 s.
 */
const PARCEL_CACHE_MS = 30_000;
const parcelListCache = new WeakMap<ReferenceApp, Map<string, { written: string; at: number; reply: Reply }>>();

function parcelWrites(app: ReferenceApp): string {
  return `${app.state.parcels.length}:${app.state.parcels.reduce((n, p) => n + p.record.events.length, 0)}`;
}

export function listParcels(app: ReferenceApp, ctx: RequestContext): Reply {
  // Fault saj-parcel-list-cache-not-evicted-by-cancel: answers kept per carrier, evicted by bookings and events only.
  if (!app.fault('x45-parcels-cache-shared-across-carriers'))
    return listCacheNotEvictedByCancel(app, ctx, () => parcelList(app, ctx));
  const cache = parcelListCache.get(app) ?? new Map<string, { written: string; at: number; reply: Reply }>();
  parcelListCache.set(app, cache);
  const key = ctx.query.toString();
  const written = parcelWrites(app);
  const hit = cache.get(key);
  if (hit && hit.written === written && Date.now() - hit.at < PARCEL_CACHE_MS) return hit.reply;
  const reply = parcelList(app, ctx);
  cache.set(key, { written, at: Date.now(), reply });
  return reply;
}

/**
 * Fault sb-list-events-joined-by-parcel-id: the list joins the event table on carrierParcelId (not the parcel's own
 * key), so parcels of one carrier that share a carrierParcelId each show the events of all of them.
 */
function eventsJoinedByParcelId(parcels: readonly StoredParcel[]): Map<string, StoredParcel['record']['events']> {
  const joined = new Map<string, StoredParcel['record']['events']>();
  for (const p of parcels) joined.set(p.record.carrierParcelId, [...(joined.get(p.record.carrierParcelId) ?? [])]);
  for (const p of parcels) joined.get(p.record.carrierParcelId)!.push(...p.record.events);
  for (const events of joined.values()) events.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  return joined;
}

function parcelList(app: ReferenceApp, ctx: RequestContext): Reply {
  const carriers = notArchived(
    app,
    // Fault sh-parcels-scoped-by-locker: the parcels of the lockers the caller sees, not the ones it booked.
    // Fault saf-paged-list-drops-owner: with a paging parameter, the operators' findAll(pageable), of every carrier.
    // Fault san-parcel-list-keyset-skips-boundary: the table read in keyset batches, the row after each skipped.
    keysetSkipsBoundary(
      app,
      pagedAcrossCarriers(app, ctx.query) ??
        (app.fault('parcels-all-carriers')
          ? app.state.parcels
          : // Fault sav-parcel-partitions-scan-off-by-one: the last partition of the parcel table is not read.
            // Fault saw-second-key-operator-scope: the second carrier's key reads every carrier's parcels.
            partitionsScanOffByOne(
              app,
              bookingsThroughLockerIndex(
                app,
                // A LIMIT before the carrier filter; NOT LIKE of a NULL email.
                secondKeyOperatorScope(
                  app,
                  ctx.carrier.name,
                  // Fault sbd-parcel-list-sized-by-booking-counter: LIMIT the publish path's counter.
                  limitBeforeOwnerFilter(
                    app,
                    parcelsLimitedByBookingCounter(app, sameLockerVersion(app, listedParcelsOf(app, ctx.carrier.name))),
                  ),
                ),
              ),
            )),
    ),
  );
  // Fault sb-list-omits-alternative-delivery: the list query names the shipment types it knew when written
  // (shipmentType IN (LAST_MILE, FIRST_MILE, RETURN)), so ALTERNATIVE_DELIVERY parcels are not listed.
  const listed = app.fault('sb-list-omits-alternative-delivery')
    ? carriers.filter((p) => p.record.shipmentType !== 'ALTERNATIVE_DELIVERY')
    : carriers;
  // Fault so-parcel-list-to-map-first-wins: rows collected by carrierParcelId, the first kept.
  // Variation ok-ad-parcels-query-filters: the list filtered by the query's shipmentStatus, carrierParcelId, lockerUid.
  const own = firstPerParcelId(app, collectableOnly(app, filteredByQuery(app, ctx.query, listed))); // sz: no LOCKED
  const joined = app.fault('sb-list-events-joined-by-parcel-id') ? eventsJoinedByParcelId(own) : undefined;
  // Fault parcels-listed-per-compartment: a join with the locker's compartment types, not grouped.
  const compartments = (p: StoredParcel) =>
    app.state.lockers.get(p.record.lockerUid)?.record.compartmentTypes?.length || 1;
  const all = app.fault('parcels-listed-per-compartment')
    ? own.flatMap((p) => Array<StoredParcel>(compartments(p)).fill(p))
    : own;
  // Choice listLagMs: each parcel as it was written that long ago, and none written since.
  // Variation ok-o-parcels-last-changed-first: the list ordered by each parcel's last change, newest first.
  // Variation ok-s-parcels-ordered-by-parcel-id: the list ordered by carrierParcelId, then shipmentUid.
  // Variation ok-ah-parcels-active-first: the booked parcels first.
  // Variation ok-aj-parcels-newest-first: the list newest first.
  // Variation ok-an-parcels-grouped-by-locker: the list grouped by locker.
  // Variation ok-az-parcels-synchronized-scan-order: each read begins one parcel further round.
  const ordered = synchronizedScanOrder(
    app,
    parcelsGroupedByLocker(app, newestFirst(app, activeFirst(app, byParcelId(app, lastChangedFirst(app, all))))),
  );
  const parcels = app.choices.listLagMs
    ? ordered.flatMap((p) => {
        const shown = app.lag.shown(p, p.record);
        return shown === p.record ? [p] : shown ? [{ ...p, record: shown }] : [];
      })
    : ordered;
  const withoutEvents = app.fault('parcels-without-events');
  // Fault si-list-events-batch-fetch-limit: the records past one batch of lazy events are written without them.
  const batched = eventsBatchFetched(app, (p: StoredParcel) => {
    if (joined) return app.parcelView({ ...p, record: { ...p.record, events: joined.get(p.record.carrierParcelId)! } });
    // Fault sbd-closed-parcel-projection-written-once: a closed parcel from the projection written when it closed.
    if (!withoutEvents)
      return historyReversedByShortLoop(
        app,
        closedParcelFromProjection(app, p, (q) => app.parcelListView(q)),
      );
    const shown = { ...app.parcelListView(p) } as Record<string, unknown>;
    delete shown['events'];
    return shown;
  });
  // Fault sk-shipment-type-ordinal-reordered: the list's service reads shipmentType by an older ordinal.
  // Fault sm-list-log-masking-in-place: the response-logging interceptor masks the answer itself, not a copy.
  // Faults su-cancelled-spelled-twice, su-parcel-list-nan-volume: the view.
  // Fault sad-list-dimensions-status-case-no-else: the list's view computes dimensionsStatus with a CASE without ELSE.
  // Fault saf-list-consignee-json-refs: the serializer preserves references of the consignees' contacts.
  // Fault san-list-events-cached-by-status: the events from a cache refreshed when the status changes.
  // Fault sao-trigger-events-future-hidden: the history read WHERE occurred_at <= now().
  // Variation ok-ar-list-signature-left-out: the list's query reads no signature image.
  const view = signatureLeftOut(
    app,
    futureEventsHidden(
      app,
      eventsCachedByStatus(
        app,
        consigneeJsonRefs(
          app,
          dimensionsStatusCaseNoElse(
            app,
            cancelledSpelledAndVolume(app, maskedForLog(app, shipmentTypeOrdinal(app, batched))),
          ),
        ),
      ),
    ),
  );
  // Fault saj-list-locker-joined-by-carrier-locker-id: lockerUid from a join on the parcel's carrierLockerId.
  // Fault sat-list-status-by-event-text-order: the status of the newest entry by the text of its time.
  // Fault sax-parcel-list-empty-consignee-array: an empty PHP array written [].
  // Faults sba-parcel-list-null-as-empty-string, sba-parcel-list-locker-uid-automapped: the list serializer.
  // The lock state's flag off in the list service; a pod of the release before.
  // Fault sbk-mock-parcels-listed-v10-status: the mock's 1.0 documents through an adapter missing a rename.
  const joinedView = mockDocumentsAdapted(
    app,
    lockStateFlagAndOldPods(
      app,
      nullAsEmptyAndAutomapped(
        app,
        emptyConsigneeArray(
          app,
          statusByEventTextOrder(app, lockerJoinedByCarrierLockerId(app, ctx.carrier.name, view)),
        ),
      ),
    ),
  );
  // Variation ok-i-parcels-drf-pages: page-number pages, {count, next, previous, results}.
  // Variation ok-q-parcels-aip-pages: pages of {parcels, nextPageToken}.
  // Variation ok-u-parcels-link-header-pages: GitHub-style pages; fault su-parcel-list-nan-volume: Flask's jsonify.
  const reply = listWithNanTokens(
    app,
    linkPaged(app, parcels, ctx.query, joinedView) ??
      aipPage(app, parcels, ctx.query, joinedView) ??
      drfPage(app, parcels, ctx.query, joinedView) ??
      app.list(parcels, ctx.query, joinedView),
  );
  // Fault sab-parcel-list-trailing-comma: a hand-made writer; variation ok-aj-parcels-etag: a validator, 304.
  // Variation ok-an-parcels-summary-envelope: {parcels, total, summary}.
  return etagged(app, ctx, streamedArray(app, ctx.carrier.name, parcelsSummaryEnvelope(app, reply)));
}
