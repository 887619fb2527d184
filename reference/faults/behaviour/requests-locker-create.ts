// The route wrappers' behaviour around POST /lockers. With its fault off each point does what the service does.
import { ApiError, badRequest } from '../../errors';
import { type Editable, isObject, type Switches } from '../../handlers/fault-point-state';
import { onRefusal, withBody } from '../../handlers/partial-writes';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import { PROVIDER_MODELS } from '../../seed';
import {
  after,
  featureRows,
  groupsAnswered,
  heldBy,
  type LegacyColumnApp,
  newestCreate,
  type PooledApp,
  type RegistryApp,
  regrouped,
  sleep,
} from './requests-routes';
import type { Handler } from './shared';

/** Fault sv-create-push-features-npe: a create without features is being carried out (its event mapper will throw). */
export let createWithoutFeatures = false;

/**
 * Fault sv-create-gateway-retry-conflict: a create sending lockerGroups outlasts the gateway's timeout, the gateway
 * retries the POST, and the retry's refusal (LOCKER_ID_TAKEN) is answered, the first attempt's locker stored.
 */
export function gatewayRetriedCreate<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) => {
    const body = isObject(ctx.body) ? ctx.body : {};
    createWithoutFeatures = app.fault('sv-create-push-features-npe') && body['features'] === undefined;
    try {
      return after(handle(app, ctx), (reply) => {
        const groups = body['lockerGroups'];
        const retried = app.fault('sv-create-gateway-retry-conflict') && Array.isArray(groups) && groups.length > 0;
        if (!retried || reply.status !== 201) return reply;
        const lockerId = String((body['carrier'] as Editable | undefined)?.['lockerId'] ?? '');
        throw badRequest('LOCKER_ID_TAKEN', `carrier.lockerId "${lockerId}" is already used by another locker`);
      });
    } finally {
      createWithoutFeatures = false;
    }
  };
}

/** Fault sw-create-address-standardized: each word as the address gazetteer writes it (Hauptstraße, 12A, Berlin). */
const titleCased = (text: string) =>
  text.replace(/\p{L}+/gu, (word) => {
    const [first = '', ...rest] = [...word];
    return first.toUpperCase() + rest.join('').toLowerCase();
  });

/** Fault sw-create-address-standardized: the create stores the address as the verification service writes it. */
export function addressStandardized(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const location = isObject(ctx.body) ? ctx.body['location'] : undefined;
  if (!app.fault('sw-create-address-standardized') || !isObject(location)) return ctx;
  const standard = { ...location };
  for (const member of ['street', 'streetNumber', 'city']) {
    if (typeof standard[member] === 'string') standard[member] = titleCased(standard[member]);
  }
  return withBody(ctx, { ...(ctx.body as Editable), location: standard });
}

/**
 * Fault sy-create-guard-before-validation: the "lockerId still free" guard reads req.body.carrier.lockerId, and guards
 * run before the validation pipe: a body without carrier (or carrier null, or a body that is no object) throws a
 * TypeError, which the exception filter answers 500.
 */
export function guardLockerIdFree(app: FaultPointApp, ctx: RequestContext): void {
  if (!app.fault('sy-create-guard-before-validation')) return;
  const read = (value: unknown, member: string): unknown => {
    if (value === null || value === undefined)
      throw new ApiError(500, 'INTERNAL_ERROR', `Cannot read properties of ${value} (reading '${member}')`);
    return (value as Editable)[member];
  };
  read(read(ctx.body, 'carrier'), 'lockerId');
}

/**
 * Variation ok-y-provider-side-name-assigned: the provider names its new locker itself, "<lockerModel>-<uid>", whatever
 * the create sends as provider.lockerName (a member the create table does not list).
 */
export function providerLabelled(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const provider = isObject(ctx.body) ? ctx.body['provider'] : undefined;
  if (!app.fault('ok-y-provider-side-name-assigned') || !isObject(provider)) return ctx;
  if (typeof provider['lockerModel'] !== 'string') return ctx;
  const lockerName = `${provider['lockerModel']}-${app.state.peekLockerUid()}`;
  return withBody(ctx, { ...(ctx.body as Editable), provider: { ...provider, lockerName } });
}

/** A date-time as RFC 3339 writes it (the request schema's format). */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:\d{2})$/;
/** What Python's datetime.fromisoformat (before 3.11) reads: isoformat()'s own output, fractions of 3 or 6 digits. */
const ISOFORMAT = /^\d{4}-\d{2}-\d{2}.\d{2}:\d{2}:[0-5]\d(?:\.\d{3}|\.\d{6})?(?:[+-]\d{2}:\d{2})?$/;

const sentActivationDate = (body: unknown): unknown =>
  isObject(body) && isObject(body['carrier']) ? body['carrier']['activationDate'] : undefined;

/**
 * Fault saa-activation-isoformat-subset: the create hands activationDate to the provider registry client, which reads
 * it with fromisoformat after replacing "Z": other fraction lengths, a lower-case z or a leap second are refused.
 */
export function checkIsoformat(app: FaultPointApp, ctx: RequestContext): void {
  const sent = sentActivationDate(ctx.body);
  if (!app.fault('saa-activation-isoformat-subset') || typeof sent !== 'string' || !RFC3339.test(sent)) return;
  if (!ISOFORMAT.test(sent.replaceAll('Z', '+00:00')))
    throw badRequest('VALIDATION_FAILED', `/carrier/activationDate: Invalid isoformat string: '${sent}'`);
}

/**
 * Fault saa-activation-year-below-100: the create normalises activationDate to UTC by its components with Date.UTC,
 * which maps the years 0 to 99 to 1900 to 1999; every other date is the same instant, written in UTC.
 */
export function activationByComponents(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const sent = sentActivationDate(ctx.body);
  const parts = typeof sent === 'string' ? RFC3339.exec(sent) : null;
  if (!app.fault('saa-activation-year-below-100') || !parts) return ctx;
  const [y, mo, d, h, mi, s] = parts.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = Number((parts[7] ?? '').padEnd(3, '0').slice(0, 3));
  const zone = parts[8]!;
  const offsetMin = /^[Zz]$/.test(zone) ? 0 : (zone[0] === '-' ? -1 : 1) * (+zone.slice(1, 3) * 60 + +zone.slice(4));
  const utc = new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMin * 60_000).toISOString();
  const body = ctx.body as Editable;
  return withBody(ctx, { ...body, carrier: { ...body['carrier'], activationDate: utc } });
}

/** Fault saa-list-newest-from-command-log: a create that succeeded is the carrier's newest command. */
export function loggedCreate(app: FaultPointApp, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('saa-list-newest-from-command-log') || reply.status >= 300 || !isObject(ctx.body)) return reply;
  const uid = isObject(reply.body) ? String(reply.body['uid']) : '';
  const stored = app.state.lockers.get(uid);
  if (!stored) return reply;
  const log = newestCreate.get(app) ?? new Map();
  newestCreate.set(app, log);
  log.set(ctx.carrier.name, { uid, sent: structuredClone(ctx.body), snapshot: JSON.stringify(stored.record) });
  return reply;
}

/**
 * Variation ok-ac-create-location-header: a create is answered 201 with a Location header naming the new locker, as
 * REST frameworks' created() answers are.
 */
export function createdWithLocation(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-ac-create-location-header') || reply.status !== 201 || !isObject(reply.body)) return reply;
  return { ...reply, headers: { ...reply.headers, location: `/v1/lockers/${String(reply.body['uid'])}` } };
}

/** Fault sae-create-pool-exhausted-503: the database pool the creates draw their connection from. */
const POOL_SIZE = 4;
const ACQUIRE_TIMEOUT_MS = 20;
const COMMIT_ROUND_TRIP_MS = 40;
const pools = new WeakMap<object, { inUse: number }>();

/**
 * Fault sae-create-pool-exhausted-503: a create takes a connection of a pool of four, keeps it through its commit
 * round trip, and a create that gets none within the acquire timeout is answered 503.
 */
export function pooledCreate<A extends PooledApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
  if (!app.fault('sae-create-pool-exhausted-503')) return handle(app, ctx);
  const pool = heldBy(pools, app, () => ({ inUse: 0 }));
  return (async () => {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    while (pool.inUse >= POOL_SIZE) {
      if (Date.now() >= deadline)
        throw new ApiError(
          503,
          'SERVICE_UNAVAILABLE',
          `timeout acquiring a connection: all ${POOL_SIZE} connections of the pool are in use`,
        );
      await sleep(2);
    }
    pool.inUse++;
    try {
      const reply = await handle(app, ctx);
      await sleep(COMMIT_ROUND_TRIP_MS);
      return reply;
    } finally {
      pool.inUse--;
    }
  })();
}

/** A date-time with a numeric offset: the local part, the offset's hours (signed) and its minutes. */
const WITH_OFFSET = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2}):(\d{2})$/;

/**
 * Fault sae-activation-offset-minutes-dropped: carrier.activationDate normalised to UTC with the offset read as
 * parseInt of its hours, the minutes dropped.
 */
export function offsetHoursOnly(app: Switches, ctx: RequestContext): RequestContext {
  const carrier = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
  const sent: unknown = isObject(carrier) ? carrier['activationDate'] : undefined;
  const parts = typeof sent === 'string' ? WITH_OFFSET.exec(sent) : null;
  if (!app.fault('sae-activation-offset-minutes-dropped') || !parts) return ctx;
  const local = Date.parse(`${parts[1]}Z`);
  if (Number.isNaN(local)) return ctx;
  const normalised = new Date(local - Number.parseInt(parts[2]!, 10) * 3_600_000);
  if (Number.isNaN(normalised.getTime())) return ctx;
  const body = ctx.body as Editable;
  return withBody(ctx, { ...body, carrier: { ...body['carrier'], activationDate: normalised.toISOString() } });
}

/** Fault sag-refused-create-keeps-id-reservation: the (carrier, carrier.lockerId) reservations left behind, per app. */
const reservations = new WeakMap<object, Set<string>>();

/**
 * Fault sag-refused-create-keeps-id-reservation: a create reserves its carrier.lockerId in a table of its own, in a
 * transaction of its own, before it validates and checks the request; a refusal other than the reservation's own
 * (LOCKER_ID_TAKEN) returns without releasing it, and a later create under that id is refused as taken.
 */
export function reservedLockerId<A extends RegistryApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
  const carrier = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
  const lockerId: unknown = isObject(carrier) ? carrier['lockerId'] : undefined;
  if (!app.fault('sag-refused-create-keeps-id-reservation') || typeof lockerId !== 'string') return handle(app, ctx);
  const left = heldBy(reservations, app, () => new Set<string>());
  const key = JSON.stringify([ctx.carrier.name, lockerId]);
  if (left.has(key)) throw badRequest('LOCKER_ID_TAKEN', `carrier.lockerId "${lockerId}" is already reserved`);
  return onRefusal(app, ctx, handle, (error) => {
    const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
    if (refused && error.errorCode !== 'LOCKER_ID_TAKEN') left.add(key);
    throw error;
  });
}

/**
 * Fault sag-registry-locker-id-index-without-owner: a valid create registers the locker with the onboarding registry,
 * whose unique index is on the locker id alone (it served one carrier), so a carrier.lockerId another carrier's or a
 * third-party locker holds is refused as taken.
 */
export function registeredByLockerIdAlone<A extends RegistryApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
  if (!app.fault('sag-registry-locker-id-index-without-owner')) return handle(app, ctx);
  try {
    app.validate('LockerCreateRequest', ctx.body);
  } catch {
    return handle(app, ctx);
  }
  const lockerId = ((ctx.body as Editable)['carrier'] as Editable)['lockerId'] as string;
  const held = [...app.state.lockers.values()].some(
    (l) => l.record.carrier.lockerId === lockerId && l.record.ownedByCarrier !== ctx.carrier.name,
  );
  if (held) throw badRequest('LOCKER_ID_TAKEN', `carrier.lockerId "${lockerId}" is already registered`);
  return handle(app, ctx);
}

/**
 * Fault sag-create-metadata-map-bound: the create's binder takes metadata given as an object (the 1.0 portal's form,
 * {key: value}) and turns it into entries, each scalar value as text; a map with an object or array value is left to
 * the schema.
 */
export function metadataMapBound(app: Switches, ctx: RequestContext): RequestContext {
  const metadata = isObject(ctx.body) ? ctx.body['metadata'] : undefined;
  if (!app.fault('sag-create-metadata-map-bound') || !isObject(metadata)) return ctx;
  const values = Object.values(metadata);
  if (values.some((v) => v !== null && typeof v === 'object')) return ctx;
  const entries = Object.entries(metadata).map(([key, value]) => ({
    key,
    value: value === null || typeof value === 'string' ? value : String(value),
  }));
  return withBody(ctx, { ...(ctx.body as Editable), metadata: entries });
}

/**
 * Variation ok-ag-created-locker-scheduled-hours: a locker created without openingHours opens on the provider's
 * standard hours, Monday to Saturday 07:00 to 22:00.
 */
const STANDARD_HOURS = {
  accessMode: 'SCHEDULED',
  weeklySchedule: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'].map((day) => ({
    day,
    from: '07:00',
    to: '22:00',
  })),
  exceptions: [],
};

export function scheduledByDefault(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('ok-ag-created-locker-scheduled-hours') || !isObject(ctx.body)) return ctx;
  if (ctx.body['openingHours'] !== undefined) return ctx;
  return { ...ctx, body: { ...ctx.body, openingHours: structuredClone(STANDARD_HOURS) } };
}

/** Variation ok-ag-create-locker-id-taken-409: a create under a carrier.lockerId the carrier holds is a conflict. */
export function takenAsConflict<A extends RegistryApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
  if (!app.fault('ok-ag-create-locker-id-taken-409')) return handle(app, ctx);
  return onRefusal(app, ctx, handle, (error) => {
    if (!(error instanceof ApiError) || error.errorCode !== 'LOCKER_ID_TAKEN') throw error;
    throw new ApiError(409, 'LOCKER_ID_CONFLICT', error.message);
  });
}

/** Fault sai-create-fills-locker-version: a version left out taken from the catalogue's newest of the model. */
export function versionFilled(app: Switches, ctx: RequestContext): RequestContext {
  const provider = isObject(ctx.body) ? ctx.body['provider'] : undefined;
  if (!app.fault('sai-create-fills-locker-version') || !isObject(provider)) return ctx;
  if (provider['lockerVersion'] !== undefined && provider['lockerVersion'] !== null) return ctx;
  const versions = PROVIDER_MODELS.filter(
    (p) => p.providerName === provider['name'] && p.lockerModel === provider['lockerModel'],
  ).map((p) => p.lockerVersion);
  const newest = versions.sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))[0];
  if (newest === undefined) return ctx;
  return withBody(ctx, { ...(ctx.body as Editable), provider: { ...provider, lockerVersion: newest } });
}

/** Fault sai-update-features-no-row-404: a create inserts a features row only when it sends features. */
export function featureRowNoted<A extends LegacyColumnApp>(app: A, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('sai-update-features-no-row-404') || reply.status >= 300 || !isObject(reply.body)) return reply;
  const rows = heldBy(featureRows, app, () => new Map<string, boolean>());
  rows.set(String(reply.body['uid']), isObject(ctx.body) && isObject(ctx.body['features']));
  return reply;
}

/** Fault sai-groups-keyed-by-locker-id: a create without lockerGroups finds the groups held under its lockerId. */
export function createdGroups(app: FaultPointApp, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('sai-groups-keyed-by-locker-id') || reply.status >= 300 || !isObject(reply.body)) return reply;
  if (isObject(ctx.body) && ctx.body['lockerGroups'] !== undefined) return reply;
  const locker = app.state.lockers.get(String(reply.body['uid']));
  if (!locker) return reply;
  regrouped(app, ctx.carrier.name, locker, undefined);
  return groupsAnswered(reply, locker);
}

/** Fault sak-create-body-decoded-per-chunk: the size of the frames the sidecar streams a request body in. */
const FRAME_BYTES = 1024;

/**
 * Fault sak-create-body-decoded-per-chunk: the create's body collected as `body += chunk`, each 1 KiB frame turned
 * into text on its own, so a UTF-8 character across a frame boundary becomes replacement characters.
 */
export function decodedPerFrame(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('sak-create-body-decoded-per-chunk') || ctx.raw === undefined) return ctx;
  const bytes = Buffer.from(ctx.raw, 'utf8');
  let text = '';
  for (let at = 0; at < bytes.length; at += FRAME_BYTES) text += bytes.subarray(at, at + FRAME_BYTES).toString('utf8');
  if (text === ctx.raw) return ctx;
  try {
    return { ...ctx, body: JSON.parse(text), raw: text };
  } catch {
    return ctx;
  }
}
