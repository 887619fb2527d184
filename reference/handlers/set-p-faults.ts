// The points where the faults and variations of set P change the locker, list, status, network,
// provider, key and error paths: each function does what the service does when its fault is off (nothing, or the value
// as given) and the fault's behaviour when it is on. The lines that call them are in server.ts, routes.ts, http-io.ts,
// lockers.ts, locker-update.ts, networks.ts and providers.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest } from '../errors';
import { parked } from '../faults/behaviour/lockers';
import { REPLAY_MS } from '../faults/behaviour/shared';
import type { Json, JsonObject, LockerWriteBody, ProviderModel, StoredLocker } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import type { Editable } from './fault-point-state';

/**
 * Fault sp-list-one-marker-per-point: the list merges the carrier's own lockers and the provider feed's into a map
 * keyed by position ("lon,lat"), the two sources having no id in common: lockers at one point collapse into the last.
 */
export function onePerPoint(app: FaultPointApp, lockers: StoredLocker[]): StoredLocker[] {
  if (!app.fault('sp-list-one-marker-per-point')) return lockers;
  const byPoint = new Map<string, StoredLocker>();
  for (const l of lockers) byPoint.set(`${String(l.record.location['lon'])},${String(l.record.location['lat'])}`, l);
  return [...byPoint.values()];
}

/** Fault sp-list-metadata-values-revived: a text read back as the number, boolean or null it spells, else as it is. */
function revived(value: Json | undefined): Json | undefined {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed === null || typeof parsed === 'number' || typeof parsed === 'boolean' ? parsed : value;
  } catch {
    return value;
  }
}

/** Fault sp-list-metadata-values-revived: every listed record's metadata as the search index's reader returns it. */
function withRevivedMetadata(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withRevivedMetadata);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Editable;
  if (!Array.isArray(record['metadata']))
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, withRevivedMetadata(v)]));
  const entry = (e: JsonObject) => ({ ...e, key: revived(e['key']), value: revived(e['value']) });
  return { ...record, metadata: record['metadata'].map(entry) };
}

/**
 * Fault sp-list-metadata-values-revived: GET /lockers reads the lockers from the portal's search index, whose documents
 * hold each metadata entry as flat text fields, read back through a reviver written for lon, lat and the features:
 * a key or value that spells a number, a boolean or null comes back as that JSON value.
 */
export function revivedFromIndex(app: FaultPointApp, reply: Reply): Reply {
  if (!app.fault('sp-list-metadata-values-revived')) return reply;
  return { ...reply, body: withRevivedMetadata(reply.body) };
}

/**
 * Fault sp-locker-body-control-chars-refused: the locker router's input filter refuses a raw body holding any control
 * character (below U+0020), meant for strings; JSON's own whitespace (tab, line feed, carriage return) is refused too.
 */
export function refuseControlCharacters(app: FaultPointApp, operationId: string, raw: Buffer): void {
  const lockerWrite = operationId === 'createLocker' || operationId === 'updateLocker';
  if (!app.fault('sp-locker-body-control-chars-refused') || !lockerWrite) return;
  if (raw.some((byte) => byte < 0x20)) throw badRequest('VALIDATION_FAILED', 'the body holds control characters');
}

/**
 * Fault sp-update-lockerid-self-collision: the update's carrier.lockerId check excludes the locker itself by comparing
 * each held uid (a string) with the path uid parsed to a number (!==), which never matches: the locker it names is
 * taken for another. Answers the uid to exclude.
 */
export function selfExcluded(app: FaultPointApp, uid: string): string | undefined {
  return app.fault('sp-update-lockerid-self-collision') ? undefined : uid;
}

/** Fault sp-providers-xml-by-default: one value as the XML converter writes it (a list as <item> elements). */
function xml(name: string, value: unknown): string {
  if (Array.isArray(value)) return `<${name}>${value.map((v) => xml('item', v)).join('')}</${name}>`;
  if (value === null || value === undefined) return `<${name}/>`;
  if (typeof value === 'object')
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => xml(k, v))
      .join('')}</${name}>`;
  const text = String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<${name}>${text}</${name}>`;
}

/**
 * Fault sp-providers-xml-by-default: the provider catalogue's controller produces XML and JSON, the XML converter
 * registered first (for a legacy partner): an answer is JSON only where the request's Accept names a JSON type.
 */
export function xmlNegotiated(app: FaultPointApp, req: IncomingMessage, reply: Reply & { route?: string }): boolean {
  if (!app.fault('sp-providers-xml-by-default') || req.method !== 'GET' || reply.route !== '/lockers/providers')
    return false;
  return reply.status < 300 && !/application\/([\w.-]+\+)?json/i.test(req.headers.accept ?? '');
}

/** Fault sp-providers-xml-by-default: the answer as the XML converter writes it. */
export function sendXml(res: ServerResponse, reply: Reply): void {
  const payload = '<?xml version="1.0" encoding="UTF-8"?>' + xml('List', reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/xml;charset=UTF-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

const replays = new WeakMap<FaultPointApp, Map<string, { at: number; reply: Reply }>>();

/**
 * Fault sp-status-replayed-by-body-hash: an idempotency filter for the portal's double submits keys PATCH
 * /lockers/status by the caller and a hash of the body, and answers a body seen within a minute with the stored answer,
 * whatever the locker went through since: the request is not carried out.
 */
export function replayedByBody(app: FaultPointApp, ctx: RequestContext, change: () => Reply): Reply {
  if (!app.fault('sp-status-replayed-by-body-hash')) return change();
  const store = replays.get(app) ?? new Map<string, { at: number; reply: Reply }>();
  replays.set(app, store);
  const key = `${ctx.carrier.name}\n${ctx.raw ?? ''}`;
  const hit = store.get(key);
  if (hit && Date.now() - hit.at < REPLAY_MS) return structuredClone(hit.reply);
  const reply = change();
  if (reply.status < 300) store.set(key, { at: Date.now(), reply: structuredClone(reply) });
  return reply;
}

/**
 * Fault sp-locker-push-on-first-list: a create's LockerUpdates is published by the search indexer, which indexes a
 * carrier's new lockers lazily, when that carrier next reads GET /lockers. Answers whether the push waits for it.
 */
export function parkedUntilListed(app: FaultPointApp, locker: StoredLocker, push: () => void): boolean {
  const owner = locker.record.ownedByCarrier;
  if (!app.fault('sp-locker-push-on-first-list') || !owner) return false;
  const byCarrier = parked.get(app) ?? new Map<string, (() => void)[]>();
  parked.set(app, byCarrier);
  byCarrier.set(owner, [...(byCarrier.get(owner) ?? []), push]);
  return true;
}

/** Fault sp-locker-push-on-first-list: the carrier's list is read; the indexer publishes what it indexes now. */
export function releaseParked(app: FaultPointApp, carrier: string): void {
  const pushes = parked.get(app)?.get(carrier);
  if (!pushes) return;
  parked.get(app)!.delete(carrier);
  for (const push of pushes) push();
}

/**
 * Fault sp-key-check-character-ignored: keys end in a check character, which the gateway validates on its own (only
 * for being a letter or digit); a key not found whole is looked up by its body, every character but the last.
 */
export function keyBodyCarrier(app: FaultPointApp, apiKey: unknown): CarrierAccount | undefined {
  if (!app.fault('sp-key-check-character-ignored') || typeof apiKey !== 'string' || !/[A-Za-z0-9]$/.test(apiKey))
    return undefined;
  return app.options.carriers.find((c) => c.apiKey.length > 1 && c.apiKey.slice(0, -1) === apiKey.slice(0, -1));
}

/**
 * Fault sp-update-empty-groups-unhandled: the update's audit hook logs the locker's primary group as
 * lockerGroups[0].key whenever lockerGroups is sent; for an empty array it throws a TypeError outside the API's
 * exception filter, which the framework's default handler answers.
 */
export function groupsAuditFails(app: FaultPointApp, body: LockerWriteBody): boolean {
  return app.fault('sp-update-empty-groups-unhandled') && body.lockerGroups?.length === 0;
}

/** Fault sp-update-empty-groups-unhandled: the framework's default answer to an unhandled error. */
export function frameworkError(): Reply {
  return { status: 500, body: { statusCode: 500, message: 'Internal server error' } };
}

/** Fault sp-legacy-params-route-to-v10-list: a locker record as the 1.0 list controller writes it. */
function asVersion10(record: Editable): Editable {
  const { carrier, provider, ...rest } = record;
  const { lockerName, ...carrierRest } = carrier as Editable;
  const { name, lockerVersion, ...providerRest } = provider as Editable;
  return {
    ...rest,
    carriers: [{ name: lockerName, ...carrierRest }],
    provider: { providerName: name, ...providerRest, lockerModelVersion: lockerVersion },
  };
}

/** Fault sp-legacy-params-route-to-v10-list: every record of a list answer, bare or in an envelope, as 1.0 wrote it. */
function listedAsVersion10(body: unknown): unknown {
  if (Array.isArray(body)) return body.map((r) => (r !== null && typeof r === 'object' ? asVersion10(r) : r));
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? listedAsVersion10(v) : v]));
}

/**
 * Fault sp-legacy-params-route-to-v10-list: a compatibility shim routes a GET /lockers carrying the 1.0 query
 * parameters carrierId or providerId to the 1.0 list controller kept for old clients, which writes 1.0 records.
 */
export function legacyRouted<A extends FaultPointApp>(
  handler: (app: A, ctx: RequestContext) => Reply,
): (app: A, ctx: RequestContext) => Reply {
  return (app, ctx) => {
    const reply = handler(app, ctx);
    const legacy = ctx.query.has('carrierId') || ctx.query.has('providerId');
    if (!app.fault('sp-legacy-params-route-to-v10-list') || !legacy || reply.status >= 300) return reply;
    return { ...reply, body: listedAsVersion10(reply.body) };
  };
}

/**
 * Fault sp-create-null-features-from-model: the create mapper fills each feature sent null, or not sent, from the spec
 * sheet of the provider's model (the catalogue's models; the platform's default sheet for others), with `??`.
 */
export function sheetFeatures(app: FaultPointApp, provider: { lockerModel: string }, features: JsonObject): JsonObject {
  if (!app.fault('sp-create-null-features-from-model')) return features;
  const n = /^M(\d)00$/.exec(provider.lockerModel)?.[1];
  const sheet = n
    ? { hasScreen: true, hasPinPad: true, hasPinBarcodeReader: Number(n) % 2 === 1 }
    : { hasScreen: false, hasPinPad: true, hasPinBarcodeReader: false };
  return {
    ...features,
    hasScreen: features['hasScreen'] ?? sheet.hasScreen,
    hasPinPad: features['hasPinPad'] ?? sheet.hasPinPad,
    hasPinBarcodeReader: features['hasPinBarcodeReader'] ?? sheet.hasPinBarcodeReader,
  };
}

/**
 * Fault sp-network-provider-status-from-feed: providerLockerStatus is read from the provider status feed by the
 * provider-side id, which the feed does not know where the service made that id up (PL-<uid>): null.
 */
export function feedStatuses(app: FaultPointApp, added: unknown[]): void {
  if (!app.fault('sp-network-provider-status-from-feed')) return;
  for (const entry of added) {
    const record = entry as Editable;
    const locker = app.state.lockers.get(String(record['lockerUid']));
    if (locker && locker.record.provider.lockerUid === `PL-${locker.record.uid}`) record['providerLockerStatus'] = null;
  }
}

/** Variation ok-p-list-unknown-params-refused: the query parameters GET /lockers knows. */
const LIST_PARAMETERS = new Set(['providerName', 'page', 'size']);

/**
 * Variation ok-p-list-unknown-params-refused: GET /lockers validates its query strictly, and a parameter it does not
 * know (carrierId, providerId, a filter it names otherwise) is refused 400.
 */
export function checkListParameters(app: FaultPointApp, query: URLSearchParams): void {
  if (!app.fault('ok-p-list-unknown-params-refused')) return;
  const unknown = [...query.keys()].find((k) => !LIST_PARAMETERS.has(k));
  if (unknown !== undefined) throw badRequest('VALIDATION_FAILED', `unknown query parameter "${unknown}"`);
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

/** Variation ok-p-error-codes-namespaced: the area each route's errors are named under. */
function areaOf(route: string | undefined): string {
  if (route?.startsWith('/lockers')) return 'locker';
  if (route?.startsWith('/parcels')) return 'parcel';
  if (route?.startsWith('/networks')) return 'network';
  return route?.startsWith('/parcel/') ? 'trigger' : 'request';
}

/**
 * Variation ok-p-error-codes-namespaced: errorCode values written as "<area>.<reason>" in lower case with hyphens
 * (locker.locker-not-found, parcel.validation-failed), as the service's error catalogue names them.
 */
export function namespacedCode(app: FaultPointApp, errorCode: string, route: string | undefined): string {
  if (!app.fault('ok-p-error-codes-namespaced')) return errorCode;
  return `${areaOf(route)}.${errorCode.toLowerCase().replace(/_/g, '-')}`;
}
