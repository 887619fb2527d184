// The route wrappers' behaviour around PATCH /lockers/{uid}. With its fault off each point does what the service does.
import { ApiError, badRequest, notFound } from '../../errors';
import { type Editable, isObject, type Switches } from '../../handlers/fault-point-state';
import { keptOnRefusal, onRefusal, withBody } from '../../handlers/partial-writes';
import type { StoredLocker } from '../../model';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import { ANSWER_FORM, type Marked } from './requests';
import {
  after,
  featureRows,
  groupsAnswered,
  heldBy,
  type LegacyColumnApp,
  legacyStatuses,
  legacyStatusShown,
  type PooledApp,
  type RegistryApp,
  regrouped,
} from './requests-routes';
import { FEATURES, type Handler } from './shared';

/**
 * Fault sv-update-applied-member-by-member: each member handled (validated, saved) on its own in the body's order, no
 * transaction: a refused update (400) keeps the members written before the refused one.
 */
export function memberwise<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) => {
    if (!app.fault('sv-update-applied-member-by-member')) return handle(app, ctx);
    try {
      return handle(app, ctx);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400 || !isObject(ctx.body)) throw error;
      for (const [member, value] of Object.entries(ctx.body)) {
        const part = { [member]: value };
        try {
          const done = handle(app, { ...ctx, body: part, raw: JSON.stringify(part) });
          if (done instanceof Promise) done.catch(() => undefined);
        } catch {
          break;
        }
      }
      throw error;
    }
  };
}

/**
 * Fault sw-update-activation-stamped-now: the update's carrier DTO initialises activationDate to now, so a carrier
 * object sent without it binds as "activated now" and the required-member check never fires (a null still does).
 */
export function activationStamped(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const carrier = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
  if (!app.fault('sw-update-activation-stamped-now') || !isObject(carrier) || 'activationDate' in carrier) return ctx;
  const stamped = { ...carrier, activationDate: new Date().toISOString() };
  return withBody(ctx, { ...(ctx.body as Editable), carrier: stamped });
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * Fault sy-update-uid-route-pattern: the update route is declared /lockers/:uid(\d+), so a uid that is not digits
 * matches no route and the framework's final handler answers its HTML 404 page.
 */
export function routePatternMiss(app: FaultPointApp, ctx: RequestContext): Reply | undefined {
  const uid = ctx.params['uid'] ?? '';
  if (!app.fault('sy-update-uid-route-pattern') || /^\d+$/.test(uid)) return undefined;
  const page =
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n' +
    `<pre>Cannot PATCH /v1/lockers/${escapeHtml(encodeURIComponent(uid))}</pre>\n</body>\n</html>\n`;
  const headers = { 'content-security-policy': "default-src 'none'", 'x-content-type-options': 'nosniff' };
  const reply: Marked = { status: 404, raw: page, headers, [ANSWER_FORM]: 'html' };
  return reply;
}

/**
 * Fault sy-update-checked-exception-commits: LockerIdTakenException is a checked exception, and the transaction rolls
 * back on unchecked ones only: the members the mapper copied onto the entity before the check (all but
 * carrier.lockerId) are committed, and the refusal is answered 400 all the same.
 */
export function committedDespiteRefusal<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  if (!app.fault('sy-update-checked-exception-commits')) return handle(app, ctx);
  return keptOnRefusal(app, ctx, handle, (error) => {
    const carrier = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
    const held = app.state.ownedLocker(ctx.carrier.name, ctx.params['uid'] ?? '');
    if (!(error instanceof ApiError) || error.errorCode !== 'LOCKER_ID_TAKEN' || !isObject(carrier) || !held)
      return undefined;
    return withBody(ctx, {
      ...(ctx.body as Editable),
      carrier: { ...carrier, lockerId: held.record.carrier.lockerId },
    });
  });
}

/**
 * Fault sy-update-answers-owner-entity: the update returns the saved entity, whose owner is a relation the serializer
 * writes whole: ownedByCarrier is the carrier object, not its name (create and list map it to the name).
 */
export function ownerEntity(app: FaultPointApp, reply: Reply | Promise<Reply>): Reply | Promise<Reply> {
  if (!app.fault('sy-update-answers-owner-entity')) return reply;
  return after(reply, (answered) => {
    const owner = isObject(answered.body) ? answered.body['ownedByCarrier'] : undefined;
    const index = app.options.carriers.findIndex((c) => c.name === owner);
    if (answered.status !== 200 || index < 0) return answered;
    const { name, networkUid } = app.options.carriers[index]!;
    return {
      ...answered,
      body: { ...(answered.body as Editable), ownedByCarrier: { id: index + 1, name, networkUid } },
    };
  });
}

/** Fault saa-update-empty-section-skipped: the sections of the update body that are empty objects, dropped. */
export function emptySectionsDropped(app: FaultPointApp, ctx: RequestContext): RequestContext {
  if (!app.fault('saa-update-empty-section-skipped') || !isObject(ctx.body)) return ctx;
  const body: Editable = { ...ctx.body };
  const empty = ['carrier', 'location', 'features'].filter((m) => isObject(body[m]) && !Object.keys(body[m]).length);
  for (const member of empty) delete body[member];
  return empty.length ? withBody(ctx, body) : ctx;
}

/** Fault saa-update-location-answered-202: an update that sent location answered as a queued job. */
export function locationAcknowledged(app: FaultPointApp, ctx: RequestContext, reply: Reply): Reply {
  const sentLocation = isObject(ctx.body) && ctx.body['location'] !== undefined;
  if (!app.fault('saa-update-location-answered-202') || reply.status !== 200 || !sentLocation) return reply;
  const uid = ctx.params['uid'];
  const requestId = `geo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return { status: 202, body: { requestId, uid, status: 'ACCEPTED', message: 'location queued for geocoding' } };
}

/** Fault saa-update-not-found-cached: per app, the uids answered 404 and until when. */
const notFoundUntil = new WeakMap<object, Map<string, number>>();
const NOT_FOUND_TTL_MS = 60_000;

/**
 * Fault saa-update-not-found-cached: PATCH /lockers/{uid} behind a not-found cache keyed by the uid alone: a uid
 * answered 404 (unknown, or another carrier's) is answered 404 again for a minute, whoever asks.
 */
export function notFoundCached<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  if (!app.fault('saa-update-not-found-cached')) return handle(app, ctx);
  const uid = ctx.params['uid'] ?? '';
  const cache = notFoundUntil.get(app) ?? new Map<string, number>();
  notFoundUntil.set(app, cache);
  if ((cache.get(uid) ?? 0) > Date.now())
    throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${uid}"`);
  const remember = (error: unknown): never => {
    if (error instanceof ApiError && error.status === 404) cache.set(uid, Date.now() + NOT_FOUND_TTL_MS);
    throw error;
  };
  return onRefusal(app, ctx, handle, remember);
}

/**
 * Fault sac-update-provider-unchanged-accepted: "the provider cannot be changed by an update" is checked as "the
 * provider sent differs from the one held", so that clients sending the record back whole are served: a provider
 * object whose every member equals the locker's is dropped, and the rest of the update applied.
 */
export function unchangedProviderDropped(app: FaultPointApp, ctx: RequestContext): RequestContext {
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
export function checkFeaturesComplete(app: Switches, ctx: RequestContext): RequestContext {
  const features = isObject(ctx.body) ? ctx.body['features'] : undefined;
  if (!app.fault('sac-update-features-all-required') || !isObject(features)) return ctx;
  const missing = FEATURES.find((member) => !(member in features));
  if (missing) throw badRequest('VALIDATION_FAILED', `/features/${missing}: Required`);
  return ctx;
}

/**
 * Variation ok-ac-provider-name-follows-rename: a rename is forwarded to the provider, whose name for the locker
 * (provider.lockerName) follows where it was the carrier's name.
 */
export function renamedForProvider<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  const locker = app.state.ownedLocker(ctx.carrier.name, ctx.params['uid'] ?? '');
  if (!app.fault('ok-ac-provider-name-follows-rename') || !locker) return handle(app, ctx);
  const nameBefore = locker.record.carrier.lockerName;
  return after(handle(app, ctx), (reply) => {
    const record = locker.record;
    if (reply.status >= 300 || record.carrier.lockerName === nameBefore || record.provider.lockerName !== nameBefore)
      return reply;
    record.provider.lockerName = record.carrier.lockerName;
    app.lag.written(locker, record);
    const body = reply.body;
    if (!isObject(body) || !isObject(body['provider'])) return reply;
    return { ...reply, body: { ...body, provider: { ...body['provider'], lockerName: record.carrier.lockerName } } };
  });
}

/**
 * Fault sae-update-features-text-revived: an update's features go through the device registry's form-encoded API and
 * come back as text, revived with Boolean(text): "false" is true, "" (a null) null.
 */
export function featuresRevivedFromText(app: Switches, ctx: RequestContext): RequestContext {
  const features = isObject(ctx.body) ? ctx.body['features'] : undefined;
  if (!app.fault('sae-update-features-text-revived') || !isObject(features)) return ctx;
  const confirmed: Editable = { ...features };
  for (const member of FEATURES) {
    const value: unknown = features[member];
    if (typeof value !== 'boolean') continue;
    const text = String(value);
    confirmed[member] = text === '' ? null : Boolean(text);
  }
  return withBody(ctx, { ...(ctx.body as Editable), features: confirmed });
}

/**
 * Fault sae-update-metadata-value-json-node: the update binds metadata values as JSON nodes and writes them back with
 * asText(): a number or boolean as its text, an object or array as "", a null kept null.
 */
export function metadataValuesAsText(app: Switches, ctx: RequestContext): RequestContext {
  const metadata = isObject(ctx.body) ? ctx.body['metadata'] : undefined;
  if (!app.fault('sae-update-metadata-value-json-node') || !Array.isArray(metadata)) return ctx;
  const asText = (value: unknown): unknown =>
    value === null || value === undefined || typeof value === 'string'
      ? value
      : typeof value === 'object'
        ? ''
        : String(value);
  const entries = metadata.map((e: unknown) => (isObject(e) && 'value' in e ? { ...e, value: asText(e['value']) } : e));
  return withBody(ctx, { ...(ctx.body as Editable), metadata: entries });
}

/** The columns' defaults a locker inserted by an update's save() starts from (fault sae-update-unknown-upserts). */
function insertedDefaults(uid: string, owner: string): StoredLocker {
  return {
    record: {
      uid,
      carrier: { lockerName: '', lockerId: uid, activationDate: new Date().toISOString(), status: 'ACTIVE' },
      provider: {
        name: '',
        lockerModel: '',
        lockerVersion: '',
        lockerName: '',
        lockerUid: `PL-${uid}`,
        status: 'ACTIVE',
      },
      location: { street: '', streetNumber: '', postalCode: '', city: '', lon: 0, lat: 0, countryCode: '' },
      features: { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null },
      openingHours: { accessMode: 'ALWAYS', exceptions: [] },
      metadata: [],
      ownedByCarrier: owner,
      compartmentTypes: null,
    },
    lockerGroups: [],
    createdAs: uid,
  };
}

/**
 * Fault sae-update-unknown-upserts: the update saves with a merge that inserts a row where no locker has the uid (of
 * digits, the id column's type), then applies the body to it; a refused body inserts nothing.
 */
export function upserted<A extends PooledApp>(app: A, ctx: RequestContext, handle: Handler<A>): Reply | Promise<Reply> {
  const uid = ctx.params['uid'] ?? '';
  if (!app.fault('sae-update-unknown-upserts') || !/^\d{1,15}$/.test(uid) || app.state.lockers.has(uid))
    return handle(app, ctx);
  app.validate('LockerUpdateRequest', ctx.body);
  app.state.lockers.set(uid, insertedDefaults(uid, ctx.carrier.name));
  const rolledBack = (error: unknown): never => {
    app.state.lockers.delete(uid);
    throw error;
  };
  const taken = (reply: Reply): Reply => {
    if (reply.status >= 300) app.state.lockers.delete(uid);
    else app.state.lockerUidTaken(uid);
    return reply;
  };
  try {
    const reply = handle(app, ctx);
    return reply instanceof Promise ? reply.then(taken, rolledBack) : taken(reply);
  } catch (error) {
    return rolledBack(error);
  }
}

/** The networks of a carrier that hold the locker of `uid`. */
const memberOfOwnNetwork = (app: FaultPointApp, carrier: string, uid: string): boolean =>
  [...app.state.networks.values()].some((n) => n.owner === carrier && n.members.has(uid));

/**
 * Fault sae-update-groups-from-network: an update of a network member that leaves lockerGroups out syncs the groups
 * from the network's group plan, which holds none.
 */
export function groupsSyncedFromNetwork<A extends PooledApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
  const uid = ctx.params['uid'] ?? '';
  const locker = app.state.ownedLocker(ctx.carrier.name, uid);
  const omitted = isObject(ctx.body) && ctx.body['lockerGroups'] === undefined;
  if (!app.fault('sae-update-groups-from-network') || !locker || !omitted) return handle(app, ctx);
  if (!memberOfOwnNetwork(app, ctx.carrier.name, uid)) return handle(app, ctx);
  return after(handle(app, ctx), (reply) => {
    if (reply.status >= 300) return reply;
    locker.lockerGroups = [];
    const body = reply.body;
    return isObject(body) && 'lockerGroups' in body ? { ...reply, body: { ...body, lockerGroups: [] } } : reply;
  });
}

/**
 * Fault sag-update-metadata-keyless-dropped: the update writes metadata with an upsert keyed by (locker, key) and
 * leaves out the entries it cannot key, those whose key is null or absent (their value a string or null, as the schema
 * takes).
 */
export function keylessDropped(app: Switches, ctx: RequestContext): RequestContext {
  const metadata = isObject(ctx.body) ? ctx.body['metadata'] : undefined;
  if (!app.fault('sag-update-metadata-keyless-dropped') || !Array.isArray(metadata)) return ctx;
  const keyless = (e: unknown) =>
    isObject(e) &&
    (e['key'] === null || e['key'] === undefined) &&
    (e['value'] === undefined || e['value'] === null || typeof e['value'] === 'string');
  const kept = metadata.filter((e) => !keyless(e));
  return kept.length === metadata.length ? ctx : withBody(ctx, { ...(ctx.body as Editable), metadata: kept });
}

/** A text PostgreSQL casts to a bigint: blanks around, a sign, leading zeros. */
const BIGINT_TEXT = /^\s*[+-]?\d{1,19}\s*$/;

/**
 * Fault sag-update-uid-cast-to-bigint: the update binds the path uid as text compared with the BIGINT uid column
 * (uid = $1::bigint), so another spelling of a locker's number (0100001, +100001, " 100001") names that locker.
 */
export function uidCastToBigint(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const uid = ctx.params['uid'] ?? '';
  if (!app.fault('sag-update-uid-cast-to-bigint') || app.state.lockers.has(uid) || !BIGINT_TEXT.test(uid)) return ctx;
  const cast = BigInt(uid.trim()).toString();
  return app.state.lockers.has(cast) ? { ...ctx, params: { ...ctx.params, uid: cast } } : ctx;
}

/**
 * Fault sag-update-errors-double-encoded: the locker update controller's exception handler hands the framework an
 * error body it has already serialized, res.status(400).json(JSON.stringify(error)): every 400 of the update is a
 * JSON string holding the error's text.
 */
export function errorsDoubleEncoded<A extends RegistryApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
  if (!app.fault('sag-update-errors-double-encoded')) return handle(app, ctx);
  return onRefusal(app, ctx, handle, (error) => {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const text = JSON.stringify({ errorCode: error.errorCode, message: error.message });
    return { status: 400, raw: JSON.stringify(text) };
  });
}

/**
 * Variation ok-ag-update-ignores-carrier-status: an update's carrier.status (a member the update table does not list)
 * is ignored; the carrier side's status changes through PATCH /lockers/status only.
 */
export function carrierStatusIgnored(app: Switches, ctx: RequestContext): RequestContext {
  const carrier = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
  if (!app.fault('ok-ag-update-ignores-carrier-status') || !isObject(carrier) || !('status' in carrier)) return ctx;
  const { status: _ignored, ...kept } = carrier;
  return { ...ctx, body: { ...(ctx.body as Editable), carrier: kept } };
}

/** Fault sai-update-null-removes-member: the update read as a JSON Merge Patch, a null member removed. */
export function nullsAsRemovals(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('sai-update-null-removes-member') || !isObject(ctx.body)) return ctx;
  const body: Editable = { ...ctx.body };
  let changed = false;
  const removed = (member: string, empty: unknown) => {
    if (body[member] !== null) return;
    body[member] = empty;
    changed = true;
  };
  removed('metadata', []);
  removed('features', { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null });
  removed('lockerGroups', []);
  const location = body['location'];
  if (isObject(location) && location['type'] === null) {
    const { type: _removed, ...kept } = location;
    body['location'] = kept;
    changed = true;
  }
  return changed ? withBody(ctx, body) : ctx;
}

/** Fault sai-update-carrier-merged-before-validation: the sent carrier laid over the stored one, then validated. */
export function carrierMerged(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const sent = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
  if (!app.fault('sai-update-carrier-merged-before-validation') || !isObject(sent)) return ctx;
  const locker = app.state.ownedLocker(ctx.carrier.name, ctx.params['uid'] ?? '');
  if (!locker) return ctx;
  const stored = locker.record.carrier;
  const merged: Editable = { ...sent };
  for (const member of ['lockerName', 'lockerId', 'activationDate'] as const)
    if (merged[member] === undefined) merged[member] = stored[member];
  return withBody(ctx, { ...(ctx.body as Editable), carrier: merged });
}

/** Fault sai-update-features-no-row-404: the features UPDATE of a locker without a row affects none: "not found". */
export function checkFeatureRow(app: LegacyColumnApp, ctx: RequestContext): void {
  if (!app.fault('sai-update-features-no-row-404') || !isObject(ctx.body) || !isObject(ctx.body['features'])) return;
  const uid = ctx.params['uid'] ?? '';
  if (heldBy(featureRows, app, () => new Map<string, boolean>()).get(uid) !== false) return;
  if (!app.state.ownedLocker(ctx.carrier.name, uid)) return;
  try {
    app.validate('LockerUpdateRequest', ctx.body);
  } catch {
    return;
  }
  throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${uid}"`);
}

/**
 * PATCH /lockers/{uid} after the handler. Fault sai-groups-keyed-by-locker-id: a new carrier.lockerId without
 * lockerGroups leaves the groups under the former id. Fault sai-update-features-by-locker-id: the features written to
 * every locker of the carrier.lockerId. Fault sai-status-legacy-column-read: the answer shows the old column's status.
 */
export function updatedByLockerId<A extends LegacyColumnApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
  const uid = ctx.params['uid'] ?? '';
  const locker = app.state.ownedLocker(ctx.carrier.name, uid);
  const formerId = locker?.record.carrier.lockerId;
  const body = isObject(ctx.body) ? ctx.body : {};
  return after(handle(app, ctx), (reply) => {
    if (reply.status >= 300 || !locker) return reply;
    let answered = reply;
    const renamed = locker.record.carrier.lockerId !== formerId && body['lockerGroups'] === undefined;
    if (app.fault('sai-groups-keyed-by-locker-id') && renamed) {
      regrouped(app, ctx.carrier.name, locker, formerId);
      answered = groupsAnswered(answered, locker);
    }
    if (app.fault('sai-update-features-by-locker-id') && isObject(body['features'])) {
      for (const other of app.state.lockers.values()) {
        if (other === locker || other.record.carrier.lockerId !== locker.record.carrier.lockerId) continue;
        other.record.features = structuredClone(locker.record.features);
        app.lag.written(other, other.record);
      }
    }
    if (app.fault('sai-status-legacy-column-read') && isObject(answered.body)) {
      const carrier = body['carrier'];
      if (isObject(carrier) && typeof carrier['status'] === 'string')
        heldBy(legacyStatuses, app, () => new Map<string, string>()).set(uid, carrier['status']);
      answered = { ...answered, body: { ...answered.body } };
      legacyStatusShown(app, [answered.body as Editable]);
    }
    return answered;
  });
}

/** Variation ok-ai-third-party-update-read-only: a third-party locker is the provider's to change. */
export function thirdPartyReadOnly(app: FaultPointApp, ctx: RequestContext): void {
  const uid = ctx.params['uid'] ?? '';
  if (!app.fault('ok-ai-third-party-update-read-only')) return;
  if (app.state.lockers.get(uid)?.record.ownedByCarrier === null)
    throw badRequest('LOCKER_READ_ONLY', `locker "${uid}" is a third-party locker: its provider manages it`);
}
