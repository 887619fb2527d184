// The points where the faults of set AC change the locker side (create, update, list, the provider
// catalogue, network adds, the LockerUpdates push and the staging mock's write-back): each does what the service does
// with its fault off, and the fault's behaviour with it on; its variations are set-ac-variations.ts. bySetAC (in
// routes.ts) puts wrappers in front of a route's handler, as a binder, a schema pipe or a mapper would be; the other
// points are called from lockers.ts (newLocker), locker-update.ts, trigger.ts and app.ts (emitLockerUpdate).
import { badRequest } from '../errors';
import { FEATURES, type Handler } from '../faults/behaviour/shared';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { withBody } from './partial-writes';
import { variedBySetAC } from './set-ac-variations';
import { after, recordArrays } from './set-v-faults';

/**
 * Fault sac-network-unlisted-adds-fleet: the service's add takes `lockerUids ?? every locker the carrier owns` (the
 * portal's "add my whole fleet" button sends none) and the DTO was made to match, lockerUids optional: a body without
 * lockerUids, or with it null, adds the carrier's whole fleet.
 */
function fleetWhenUnlisted(app: FaultPointApp, ctx: RequestContext): RequestContext {
  if (!app.fault('sac-network-unlisted-adds-fleet') || !isObject(ctx.body)) return ctx;
  if (ctx.body['lockerUids'] !== undefined && ctx.body['lockerUids'] !== null) return ctx;
  const fleet = app.state.lockerRecordsOwnedBy(ctx.carrier.name).map((r) => r.uid);
  return { ...ctx, body: { ...ctx.body, lockerUids: fleet.map(Number) }, raw: `{"lockerUids":[${fleet.join(',')}]}` };
}

/**
 * Fault sac-update-provider-unchanged-accepted: "the provider cannot be changed by an update" is checked as "the
 * provider sent differs from the one held", so that clients sending the record back whole are served: a provider
 * object whose every member equals the locker's is dropped, and the rest of the update applied.
 */
function unchangedProviderDropped(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const locker = app.state.ownedLocker(ctx.carrier.name, ctx.params['uid'] ?? '');
  if (!app.fault('sac-update-provider-unchanged-accepted') || !locker || !isObject(ctx.body)) return ctx;
  const sent = ctx.body['provider'];
  const held: Editable = locker.record.provider;
  if (!isObject(sent) || Object.keys(sent).length === 0) return ctx;
  if (!Object.entries(sent).every(([member, value]) => held[member] === value)) return ctx;
  const body: Editable = { ...ctx.body };
  delete body['provider'];
  return withBody(ctx, body);
}

/**
 * Fault sac-update-features-all-required: the update's schema pipe was generated from the Features type, whose
 * members are nullable but not optional (zod's .nullable() where .nullish() was meant): a features object leaving a
 * member out is refused on update; the create's hand-written schema takes it.
 */
function checkFeaturesComplete(app: Switches, ctx: RequestContext): RequestContext {
  const features = isObject(ctx.body) ? ctx.body['features'] : undefined;
  if (!app.fault('sac-update-features-all-required') || !isObject(features)) return ctx;
  const missing = FEATURES.find((member) => !(member in features));
  if (missing) throw badRequest('VALIDATION_FAILED', `/features/${missing}: Required`);
  return ctx;
}

/** Fault sac-providers-localized-name: the providers whose names were entered since they became translatable. */
const TRANSLATED = new Set(['PROVIDER_NAME_6', 'PROVIDER_NAME_7']);

/**
 * Fault sac-providers-localized-name: provider names became translatable (a JSONB column of locale to text), and the
 * catalogue maps the column as it is: the providers onboarded since show providerName as {en, de}.
 */
function localizedNames(app: Switches, reply: Reply): Reply {
  if (!app.fault('sac-providers-localized-name')) return reply;
  for (const entries of recordArrays(reply.body))
    entries.forEach((e, i) => {
      if (isObject(e) && TRANSLATED.has(e['providerName']))
        entries[i] = { ...e, providerName: { en: e['providerName'], de: e['providerName'] } };
    });
  return reply;
}

/**
 * Fault sac-provider-filter-pad-space: the provider name column's collation is PAD SPACE (MySQL's before 8.0's
 * utf8mb4_0900 ones), whose = ignores trailing spaces: a providerName with trailing blanks matches the name without.
 */
function padSpaceCompared(app: Switches, ctx: RequestContext): RequestContext {
  const sent = ctx.query.get('providerName');
  if (!app.fault('sac-provider-filter-pad-space') || sent === null || !sent.endsWith(' ')) return ctx;
  const query = new URLSearchParams(ctx.query);
  query.set('providerName', sent.replace(/ +$/, ''));
  return { ...ctx, query };
}

/** Fault sac-list-location-type-enum: the location types the list's enum has. */
const LOCATION_TYPES = ['INDOOR', 'OUTDOOR', 'KIOSK'];

/**
 * Fault sac-list-location-type-enum: the list's read model maps location.type to an enum read without regard to case
 * and written by its name; a type it does not have is read as null.
 */
function typesThroughEnum(app: Switches, reply: Reply): Reply {
  if (!app.fault('sac-list-location-type-enum')) return reply;
  for (const records of recordArrays(reply.body))
    records.forEach((r, i) => {
      if (!isObject(r) || !isObject(r['location']) || typeof r['location']['type'] !== 'string') return;
      const type = LOCATION_TYPES.find((t) => t === String(r['location']['type']).toUpperCase()) ?? null;
      records[i] = { ...r, location: { ...r['location'], type } };
    });
  return reply;
}

/** Fault sac-network-answer-membership-id: per app, the next id of the membership table's sequence. */
const membershipIds = new WeakMap<object, number>();
/** Like every id sequence of the schema, the membership table's starts at 100001. */
const FIRST_MEMBERSHIP_ID = 100001;

/**
 * Fault sac-network-answer-membership-id: each record of the add's answer is mapped from the membership row the insert
 * returned, and the mapper takes lockerUid from the row's own id.
 */
function membershipRowIds(app: Switches, reply: Reply): Reply {
  if (!app.fault('sac-network-answer-membership-id') || reply.status >= 300) return reply;
  for (const records of recordArrays(reply.body))
    records.forEach((r, i) => {
      const id = membershipIds.get(app) ?? FIRST_MEMBERSHIP_ID;
      membershipIds.set(app, id + 1);
      if (isObject(r)) records[i] = { ...r, lockerUid: id };
    });
  return reply;
}

/** The faults' wrappers by method and path, each inside the variations' (set-ac-variations.ts bySetACVariations). */
function faultedBySetAC<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'GET /lockers':
      return (app, ctx) => after(handle(app, padSpaceCompared(app, ctx)), (reply) => typesThroughEnum(app, reply));
    case 'GET /lockers/providers':
      return (app, ctx) => after(handle(app, ctx), (reply) => localizedNames(app, reply));
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => handle(app, checkFeaturesComplete(app, unchangedProviderDropped(app, ctx)));
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) => after(handle(app, fleetWhenUnlisted(app, ctx)), (reply) => membershipRowIds(app, reply));
    default:
      return handle;
  }
}

/** Set AC's wrappers (the faults' inside the variations'), by method and path: the handler where none applies. */
export function bySetAC<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  return variedBySetAC(method, path, faultedBySetAC(method, path, handle));
}
