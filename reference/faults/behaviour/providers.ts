// The faults' behaviour of the provider catalogue, GET /lockers/providers (providers.ts). With its fault off each point
// does what the service does.
import { createHash } from 'node:crypto';
import type { ReferenceApp } from '../../app';
import { type Editable, isObject, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { ProviderModel } from '../../model';
import type { FaultPointApp, Reply } from '../../request-types';

/**
 * Fault se-provider-pairs-control-break: the catalogue rows, sorted by provider, are grouped by a control-break loop
 * that takes the next provider only after writing the row that changed it: each provider's first pair is listed under
 * the provider before it.
 */
export function groupedByControlBreak<T extends { providerName: string; providerUid: string }>(
  app: Switches,
  rows: readonly T[],
): readonly T[] {
  if (!app.fault('se-provider-pairs-control-break') || rows.length === 0) return rows;
  let current = rows[0]!;
  return rows.map((row) => {
    const entry = { ...row, providerName: current.providerName, providerUid: current.providerUid };
    if (row.providerName !== current.providerName) current = row;
    return entry;
  });
}

/**
 * Fault sl-providers-unversioned-model-null: the catalogue is read as providers LEFT JOIN models LEFT JOIN versions,
 * so a model onboarded before any of its versions (PROVIDER_NAME_7's M750) is an entry with lockerVersion null.
 */
export function catalogueJoined(app: FaultPointApp, catalogue: readonly ProviderModel[]): readonly ProviderModel[] {
  if (!app.fault('sl-providers-unversioned-model-null')) return catalogue;
  const announced = { providerName: 'PROVIDER_NAME_7', providerUid: 'prv-7', lockerModel: 'M750', lockerVersion: null };
  return [...catalogue, announced as unknown as ProviderModel];
}

/**
 * Variation ok-p-providers-include-carrier-models: the catalogue lists, beside its own pairs, every provider, model
 * and version pair of a locker the caller sees, with the provider's uid where the platform knows the provider.
 */
export function withLockerModels(app: FaultPointApp, carrier: string, catalogue: ProviderModel[]): ProviderModel[] {
  if (!app.fault('ok-p-providers-include-carrier-models')) return catalogue;
  const pairs = new Set(catalogue.map((p) => `${p.providerName}\n${p.lockerModel}\n${p.lockerVersion}`));
  const extra: ProviderModel[] = [];
  for (const { record } of app.state.lockers.values()) {
    if (record.ownedByCarrier !== null && record.ownedByCarrier !== carrier) continue;
    const { name, lockerModel, lockerVersion } = record.provider;
    const pair = `${name}\n${lockerModel}\n${lockerVersion}`;
    if (pairs.has(pair)) continue;
    pairs.add(pair);
    const providerUid = catalogue.find((p) => p.providerName === name)?.providerUid;
    extra.push({
      providerName: name,
      ...(providerUid ? { providerUid } : {}),
      lockerModel,
      lockerVersion,
    } as ProviderModel);
  }
  return [...catalogue, ...extra];
}

/**
 * Variation ok-r-providers-query-filter: GET /lockers/providers takes the query parameters providerName and
 * lockerModel (§4.4: query parameters not shown) and lists only the entries whose member equals each one given.
 */
export function providersFiltered<T extends { providerName: string; lockerModel: string }>(
  app: FaultPointApp,
  query: URLSearchParams,
  entries: T[],
): T[] {
  if (!app.fault('ok-r-providers-query-filter')) return entries;
  const [name, model] = [query.get('providerName'), query.get('lockerModel')];
  return entries.filter(
    (e) => (name === null || e.providerName === name) && (model === null || e.lockerModel === model),
  );
}

/** Variation ok-t-provider-uids-uuid: a provider's uid as the platform's provider registry gives it, a UUID. */
function providerUuid(name: string): string {
  const h = createHash('sha1').update(`provider:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The provider catalogue as this fault and variation write it. Variation ok-t-provider-uids-uuid: providerUid is the
 * registry's UUID of the provider. Fault st-providers-versions-aggregated: the catalogue query groups by provider and
 * model with array_agg(version), so each model is one entry whose lockerVersion is an array of its versions.
 */
export function catalogueUuidsAndVersions(app: ReferenceApp, catalogue: readonly ProviderModel[]): readonly Editable[] {
  const entries: readonly Editable[] = app.fault('ok-t-provider-uids-uuid')
    ? catalogue.map((p) => ({ ...p, providerUid: providerUuid(p.providerName) }))
    : catalogue;
  if (!app.fault('st-providers-versions-aggregated')) return entries;
  const models = new Map<string, Editable>();
  for (const p of entries) {
    const key = `${String(p['providerName'])}\n${String(p['lockerModel'])}`;
    const held = models.get(key);
    if (held) held['lockerVersion'].push(p['lockerVersion']);
    else models.set(key, { ...p, lockerVersion: [p['lockerVersion']] });
  }
  return [...models.values()];
}

/** A dotted version's numbers, for ordering (1.10 after 1.9). */
const versionParts = (v: unknown) =>
  typeof v === 'string' ? v.split('.').map((p) => Number.parseInt(p, 10) || 0) : [];

function newerFirst(a: unknown, b: unknown): number {
  const [x, y] = [versionParts(a), versionParts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0);
  return 0;
}

/**
 * Variation ok-aa-providers-newest-version-first: each provider's pairs newest version first, the providers in the
 * catalogue's order.
 */
export function newestVersionFirst<T>(app: FaultPointApp, entries: readonly T[]): readonly T[] {
  if (!app.fault('ok-aa-providers-newest-version-first')) return entries;
  const member = (e: T, name: string): unknown => (isObject(e) ? e[name] : undefined);
  const providers = [...new Set(entries.map((e) => member(e, 'providerName')))];
  const rank = (e: T) => providers.indexOf(member(e, 'providerName'));
  return [...entries].sort(
    (a, b) => rank(a) - rank(b) || newerFirst(member(a, 'lockerVersion'), member(b, 'lockerVersion')),
  );
}

// --- Variation ok-an-providers-locker-count ---

/** The records of a list answer, bare or in the envelope a choice gives. */
function listedItems(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isObject(body)) return undefined;
  for (const member of ['items', 'content']) if (Array.isArray(body[member])) return body[member] as unknown[];
  return undefined;
}

/** Variation ok-an-providers-locker-count: each pair also counts the lockers the caller sees of it. */
export function providersLockerCount(app: StateApp, carrier: string, reply: Reply): Reply {
  if (!app.fault('ok-an-providers-locker-count')) return reply;
  const lockers = app.state.visibleLockers(carrier);
  for (const entry of listedItems(reply.body) ?? []) {
    if (!isObject(entry)) continue;
    entry['lockerCount'] = lockers.filter(
      ({ record: { provider } }) =>
        provider.name === entry['providerName'] &&
        provider.lockerModel === entry['lockerModel'] &&
        provider.lockerVersion === entry['lockerVersion'],
    ).length;
  }
  return reply;
}

// --- The catalogue's entries (providers.ts) ---

/** Variation ok-bc-providers-pairs-per-account: the provider with a second account, and that account's uid. */
const SECOND_ACCOUNT = { providerName: 'PROVIDER_NAME_1', suffix: '-2' };

/**
 * The catalogue's entries, as listed.
 * - Variation ok-bc-providers-pairs-per-account: PROVIDER_NAME_1's pairs listed again under its second account.
 */
export function catalogueSecondAccountPairs<T extends Editable>(app: Switches, entries: readonly T[]): readonly T[] {
  if (!app.fault('ok-bc-providers-pairs-per-account')) return entries;
  const second = entries
    .filter((e) => e['providerName'] === SECOND_ACCOUNT.providerName)
    .map((e) => ({ ...e, providerUid: `${String(e['providerUid'])}${SECOND_ACCOUNT.suffix}` }));
  const last = entries.map((e) => e['providerName']).lastIndexOf(SECOND_ACCOUNT.providerName);
  return last === -1 ? entries : [...entries.slice(0, last + 1), ...second, ...entries.slice(last + 1)];
}
