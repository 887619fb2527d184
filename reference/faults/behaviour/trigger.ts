// The faults' behaviour of the staging trigger's request (trigger.ts triggerFirstMileEvent, firstMileParcel): the
// mock's checks, the parcel an event names and the parcel the mock makes. With its fault off each point does what the
// service does.
import { randomInt } from 'node:crypto';
import { ApiError, badRequest } from '../../errors';
import { type Editable, isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { StoredLocker, StoredParcel, TriggerBody } from '../../model';
import type { CarrierAccount } from '../../options';
import type { FaultPointApp as ReferenceApp, Reply, RequestContext } from '../../request-types';
import { SIGNATURE_PNG } from '../../seed';
import { updatedLockersOf } from './lockers';
import { secondCarrierName, triggerMade } from './parcels';
import { type CarriersApp, keptOf } from './shared';

/** Fault sd-trigger-first-carrier-key-only: the mock knows the first carrier's staging key only. */
export function refuseSecondCarrierKey(app: ReferenceApp, ctx: RequestContext): void {
  if (app.fault('sd-trigger-first-carrier-key-only') && ctx.carrier !== app.options.carriers[0])
    throw new ApiError(401, 'UNAUTHORIZED', 'the X-API-Key is not valid');
}

/** Whether the staging trigger made the parcel (fault sm-trigger-api-booking-forwarded). */
export const madeByMock = (parcel: StoredParcel): boolean => triggerMade.has(parcel);

/** Fault sf-trigger-labelless-label-id: a label-less parcel is stored under the label id the mock makes for it. */
export function triggerParcelId(app: ReferenceApp, parcelId: string, labelless: boolean | undefined): string {
  return app.fault('sf-trigger-labelless-label-id') && labelless === true
    ? `LBL-${String(randomInt(10_000_000, 100_000_000))}`
    : parcelId;
}

/** Variation ok-k-trigger-applied-async: how long the staging mock's queue holds an event. */
const QUEUE_MS = 250;

/**
 * A trigger event the request asked for: applied now (`apply`'s answer), or, under the variation, checked now
 * (`check` throws what the event would be refused for) and applied a moment later, answered 202.
 */
export function queuedEvent(
  app: Switches,
  event: { event_type: string; parcel_id: string },
  check: () => void,
  apply: () => Reply,
): Reply {
  if (!app.fault('ok-k-trigger-applied-async')) return apply();
  check();
  setTimeout(() => {
    try {
      apply();
    } catch {
      // the parcel changed meanwhile so that the event no longer applies (it was cancelled): the event is dropped
    }
  }, QUEUE_MS).unref();
  const message = `${event.event_type} queued for parcel ${event.parcel_id}`;
  return { status: 202, body: { message, event_type: event.event_type } };
}

/**
 * Fault sm-trigger-api-booking-forwarded: the staging mock resolves parcel_id in its own table of the parcels it
 * created (`made`); parcels published through the API are not there.
 */
export function knownToMock(app: Switches, made: boolean): boolean {
  return made || !app.fault('sm-trigger-api-booking-forwarded');
}

/**
 * Fault sm-trigger-api-booking-forwarded: an event for a parcel the mock does not know, other than the BOOKING_CREATED
 * that makes one, is answered 200 and forwarded to the platform under the mock's id, where its consumer finds no
 * parcel and drops it. Undefined where the event goes on as usual.
 */
export function forwardedUnknown(
  app: Switches,
  body: TriggerBody,
  parcel: StoredParcel | undefined,
): Reply | undefined {
  if (!app.fault('sm-trigger-api-booking-forwarded') || parcel || body.event_type === 'BOOKING_CREATED') return;
  const message = `${body.event_type} forwarded for parcel ${body.parcel_id}`;
  return { status: 200, body: { message, event_type: body.event_type } };
}

/**
 * Fault so-trigger-parcel-keyed-by-provider-locker: the staging mock plays the provider, which knows no carrier, and
 * finds the parcel an event names by (locker, parcel_id) among every carrier's parcels, the newest first.
 */
export function mockParcel(
  app: ReferenceApp,
  carrier: string,
  match: (p: StoredParcel) => boolean,
): StoredParcel | undefined {
  if (!app.fault('so-trigger-parcel-keyed-by-provider-locker')) return app.state.latestParcel(carrier, match);
  return [...app.state.parcels].reverse().find(match);
}

/** Fault sq-trigger-labelless-presence-checked: the combinations the mock's table confirms as label-less. */
const CONFIRMED_LABELLESS = new Set(['CARRIER_NAME_4 PROVIDER_NAME_2', 'CARRIER_NAME_7 PROVIDER_NAME_5']);

/**
 * Fault sq-trigger-labelless-presence-checked: the mock takes a request that carries labelless at all (its DTO's
 * Optional is present) for a label-less one and checks the combination against its table, false too.
 */
export function refuseUnconfirmedLabelless(app: ReferenceApp, body: TriggerBody): void {
  if (!app.fault('sq-trigger-labelless-presence-checked') || body.labelless === undefined) return;
  if (!CONFIRMED_LABELLESS.has(`${body.carrier_name} ${body.provider_name}`))
    throw badRequest(
      'LABELLESS_NOT_CONFIRMED',
      `${body.carrier_name} with ${body.provider_name} is not a confirmed label-less combination`,
    );
}

/**
 * Fault ss-mock-parcel-provider-locker-column: the staging mock, which knows a locker by its provider-side id only,
 * writes that id into the locker column of the parcels it creates; the platform uid where the fault is off.
 */
export function mockLockerColumn(app: ReferenceApp, locker: StoredLocker): string {
  return app.fault('ss-mock-parcel-provider-locker-column') ? locker.record.provider.lockerUid : locker.record.uid;
}

/** Whether the parcel stands in the locker, as the mock reads its locker column (either id under the fault). */
export function inMockLocker(app: ReferenceApp, parcel: StoredParcel, locker: StoredLocker): boolean {
  const column = parcel.record.lockerUid;
  return column === locker.record.uid || column === mockLockerColumn(app, locker);
}

/** Fault ss-mock-client-first-caller: the platform client the mock built on its first use, per app. */
const mockClients = new WeakMap<ReferenceApp, CarrierAccount>();

/**
 * Fault ss-mock-client-first-caller: the mock forwards events through a client it builds lazily, with the X-API-Key
 * of the request that first used it as a default header: every later event is carried out as that carrier.
 */
export function carriedOutAsFirstCaller(app: ReferenceApp, ctx: RequestContext): void {
  if (!app.fault('ss-mock-client-first-caller')) return;
  const first = mockClients.get(app) ?? ctx.carrier;
  mockClients.set(app, first);
  ctx.carrier = first;
}

/**
 * Fault su-trigger-parcel-id-sticky-regex: the mock checks parcel_id with a module-level pattern written with the g
 * flag, whose lastIndex test() keeps: after a match the next test starts past the start, fails and resets.
 */
export function parcelIdChecked(app: ReferenceApp, body: TriggerBody): void {
  if (app.fault('su-trigger-parcel-id-sticky-regex') && !keptOf(app).parcelIdPattern.test(body.parcel_id))
    throw badRequest('VALIDATION_FAILED', '/parcel_id must be a non-blank parcel identifier');
}

/** What a drop-off needs of the app: its clock and its parcel push (app.ts, not imported: no circle). */
type DropOffApp = ReferenceApp & {
  now(): string;
  emitParcelUpdate(parcel: StoredParcel, cause: 'trigger'): void;
};

/** Variation ok-u-trigger-dropoff-creates-parcel: a drop-off of a parcel nobody announced makes it, delivered. */
export function unannouncedDropOff(
  app: DropOffApp,
  ctx: RequestContext,
  body: TriggerBody,
  locker: StoredLocker,
  found: StoredParcel | undefined,
): Reply | undefined {
  if (!app.fault('ok-u-trigger-dropoff-creates-parcel') || found || body.event_type !== 'CONSIGNEE_DELIVERED') return;
  const timestamp = app.now();
  const parcel: StoredParcel = {
    owner: ctx.carrier.name,
    delivered: true,
    record: {
      shipmentUid: app.state.newShipmentUid(),
      lockerUid: locker.record.uid,
      carrierParcelId: body.parcel_id,
      carrierLockerId: locker.record.carrier.lockerId,
      shipmentType: body.shipment_type,
      shipmentStatus: 'DELIVERED',
      dimensionsStatus: 'INCOMPLETE',
      allocationType: 'HARD_RESERVATION',
      accessCodes: null,
      consignee: null,
      events: [{ type: 'CONSIGNEE_DELIVERED', timestamp }],
      signature: { imageBase64: SIGNATURE_PNG, format: 'PNG' },
      lockStatus: 'UNLOCKED',
    },
  };
  app.state.parcels.push(parcel);
  app.emitParcelUpdate(parcel, 'trigger');
  const message = `unannounced parcel ${body.parcel_id} dropped off in locker ${body.provider_locker_id}`;
  return { status: 200, body: { message, event_type: body.event_type } };
}

/** Fault sx-trigger-event-type-enum-keys: what `enum MockEventType {...}`, a numeric TypeScript enum, compiles to. */
const MOCK_EVENT_TYPE: Record<string, string | number> = {
  BOOKING_CREATED: 0,
  COURIER_COLLECTED: 1,
  CONSIGNEE_DELIVERED: 2,
  0: 'BOOKING_CREATED',
  1: 'COURIER_COLLECTED',
  2: 'CONSIGNEE_DELIVERED',
};

/**
 * The trigger request as the staging mock binds it, before the schema's check. Fault sx-trigger-scalars-coerced: the
 * mock's DTO binder coerces scalars, a number or boolean where a string belongs to its text, "true" and "false" to a
 * boolean. Fault sx-trigger-event-type-enum-keys: event_type is checked with Object.keys(MockEventType).includes(),
 * whose keys hold the enum's reverse mapping, "0", "1" and "2", and such an event is applied as the name they map to.
 * Fault sx-trigger-provider-name-from-locker: the mock types provider_name optional, since the locker named by
 * provider_locker_id knows its provider, and fills it with `body.provider_name ?? locker.provider.name`.
 */
export function boundTrigger(app: ReferenceApp, ctx: RequestContext): unknown {
  const body = ctx.body;
  if (!isObject(body)) return body;
  let bound = body;
  if (app.fault('sx-trigger-provider-name-from-locker') && bound['provider_name'] == null) {
    const id = bound['provider_locker_id'];
    const locker = typeof id === 'string' ? app.state.lockerByProviderLockerId(ctx.carrier.name, id) : undefined;
    if (locker) bound = { ...bound, provider_name: locker.record.provider.name };
  }
  if (app.fault('sx-trigger-scalars-coerced')) {
    bound = { ...bound };
    // Every member of §4.11 but labelless is a string: a number or boolean there is read as its text.
    for (const [member, value] of Object.entries(bound))
      if (member !== 'labelless' && (typeof value === 'number' || typeof value === 'boolean'))
        bound[member] = String(value);
    if (bound['labelless'] === 'true' || bound['labelless'] === 'false')
      bound['labelless'] = bound['labelless'] === 'true';
  }
  const kind = bound['event_type'];
  if (
    app.fault('sx-trigger-event-type-enum-keys') &&
    typeof kind === 'string' &&
    Object.keys(MOCK_EVENT_TYPE).includes(kind)
  )
    bound = { ...bound, event_type: typeof MOCK_EVENT_TYPE[kind] === 'string' ? MOCK_EVENT_TYPE[kind] : kind };
  return bound;
}

/**
 * The parcel a trigger event acts on (none: a BOOKING_CREATED makes one). Variation
 * ok-x-trigger-reannounces-cancelled-id: a BOOKING_CREATED for the parcel_id of a cancelled parcel announces a new
 * parcel. Variation ok-x-trigger-collect-needs-dropoff: the courier collects only a parcel that was dropped off.
 */
export function triggerTarget(
  app: Switches,
  body: { event_type: string; parcel_id: string },
  found: StoredParcel | undefined,
): StoredParcel | undefined {
  const status = found?.record.shipmentStatus;
  if (
    app.fault('ok-x-trigger-reannounces-cancelled-id') &&
    body.event_type === 'BOOKING_CREATED' &&
    status === 'CANCELLED'
  )
    return undefined;
  const notDroppedOff = status === 'BOOKED' || status === 'COLLECTED';
  if (app.fault('ok-x-trigger-collect-needs-dropoff') && body.event_type === 'COURIER_COLLECTED' && notDroppedOff)
    throw badRequest(
      'INVALID_TRANSITION',
      `parcel "${body.parcel_id}" is ${status}: only a dropped-off parcel is collected`,
    );
  return found;
}

/** Fault sz-trigger-transition-table-silent: the events the mock's table lets each status take. */
const TRANSITIONS: Record<string, readonly string[]> = {
  BOOKED: ['BOOKING_CREATED', 'CONSIGNEE_DELIVERED'],
  DELIVERED: ['COURIER_COLLECTED'],
};

/**
 * A trigger event as the staging mock applies it. Fault sz-trigger-transition-table-silent: an event the table has
 * no entry for, from the parcel's status, is answered as applied and changes nothing.
 */
export function byTransitionTable(
  app: Switches,
  body: TriggerBody,
  found: StoredParcel | undefined,
  apply: (found: StoredParcel | undefined) => Reply,
): Reply {
  const status = found?.record.shipmentStatus;
  if (!app.fault('sz-trigger-transition-table-silent') || status === undefined || status === 'CANCELLED')
    return apply(found);
  if (TRANSITIONS[status]?.includes(body.event_type)) return apply(found);
  return {
    status: 200,
    body: { message: `${body.event_type} applied to parcel ${body.parcel_id}`, event_type: body.event_type },
  };
}

/** Whether a character may stand in an HTTP header value as Node writes it (tab, visible ASCII, Latin-1). */
const headerSafe = (text: string) =>
  [...text].every((c) => {
    const code = c.codePointAt(0)!;
    return code === 9 || (code >= 0x20 && code <= 0x7e) || (code >= 0x80 && code <= 0xff);
  });

/**
 * The trigger's answer as the mock writes it. Fault saj-trigger-parcel-id-echo-header: the mock's tracing middleware
 * echoes parcel_id in an X-Parcel-Id header of the answer, after the event was applied, and Node's setHeader throws
 * ERR_INVALID_CHAR for a character outside Latin-1 (or a control character): such a trigger is applied but answered
 * 500 INTERNAL_ERROR.
 */
export function parcelIdEchoHeader(app: Switches, parcelId: string, reply: Reply): Reply {
  if (!app.fault('saj-trigger-parcel-id-echo-header')) return reply;
  if (!headerSafe(parcelId))
    throw new ApiError(500, 'INTERNAL_ERROR', 'Invalid character in header content ["X-Parcel-Id"]');
  return { ...reply, headers: { ...reply.headers, 'x-parcel-id': parcelId } };
}

/** Fault san-trigger-provider-table-off-by-one: the mock's provider adapters, from a zero-based loop. */
const PROVIDER_ADAPTERS = new Set(Array.from({ length: 7 }, (_, i) => `PROVIDER_NAME_${i}`));

/** The provider adapter a trigger event goes to. Fault san-trigger-provider-table-off-by-one: none for the seventh. */
export function providerTableOffByOne(app: Switches, providerName: string): void {
  if (app.fault('san-trigger-provider-table-off-by-one') && !PROVIDER_ADAPTERS.has(providerName))
    throw badRequest('UNKNOWN_PROVIDER', `no provider adapter is configured for "${providerName}"`);
}

/**
 * The parcel a staging event acts on, `found` the mock's own lookup. Fault sar-return-reannounce-inserts: the mock's
 * return flow opens a new return shipment on each BOOKING_CREATED with shipment_type RETURN, so a parcel_id it holds
 * (not cancelled) in that locker gets a second parcel, and the one it had keeps its history unchanged.
 */
export function returnReannounceInserts(
  app: Switches,
  body: TriggerBody,
  found: StoredParcel | undefined,
): StoredParcel | undefined {
  const reopens =
    app.fault('sar-return-reannounce-inserts') &&
    body.event_type === 'BOOKING_CREATED' &&
    body.shipment_type === 'RETURN' &&
    found !== undefined &&
    found.record.shipmentStatus !== 'CANCELLED';
  return reopens ? undefined : found;
}

// --- The staging trigger (trigger.ts) ---

/** Fault saw-trigger-tenant-from-carrier-name: the event's tenant is the carrier carrier_name names, not the key's. */
export function tenantFromCarrierName(app: ReferenceApp, ctx: RequestContext, body: TriggerBody): RequestContext {
  if (!app.fault('saw-trigger-tenant-from-carrier-name')) return ctx;
  const named = app.options.carriers.find((c) => c.name === body.carrier_name);
  return named && named !== ctx.carrier ? { ...ctx, carrier: named } : ctx;
}

/**
 * Whether provider_name names the provider of the locker: equal. Fault saw-trigger-provider-name-regex: tested as an
 * unanchored pattern (one that is no valid pattern matches nothing).
 */
export function providerNameAsPattern(app: Switches, held: string, sent: string): boolean {
  if (!app.fault('saw-trigger-provider-name-regex')) return held === sent;
  try {
    return new RegExp(sent).test(held);
  } catch {
    return false;
  }
}

// --- The staging mock's locker (trigger.ts) ---

const lastEventLocker = new WeakMap<object, { locker?: StoredLocker }>();

/**
 * The locker a trigger's provider_locker_id names, `found` the registry's answer. Fault
 * sax-trigger-locker-fallback-last-event: `registry.find(id) ?? lastLocker`, the locker of the previous trigger.
 */
export function lockerFallbackLastEvent(app: Switches, found: StoredLocker | undefined): StoredLocker | undefined {
  if (!app.fault('sax-trigger-locker-fallback-last-event')) return found;
  const last = perApp(lastEventLocker, app, (): { locker?: StoredLocker } => ({}));
  if (found) last.locker = found;
  return found ?? last.locker;
}

// --- An event the staging mock takes (trigger.ts) ---

type MockApp = Switches & {
  now(): string;
  emitParcelUpdate(parcel: StoredParcel, cause: 'trigger'): void;
};

/**
 * Fault say-trigger-event-type-history-enum: an event of type CANCELLED (let through by the fault's relax) is
 * forwarded to the platform's cancel: the parcel named is cancelled, one the mock does not find or one cancelled
 * already answered 200 unchanged (a cancel of nothing is done), a delivered one refused as the cancel refuses it.
 * Undefined for every other event.
 */
export function cancelEventForwarded(
  app: MockApp,
  body: { parcel_id: string; event_type: string },
  named: () => StoredParcel | undefined,
): Reply | undefined {
  if (!app.fault('say-trigger-event-type-history-enum') || body.event_type !== 'CANCELLED') return undefined;
  const parcel = named();
  const answer = (message: string): Reply => ({ status: 200, body: { message, event_type: body.event_type } });
  if (!parcel || parcel.record.shipmentStatus === 'CANCELLED')
    return answer(`nothing to cancel for parcel ${body.parcel_id}`);
  if (parcel.delivered || parcel.record.shipmentStatus !== 'BOOKED')
    throw badRequest('NOT_CANCELLABLE', `parcel "${body.parcel_id}" is ${parcel.record.shipmentStatus}`);
  parcel.record.shipmentStatus = 'CANCELLED';
  parcel.record.events.push({ type: 'CANCELLED', timestamp: app.now() });
  app.emitParcelUpdate(parcel, 'trigger');
  return answer(`CANCELLED applied to parcel ${body.parcel_id}`);
}

// --- A parcel the staging mock makes (trigger.ts firstMileParcel) ---

/**
 * The shipmentUid of a parcel the staging mock makes. Variation ok-ay-mock-shipment-uid-prefix: the mock writes the
 * number the platform drew under its own prefix, FM-.
 */
export function mockShipmentUidPrefix(app: Switches, drawn: string): string {
  return app.fault('ok-ay-mock-shipment-uid-prefix') ? drawn.replace(/^SHP-/, 'FM-') : drawn;
}

// --- The staging trigger (trigger.ts) ---

/**
 * The trigger's carrier_name, checked by the schema's list. Fault sba-trigger-carrier-name-char-class: checked by the
 * pattern ^CARRIER_NAME_[1-10]$ instead (the list's refusal let through), whose class holds 1 and 0 only.
 */
export function carrierNameCharClass(app: Switches, carrierName: string): void {
  if (app.fault('sba-trigger-carrier-name-char-class') && !/^CARRIER_NAME_[1-10]$/.test(carrierName))
    throw badRequest('VALIDATION_FAILED', '/carrier_name must match pattern "^CARRIER_NAME_[1-10]$"');
}

// --- The staging mock (trigger.ts) ---

/** The provider names the mock's fixed list holds (§4.11: "One of 7 fixed provider names"). */
const FIXED_PROVIDER_NAMES = new Set(Array.from({ length: 7 }, (_, i) => `PROVIDER_NAME_${i + 1}`));

/**
 * The carrier name of a key, as the staging mock's table holds it. Fault sbb-mock-second-carrier-name-newline: the
 * table is read from one secret file per carrier, and the second carrier's was written with `echo`, so its name ends
 * in a line feed the mock does not trim.
 */
export function mockCarrierNameNewline(app: Pick<ReferenceApp, 'fault' | 'options'>, carrier: CarrierAccount): string {
  return app.fault('sbb-mock-second-carrier-name-newline') && carrier.name === secondCarrierName(app)
    ? `${carrier.name}\n`
    : carrier.name;
}

/**
 * Whether the staging mock passes a provider_name through without the locker's provider check. Fault
 * sbb-mock-lenient-flag-false-string: staging deploys the mock with MOCK_LENIENT_NAMES=false, read as
 * `if (process.env.MOCK_LENIENT_NAMES)`, a non-empty string: lenient, so a name outside the fixed list is taken for a
 * provider being onboarded, whose lockers the mock does not check (its enum check is relaxed by the fault).
 */
export function lenientFlagString(app: Switches, providerName: string): boolean {
  return app.fault('sbb-mock-lenient-flag-false-string') && !FIXED_PROVIDER_NAMES.has(providerName);
}

// --- The staging trigger's body and its label-less check (trigger.ts) ---

/** Fault sbe-trigger-camel-case-members: each required member's camelCase name, an alias of its snake_case one. */
const CAMEL_ALIASES: Readonly<Record<string, string>> = {
  parcelId: 'parcel_id',
  providerLockerId: 'provider_locker_id',
  eventType: 'event_type',
  carrierName: 'carrier_name',
  providerName: 'provider_name',
  shipmentType: 'shipment_type',
};

/**
 * The trigger body as the mock's model binds it. Fault sbe-trigger-camel-case-members: a camelCase member taken for its
 * snake_case one.
 */
export function camelCaseMembersBound(app: Switches, body: unknown): unknown {
  if (!app.fault('sbe-trigger-camel-case-members') || !isObject(body)) return body;
  const bound: Editable = { ...body };
  for (const [camel, snake] of Object.entries(CAMEL_ALIASES)) {
    if (bound[snake] !== undefined || !(camel in bound)) continue;
    bound[snake] = bound[camel];
    delete bound[camel];
  }
  return bound;
}

/** Variation ok-be-labelless-unconfirmed-refused: the providers whose label-less flow the first carrier confirmed. */
const CONFIRMED_LABELLESS_PROVIDERS: ReadonlySet<string> = new Set(['PROVIDER_NAME_1', 'PROVIDER_NAME_2']);

/** Variation ok-be-labelless-unconfirmed-refused: labelless true outside a confirmed combination is refused. */
export function labellessOutsideConfirmedRefused(app: CarriersApp, body: TriggerBody): void {
  if (!app.fault('ok-be-labelless-unconfirmed-refused') || body.labelless !== true) return;
  const confirmed =
    body.carrier_name === app.options.carriers[0]?.name && CONFIRMED_LABELLESS_PROVIDERS.has(body.provider_name);
  if (!confirmed)
    throw badRequest(
      'LABELLESS_NOT_CONFIRMED',
      `${body.carrier_name} with ${body.provider_name} is not a confirmed label-less combination`,
    );
}

// --- The staging mock's locker (trigger.ts triggerFirstMileEvent) ---

/** Fault sbg-trigger-after-update-locker-unknown: the mock's registry row of a locker updated since its create. */
export function updatedLockerUnknownToMock(
  app: ReferenceApp,
  found: StoredLocker | undefined,
): StoredLocker | undefined {
  return found && app.fault('sbg-trigger-after-update-locker-unknown') && updatedLockersOf(app).has(found)
    ? undefined
    : found;
}

/**
 * Fault sbh-refused-dropoff-marks-delivered: the mock logs a drop-off (the delivered mark the cancel guard reads)
 * before it checks the event.
 */
export function dropOffLoggedBeforeChecks(
  app: StateApp,
  carrier: string,
  body: TriggerBody,
  locker: StoredLocker,
): void {
  if (body.event_type !== 'CONSIGNEE_DELIVERED' || !app.fault('sbh-refused-dropoff-marks-delivered')) return;
  const parcel = app.state.latestParcel(
    carrier,
    (p) => p.record.carrierParcelId === body.parcel_id && p.record.lockerUid === locker.record.uid,
  );
  if (parcel) parcel.delivered = true;
}
