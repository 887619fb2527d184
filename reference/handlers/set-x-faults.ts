// The points where the faults and variations of set X change the parcel side: each does what the
// service does with its fault off (nothing, or the value as given) and the fault's behaviour with it on. Called from
// spec-set-d-points.ts (publish, view, pushes), trigger.ts, cancel.ts, collections.ts and set-i-faults.ts (the
// webhook sender's authentication).
import { badRequest } from '../errors';
import { freeLockText } from '../faults/behaviour/shared';
import type { StoredLocker, StoredParcel } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, RequestContext } from '../request-types';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { mockIsPublishing } from './set-h-faults';

/**
 * A parcel record as every place shows it. Fault sx-lock-status-free-text: the text a booking in flight sent. Fault
 * sx-locked-code-withheld-inner-null: a LOCKED parcel's collection code is withheld by setting it to null, and the
 * serializer writes the null: accessCodes {consigneeCollectionCode: null}.
 */
export function setXParcelView(app: Switches, record: Editable): void {
  const pending = freeLockText.get(app);
  if (pending && record['carrierParcelId'] === pending.carrierParcelId) record['lockStatus'] = pending.text;
  const codes = record['accessCodes'];
  if (app.fault('sx-locked-code-withheld-inner-null') && record['lockStatus'] === 'LOCKED' && isObject(codes))
    record['accessCodes'] = { ...codes, consigneeCollectionCode: null };
}

/**
 * A ParcelUpdates as set X's fault sends it; true: sent here. Fault sx-mock-push-utf8-bom: the staging mock's
 * publisher writes its body through a UTF-8 writer that puts a byte order mark first.
 */
export function setXParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown): boolean {
  if (!app.fault('sx-mock-push-utf8-bom') || !mockIsPublishing(app)) return false;
  app.outbox.send(owner, body, { raw: '\uFEFF' + JSON.stringify(body) });
  return true;
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
export function boundTrigger(app: FaultPointApp, ctx: RequestContext): unknown {
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

export type CancelForm = 'carrierParcelId' | 'shipmentUid';

/**
 * Variation ok-x-cancelled-booking-not-found: a cancelled booking is soft-deleted, and the cancel's repository scope
 * leaves soft-deleted rows out: a cancelled parcel is not found (404), another of the id that is not cancelled is.
 */
export function cancelledHidden(
  app: FaultPointApp,
  carrier: string,
  id: string,
  found: { parcel: StoredParcel; form: CancelForm } | undefined,
): { parcel: StoredParcel; form: CancelForm } | undefined {
  if (!app.fault('ok-x-cancelled-booking-not-found') || found?.parcel.record.shipmentStatus !== 'CANCELLED')
    return found;
  const { form } = found;
  const other = app.state.latestParcel(
    carrier,
    (p) => p.record[form] === id && p.record.shipmentStatus !== 'CANCELLED',
  );
  return other ? { parcel: other, form } : undefined;
}

/**
 * Fault sx-cancel-request-audited-in-history: every cancel request is written to the parcel's history as an audit
 * entry before the guard runs, in a transaction of its own (REQUIRES_NEW), so a refused cancel keeps it.
 */
export function cancelRequestAudited(app: FaultPointApp, parcel: StoredParcel): void {
  if (!app.fault('sx-cancel-request-audited-in-history')) return;
  parcel.record.events.push({ type: 'CANCEL_REQUESTED', timestamp: new Date().toISOString() });
  app.lag.written(parcel, parcel.record);
}

/**
 * Fault sx-collection-third-party-locker-id-dropped: the collection job reads carrierLockerId from the carrier's
 * locker-id table, whose rows the carrier's creates write; a third-party locker has none, the value is undefined, and
 * JSON.stringify leaves the member out.
 */
export function collectionLockerId(app: Switches, locker: StoredLocker, lockerId: string): string | undefined {
  const thirdParty = locker.record.ownedByCarrier === null;
  return app.fault('sx-collection-third-party-locker-id-dropped') && thirdParty ? undefined : lockerId;
}

/**
 * Variation ok-x-webhook-carrier-key: each delivery authenticates with the receiving carrier's own API key in
 * X-API-Key (§5.2, the API key scheme), not the configured webhook key. Undefined: the sender's other choices.
 */
export function carrierKeyAuth(
  app: Pick<FaultPointApp, 'fault' | 'options'>,
): { authHeaders: (body: unknown, carrier: string) => Record<string, string> } | undefined {
  if (!app.fault('ok-x-webhook-carrier-key')) return undefined;
  return {
    authHeaders: (_body, carrier): Record<string, string> => {
      const key = app.options.carriers.find((c) => c.name === carrier)?.apiKey;
      return key ? { 'x-api-key': key } : {};
    },
  };
}
