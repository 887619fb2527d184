// The wrappers aroundPublish (publish-points.ts) puts outside the publish request: a booking in flight, the provider
// adapter's guards, a check's proposal a booking confirms, the check module's answer, a circuit breaker. Each is the
// publish itself while its faults are off.
import type { ReferenceApp } from '../../app';
import { ApiError, badRequest } from '../../errors';
import { type Editable, isObject, perApp, type Switches } from '../../handlers/fault-point-state';
import { staleWrite } from '../../in-flight';
import type { JsonObject, PublishBody } from '../../model';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import type { RequestSchema } from '../../validation';
import { cashOnDelivery, DIMENSIONS } from './parcels';
import { ISO_4217_TEXT, namedLocker } from './publish';
import { BERLIN, heldBy } from './shared';

/**
 * Fault sm-by-tenant-generic-api-response: the by-tenant controller answers the team's generic ApiResponse, whose
 * status is the HTTP status code (a number), not the publish outcome.
 */
export function byTenantAnswer(app: Switches, reply: Reply): Reply {
  if (!app.fault('sm-by-tenant-generic-api-response') || reply.status >= 300 || !isObject(reply.body)) return reply;
  return { ...reply, body: { ...reply.body, status: reply.status } };
}

type PublishSchema = Extract<RequestSchema, 'PublishByLockerUidRequest' | 'PublishByCarrierLockerIdRequest'>;

/**
 * Fault sab-publish-either-locker-id: both publish paths bind one DTO whose class-level constraint asks for at least
 * one of lockerUid and carrierLockerId, and the locker is resolved from whichever is there.
 */
function eitherLockerId(app: FaultPointApp, carrier: string, sent: Editable, schema: PublishSchema): Editable {
  if (!app.fault('sab-publish-either-locker-id')) return sent;
  const byUid = schema === 'PublishByLockerUidRequest';
  const [wanted, other] = byUid ? ['lockerUid', 'carrierLockerId'] : ['carrierLockerId', 'lockerUid'];
  if ((sent[wanted] !== undefined && sent[wanted] !== null) || typeof sent[other] !== 'string') return sent;
  const locker = byUid
    ? app.state.lockerByCarrierLockerId(carrier, sent[other])
    : app.state.visibleLocker(carrier, sent[other]);
  if (!locker) return sent;
  return { ...sent, [wanted]: byUid ? locker.record.uid : locker.record.carrier.lockerId };
}

/** Fault sab-booking-confirms-check-snapshot: the proposals PRE_CHECKs made, by carrier, path, locker and parcel. */
const PROPOSAL_MS = 5 * 60_000;
const PROPOSED = ['shipmentType', 'consignee'];
const proposals = new WeakMap<Switches, Map<string, { at: number; data: Editable }>>();

function proposalsOf(app: Switches): Map<string, { at: number; data: Editable }> {
  const held = proposals.get(app) ?? new Map<string, { at: number; data: Editable }>();
  proposals.set(app, held);
  return held;
}

const proposalKey = (carrier: string, schema: PublishSchema, sent: Editable): string =>
  JSON.stringify([carrier, schema, sent['lockerUid'] ?? sent['carrierLockerId'], sent['carrierParcelId']]);

/**
 * Fault sab-booking-confirms-check-snapshot: a BOOKING that follows a PRE_CHECK of the same parcel into the same
 * locker confirms the check's proposal, which holds the delivery details (shipmentType, consignee) the check sent.
 */
function confirmedProposal(app: Switches, carrier: string, schema: PublishSchema, sent: Editable): Editable {
  if (!app.fault('sab-booking-confirms-check-snapshot') || sent['eventType'] !== 'BOOKING') return sent;
  const held = proposalsOf(app).get(proposalKey(carrier, schema, sent));
  if (!held || Date.now() - held.at >= PROPOSAL_MS) return sent;
  const bound = { ...sent };
  for (const member of PROPOSED)
    if (member in held.data) bound[member] = structuredClone(held.data[member]);
    else delete bound[member];
  return bound;
}

/** Fault sab-booking-confirms-check-snapshot: an accepted PRE_CHECK keeps its proposal, a BOOKING consumes it. */
function keptProposal(app: Switches, carrier: string, schema: PublishSchema, sent: Editable, reply: Reply): void {
  if (!app.fault('sab-booking-confirms-check-snapshot') || reply.status >= 300) return;
  const key = proposalKey(carrier, schema, sent);
  if (sent['eventType'] === 'BOOKING') proposalsOf(app).delete(key);
  if (sent['eventType'] !== 'PRE_CHECK') return;
  const data = Object.fromEntries(PROPOSED.filter((m) => m in sent).map((m) => [m, structuredClone(sent[m])]));
  proposalsOf(app).set(key, { at: Date.now(), data });
}

/**
 * A publish as these faults and variations run it, around the publish itself: the body as bound (either locker
 * identifier, a check's proposal confirmed), then what the answer names.
 */
export function eitherLockerIdAndProposals(
  app: FaultPointApp,
  ctx: RequestContext,
  schema: PublishSchema,
  publish: () => Reply,
): Reply {
  if (!isObject(ctx.body)) return publish();
  const carrier = ctx.carrier.name;
  const sent = confirmedProposal(app, carrier, schema, eitherLockerId(app, carrier, ctx.body, schema));
  ctx.body = sent;
  const reply = publish();
  keptProposal(app, carrier, schema, sent, reply);
  return answerNamesBooking(app, carrier, sent, reply);
}

/**
 * Variation ok-ab-publish-answer-ids: the answer to a BOOKING also names what it made, shipmentUid and lockerUid of
 * the booked parcel, beside status, message and timestamp.
 */
export function answerNamesBooking(app: FaultPointApp, carrier: string, sent: Editable, reply: Reply): Reply {
  if (!app.fault('ok-ab-publish-answer-ids') || sent['eventType'] !== 'BOOKING' || reply.status >= 300) return reply;
  if (!isObject(reply.body)) return reply;
  const booked = app.state.latestParcel(carrier, (p) => p.record.carrierParcelId === sent['carrierParcelId']);
  if (!booked) return reply;
  return {
    ...reply,
    body: { ...reply.body, shipmentUid: booked.record.shipmentUid, lockerUid: booked.record.lockerUid },
  };
}

/**
 * Fault sad-dimensions-number-coerced: the dimensions validator checks Number.isInteger(Number(v)) and the mapper
 * stores Number(v), so a dimension sent as "12", "", true, [] or [7] is taken as the integer it coerces to.
 */
function coercedDimensions(app: Switches, body: unknown): unknown {
  if (!app.fault('sad-dimensions-number-coerced') || !isObject(body) || !isObject(body['dimensions'])) return body;
  const dimensions: Editable = { ...body['dimensions'] };
  for (const side of DIMENSIONS) {
    const sent: unknown = dimensions[side];
    if (sent !== null && sent !== undefined && typeof sent !== 'number' && Number.isInteger(Number(sent)))
      dimensions[side] = Number(sent);
  }
  return { ...body, dimensions };
}

/** Fault sad-precheck-timestamp-default-arg: the check answer's default timestamp, evaluated once. */
const checkAnswerDefault = new WeakMap<Switches, string>();

/**
 * A publish as these faults and variations run it. Fault sad-precheck-timestamp-default-arg: the check's answer is
 * made by a helper of the check module (imported lazily, at the first PRE_CHECK) whose timestamp parameter defaults to
 * datetime.now(), a default Python evaluates once: every PRE_CHECK answers the time of the first one.
 */
export function precheckDefaultArgAndCoercion(app: FaultPointApp, ctx: RequestContext, publish: () => Reply): Reply {
  ctx.body = coercedDimensions(app, ctx.body);
  const sent: Editable = isObject(ctx.body) ? ctx.body : {};
  const reply = publish();
  const answer = reply.status < 300 && isObject(reply.body) ? reply.body : undefined;
  const stamp: unknown = answer?.['timestamp'];
  if (
    !app.fault('sad-precheck-timestamp-default-arg') ||
    sent['eventType'] !== 'PRE_CHECK' ||
    typeof stamp !== 'string'
  )
    return localOffsetAndCompartment(app, ctx.carrier.name, sent, reply);
  const first = heldBy(checkAnswerDefault, app, () => stamp);
  return localOffsetAndCompartment(app, ctx.carrier.name, sent, {
    ...reply,
    body: { ...answer, timestamp: first },
  });
}

/** An instant written as RFC 3339 in Europe/Berlin's time, its offset and microseconds: the same instant. */
function inBerlin(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const part: Record<string, string> = {};
  for (const p of BERLIN.formatToParts(at)) part[p.type] = p.value;
  const [y, mo, d, h, mi, s] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((k) => part[k] ?? '00');
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const offset = Math.round((wall - (at.getTime() - at.getUTCMilliseconds())) / 60_000);
  const hhmm = [Math.floor(Math.abs(offset) / 60), Math.abs(offset) % 60].map((n) => String(n).padStart(2, '0'));
  const micros = `${String(at.getUTCMilliseconds()).padStart(3, '0')}000`;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}.${micros}${offset < 0 ? '-' : '+'}${hhmm.join(':')}`;
}

/** The smallest compartment size the parcel, turned as it best goes in, fits (dimensions not given ask for nothing). */
function fittingSize(sent: PublishBody['dimensions'], compartments: JsonObject[] | null | undefined): string | null {
  const ascending = (values: unknown[]) => values.map((v) => (typeof v === 'number' ? v : 0)).sort((a, b) => a - b);
  const parcel = ascending([sent?.depth, sent?.height, sent?.width]);
  const room = (c: JsonObject) => ascending([c['height'], c['width'], c['length']]);
  const volume = (c: JsonObject) => room(c).reduce((n, side) => n * side, 1);
  const fits = (compartments ?? []).filter((c) => room(c).every((side, i) => parcel[i]! <= side));
  const size = fits.sort((a, b) => volume(a) - volume(b))[0]?.['size'];
  return typeof size === 'string' ? size : null;
}

/**
 * The publish answer as these variations write it. Variation ok-ad-publish-timestamp-local-offset: the timestamp in
 * the service's zone (Europe/Berlin) with its offset and microseconds, the same instant. Variation
 * ok-ad-precheck-answer-compartment: a PRE_CHECK's answer names the compartment size the parcel fits, compartmentSize.
 */
export function localOffsetAndCompartment(app: FaultPointApp, carrier: string, sent: Editable, reply: Reply): Reply {
  if (reply.status >= 300 || !isObject(reply.body)) return reply;
  let body = reply.body;
  if (app.fault('ok-ad-publish-timestamp-local-offset') && typeof body['timestamp'] === 'string')
    body = { ...body, timestamp: inBerlin(body['timestamp']) };
  if (app.fault('ok-ad-precheck-answer-compartment') && sent['eventType'] === 'PRE_CHECK') {
    const locker = namedLocker(app, carrier, sent);
    const size = fittingSize(sent['dimensions'], locker?.record.compartmentTypes);
    const where = locker ? ` in locker ${locker.record.uid}` : '';
    body = {
      ...body,
      compartmentSize: size,
      ...(size ? { message: `Parcel fits a ${size} compartment${where}` } : {}),
    };
  }
  return body === reply.body ? reply : { ...reply, body };
}

type PublishSchemaName = 'PublishByLockerUidRequest' | 'PublishByCarrierLockerIdRequest';

/**
 * A publish as these faults and variations run it, around everything else of the publish:
 * - fault saf-consignee-array-typeof-object: an array passes the hand-written consignee guard and is mapped to
 *   {name: null, email: null};
 * - fault saf-accessible-refusal-answered-200: a request for an accessible compartment is answered the provider's
 *   negative result in a 2xx body, after the check the booking runs first, and books nothing;
 * - fault saf-precheck-dry-run-third-party: a PRE_CHECK of a third-party locker goes through the provider adapter,
 *   which drops dryRun and books;
 * - fault saf-conflict-error-circular-cause: the ALREADY_BOOKED refusal reaches the framework's fallback handler;
 * - fault saf-cod-cancel-needs-idempotency-key: a booking with a codAmount is noted as cash on delivery;
 * - variations ok-af-allocation-default-soft and ok-af-publish-answer-warnings.
 */
export function guardsAndProviderAdapter(
  app: FaultPointApp,
  ctx: RequestContext,
  schema: PublishSchemaName,
  publish: () => Reply,
): Reply {
  if (!isObject(ctx.body)) return publish();
  const sent = ctx.body;
  refuseUnlistedCurrency(app, sent);
  let body = defaultAllocation(app, sent);
  if (app.fault('saf-consignee-array-typeof-object') && Array.isArray(body['consignee']))
    body = { ...body, consignee: { name: null, email: null } };
  ctx.body = body;
  try {
    const reply =
      accessibleDeclined(app, ctx, body, publish) ?? checkedByProviderAdapter(app, ctx, schema, body, publish);
    notedCashOnDelivery(app, ctx.carrier.name, body, reply);
    return publishWarnings(app, sent, reply);
  } catch (error) {
    if (
      app.fault('saf-conflict-error-circular-cause') &&
      error instanceof ApiError &&
      error.errorCode === 'ALREADY_BOOKED'
    )
      // The fallback answer of the framework (NestJS's BaseExceptionFilter) for an error its filter failed to write.
      return { status: 500, body: { statusCode: 500, message: 'Internal server error' } };
    throw error;
  }
}

/**
 * Fault saf-accessible-refusal-answered-200: the allocation asks the provider for an accessible compartment first
 * (the check of the parcel, which validates it and finds the locker), and the provider has none: its negative answer
 * is returned as the publish answer, 2xx, and nothing is booked. Undefined: the publish goes on.
 */
function accessibleDeclined(
  app: Switches,
  ctx: RequestContext,
  body: Editable,
  publish: () => Reply,
): Reply | undefined {
  if (!app.fault('saf-accessible-refusal-answered-200') || body['requiresAccessibleCompartment'] !== true)
    return undefined;
  ctx.body = { ...body, eventType: 'PRE_CHECK' };
  const checked = publish();
  ctx.body = body;
  if (checked.status >= 300 || !isObject(checked.body)) return checked;
  return {
    status: checked.status,
    body: {
      status: 'REJECTED',
      message: 'no accessible compartment is free in this locker',
      timestamp: checked.body['timestamp'],
    },
  };
}

/**
 * Fault saf-precheck-dry-run-third-party: a PRE_CHECK is the booking with dryRun=true, and the adapter of a
 * third-party locker (ownedByCarrier null) drops the flag: the parcel is booked, and the check's answer given.
 */
function checkedByProviderAdapter(
  app: FaultPointApp,
  ctx: RequestContext,
  schema: PublishSchemaName,
  body: Editable,
  publish: () => Reply,
): Reply {
  if (!app.fault('saf-precheck-dry-run-third-party') || body['eventType'] !== 'PRE_CHECK') return publish();
  const carrier = ctx.carrier.name;
  const named: unknown = schema === 'PublishByLockerUidRequest' ? body['lockerUid'] : body['carrierLockerId'];
  const locker =
    typeof named !== 'string'
      ? undefined
      : schema === 'PublishByLockerUidRequest'
        ? app.state.visibleLocker(carrier, named)
        : app.state.lockerByCarrierLockerId(carrier, named);
  if (locker?.record.ownedByCarrier !== null) return publish();
  ctx.body = { ...body, eventType: 'BOOKING' };
  const reply = publish();
  ctx.body = body;
  if (reply.status >= 300 || !isObject(reply.body)) return reply;
  return {
    ...reply,
    body: {
      status: 'ACCEPTED',
      message: `Parcel can be accepted in locker ${locker.record.uid}`,
      timestamp: reply.body['timestamp'],
    },
  };
}

/** Fault saf-cod-cancel-needs-idempotency-key: a booking made with a codAmount is noted as cash on delivery. */
function notedCashOnDelivery(app: FaultPointApp, carrier: string, body: Editable, reply: Reply): void {
  if (!app.fault('saf-cod-cancel-needs-idempotency-key') || reply.status >= 300) return;
  if (body['eventType'] !== 'BOOKING' || typeof body['codAmount'] !== 'number') return;
  const id: unknown = body['carrierParcelId'];
  const booked = app.state.latestParcel(
    carrier,
    (p) => p.record.carrierParcelId === id && p.record.shipmentStatus === 'BOOKED',
  );
  if (booked) cashOnDelivery.add(booked);
}

/**
 * Fault saf-currency-list-substring-match: the payment module's check, `ISO_4217_TEXT.includes(codCurrency)` on the
 * unsplit text, refuses a codCurrency the text does not contain...
 */
function refuseUnlistedCurrency(app: Switches, sent: Editable): void {
  const currency: unknown = sent['codCurrency'];
  if (
    app.fault('saf-currency-list-substring-match') &&
    typeof currency === 'string' &&
    !ISO_4217_TEXT.includes(currency)
  )
    throw badRequest('VALIDATION_FAILED', '/codCurrency must be an ISO 4217 currency code');
}

/**
 * Variation ok-af-allocation-default-soft: a BOOKING that leaves allocationType out is booked as a soft reservation,
 * the service's default. The body the publish then acts on.
 */
export function defaultAllocation(app: Switches, sent: Editable): Editable {
  if (!app.fault('ok-af-allocation-default-soft') || sent['eventType'] !== 'BOOKING') return sent;
  return sent['allocationType'] === undefined ? { ...sent, allocationType: 'SOFT_RESERVATION' } : sent;
}

/** Variation ok-af-publish-answer-warnings: what the publish lacked, listed in its answer. */
export function publishWarnings(app: Switches, sent: Editable, reply: Reply): Reply {
  if (!app.fault('ok-af-publish-answer-warnings') || reply.status >= 300 || !isObject(reply.body)) return reply;
  const warnings: string[] = [];
  if (sent['weight'] === undefined || sent['weight'] === null) warnings.push('weight not declared');
  const dimensions: unknown = sent['dimensions'];
  const missing = DIMENSIONS.filter((side) => !isObject(dimensions) || typeof dimensions[side] !== 'number');
  if (missing.length) warnings.push(`dimensions incomplete: ${missing.join(', ')}`);
  if (!isObject(sent['consignee'])) warnings.push('no consignee: no collection notice is sent');
  return { ...reply, body: { ...reply.body, warnings } };
}

/**
 * Fault booking-lost-in-flight: a BOOKING reads the parcels, awaits its write, and writes the parcels as
 * read plus its own: a booking answered meanwhile (into any locker, of any carrier) is lost.
 */
export function bookingInFlight(
  app: ReferenceApp,
  ctx: RequestContext,
  publishIt: () => Reply,
): Reply | Promise<Reply> {
  if (!app.fault('booking-lost-in-flight') || (ctx.body as { eventType?: unknown } | null)?.eventType !== 'BOOKING')
    return publishIt();
  const parcels = app.state.parcels;
  return staleWrite(
    () => [...parcels],
    (read) => parcels.splice(0, parcels.length, ...read),
    publishIt,
  );
}

// --- The publish, through a circuit breaker (publish-points.ts aroundPublish) ---

/** Fault sbf-publish-breaker-per-carrier-counts-refusals: each carrier's breaker. */
const breakers = new WeakMap<object, Map<string, { failures: number; openUntil: number }>>();
const BREAKER_THRESHOLD = 10;
const BREAKER_OPEN_MS = 3000;

/**
 * Fault sbf-publish-breaker-per-carrier-counts-refusals: the publish run through a breaker keyed by the caller that
 * counts refusals and is reset only when it opens. The publish itself where the fault is off.
 */
export function publishThroughBreaker(app: Switches, carrier: string, publish: () => Reply): Reply {
  if (!app.fault('sbf-publish-breaker-per-carrier-counts-refusals')) return publish();
  const held = perApp(breakers, app, () => new Map<string, { failures: number; openUntil: number }>());
  const breaker = held.get(carrier) ?? { failures: 0, openUntil: 0 };
  held.set(carrier, breaker);
  if (Date.now() < breaker.openUntil)
    throw new ApiError(503, 'PROVIDER_CIRCUIT_OPEN', 'the locker provider is unavailable; try again later');
  try {
    return publish();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500 && ++breaker.failures >= BREAKER_THRESHOLD) {
      breaker.failures = 0;
      breaker.openUntil = Date.now() + BREAKER_OPEN_MS;
    }
    throw error;
  }
}
