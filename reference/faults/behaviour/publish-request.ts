// The publish request as the service binds, checks and replays it around the publish itself (publishPoint, which
// aroundPublish in publish-points.ts calls): each wrapper is the publish itself while its faults are off.
import { ApiError, badRequest } from '../../errors';
import { type Editable, isObject, type Switches } from '../../handlers/fault-point-state';
import type { StoredLocker, StoredParcel } from '../../model';
import type { FaultPointApp as ReferenceApp, Reply, RequestContext } from '../../request-types';
import { secondaryIdRows } from './parcels';
import { namedLocker } from './publish';
import { bookingByUid, freeLockText, keptOf, REPLAY_MS } from './shared';

/** Fault sd-publish-replay-ignores-event-type: stored answers by idempotency key, kept 60 s. */
const replays = new WeakMap<ReferenceApp, Map<string, { at: number; reply: Reply }>>();

/** A publish as the service runs it: the invented cod rule, then the replay store, around the publish itself. */
export function publishPoint(app: ReferenceApp, ctx: RequestContext, publish: () => Reply): Reply {
  // Next to the publish: the body as bound and checked, a locker's eligibility, a PRE_CHECK's duplicate check.
  const checkedPublish = () => boundAndEligibilityChecked(app, ctx, publish);
  // Around it, innermost first: the label-less flow's normalizer and drafts (faults sm-parcel-id-filled-from-secondary,
  // sm-precheck-draft-deleted-by-parcel-id, variation ok-m-precheck-negative-as-answer); routing by the raw text, a
  // message bundle, a retry replayed (faults so-publish-event-type-by-raw-text, so-publish-message-bundle-gap,
  // variation ok-o-booking-retry-replayed); a site's pool, zero padding, a void check (faults
  // sq-soft-reservation-site-pooled, sq-by-tenant-zero-padding-stripped, sq-precheck-void-204).
  const routedPublish = () =>
    siteAndZeroPaddingAndVoid(app, ctx, () =>
      rawTextRoutingAndRetries(app, ctx, () => labellessFlowAndDrafts(app, ctx, checkedPublish)),
    );
  // Then the input filter and the by-tenant rows (faults ss-publish-unicode-escape-filter,
  // ss-by-tenant-single-result-across-carriers, ss-unlocked-booking-as-release, ss-by-tenant-locker-stub-merged,
  // ss-cancel-id-matches-secondary-id), and the failures after every check (faults su-accessible-null-unboxed,
  // su-consignee-quote-sql-error, su-by-tenant-check-unresolved-id).
  const filteredPublish = () => failuresAfterChecks(app, ctx, () => escapeFilterAndTenantStub(app, ctx, routedPublish));
  // Outermost: the check's validation group, a lock state's default, a locker's eligibility, a refused duplicate's
  // compensation, the answer's timestamp.
  const publishIt = () => validationGroupAndCompensation(app, ctx, filteredPublish);
  codAndSecondaryIdChecks(app, ctx);
  integerNotationAndInternalUrl(app, ctx);
  const sent = (ctx.body ?? {}) as Record<string, unknown>;
  // Fault sd-cod-amount-requires-currency: a class-level rule ties codCurrency to codAmount.
  if (
    app.fault('sd-cod-amount-requires-currency') &&
    sent['codAmount'] !== undefined &&
    sent['codCurrency'] === undefined
  )
    throw badRequest('VALIDATION_FAILED', '/codCurrency is required when codAmount is set');
  if (!app.fault('sd-publish-replay-ignores-event-type')) return publishIt();
  const where = 'lockerUid' in sent ? `uid ${String(sent['lockerUid'])}` : `tenant ${String(sent['carrierLockerId'])}`;
  const key = `${ctx.carrier.name}|${where}|${String(sent['carrierParcelId'])}`;
  const store = replays.get(app) ?? new Map<string, { at: number; reply: Reply }>();
  replays.set(app, store);
  const kept = store.get(key);
  if (kept && Date.now() - kept.at < REPLAY_MS) return structuredClone(kept.reply);
  const reply = publishIt();
  if (reply.status < 300) store.set(key, { at: Date.now(), reply: structuredClone(reply) });
  return reply;
}

/** Fault sf-cod-currency-allow-list: the currencies the payment module was configured with. */
const COD_CURRENCIES = ['EUR', 'USD', 'GBP'];

/** Checks a publish runs before its body is mapped (both paths, both event types). */
export function codAndSecondaryIdChecks(app: ReferenceApp, ctx: RequestContext): void {
  const sent = (ctx.body ?? {}) as Record<string, unknown>;
  const currency = sent['codCurrency'];
  // Fault sf-cod-currency-allow-list: an ISO 4217 code outside the configured list is refused as invalid.
  if (app.fault('sf-cod-currency-allow-list') && typeof currency === 'string' && /^[A-Z]{3}$/.test(currency)) {
    if (!COD_CURRENCIES.includes(currency))
      throw badRequest('VALIDATION_FAILED', `/codCurrency must be one of ${COD_CURRENCIES.join(', ')}`);
  }
  // Fault sf-secondary-id-checked-across-parcels: "distinct from carrierParcelId" written as "no parcel of the
  // carrier has it as its carrierParcelId".
  const secondary = sent['secondaryShipmentId'];
  if (!app.fault('sf-secondary-id-checked-across-parcels') || typeof secondary !== 'string') return;
  if (app.state.parcels.some((p) => p.owner === ctx.carrier.name && p.record.carrierParcelId === secondary))
    throw badRequest('VALIDATION_FAILED', '/secondaryShipmentId must differ from carrierParcelId');
}

/** Fault si-publish-integer-notation-refused: an integer member written with a fraction or an exponent. */
const INTEGER_NOTATION = /"(depth|height|width|weight|codAmount)"\s*:\s*-?\d+[.eE]/;

/** Fault si-by-tenant-internal-url-unencoded: the locker service's route the by-tenant path calls. */
const LOCKER_SERVICE = 'http://lockers.internal';
const BY_CARRIER_LOCKER_ID = '/v1/lockers/by-carrier-locker-id/';

/** Checks a publish runs before its body is mapped (both paths, both event types). */
export function integerNotationAndInternalUrl(app: Switches, ctx: RequestContext): void {
  // Fault si-publish-integer-notation-refused: the parser reads an integer member's notation, not its value.
  const notation = app.fault('si-publish-integer-notation-refused') ? INTEGER_NOTATION.exec(ctx.raw ?? '') : null;
  if (notation) throw badRequest('VALIDATION_FAILED', `${notation[1]} must be an integer`);
  const body = ctx.body as Editable | null | undefined;
  const sent = body?.['carrierLockerId'];
  if (!app.fault('si-by-tenant-internal-url-unencoded') || typeof sent !== 'string' || 'lockerUid' in body!) return;
  // The carrierLockerId is put into the locker service's URL as it is, not encoded as a path segment.
  const path = new URL(BY_CARRIER_LOCKER_ID + sent, LOCKER_SERVICE).pathname;
  const segment = path.startsWith(BY_CARRIER_LOCKER_ID) ? path.slice(BY_CARRIER_LOCKER_ID.length) : '/';
  let resolved: string | undefined;
  try {
    resolved = segment.includes('/') || segment === '' ? undefined : decodeURIComponent(segment);
  } catch {
    resolved = undefined;
  }
  if (resolved === undefined)
    throw badRequest('UNKNOWN_LOCKER', 'no locker of this carrier or of a third party matches the request');
  body!['carrierLockerId'] = resolved;
}

/**
 * A publish as these faults and variations run it, around the publish itself (`publishIt`).
 * Fault sm-parcel-id-filled-from-secondary: the label-less flow's request normalizer runs before the validator and
 * promotes secondaryShipmentId to carrierParcelId where carrierParcelId is missing or null.
 * Fault sm-precheck-draft-deleted-by-parcel-id: a PRE_CHECK inserts a draft parcel to run the booking's checks on, and
 * removes it with deleteByOwnerAndCarrierParcelId (the draft, never flushed, has no id yet): every parcel of the
 * carrier with that carrierParcelId goes with it.
 * Variation ok-m-precheck-negative-as-answer: a PRE_CHECK whose locker lookup finds no locker answers the outcome of
 * the check, 2xx with status REJECTED, instead of refusing the request.
 */
export function labellessFlowAndDrafts(app: ReferenceApp, ctx: RequestContext, publishIt: () => Reply): Reply {
  const sent = ctx.body;
  if (!isObject(sent)) return publishIt();
  if (app.fault('sm-parcel-id-filled-from-secondary') && sent['carrierParcelId'] == null) {
    const { secondaryShipmentId, ...rest } = sent;
    if (typeof secondaryShipmentId === 'string') ctx.body = { ...rest, carrierParcelId: secondaryShipmentId };
  }
  const id = (ctx.body as Editable)['carrierParcelId'];
  const check = sent['eventType'] === 'PRE_CHECK';
  let reply: Reply;
  try {
    reply = publishIt();
  } catch (error) {
    const declined = app.fault('ok-m-precheck-negative-as-answer') && check;
    if (!declined || !(error instanceof ApiError) || error.errorCode !== 'UNKNOWN_LOCKER') throw error;
    const timestamp = new Date().toISOString();
    return {
      status: app.options.choices.publishSuccessStatus,
      body: { status: 'REJECTED', message: error.message, timestamp },
    };
  }
  if (app.fault('sm-precheck-draft-deleted-by-parcel-id') && check && reply.status < 300) {
    const { parcels } = app.state;
    for (let i = parcels.length - 1; i >= 0; i--)
      if (parcels[i]!.owner === ctx.carrier.name && parcels[i]!.record.carrierParcelId === id) parcels.splice(i, 1);
  }
  return reply;
}

/** The publish event types the gateway's rules name, each with the literal text its rule matches. */
const ROUTED_EVENT_TYPES = ['BOOKING', 'PRE_CHECK'];

/**
 * Fault so-publish-event-type-by-raw-text: the API gateway routes a publish to the booking or the check service by a
 * literal match on the raw body, `"eventType":"BOOKING"` or `"eventType":"PRE_CHECK"`; a body matching neither gets the
 * gateway's fallback refusal, whatever its parsed value says.
 */
function refuseUnroutedText(app: ReferenceApp, ctx: RequestContext): void {
  const eventType = isObject(ctx.body) ? ctx.body['eventType'] : undefined;
  if (!app.fault('so-publish-event-type-by-raw-text') || typeof ctx.raw !== 'string') return;
  if (typeof eventType !== 'string' || !ROUTED_EVENT_TYPES.includes(eventType)) return;
  if (!ctx.raw.includes(`"eventType":"${eventType}"`))
    throw badRequest('VALIDATION_FAILED', '/eventType must be PRE_CHECK or BOOKING');
}

/** JSON text of a value with every object's members in key order: one text per value, whatever order it was sent in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (!isObject(value)) return JSON.stringify(value);
  const members = Object.keys(value).sort();
  return `{${members.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
}

/** Variation ok-o-booking-retry-replayed: each booking's answer and parcel, by carrier and the request's value. */
const bookedBy = new WeakMap<ReferenceApp, Map<string, { reply: Reply; parcel: StoredParcel }>>();

/**
 * A publish as these faults and variations run it, around the publish itself (`publishIt`).
 * Variation ok-o-booking-retry-replayed: a BOOKING that repeats, value for value, the request that made a booking still
 * booked is a client's retry: answered as that one was (the processing time anew), nothing booked or pushed.
 * Fault so-publish-message-bundle-gap: the answer's message comes from a bundle keyed by event type and shipment type,
 * which has no entry for ALTERNATIVE_DELIVERY; the lookup gives null.
 */
export function rawTextRoutingAndRetries(app: ReferenceApp, ctx: RequestContext, publishIt: () => Reply): Reply {
  refuseUnroutedText(app, ctx);
  const sent = isObject(ctx.body) ? ctx.body : {};
  const retry = app.fault('ok-o-booking-retry-replayed') && sent['eventType'] === 'BOOKING';
  const key = retry ? `${ctx.carrier.name} ${canonicalJson(sent)}` : '';
  const store = bookedBy.get(app) ?? new Map<string, { reply: Reply; parcel: StoredParcel }>();
  bookedBy.set(app, store);
  const made = retry ? store.get(key) : undefined;
  if (made && made.parcel.record.shipmentStatus === 'BOOKED')
    return { ...made.reply, body: { ...(made.reply.body as Editable), timestamp: new Date().toISOString() } };
  const reply = publishIt();
  const parcel = app.state.parcels.at(-1);
  if (retry && reply.status < 300 && parcel?.owner === ctx.carrier.name)
    store.set(key, { reply: structuredClone(reply), parcel });
  const gap = app.fault('so-publish-message-bundle-gap') && sent['shipmentType'] === 'ALTERNATIVE_DELIVERY';
  if (gap && reply.status < 300 && isObject(reply.body)) return { ...reply, body: { ...reply.body, message: null } };
  return reply;
}

/** Uids of numeric text in numeric order (a BIGINT key's ORDER BY). */
const byUid = (a: StoredLocker, b: StoredLocker) =>
  a.record.uid.length - b.record.uid.length || a.record.uid.localeCompare(b.record.uid);

/**
 * Fault sq-soft-reservation-site-pooled: a SOFT_RESERVATION BOOKING on /parcels/data is reserved at the locker's site
 * (the lockers the caller sees standing at one lon and lat) and placed in the site's first locker, the lowest uid.
 */
function siteOfSoftReservation(app: ReferenceApp, ctx: RequestContext): void {
  if (!app.fault('sq-soft-reservation-site-pooled') || !isObject(ctx.body)) return;
  const { eventType, allocationType, lockerUid } = ctx.body;
  if (eventType !== 'BOOKING' || allocationType !== 'SOFT_RESERVATION' || typeof lockerUid !== 'string') return;
  const asked = app.state.visibleLocker(ctx.carrier.name, lockerUid);
  if (!asked) return;
  const point = (l: StoredLocker) => `${String(l.record.location['lon'])},${String(l.record.location['lat'])}`;
  const site = app.state.visibleLockers(ctx.carrier.name).filter((l) => point(l) === point(asked));
  const first = site.sort(byUid)[0];
  if (first && first !== asked) ctx.body = { ...ctx.body, lockerUid: first.record.uid };
}

/** Fault sq-by-tenant-zero-padding-stripped: an id as the ERP export compares it, without its leading zeros. */
const unpadded = (id: string) => id.replace(/^0+(?=.)/, '');

/**
 * Fault sq-by-tenant-zero-padding-stripped: where no locker has the sent carrierLockerId exactly, the by-tenant
 * resolver compares both sides without leading zeros (the ERP export pads ids), and books into the locker it finds.
 */
function zeroPaddingStripped(app: ReferenceApp, ctx: RequestContext): void {
  if (!app.fault('sq-by-tenant-zero-padding-stripped') || !isObject(ctx.body)) return;
  const sent = ctx.body['carrierLockerId'];
  if (typeof sent !== 'string' || app.state.lockerByCarrierLockerId(ctx.carrier.name, sent)) return;
  const same = app.state
    .visibleLockers(ctx.carrier.name)
    .filter((l) => unpadded(l.record.carrier.lockerId) === unpadded(sent));
  const found = same.find((l) => l.record.ownedByCarrier === ctx.carrier.name) ?? same[0];
  if (found) ctx.body = { ...ctx.body, carrierLockerId: found.record.carrier.lockerId };
}

/**
 * A publish as these faults run it, around the publish itself (`publishIt`).
 * Fault sq-precheck-void-204: the check handler returns nothing when the parcel can be accepted, and the framework
 * answers a handler that returns nothing 204 No Content.
 */
export function siteAndZeroPaddingAndVoid(app: ReferenceApp, ctx: RequestContext, publishIt: () => Reply): Reply {
  siteOfSoftReservation(app, ctx);
  zeroPaddingStripped(app, ctx);
  const reply = publishIt();
  const check = isObject(ctx.body) && ctx.body['eventType'] === 'PRE_CHECK';
  return app.fault('sq-precheck-void-204') && check && reply.status < 300 ? { status: 204 } : reply;
}

/** The by-tenant path's body: a carrierLockerId and no lockerUid. */
const tenantLockerId = (body: Editable): string | undefined =>
  typeof body['carrierLockerId'] === 'string' && !('lockerUid' in body) ? body['carrierLockerId'] : undefined;

/** Fault ss-publish-unicode-escape-filter: the input filter's pattern, meant for \u0000 and the other controls. */
const LOW_ESCAPE = /\\u00[0-9a-fA-F]{2}/;

/**
 * Fault ss-publish-unicode-escape-filter: the publish router's input filter strips every \u00XX escape from the raw
 * body before it is parsed (written to keep NUL and control characters out, its pattern one digit too wide).
 */
function escapesFiltered(app: ReferenceApp, ctx: RequestContext): void {
  if (!app.fault('ss-publish-unicode-escape-filter') || ctx.raw === undefined || !LOW_ESCAPE.test(ctx.raw)) return;
  const filtered = ctx.raw.replace(new RegExp(LOW_ESCAPE.source, 'g'), '');
  try {
    ctx.body = JSON.parse(filtered);
    ctx.raw = filtered;
  } catch {
    throw badRequest('MALFORMED_JSON', 'the body is not valid JSON');
  }
}

/**
 * Fault ss-by-tenant-single-result-across-carriers: the by-tenant path reads the carrier-created lockers of that
 * carrier.lockerId, of every carrier, as a single result (the owner is checked on the row found); two rows are
 * refused as ambiguous.
 */
function refuseAmbiguousTenantId(app: ReferenceApp, ctx: RequestContext): void {
  if (!app.fault('ss-by-tenant-single-result-across-carriers') || !isObject(ctx.body)) return;
  const sent = tenantLockerId(ctx.body);
  if (sent === undefined) return;
  const rows = [...app.state.lockers.values()].filter(
    (l) => l.record.ownedByCarrier !== null && l.record.carrier.lockerId === sent,
  );
  if (rows.length > 1)
    throw badRequest('AMBIGUOUS_LOCKER_ID', `more than one locker is registered under carrierLockerId "${sent}"`);
}

/**
 * Fault ss-unlocked-booking-as-release: a BOOKING with lockStatus UNLOCKED is taken for the command that releases a
 * locked booking of that carrierParcelId ("UNLOCKED releases the parcel for collection"), not for a booking.
 */
function unlockedAsRelease(app: ReferenceApp, ctx: RequestContext): Reply | undefined {
  if (!app.fault('ss-unlocked-booking-as-release') || !isObject(ctx.body)) return undefined;
  const { eventType, lockStatus, carrierParcelId } = ctx.body;
  if (eventType !== 'BOOKING' || lockStatus !== 'UNLOCKED') return undefined;
  const locked = app.state.latestParcel(
    ctx.carrier.name,
    (p) =>
      p.record.carrierParcelId === carrierParcelId &&
      p.record.shipmentStatus === 'BOOKED' &&
      p.record.lockStatus === 'LOCKED',
  );
  if (!locked)
    throw badRequest('PARCEL_NOT_LOCKED', `no locked booking of parcel "${String(carrierParcelId)}" to release`);
  locked.record.lockStatus = 'UNLOCKED';
  const timestamp = new Date().toISOString();
  const message = `Booking ${locked.record.shipmentUid} released for collection`;
  return { status: app.options.choices.publishSuccessStatus, body: { status: 'UNLOCKED', message, timestamp } };
}

/**
 * Fault ss-by-tenant-locker-stub-merged: the by-tenant path builds the locker of the draft parcel from the locker-id
 * lookup row (uid and carrier.lockerId), its metadata collection empty, and the parcel's locker association cascades
 * MERGE with orphan removal: the check's draft validation and the booking's save write the empty metadata over the
 * locker's.
 */
function mergedLockerStub(app: ReferenceApp, ctx: RequestContext, reply: Reply): void {
  if (!app.fault('ss-by-tenant-locker-stub-merged') || reply.status >= 300 || !isObject(ctx.body)) return;
  const sent = tenantLockerId(ctx.body);
  const locker = sent === undefined ? undefined : app.state.lockerByCarrierLockerId(ctx.carrier.name, sent);
  if (!locker?.record.metadata.length) return;
  locker.record.metadata = [];
  app.lag.written(locker, locker.record);
}

/** Fault ss-cancel-id-matches-secondary-id: the booking's second label id, kept with the parcel row. */
function keepSecondaryId(app: ReferenceApp, ctx: RequestContext, reply: Reply): void {
  if (!app.fault('ss-cancel-id-matches-secondary-id') || reply.status >= 300 || !isObject(ctx.body)) return;
  const { eventType, carrierParcelId, secondaryShipmentId } = ctx.body;
  if (eventType !== 'BOOKING' || typeof secondaryShipmentId !== 'string') return;
  const booked = app.state.latestParcel(ctx.carrier.name, (p) => p.record.carrierParcelId === carrierParcelId);
  if (booked && !secondaryIdRows.has(booked)) secondaryIdRows.set(booked, secondaryShipmentId);
}

/** A publish as these faults run it, around the publish itself (`publishIt`). */
export function escapeFilterAndTenantStub(app: ReferenceApp, ctx: RequestContext, publishIt: () => Reply): Reply {
  escapesFiltered(app, ctx);
  refuseAmbiguousTenantId(app, ctx);
  const released = unlockedAsRelease(app, ctx);
  if (released) return released;
  const reply = publishIt();
  mergedLockerStub(app, ctx, reply);
  keepSecondaryId(app, ctx, reply);
  return reply;
}

/** Fault su-consignee-quote-sql-error: the driver's error for the consignee insert built by concatenation. */
function driverError(consignee: Editable): Editable {
  const quoted = (v: unknown) => (typeof v === 'string' ? `'${v}'` : 'NULL');
  const values = `${quoted(consignee['name'])}, ${quoted(consignee['email'])}`;
  const sql = `INSERT INTO consignee (name, email) VALUES (${values})`;
  const near = sql.slice(sql.indexOf("'", sql.indexOf("'") + 1) + 1);
  const manual = 'check the manual that corresponds to your MySQL server version for the right syntax to use';
  return {
    code: 'ER_PARSE_ERROR',
    errno: 1064,
    sqlState: '42000',
    sqlMessage: `You have an error in your SQL syntax; ${manual} near '${near}' at line 1`,
    sql,
  };
}

const hasQuote = (v: unknown) => typeof v === 'string' && v.includes("'");

/**
 * The failure a write meets after the publish was checked, where a fault has one: fault su-accessible-null-unboxed
 * (requiresAccessibleCompartment sent null overrides the DTO's `= false` initializer, and its auto-unboxing throws a
 * NullPointerException), fault su-consignee-quote-sql-error (the consignee insert is built by concatenation, so a
 * quote in the name or email breaks its SQL, and the driver's error object is answered as it is).
 */
function failureAfterChecks(app: ReferenceApp, sent: Editable): (() => Reply) | undefined {
  if (app.fault('su-accessible-null-unboxed') && sent['requiresAccessibleCompartment'] === null)
    return () => {
      const npe = 'because the return value of "PublishRequest.getRequiresAccessibleCompartment()" is null';
      throw new ApiError(500, 'INTERNAL_ERROR', `Cannot invoke "java.lang.Boolean.booleanValue()" ${npe}`);
    };
  const consignee = sent['consignee'];
  if (!app.fault('su-consignee-quote-sql-error') || sent['eventType'] !== 'BOOKING' || !isObject(consignee)) return;
  if (hasQuote(consignee['name']) || hasQuote(consignee['email']))
    return () => ({ status: 500, body: driverError(consignee) });
  return undefined;
}

/** Fault su-by-tenant-check-unresolved-id: the check service is handed the carrierLockerId as a platform uid. */
function checkedAsUid(app: ReferenceApp, ctx: RequestContext, sent: Editable, reply: Reply): Reply {
  const byTenant = typeof sent['carrierLockerId'] === 'string' && !('lockerUid' in sent);
  if (!app.fault('su-by-tenant-check-unresolved-id') || !byTenant || sent['eventType'] !== 'PRE_CHECK') return reply;
  const locker = app.state.visibleLocker(ctx.carrier.name, sent['carrierLockerId']);
  if (!locker) throw badRequest('UNKNOWN_LOCKER', 'no locker of this carrier or of a third party matches the request');
  if (isObject(reply.body) && typeof reply.body['message'] === 'string')
    reply.body['message'] = `Parcel can be accepted in locker ${locker.record.uid}`;
  return reply;
}

/**
 * A publish as these faults and variation run it, around the publish itself (`publishIt`): the failures of faults
 * su-accessible-null-unboxed and su-consignee-quote-sql-error come after every check the publish makes, and roll the
 * booking back (its push is held back too); fault su-by-tenant-check-unresolved-id; and what the list and the view
 * read later (a booking's dimensions, fault su-parcel-list-nan-volume; a consignee sent null, ok-u-consignee-...).
 */
export function failuresAfterChecks(app: ReferenceApp, ctx: RequestContext, publishIt: () => Reply): Reply {
  const sent: Editable = isObject(ctx.body) ? ctx.body : {};
  const failure = failureAfterChecks(app, sent);
  const key = `${ctx.carrier.name}|${String(sent['carrierParcelId'])}`;
  if (failure) keptOf(app).rollingBack.add(key);
  const pendingNull = `id:${String(sent['carrierParcelId'])}`; // the booking's push is built before it is answered
  if (sent['consignee'] === null) keptOf(app).nullConsignee.add(pendingNull);
  let reply: Reply;
  try {
    reply = publishIt();
  } finally {
    keptOf(app).rollingBack.delete(key);
    keptOf(app).nullConsignee.delete(pendingNull);
  }
  const booked =
    reply.status < 300 && sent['eventType'] === 'BOOKING'
      ? app.state.latestParcel(ctx.carrier.name, (p) => p.record.carrierParcelId === sent['carrierParcelId'])
      : undefined;
  if (failure) {
    if (booked) app.state.parcels.splice(app.state.parcels.indexOf(booked), 1);
    return failure();
  }
  if (booked && isObject(sent['dimensions'])) keptOf(app).dimensions.set(booked.record.shipmentUid, sent['dimensions']);
  if (booked && sent['consignee'] === null) keptOf(app).nullConsignee.add(booked.record.shipmentUid);
  return checkedAsUid(app, ctx, sent, reply);
}

/**
 * The publish request as the DTO binds it, before the schema's check. Fault sx-publish-event-type-defaults-booking:
 * eventType, added when PRE_CHECK came, defaults to BOOKING for clients of the time before it. Fault
 * sx-cod-amount-int64-as-text: codAmount, an int64, is also taken as its digits in a string, as protobuf's JSON
 * mapping writes an int64. The body as sent where neither is on.
 */
function boundPublish(app: Switches, sent: Editable): Editable {
  let bound = sent;
  if (app.fault('sx-publish-event-type-defaults-booking') && !('eventType' in bound))
    bound = { ...bound, eventType: 'BOOKING' };
  const amount = bound['codAmount'];
  if (app.fault('sx-cod-amount-int64-as-text') && typeof amount === 'string' && /^-?\d+$/.test(amount))
    bound = { ...bound, codAmount: Number(amount) };
  return bound;
}

/** A member of some network whose network status is not ACTIVE (PENDING as added: §3, transitions not shown). */
function pendingInANetwork(app: ReferenceApp, uid: string): boolean {
  return [...app.state.networks.values()].some((n) => {
    const member = n.members.get(uid);
    return member !== undefined && member.networkLockerStatus !== 'ACTIVE';
  });
}

const LOCK_STATES: readonly unknown[] = ['LOCKED', 'UNLOCKED'];

/**
 * Fault sx-precheck-duplicate-check-unscoped and variation ok-x-precheck-refuses-booked-id: a PRE_CHECK also asks
 * whether a BOOKING of its carrierParcelId would be refused as a duplicate; the fault's query leaves out the carrier.
 */
function duplicateChecked(app: ReferenceApp, carrier: string, sent: Editable, reply: Reply): void {
  if (sent['eventType'] !== 'PRE_CHECK' || reply.status >= 300) return;
  const id = sent['carrierParcelId'];
  const booked = (p: StoredParcel) => p.record.carrierParcelId === id && p.record.shipmentStatus === 'BOOKED';
  const taken = app.fault('sx-precheck-duplicate-check-unscoped')
    ? app.state.parcels.some(booked)
    : app.fault('ok-x-precheck-refuses-booked-id') && app.state.latestParcel(carrier, booked) !== undefined;
  if (taken) throw badRequest('ALREADY_BOOKED', `parcel "${String(id)}" already has an active booking`);
}

/** The members of §2.3's table, with the members of its two objects: variation ok-x-publish-unknown-members-refused. */
const PUBLISH_MEMBERS = new Set(
  (
    'eventType lockerUid carrierLockerId carrierParcelId shipmentType consignee dimensions weight allocationType ' +
    'requiresAccessibleCompartment secondaryShipmentId codAmount codCurrency lockStatus'
  ).split(' '),
);
const OBJECT_MEMBERS: Record<string, readonly string[]> = {
  consignee: ['name', 'email'],
  dimensions: ['depth', 'height', 'width'],
};

/**
 * Variation ok-x-publish-unknown-members-refused: the DTO binder fails on unknown properties (Jackson's default), so a
 * member §2.3 does not list, at the top or in consignee or dimensions, is refused.
 */
function checkedBeforePublish(app: Switches, sent: Editable): void {
  if (!app.fault('ok-x-publish-unknown-members-refused')) return;
  const unknown = Object.keys(sent).find((m) => !PUBLISH_MEMBERS.has(m));
  if (unknown) throw badRequest('VALIDATION_FAILED', `/${unknown} is not a member of the publish request`);
  for (const [object, members] of Object.entries(OBJECT_MEMBERS)) {
    const value = sent[object];
    const extra = isObject(value) ? Object.keys(value).find((m) => !members.includes(m)) : undefined;
    if (extra) throw badRequest('VALIDATION_FAILED', `/${object}/${extra} is not a member of the publish request`);
  }
}

/**
 * A publish as these faults and variations run it, around the publish itself (`publish`, which validates): the
 * body as bound and checked; fault sx-network-pending-locker-not-bookable (the allocation's eligible lockers leave
 * out a locker its network has not made ACTIVE); fault sx-lock-status-free-text (lockStatus typed as free text,
 * stored as sent); the PRE_CHECK's duplicate check.
 */
export function boundAndEligibilityChecked(app: ReferenceApp, ctx: RequestContext, publish: () => Reply): Reply {
  if (!isObject(ctx.body)) return publish();
  ctx.body = boundPublish(app, ctx.body);
  const sent = ctx.body as Editable;
  checkedBeforePublish(app, sent);
  const carrier = ctx.carrier.name;
  const locker = app.fault('sx-network-pending-locker-not-bookable') ? namedLocker(app, carrier, sent) : undefined;
  if (locker && pendingInANetwork(app, locker.record.uid))
    throw badRequest('LOCKER_NOT_LIVE', `locker ${locker.record.uid} is not live in its network yet`);
  const text = sent['lockStatus'];
  const freeText = app.fault('sx-lock-status-free-text') && typeof text === 'string' && !LOCK_STATES.includes(text);
  if (freeText) {
    ctx.body = { ...sent, lockStatus: 'UNLOCKED' }; // the schema's enum never sees the text
    freeLockText.set(app, { carrierParcelId: sent['carrierParcelId'], text });
  }
  let reply: Reply;
  try {
    reply = publish();
  } finally {
    freeLockText.delete(app);
  }
  if (freeText && reply.status < 300 && sent['eventType'] === 'BOOKING') {
    const booked = app.state.latestParcel(carrier, (p) => p.record.carrierParcelId === sent['carrierParcelId']);
    if (booked) booked.record.lockStatus = text;
    if (booked) app.lag.written(booked, booked.record);
  }
  duplicateChecked(app, carrier, sent, reply);
  return reply;
}

/** The constraints the publish DTO declares in its Booking validation group (fault sz-precheck-validation-group). */
const BOOKING_GROUP: Record<string, (value: string) => boolean> = {
  shipmentType: (v) => v === 'LAST_MILE' || v === 'ALTERNATIVE_DELIVERY',
  allocationType: (v) => v === 'HARD_RESERVATION' || v === 'SOFT_RESERVATION',
  lockStatus: (v) => v === 'LOCKED' || v === 'UNLOCKED',
  codCurrency: (v) => /^[A-Z]{3}$/.test(v),
};

/**
 * Fault sz-precheck-validation-group: a PRE_CHECK is validated in the Default group only, so the optional members'
 * value constraints, declared in the Booking group, are never checked, and the check ignores what they say.
 */
function validatedAsCheck(app: Switches, sent: Editable): Editable {
  if (!app.fault('sz-precheck-validation-group') || sent['eventType'] !== 'PRE_CHECK') return sent;
  const bound = { ...sent };
  for (const [member, valid] of Object.entries(BOOKING_GROUP))
    if (typeof bound[member] === 'string' && !valid(bound[member])) delete bound[member];
  return bound;
}

/** Fault sz-bookable-lockers-cached: each carrier's bookable locker uids, as read at its first publish. */
const BOOKABLE_CACHE_MS = 5 * 60_000;
const bookable = new WeakMap<Switches, Map<string, { at: number; uids: Set<string> }>>();

function refuseUncachedLocker(app: ReferenceApp, carrier: string, locker: StoredLocker | undefined): void {
  if (!app.fault('sz-bookable-lockers-cached') || !locker) return;
  const byCarrier = bookable.get(app) ?? new Map<string, { at: number; uids: Set<string> }>();
  bookable.set(app, byCarrier);
  let cached = byCarrier.get(carrier);
  if (!cached || Date.now() - cached.at >= BOOKABLE_CACHE_MS) {
    cached = { at: Date.now(), uids: new Set(app.state.visibleLockers(carrier).map((l) => l.record.uid)) };
    byCarrier.set(carrier, cached);
  }
  if (!cached.uids.has(locker.record.uid))
    throw badRequest('UNKNOWN_LOCKER', 'no locker of this carrier or of a third party matches the request');
}

/**
 * Fault sz-refused-booking-releases-by-parcel-id: a BOOKING refused as a duplicate runs the saga's compensation,
 * which releases "the reservation of this parcel" by (carrier, carrierParcelId): the booking already there.
 */
function compensated(app: ReferenceApp, carrier: string, sent: Editable, error: unknown): void {
  const duplicate = error instanceof ApiError && error.errorCode === 'ALREADY_BOOKED';
  if (!app.fault('sz-refused-booking-releases-by-parcel-id') || !duplicate || sent['eventType'] !== 'BOOKING') return;
  for (const p of app.state.parcelsOf(carrier))
    if (p.record.carrierParcelId === sent['carrierParcelId'] && p.record.shipmentStatus === 'BOOKED') {
      p.record.shipmentStatus = 'CANCELLED';
      p.record.events.push({ type: 'CANCELLED', timestamp: new Date().toISOString() });
      app.lag.written(p, p.record);
    }
}

/** Fault sz-publish-timestamp-epoch-seconds: the processing time read as epoch seconds, given to a Date as ms. */
function stampedInSeconds(app: Switches, reply: Reply): Reply {
  const body = reply.body;
  if (!app.fault('sz-publish-timestamp-epoch-seconds') || !isObject(body) || typeof body['timestamp'] !== 'string')
    return reply;
  body['timestamp'] = new Date(Math.floor(Date.parse(body['timestamp']) / 1000)).toISOString();
  return reply;
}

/**
 * A publish as these faults and variations run it, around the publish itself: the body as bound (the check's
 * validation group, a lock state's default), the locker's eligibility (a cached set of bookable lockers, a disabled
 * locker), the uid path's carrierLockerId, a refused duplicate's compensation and the answer's timestamp.
 */
export function validationGroupAndCompensation(app: ReferenceApp, ctx: RequestContext, publish: () => Reply): Reply {
  if (!isObject(ctx.body)) return publish();
  ctx.body = lockedByDefault(app, validatedAsCheck(app, ctx.body));
  const sent = ctx.body as Editable;
  const carrier = ctx.carrier.name;
  const eligibility = app.fault('sz-bookable-lockers-cached') || app.fault('ok-z-disabled-locker-refuses-bookings');
  const locker = eligibility ? namedLocker(app, carrier, sent) : undefined;
  refuseUncachedLocker(app, carrier, locker);
  refuseDisabledLocker(app, locker);
  try {
    return stampedInSeconds(app, bookedByUid(app, carrier, sent, publish));
  } catch (error) {
    compensated(app, carrier, sent, error);
    throw error;
  }
}

/**
 * Variation ok-z-lock-status-default-locked: a BOOKING that leaves lockStatus out is booked LOCKED, released by the
 * carrier later, where the reference books it UNLOCKED. The body as sent otherwise.
 */
export function lockedByDefault(app: Switches, sent: Editable): Editable {
  if (!app.fault('ok-z-lock-status-default-locked') || sent['eventType'] !== 'BOOKING' || 'lockStatus' in sent)
    return sent;
  return { ...sent, lockStatus: 'LOCKED' };
}

/** Variation ok-z-disabled-locker-refuses-bookings: a locker the carrier disabled cannot accept a parcel. */
export function refuseDisabledLocker(app: Switches, locker: StoredLocker | undefined): void {
  if (app.fault('ok-z-disabled-locker-refuses-bookings') && locker?.record.carrier.status === 'INACTIVE')
    throw badRequest('LOCKER_INACTIVE', `locker ${locker.record.uid} is disabled and accepts no parcels`);
}

/**
 * Variation ok-z-parcel-locker-id-null-on-uid-path: a parcel record's carrierLockerId is the identifier its booking
 * named the locker by, so a BOOKING on /parcels/data, which names none, stores null (its push included).
 */
export function bookedByUid(app: ReferenceApp, carrier: string, sent: Editable, publish: () => Reply): Reply {
  const byUid = sent['eventType'] === 'BOOKING' && typeof sent['lockerUid'] === 'string';
  if (!app.fault('ok-z-parcel-locker-id-null-on-uid-path') || !byUid) return publish();
  bookingByUid.set(app, sent['carrierParcelId']);
  let reply: Reply;
  try {
    reply = publish();
  } finally {
    bookingByUid.delete(app);
  }
  const booked = app.state.latestParcel(carrier, (p) => p.record.carrierParcelId === sent['carrierParcelId']);
  if (reply.status < 300 && booked) {
    booked.record.carrierLockerId = null;
    app.lag.written(booked, booked.record);
  }
  return reply;
}
