// The points where the faults and variations of set P change the locker, list, status, network,
// provider, key and error paths: each function does what the service does when its fault is off (nothing, or the value
// as given) and the fault's behaviour when it is on. The lines that call them are in server.ts, routes.ts, http-io.ts,
// lockers.ts, locker-update.ts, networks.ts and providers.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest } from '../errors';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import type { Editable } from './fault-point-state';

/**
 * Fault sp-locker-body-control-chars-refused: the locker router's input filter refuses a raw body holding any control
 * character (below U+0020), meant for strings; JSON's own whitespace (tab, line feed, carriage return) is refused too.
 */
export function refuseControlCharacters(app: FaultPointApp, operationId: string, raw: Buffer): void {
  const lockerWrite = operationId === 'createLocker' || operationId === 'updateLocker';
  if (!app.fault('sp-locker-body-control-chars-refused') || !lockerWrite) return;
  if (raw.some((byte) => byte < 0x20)) throw badRequest('VALIDATION_FAILED', 'the body holds control characters');
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

/**
 * Fault sp-key-check-character-ignored: keys end in a check character, which the gateway validates on its own (only
 * for being a letter or digit); a key not found whole is looked up by its body, every character but the last.
 */
export function keyBodyCarrier(app: FaultPointApp, apiKey: unknown): CarrierAccount | undefined {
  if (!app.fault('sp-key-check-character-ignored') || typeof apiKey !== 'string' || !/[A-Za-z0-9]$/.test(apiKey))
    return undefined;
  return app.options.carriers.find((c) => c.apiKey.length > 1 && c.apiKey.slice(0, -1) === apiKey.slice(0, -1));
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
