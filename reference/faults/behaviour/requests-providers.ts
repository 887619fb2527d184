// The route wrappers' behaviour around GET /lockers/providers. With its fault off each point does what the service
// does.
import { type Editable, isObject, type Switches } from '../../handlers/fault-point-state';
import type { ProviderModel } from '../../model';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import { PROVIDER_MODELS } from '../../seed';
import { after, type PooledApp, recordArrays } from './requests-routes';
import { type Handler, pairKey } from './shared';

const catalogueCache = new WeakMap<object, { at: number; body: unknown }>();
const CATALOGUE_CACHE_MS = 300_000;

/** The answer as the cache writer stores it: each entry as its JSON text (a Redis list of strings). */
function entriesAsText(body: unknown): unknown {
  const copy: unknown = structuredClone(body);
  for (const entries of recordArrays(copy)) entries.splice(0, entries.length, ...entries.map((e) => JSON.stringify(e)));
  return copy;
}

/**
 * Fault sv-providers-cache-entries-unparsed: cached aside for 5 minutes, each entry stored as JSON text and read
 * back unparsed: later GETs answer JSON strings.
 */
export function catalogueCacheUnparsed<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) => {
    if (!app.fault('sv-providers-cache-entries-unparsed')) return handle(app, ctx);
    const hit = catalogueCache.get(app);
    if (hit && Date.now() - hit.at < CATALOGUE_CACHE_MS) return { status: 200, body: structuredClone(hit.body) };
    return after(handle(app, ctx), (reply) => {
      if (reply.status === 200) catalogueCache.set(app, { at: Date.now(), body: entriesAsText(reply.body) });
      return reply;
    });
  };
}

/** Fault sw-providers-yaml-version-floats: the providers whose pairs come from the catalogue's YAML file. */
const YAML_PROVIDERS = new Set(['PROVIDER_NAME_5', 'PROVIDER_NAME_6', 'PROVIDER_NAME_7']);

/**
 * GET /lockers/providers as a YAML catalogue loads it. Fault sw-providers-yaml-version-floats: a version written
 * unquoted in YAML (1.0, 2.1) is loaded as a float and answered as a JSON number. Variation ok-w-providers-uid-omitted:
 * entries without providerUid.
 */
export function yamlVersionsAndUidOmitted<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) => {
    const floats = app.fault('sw-providers-yaml-version-floats');
    const noUid = app.fault('ok-w-providers-uid-omitted');
    if (!floats && !noUid) return handle(app, ctx);
    return after(handle(app, ctx), (reply) => {
      if (reply.status !== 200) return reply;
      const body: unknown = structuredClone(reply.body);
      for (const entry of recordArrays(body).flat().filter(isObject)) {
        const version = entry['lockerVersion'];
        const fromYaml = YAML_PROVIDERS.has(entry['providerName']) && typeof version === 'string';
        if (floats && fromYaml && /^\d+\.\d+$/.test(version)) entry['lockerVersion'] = Number(version);
        if (noUid) delete entry['providerUid'];
      }
      return { ...reply, body };
    });
  };
}

/** Fault sy-providers-cold-cache-empty: when each app's catalogue cache was last filled. */
const catalogueLoaded = new WeakMap<object, number>();
const CATALOGUE_TTL_MS = 5 * 60_000;

/**
 * Fault sy-providers-cold-cache-empty: the catalogue is fetched from the provider registry into a cache on first use
 * without awaiting the fetch: the first GET /lockers/providers after start, and the first after each expiry (5 min),
 * is answered with the empty cache, no entry.
 */
export function catalogueWarming<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  const loaded = catalogueLoaded.get(app);
  if (!app.fault('sy-providers-cold-cache-empty') || (loaded !== undefined && Date.now() - loaded < CATALOGUE_TTL_MS))
    return handle(app, ctx);
  catalogueLoaded.set(app, Date.now());
  return after(handle(app, ctx), (reply) => {
    const body: unknown = structuredClone(reply.body);
    for (const entries of recordArrays(body)) entries.length = 0;
    return reply.status === 200 ? { ...reply, body } : reply;
  });
}

/** Fault sac-providers-localized-name: the providers whose names were entered since they became translatable. */
const TRANSLATED = new Set(['PROVIDER_NAME_6', 'PROVIDER_NAME_7']);

/**
 * Fault sac-providers-localized-name: provider names became translatable (a JSONB column of locale to text), and the
 * catalogue maps the column as it is: the providers onboarded since show providerName as {en, de}.
 */
export function localizedNames(app: Switches, reply: Reply): Reply {
  if (!app.fault('sac-providers-localized-name')) return reply;
  for (const entries of recordArrays(reply.body))
    entries.forEach((e, i) => {
      if (isObject(e) && TRANSLATED.has(e['providerName']))
        entries[i] = { ...e, providerName: { en: e['providerName'], de: e['providerName'] } };
    });
  return reply;
}

/**
 * Fault sae-providers-registered-uid-null: the pairs of lockers the catalogue lacks are registered on the fly, a new
 * provider's uid left null until the registry confirms it (never, on staging).
 */
export function registeredPairs(app: FaultPointApp, reply: Reply): Reply {
  if (!app.fault('sae-providers-registered-uid-null') || app.options.choices.providerEntries !== 'pairs') return reply;
  const entries = recordArrays(reply.body)[0];
  if (!entries || reply.status >= 300) return reply;
  const key = (name: string, model: string, version: string) => JSON.stringify([name, model, version]);
  const known = new Set(PROVIDER_MODELS.map((p) => key(p.providerName, p.lockerModel, p.lockerVersion)));
  const uidOf = new Map(PROVIDER_MODELS.map((p) => [p.providerName, p.providerUid]));
  for (const { record } of app.state.lockers.values()) {
    const { name, lockerModel, lockerVersion } = record.provider;
    if (record.ownedByCarrier === null || known.has(key(name, lockerModel, lockerVersion))) continue;
    known.add(key(name, lockerModel, lockerVersion));
    entries.push({ providerName: name, providerUid: uidOf.get(name) ?? null, lockerModel, lockerVersion });
  }
  return reply;
}

/**
 * Variation ok-ae-providers-from-lockers: the catalogue answered from the lockers the caller sees, one entry per
 * distinct provider, model and version, with the catalogue's providerUid where the provider is catalogued.
 */
export function pairsOfLockers<A extends PooledApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
  if (!app.fault('ok-ae-providers-from-lockers') || app.options.choices.providerEntries !== 'pairs')
    return handle(app, ctx);
  const uidOf = new Map(PROVIDER_MODELS.map((p) => [p.providerName, p.providerUid]));
  const seen = new Set<string>();
  const entries: Partial<ProviderModel>[] = [];
  for (const { record } of app.state.visibleLockers(ctx.carrier.name)) {
    const { name, lockerModel, lockerVersion } = record.provider;
    const key = pairKey(name, lockerModel, lockerVersion);
    if (seen.has(key)) continue;
    seen.add(key);
    const providerUid = uidOf.get(name);
    entries.push({ providerName: name, ...(providerUid ? { providerUid } : {}), lockerModel, lockerVersion });
  }
  return app.list(entries, ctx.query);
}

/** Variation ok-ag-providers-catalogue-envelope: the catalogue answered in an object of its own. */
export function catalogueEnvelope(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-ag-providers-catalogue-envelope') || reply.status >= 300 || !Array.isArray(reply.body))
    return reply;
  return { ...reply, body: { providers: reply.body, count: reply.body.length } };
}

/** Variation ok-ai-providers-retired-versions: a retired version 0.9 of each model, and a retired flag on each. */
export function retiredVersions(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-ai-providers-retired-versions') || reply.status >= 300 || !Array.isArray(reply.body)) return reply;
  const current = reply.body.map((e: unknown) => (isObject(e) ? { ...e, retired: false } : e));
  const models = new Map<string, Editable>();
  for (const e of current)
    if (isObject(e) && typeof e['lockerModel'] === 'string')
      models.set(JSON.stringify([e['providerName'], e['providerUid'], e['lockerModel']]), e);
  const retired = [...models.values()].map((e) => ({ ...e, lockerVersion: '0.9', retired: true }));
  return { ...reply, body: [...current, ...retired] };
}
