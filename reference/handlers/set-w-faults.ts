// The points where the faults of set W (and the catalogue's variation) change the locker, catalogue,
// network, key, error and push paths: each does what the service does with its fault off (nothing, or the answer as
// given) and the fault's behaviour with it on. Called from routes.ts (bySetW: wrappers in front of a route's handler,
// as a binder, a gateway or a decorator would be), server.ts, http-io.ts, set-j-faults.ts (the LockerUpdates
// publisher's hook) and networks.ts. The other variations are in set-w-variations.ts.
import { ApiError } from '../errors';
import type { Handler } from '../faults/behaviour/shared';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, RequestContext } from '../request-types';
import { type Editable, isObject } from './fault-point-state';
import { keptOnRefusal, withBody } from './partial-writes';
import { after, recordArrays } from './set-v-faults';

/** The request with another body, its text written anew (as the binder hands it on). */

/**
 * Fault sw-groups-bound-as-set: lockerGroups is bound into a Set of group DTOs whose equality is key and uid, so a
 * group sent twice is one group before the one-group-per-key check ever sees the request.
 */
function groupsBoundAsSet(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const groups = isObject(ctx.body) ? ctx.body['lockerGroups'] : undefined;
  if (!app.fault('sw-groups-bound-as-set') || !Array.isArray(groups)) return ctx;
  const seen = new Set<string>();
  const bound = groups.filter((g) => {
    if (!isObject(g)) return true;
    const identity = JSON.stringify([g['key'], g['uid']]);
    return seen.has(identity) ? false : (seen.add(identity), true);
  });
  return bound.length === groups.length ? ctx : withBody(ctx, { ...(ctx.body as Editable), lockerGroups: bound });
}

/** Fault sw-create-address-standardized: each word as the address gazetteer writes it (Hauptstraße, 12A, Berlin). */
const titleCased = (text: string) =>
  text.replace(/\p{L}+/gu, (word) => {
    const [first = '', ...rest] = [...word];
    return first.toUpperCase() + rest.join('').toLowerCase();
  });

/** Fault sw-create-address-standardized: the create stores the address as the verification service writes it. */
function addressStandardized(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const location = isObject(ctx.body) ? ctx.body['location'] : undefined;
  if (!app.fault('sw-create-address-standardized') || !isObject(location)) return ctx;
  const standard = { ...location };
  for (const member of ['street', 'streetNumber', 'city']) {
    if (typeof standard[member] === 'string') standard[member] = titleCased(standard[member]);
  }
  return withBody(ctx, { ...(ctx.body as Editable), location: standard });
}

/**
 * Fault sw-update-activation-stamped-now: the update's carrier DTO initialises activationDate to now, so a carrier
 * object sent without it binds as "activated now" and the required-member check never fires (a null still does).
 */
function activationStamped(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const carrier = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
  if (!app.fault('sw-update-activation-stamped-now') || !isObject(carrier) || 'activationDate' in carrier) return ctx;
  const stamped = { ...carrier, activationDate: new Date().toISOString() };
  return withBody(ctx, { ...(ctx.body as Editable), carrier: stamped });
}

/**
 * Fault sw-filtered-list-match-field-left: the filtered list is an aggregation whose $addFields stage writes
 * provider.name back into the 1.0 field provider.providerName, which the collection's index still covers, for its
 * $match; no $project takes it out again.
 */
function listedBySetW<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) => {
    if (!app.fault('sw-filtered-list-match-field-left') || !ctx.query.has('providerName')) return handle(app, ctx);
    return after(handle(app, ctx), (reply) => {
      if (reply.status !== 200) return reply;
      const body: unknown = structuredClone(reply.body);
      for (const record of recordArrays(body).flat().filter(isObject)) {
        if (isObject(record['provider'])) record['provider']['providerName'] = record['provider']['name'];
      }
      return { ...reply, body };
    });
  };
}

/** Fault sw-providers-yaml-version-floats: the providers whose pairs come from the catalogue's YAML file. */
const YAML_PROVIDERS = new Set(['PROVIDER_NAME_5', 'PROVIDER_NAME_6', 'PROVIDER_NAME_7']);

/**
 * GET /lockers/providers under set W. Fault sw-providers-yaml-version-floats: a version written unquoted in YAML
 * (1.0, 2.1) is loaded as a float and answered as a JSON number. Variation ok-w-providers-uid-omitted: entries without
 * providerUid.
 */
function cataloguedBySetW<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
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

/** Fault sw-status-noop-provider-adapter: the providers whose adapter carries out status commands. */
const ADAPTED_PROVIDERS = new Set(['PROVIDER_NAME_1', 'PROVIDER_NAME_2']);

/**
 * Fault sw-status-noop-provider-adapter: the status is stored on the provider adapter's confirmation; the answer and
 * the LockerUpdates are made from the command. The fallback adapter of the providers not integrated yet answers
 * success and never confirms, so their lockers keep the status they had.
 */
function statusBySetW<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) => {
    if (!app.fault('sw-status-noop-provider-adapter')) return handle(app, ctx);
    const body = isObject(ctx.body) ? ctx.body : {};
    const locker = app.state.ownedLocker(ctx.carrier.name, String(body['uid'] ?? body['lockerUid'] ?? ''));
    const before = locker?.record.carrier.status;
    return after(handle(app, ctx), (reply) => {
      if (!locker || before === undefined || reply.status >= 300) return reply;
      if (ADAPTED_PROVIDERS.has(locker.record.provider.name)) return reply;
      locker.record.carrier.status = before;
      app.lag.written(locker, locker.record);
      return reply;
    });
  };
}

/**
 * Fault sw-network-add-streamed-elements: lockerUids is read element by element from the request stream and each owned
 * locker inserted (auto-commit) as it is read; an element that is no integer ends the request with the 400, and the
 * lockers read before it stay added.
 */
function streamedBySetW<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) => {
    const uids = isObject(ctx.body) ? ctx.body['lockerUids'] : undefined;
    if (!app.fault('sw-network-add-streamed-elements') || !Array.isArray(uids)) return handle(app, ctx);
    const bad = uids.findIndex((u) => typeof u !== 'number' || !Number.isInteger(u));
    if (bad <= 0) return handle(app, ctx);
    return keptOnRefusal(app, ctx, handle, (error) =>
      error instanceof ApiError && error.status === 400 ? withBody(ctx, { lockerUids: uids.slice(0, bad) }) : undefined,
    );
  };
}

/** The wrappers of set W, by method and path: the handler as it is where none applies. */
export function bySetW<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) => handle(app, addressStandardized(app, groupsBoundAsSet(app, ctx)));
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => handle(app, activationStamped(app, groupsBoundAsSet(app, ctx)));
    case 'GET /lockers':
      return listedBySetW(handle);
    case 'GET /lockers/providers':
      return cataloguedBySetW(handle);
    case 'PATCH /lockers/status':
      return statusBySetW(handle);
    case 'POST /networks/{uid}/lockers':
      return streamedBySetW(handle);
    default:
      return handle;
  }
}

/** Fault sw-key-separators-ignored: a key as the key store canonicalises it (no dashes, underscores, dots, blanks). */
const canonicalKey = (key: string) => key.replace(/[-_.\s]/g, '');

/**
 * Fault sw-key-separators-ignored: a key no carrier has is looked up again in its canonical form, as keys typed from a
 * printed letter are; any key that differs from a carrier's by separators alone is that carrier's.
 */
export function separatorFreeCarrier(app: FaultPointApp, apiKey: unknown): CarrierAccount | undefined {
  if (!app.fault('sw-key-separators-ignored') || typeof apiKey !== 'string' || canonicalKey(apiKey) === '') return;
  return app.options.carriers.find((c) => canonicalKey(c.apiKey) === canonicalKey(apiKey));
}

const REASON: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden' };

/**
 * Fault sw-auth-refusal-boot-error-attributes: a key refusal is sent by the security filter chain's entry point
 * (sendError), so the framework's error controller writes it with its default attributes (timestamp, status, error)
 * beside the errorCode and message the service's ErrorAttributes bean adds. Members to add to the error body.
 */
export function securityErrorAttributes(app: FaultPointApp, error: ApiError): Record<string, unknown> {
  const refusedKey = error.errorCode === 'UNAUTHORIZED' || error.errorCode === 'FORBIDDEN';
  if (!app.fault('sw-auth-refusal-boot-error-attributes') || !refusedKey) return {};
  const status = error.status;
  return { timestamp: new Date().toISOString(), status, error: REASON[status] ?? 'Unauthorized' };
}
