// The points where faults change the locker list (§4.2), in the order lockers.ts's listLockersFresh() reaches them.
// With every fault off each point does what the specification has the service do, so listLockersFresh() reads as the
// correct service; each fault is named at its point, its behaviour here or in faults/behaviour/locker-list*.ts.
import type { ReferenceApp, Reply, RequestContext } from '../app';
import type { LockerRecord, StoredLocker } from '../model';
import {
  addressHistoryRows,
  checkAnyFound,
  disabledMatchesAnyProvider,
  listedByJoin,
  listedWithoutFilter,
  providerFilter,
  providerFilterDroppedOverRate,
  providerFilterRawQuery,
  providerFromModelCatalogue,
  zeroCoordinateHidden,
} from '../faults/behaviour/locker-list';
import {
  cursorPages,
  listAggregatedMetadata,
  listCarrierWrittenTwice,
  listFeaturesInterned,
  listFeaturesMemoAndEnvelope,
  revivedFromIndex,
} from '../faults/behaviour/locker-list-answer';
import {
  countsAsListed,
  lastChangedFirst,
  listedActivationPerNode,
  listedActivationWeekYear,
  listedCoordinateAndPostalCode,
  listedFromMysqlColumns,
  listedFromSearchIndex,
  listedMetadataRows,
  listedRecordFromRenderMemo,
  listedScheduleV10Member,
  listMapped,
  lockersByActivationDate,
  lockersGroupedByProvider,
  lockersNaturalOrder,
  mergedFleetAndFeed,
  networkMembersFirst,
  onePerPoint,
} from '../faults/behaviour/locker-list-records';
import { unlessSoftDeleted } from '../faults/behaviour/lockers';
import { asciiFolded, likePattern } from './locker-list-text';

/** Fault sc-locker-list-silent-cap: the repository's default page, whose content alone is answered. */
const LIST_CAP = 50;

/** Query parameters of paging, not filters (fault x47-provider-filter-dropped-with-other-filter). */
const PAGING_PARAMETERS = new Set(['page', 'size', 'sort']);

export interface ListPoints {
  /** The providerName filter asked, or null. */
  providerName(asked: string | null): string | null;
  /** Whether a locker the caller sees is listed, the providerName filter (§4.2) apart. */
  listed(locker: StoredLocker, providerName: string | null): boolean;
  /** Whether a locker is of the provider the filter names (§4.2: "Filter: providerName"). */
  ofProvider(locker: StoredLocker, providerName: string): boolean;
  /** The lockers listed, in the order listed (§4.2 shows none). */
  ordered(lockers: StoredLocker[]): StoredLocker[];
  /** The entries of the list: the lockers (the same array). */
  entries(lockers: StoredLocker[]): (StoredLocker | string)[];
  /** An empty list is answered as any other (never). */
  found(lockers: readonly unknown[]): void;
  /** One entry as listed: the locker record (§2.1). */
  view(entry: StoredLocker | string): unknown;
  /** The answer, as the list gives it. */
  answered(reply: Reply): Reply;
}

export function listPoints(app: ReferenceApp, ctx: RequestContext): ListPoints {
  const carrier = ctx.carrier.name;
  // Conformant variation ok-c-list-status-filter: filters by status and city too (§4.2: their names not shown).
  const [status, city] = app.fault('ok-c-list-status-filter')
    ? [ctx.query.get('status'), ctx.query.get('city')]
    : [null, null];
  // Fault x47-provider-filter-dropped-with-other-filter: providerName is applied only as the one filter of a query.
  const otherFilter = [...ctx.query.keys()].some((k) => k !== 'providerName' && !PAGING_PARAMETERS.has(k));
  const ignoreFilter =
    app.fault('list-ignores-provider-filter') ||
    (otherFilter && app.fault('x47-provider-filter-dropped-with-other-filter'));
  // Fault sa-list-owner-from-network: ownedByCarrier from a left join with the network memberships.
  const inANetwork = app.fault('sa-list-owner-from-network')
    ? new Set([...app.state.networks.values()].flatMap((n) => [...n.members.keys()]))
    : undefined;
  const ownerJoined = (r: LockerRecord & { lockerGroups?: unknown }) =>
    inANetwork && !inANetwork.has(r.uid) ? { ...r, ownedByCarrier: null } : r;
  const withCarriers = app.fault('list-carriers-array');
  let like: RegExp | undefined;
  // Fault se-list-mapper-trims-metadata: the list's own mapper fails on a null metadata key or value.
  // Fault sj-compartment-count-as-text: the free counts of a locker holding bookings come back as strings.
  // Features as TINYINT numbers, activationDate rounded to the second, all-null metadata entries filtered.
  // Fault sao-list-activation-week-year: activationDate written by the list mapper's week-year pattern.
  // Fault sap-list-schedule-v10-member: opening hours through the 1.0 projection.
  const mapped = (l: StoredLocker) =>
    listedScheduleV10Member(
      app,
      listedActivationWeekYear(
        app,
        listedFromMysqlColumns(
          app,
          l,
          countsAsListed(
            app,
            l,
            ownerJoined(
              app.fault('list-ascii-folding') ? asciiFolded(app.lockerView(l)) : app.lockerView(listMapped(app, l)),
            ),
          ),
        ),
      ),
    );
  // The search index, a geography column, ciphertext, schedule rows, MAX(status), a map, folded aliases.
  // Coordinates from their parts, digits read back from a long. Metadata as the join and index give it.
  // Variation ok-bb-activation-offset-per-node: the list taken in turn by a node in another zone.
  const view = listedActivationPerNode(app, (l: StoredLocker) =>
    listedMetadataRows(app, l, listedCoordinateAndPostalCode(app, listedFromSearchIndex(app, ctx, l, mapped(l)))),
  );
  return {
    // Fault sc-list-filter-sticks: the providerName of an earlier request stays on a query builder shared by all.
    // Fault sbd-list-over-rate-served-unfiltered: past a rate, the degraded read path, which takes no filter.
    providerName: (asked) => providerFilterDroppedOverRate(app, carrier, providerFilter(app, asked)),
    listed: (l, providerName) =>
      // Fault sj-inactive-soft-deleted: the repository's restriction leaves INACTIVE lockers out.
      !!unlessSoftDeleted(app, l) &&
      // Fault sl-list-inner-join-metadata: the metadata joined with an inner join, so a locker without any is left
      // out. Variation ok-w-list-third-party-only-when-filtered.
      listedByJoin(app, l) &&
      listedWithoutFilter(app, l, providerName) &&
      // Fault sai-list-zero-coordinate-hidden (lat <> 0 AND lon <> 0); variation ok-ai-list-locker-id-filter.
      !!zeroCoordinateHidden(app, l, ctx.query),
    ofProvider: (l, providerName) => {
      if (ignoreFilter) return true;
      if (disabledMatchesAnyProvider(app, l)) return true; // Fault sbg-filter-lists-disabled-lockers
      // Fault sc-provider-filter-precedence: "owned_by = :carrier OR owned_by IS NULL AND provider_name = :name".
      if (app.fault('sc-provider-filter-precedence') && l.record.ownedByCarrier === carrier) return true;
      // Fault x45-provider-filter-like-wildcards: the filter is a LIKE pattern (compiled once a request).
      if (app.fault('x45-provider-filter-like-wildcards')) {
        like ??= likePattern(providerName);
        return like.test(l.record.provider.name);
      }
      // Fault saq-provider-filter-owner-from-model-catalogue: the provider the search document was indexed with.
      // The raw query string, a value split at commas; a repeated providerName (a variation).
      return (
        providerFilterRawQuery(app, ctx.query, l.record, providerName) ??
        providerFromModelCatalogue(app, l.record) === providerName
      );
    },
    ordered: (listed) => {
      let lockers = listed
        .filter((l) => status === null || l.record.carrier.status === status)
        .filter((l) => city === null || l.record.location['city'] === city);
      // Fault sp-list-one-marker-per-point: the own and the feed's lockers merged into a map keyed by "lon,lat".
      lockers = onePerPoint(app, lockers);
      // Fault sc-locker-list-silent-cap: the first page of the query, oldest first, and nothing to reach the rest.
      if (app.fault('sc-locker-list-silent-cap')) lockers = lockers.slice(0, LIST_CAP);
      if (app.fault('list-hides-newest')) {
        const newest = Math.max(...lockers.map((l) => Number(l.record.uid)).filter((n) => n < 900000));
        lockers = lockers.filter((l) => Number(l.record.uid) !== newest);
      }
      // Choice ok-a-list-newest-first (conformant: §4.2 shows no order).
      if (app.fault('ok-a-list-newest-first')) lockers = [...lockers].reverse();
      lockers = lastChangedFirst(app, lockers); // Variation ok-al-lockers-last-changed-first
      lockers = lockersByActivationDate(app, lockers); // Variation ok-ao-lockers-by-activation-date
      lockers = lockersGroupedByProvider(app, lockers); // Variation ok-bd-lockers-grouped-by-provider
      lockers = networkMembersFirst(app, carrier, lockers); // Variation ok-bg-list-network-members-first
      // The fleet and the feed merged by lockerName. Variation ok-ax-lockers-natural-collation-order.
      return lockersNaturalOrder(app, mergedFleetAndFeed(app, carrier, lockers));
    },
    entries: (lockers) => {
      // Fault saz-list-address-history-unfiltered: one entry per address row, closed ones too.
      const listed: (StoredLocker | string)[] = addressHistoryRows(app, lockers);
      if (app.fault('list-entry-not-a-record')) listed.push(`locker ${lockers[0]?.record.uid ?? 0}`);
      return listed;
    },
    // Fault sn-list-empty-as-404: an empty result is not found. Variation ok-n-locker-list-cursor-pages: cursor pages.
    found: (lockers) => checkAnyFound(app, lockers),
    // Fault sbd-list-render-memo-status-write-bypass: each record from a memo the status write does not evict.
    view: (l) =>
      typeof l === 'string'
        ? l
        : listedRecordFromRenderMemo(app, l, () =>
            withCarriers ? { ...view(l), carriers: [l.record.carrier] } : view(l),
          ),
    // Fault sp-list-metadata-values-revived: metadata read back from the search index through a JSON reviver. Faults
    // sr-list-features-memo-by-model, sr-list-mapper-mutates-store; variation ok-r-list-hal-envelope; json_agg's
    // metadata, a view before location types, names in order (faults st-list-metadata-json-agg-null,
    // st-list-view-predates-location-type, variation ok-t-list-sorted-by-name). Fault
    // sav-list-features-interned-circular: interned features written by a circular-safe stringify. Fault
    // sax-list-carrier-written-twice: the compatibility mixin writes carrier again.
    answered: (reply) =>
      listCarrierWrittenTwice(
        app,
        listFeaturesInterned(
          app,
          listAggregatedMetadata(
            app,
            listFeaturesMemoAndEnvelope(app, ctx, revivedFromIndex(app, cursorPages(app, ctx.query, reply))),
          ),
        ),
      ),
  };
}
