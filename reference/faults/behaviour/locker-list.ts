// The faults' behaviour of which lockers GET /lockers lists (list-points.ts listed, ofProvider, providerName, found;
// lists.ts's pages), and what the list's other points share. With its fault off each point does what the service does.
import { notFound } from '../../errors';
import { perApp, type Switches } from '../../handlers/fault-point-state';
import type { LockerRecord, StoredLocker } from '../../model';
import type { FaultPointApp as ReferenceApp } from '../../request-types';
import { PROVIDER_MODELS } from '../../seed';
import { type App, rawQueries, storageOf } from './shared';

/** Fault sc-list-filter-sticks: the providerName condition of a query builder shared by every request. */
const lastProviderFilter = new WeakMap<ReferenceApp, string>();

/** The providerName a list applies: under the fault, the last one any request gave when this one gives none. */
export function providerFilter(app: ReferenceApp, sent: string | null): string | null {
  if (!app.fault('sc-list-filter-sticks')) return sent;
  if (sent !== null) lastProviderFilter.set(app, sent);
  return sent ?? lastProviderFilter.get(app) ?? null;
}

/** Fault se-page-window-one-based: the window of records a requested page is given (pages count from 0). */
export function pageWindow(app: Switches | undefined, page: number): number {
  return app?.fault('se-page-window-one-based') ? Math.max(page - 1, 0) : page;
}

/**
 * Fault sl-list-inner-join-metadata: GET /lockers reads each locker with its metadata aggregated by an inner join on
 * the metadata table, so a locker without metadata entries has no row and is not listed.
 */
export function listedByJoin(app: ReferenceApp, locker: StoredLocker): boolean {
  return !app.fault('sl-list-inner-join-metadata') || locker.record.metadata.length > 0;
}

/**
 * Fault sn-list-empty-as-404: the locker query service throws its not-found exception on an empty result (the habit of
 * its single-record finders), which the controller answers 404.
 */
export function checkAnyFound(app: ReferenceApp, found: readonly unknown[]): void {
  if (app.fault('sn-list-empty-as-404') && found.length === 0)
    throw notFound('LOCKERS_NOT_FOUND', 'no locker matches the query');
}

/** Variation ok-w-list-third-party-only-when-filtered: whether an unfiltered list shows the locker (own ones only). */
export function listedWithoutFilter(app: ReferenceApp, locker: StoredLocker, providerName: string | null): boolean {
  return (
    !app.fault('ok-w-list-third-party-only-when-filtered') || providerName !== null || !!locker.record.ownedByCarrier
  );
}

/**
 * Fault sai-list-zero-coordinate-hidden: the list's "not geocoded" condition, meant as NOT (lat = 0 AND lon = 0),
 * written lat <> 0 AND lon <> 0. Variation ok-ai-list-locker-id-filter: the carrier filter lockerId.
 */
export function zeroCoordinateHidden(app: Switches, locker: StoredLocker, query: URLSearchParams): boolean {
  if (!lockerIdFilter(app, locker, query)) return false;
  if (!app.fault('sai-list-zero-coordinate-hidden')) return true;
  const { lat, lon } = locker.record.location;
  return Number(lat) !== 0 && Number(lon) !== 0;
}

/** Variation ok-ai-list-locker-id-filter: the carrier filter lockerId, where the query gives one. */
export function lockerIdFilter(app: Switches, locker: StoredLocker, query: URLSearchParams): boolean {
  const lockerId = app.fault('ok-ai-list-locker-id-filter') ? query.get('lockerId') : null;
  return lockerId === null || locker.record.carrier.lockerId === lockerId;
}

// --- The provider a providerName filter compares (list-points.ts ofProvider) ---

/**
 * The provider name a locker is filtered by: its provider.name. Fault saq-provider-filter-owner-from-model-catalogue:
 * the search document's provider, the catalogue's owner of the locker's lockerModel where the catalogue has it.
 */
export function providerFromModelCatalogue(app: App, record: LockerRecord): string {
  if (!app.fault('saq-provider-filter-owner-from-model-catalogue')) return record.provider.name;
  return (
    PROVIDER_MODELS.find((p) => p.lockerModel === record.provider.lockerModel)?.providerName ?? record.provider.name
  );
}

// --- The locker list's provider filter (list-points.ts ofProvider) ---

/** The first value of a query parameter as the query string carries it, not decoded. */
function rawParameter(search: string, name: string): string | undefined {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=');
    if ((at < 0 ? pair : pair.slice(0, at)) === name) return at < 0 ? '' : pair.slice(at + 1);
  }
  return undefined;
}

/**
 * Whether a locker is of the provider the filter names, where one of these faults decides it; undefined elsewhere (the
 * list's own comparison).
 * - Fault sau-provider-filter-raw-query: the value compared as the query string carries it, not percent-decoded.
 * - Fault sau-provider-filter-comma-split: a value holding commas filters by its trimmed parts.
 * - Variation ok-au-provider-filter-repeated-any-of: a repeated providerName lists the lockers of any value.
 */
export function providerFilterRawQuery(
  app: Switches,
  query: URLSearchParams,
  record: LockerRecord,
  providerName: string,
): boolean | undefined {
  const name = record.provider.name;
  const search = app.fault('sau-provider-filter-raw-query') ? rawQueries.get(query) : undefined;
  if (search !== undefined) return rawParameter(search, 'providerName') === name;
  if (app.fault('sau-provider-filter-comma-split') && providerName.includes(','))
    return providerName
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .includes(name);
  const values = query.getAll('providerName');
  if (app.fault('ok-au-provider-filter-repeated-any-of') && values.length > 1) return values.includes(name);
  return undefined;
}

// --- GET /lockers (list-points.ts entries and view) ---

/**
 * Fault saz-list-address-history-unfiltered: each locker once per address row it has, closed ones first, each closed
 * one showing the location it held.
 */
export function addressHistoryRows(app: Switches, lockers: StoredLocker[]): StoredLocker[] {
  if (!app.fault('saz-list-address-history-unfiltered')) return lockers;
  const closed = storageOf(app).closedAddresses;
  return lockers.flatMap((l) => [
    ...(closed.get(l.record.uid) ?? []).map((location) => ({ ...l, record: { ...l.record, location } })),
    l,
  ]);
}

// --- GET /lockers of a carrier in the current second (list-points.ts providerName, lockers.ts the list's answer) ---

/** The GET /lockers of each carrier in the current second (a fault's degraded path, a variation's 429). */
const listRateTables = new WeakMap<object, Map<string, { second: number; count: number }>>();

/** The GET /lockers of `carrier` counted so far in the current second, this one included. */
export function listsThisSecond(app: object, carrier: string, kind: string): number {
  const rates = perApp(listRateTables, app, () => new Map<string, { second: number; count: number }>());
  const second = Math.floor(Date.now() / 1000);
  const key = `${kind} ${carrier}`;
  const held = rates.get(key);
  const count = held && held.second === second ? held.count + 1 : 1;
  rates.set(key, { second, count });
  return count;
}

/** Fault sbd-list-over-rate-served-unfiltered: lists a second a carrier gets from the full read path. */
const FULL_LISTS_PER_SECOND = 5;

/**
 * The providerName filter a list applies. Fault sbd-list-over-rate-served-unfiltered: past 5 lists of a carrier in
 * one second, the list is served by the degraded read path (the carrier's lockers from the lite query, put in so that a
 * polling client is not refused), which takes no filter: the providerName asked is dropped.
 */
export function providerFilterDroppedOverRate(app: Switches, carrier: string, asked: string | null): string | null {
  if (!app.fault('sbd-list-over-rate-served-unfiltered')) return asked;
  return listsThisSecond(app, carrier, 'degraded') > FULL_LISTS_PER_SECOND ? null : asked;
}

// --- The locker list's provider filter (list-points.ts ofProvider) ---

/** Fault sbg-filter-lists-disabled-lockers: a locker not ACTIVE matches every providerName filter. */
export function disabledMatchesAnyProvider(app: ReferenceApp, locker: StoredLocker): boolean {
  return app.fault('sbg-filter-lists-disabled-lockers') && locker.record.carrier.status !== 'ACTIVE';
}

// --- The locker list's provider filter (list-points.ts ofProvider; lockers.ts listLockersFresh) ---

/** Fault sbj-provider-filter-reads-bucket-table: the provider tables, four since the providers outgrew one each. */
const PROVIDER_TABLES = 4;

/** The table a provider's lockers are kept in: Math.floorMod(name.hashCode(), 4), as the JVM service picks it. */
function providerTable(name: string): number {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (Math.imul(31, hash) + name.charCodeAt(i)) | 0;
  return ((hash % PROVIDER_TABLES) + PROVIDER_TABLES) % PROVIDER_TABLES;
}

/** Whether the providerName filter lists a locker; with the fault, every locker of the provider's table is. */
export function providerTableRead(
  app: Switches,
  locker: StoredLocker,
  providerName: string,
  ofProvider: () => boolean,
) {
  if (!app.fault('sbj-provider-filter-reads-bucket-table')) return ofProvider();
  return providerTable(locker.record.provider.name) === providerTable(providerName);
}
