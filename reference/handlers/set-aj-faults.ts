// The points where the faults of set AJ change the parcel side: each does what the service does with its fault off,
// and the fault's behaviour with it on; its variations are set-aj-variations.ts (some passed on from here). Called from
// publish-points.ts (the validation, the checks, the lookup, the mapper, the booking stored, the answer), parcels.ts
// (a refused body's answer), parcel-list.ts (the list's cache, its locker column), cancel.ts (the guard), trigger.ts
// (the answer), collections.ts (the lockers the job walks), app.ts (the ParcelUpdates push, the sender's options).
import type { ErrorObject } from 'ajv';
import { validatorFor } from '../../spec/ajv';
import { isWrapperError } from '../../spec/attribution';
import { ApiError, badRequest } from '../errors';
import type { ParcelRecord, PublishBody, StoredLocker, StoredParcel } from '../model';
import type { CarrierAccount } from '../options';
import type { OutboxOptions } from '../outbox';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import type { RequestSchema } from '../validation';
import { isObject, type Switches } from './fault-point-state';
import { secondaryIdKept, setAJOutboxVariations, setAJPushVariations } from './set-aj-variations';

/**
 * Validation errors of a publish that set AJ's faults let through:
 * - fault saj-cod-currency-checked-with-amount-only: codCurrency is checked by the cash-on-delivery validator, which
 *   runs `if (body.codAmount)`, so a codCurrency string goes unchecked where codAmount is absent, null or 0;
 * - fault saj-weight-quantity-object: weight is bound to the Quantity type of the measures library, whose
 *   deserializer takes a number of grams or an object {value, unit}.
 */
export function excusedBySetAJ(app: Switches, error: ErrorObject, sent: unknown): boolean {
  if (!isObject(sent)) return false;
  if (
    app.fault('saj-cod-currency-checked-with-amount-only') &&
    error.instancePath === '/codCurrency' &&
    typeof sent['codCurrency'] === 'string' &&
    !sent['codAmount']
  )
    return true;
  return app.fault('saj-weight-quantity-object') && error.instancePath === '/weight' && isObject(sent['weight']);
}

/** Fault saj-error-code-table-no-pattern: the errorCode of each validation keyword, as the publish router maps it. */
const ERROR_CODES: Record<string, string> = {
  required: 'MISSING_FIELD',
  type: 'INVALID_TYPE',
  enum: 'INVALID_VALUE',
  const: 'INVALID_VALUE',
  not: 'FIELD_NOT_ALLOWED',
  additionalProperties: 'UNKNOWN_FIELD',
  minimum: 'OUT_OF_RANGE',
  maximum: 'OUT_OF_RANGE',
  format: 'INVALID_FORMAT',
};

/**
 * A publish refused by its schema, as the answer goes out. Fault saj-error-code-table-no-pattern: the router's error
 * mapper takes the errorCode from a table of validation keywords that has no entry for `pattern` (codCurrency's
 * check), so that refusal's errorCode is undefined and the serializer leaves the member out.
 */
export function refusalBySetAJ(app: Switches, schema: RequestSchema, sent: unknown, error: unknown): unknown {
  if (!app.fault('saj-error-code-table-no-pattern')) return error;
  if (!(error instanceof ApiError) || error.errorCode !== 'VALIDATION_FAILED') return error;
  const validate = validatorFor(schema);
  if (validate(sent)) return error;
  const errors = (validate.errors ?? []).filter((e) => !isWrapperError(e));
  const first = [...errors].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
  if (!first) return error;
  return new ApiError(error.status, ERROR_CODES[first.keyword] as string, error.message, error.details);
}

/**
 * Checks of a valid publish body that set AJ's faults add. Fault saj-dimensions-all-null-refused: the parcel-size
 * service is called with the dimensions stripped of null members, and its non-empty constraint refuses what is left
 * when no member has a value (all three null, or none sent).
 */
export function checkedBySetAJ(app: Switches, body: PublishBody): void {
  if (!app.fault('saj-dimensions-all-null-refused') || !isObject(body.dimensions)) return;
  const sides = ['depth', 'height', 'width'] as const;
  if (sides.every((side) => body.dimensions?.[side] === null || body.dimensions?.[side] === undefined))
    throw badRequest('VALIDATION_FAILED', '/dimensions must not be empty: give at least one of depth, height, width');
}

/** Fault saj-consignee-name-label-width: the width of the consignee name column, the provider label's name line. */
const LABEL_NAME_WIDTH = 35;

/** The record a booking makes, as set AJ's faults map it (fault saj-consignee-name-label-width). */
export function mappedBySetAJ(app: Switches, record: ParcelRecord): void {
  const name: unknown = record.consignee?.['name'];
  if (!app.fault('saj-consignee-name-label-width') || typeof name !== 'string') return;
  const characters = [...name];
  if (characters.length > LABEL_NAME_WIDTH)
    record.consignee = { ...record.consignee, name: characters.slice(0, LABEL_NAME_WIDTH).join('') };
}

/**
 * A new booking stored, as set AJ's faults and variations store it:
 * - fault saj-consignee-contact-upsert-by-email: the consignee is a contact row unique on (carrier, email), written
 *   with INSERT ... ON CONFLICT DO UPDATE SET name = EXCLUDED.name, and every parcel shows its contact row, so every
 *   other parcel of the carrier with that email takes the new booking's name;
 * - variation ok-aj-cancel-by-secondary-shipment-id: the label's second id is kept with the booking.
 */
export function storedBySetAJ(app: FaultPointApp, parcel: StoredParcel, body: PublishBody): void {
  secondaryIdKept(app, parcel, body.secondaryShipmentId);
  if (!app.fault('saj-consignee-contact-upsert-by-email')) return;
  const email: unknown = parcel.record.consignee?.['email'];
  if (typeof email !== 'string' || email === '') return;
  const name = parcel.record.consignee?.['name'] ?? null;
  for (const other of app.state.parcelsOf(parcel.owner)) {
    const contact = other.record.consignee;
    if (other !== parcel && contact?.['email'] === email && contact['name'] !== name)
      other.record.consignee = { ...contact, name };
  }
}

/** What set AJ's points of one publish request need to remember between them. */
export interface SetAJPublish {
  /** The locker the request addresses; `located` is the lookup of the points before. */
  locker(body: PublishBody, located: () => StoredLocker | undefined): StoredLocker | undefined;
  /** The answer, where the request is answered at all. */
  answered(reply: Reply): Reply;
}

/**
 * Fault saj-by-tenant-owner-checked-after-booking: the by-tenant controller hands the request to the booking service,
 * which resolves carrierLockerId in the platform-wide locker index (every carrier's lockers) where the caller's own
 * and the third-party ones have none of it, and books and commits; the controller then checks that the locker it was
 * answered with is the caller's or a third party's and turns the answer into 400 LOCKER_NOT_OWNED, the booking kept.
 */
export function publishBySetAJ(app: FaultPointApp, carrier: string, byTenant: boolean): SetAJPublish {
  let foreign: StoredLocker | undefined;
  return {
    locker: (body, located) => {
      const found = located();
      if (found || !byTenant || !app.fault('saj-by-tenant-owner-checked-after-booking')) return found;
      foreign = [...app.state.lockers.values()].find(
        (l) =>
          l.record.carrier.lockerId === body.carrierLockerId &&
          l.record.ownedByCarrier !== null &&
          l.record.ownedByCarrier !== carrier,
      );
      return foreign;
    },
    answered: (reply) => {
      if (foreign)
        throw badRequest(
          'LOCKER_NOT_OWNED',
          `locker "${foreign.record.carrier.lockerId}" is not a locker of this carrier`,
        );
      return reply;
    },
  };
}

/** Fault saj-parcel-list-cache-not-evicted-by-cancel: how long a carrier's list answer is kept. */
const LIST_CACHE_MS = 60_000;
const listCaches = new WeakMap<object, Map<string, { stamp: string; at: number; reply: Reply }>>();

/** The "parcel changed" events the booking and the staging event handlers publish: new parcels, new entries. */
function changedStamp(app: FaultPointApp): string {
  let entries = 0;
  for (const p of app.state.parcels) entries += p.record.events.filter((e) => e.type !== 'CANCELLED').length;
  return `${app.state.parcels.length}:${entries}`;
}

/**
 * GET /parcels as answered. Fault saj-parcel-list-cache-not-evicted-by-cancel: answers are kept per carrier and query
 * for 60 s and evicted by the "parcel changed" event, which the publish and staging event handlers publish; the cancel
 * handler, in the cancellation module, writes the row and publishes none, so a list read after a cancel (within the 60
 * s of an earlier read) still shows the parcel as before it.
 */
export function cachedListBySetAJ(app: FaultPointApp, ctx: RequestContext, list: () => Reply): Reply {
  if (!app.fault('saj-parcel-list-cache-not-evicted-by-cancel')) return list();
  const cache = listCaches.get(app) ?? new Map<string, { stamp: string; at: number; reply: Reply }>();
  listCaches.set(app, cache);
  const key = `${ctx.carrier.name}?${ctx.query.toString()}`;
  const stamp = changedStamp(app);
  const kept = cache.get(key);
  if (kept && kept.stamp === stamp && Date.now() - kept.at < LIST_CACHE_MS) return structuredClone(kept.reply);
  const reply = list();
  cache.set(key, { stamp, at: Date.now(), reply: structuredClone(reply) });
  return reply;
}

/**
 * Each listed parcel's view, as set AJ's faults write it. Fault saj-list-locker-joined-by-carrier-locker-id: the list
 * query joins each parcel to a locker on the carrierLockerId the parcel row holds (the caller's own locker first, then
 * a third party's), and its lockerUid column is the joined locker's uid, the stored one only where the join finds none.
 */
export function listedBySetAJ<T extends StoredParcel>(
  app: FaultPointApp,
  carrier: string,
  view: (p: T) => unknown,
): (p: T) => unknown {
  if (!app.fault('saj-list-locker-joined-by-carrier-locker-id')) return view;
  return (parcel) => {
    const shown = view(parcel);
    const lockerId = parcel.record.carrierLockerId;
    if (!isObject(shown) || lockerId === null) return shown;
    const joined = app.state.lockerByCarrierLockerId(carrier, lockerId);
    return joined ? { ...shown, lockerUid: joined.record.uid } : shown;
  };
}

/**
 * Fault saj-cancel-guard-denylist: whether the cancel's guard lets the parcel through because it is written as a deny
 * list, `if (status in (DELIVERED, CANCELLED)) refuse`, which a delivered parcel the courier then collected (COLLECTED)
 * passes. False with the fault off: the guard is the service's own.
 */
export function passesDenylistGuard(app: Switches, status: string): boolean {
  return app.fault('saj-cancel-guard-denylist') && status !== 'DELIVERED' && status !== 'CANCELLED';
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
export function tracedBySetAJ(app: Switches, parcelId: string, reply: Reply): Reply {
  if (!app.fault('saj-trigger-parcel-id-echo-header')) return reply;
  if (!headerSafe(parcelId))
    throw new ApiError(500, 'INTERNAL_ERROR', 'Invalid character in header content ["X-Parcel-Id"]');
  return { ...reply, headers: { ...reply.headers, 'x-parcel-id': parcelId } };
}

/**
 * Fault saj-collection-own-fleet-only: the collection job walks the carrier's own lockers (its fleet) and asks each
 * for parcels to pick up, so a carrier's parcel waiting in a third-party locker is never named.
 */
export function fleetParcels<T extends StoredParcel>(app: FaultPointApp, carrier: string, parcels: T[]): T[] {
  if (!app.fault('saj-collection-own-fleet-only')) return parcels;
  return parcels.filter((p) => app.state.lockers.get(p.record.lockerUid)?.record.ownedByCarrier === carrier);
}

/** Fault saj-outbox-payload-varchar-truncated: the width of the outbox's payload column, in characters. */
const OUTBOX_PAYLOAD_WIDTH = 1024;

/**
 * A ParcelUpdates body about to go out, as set AJ writes it; true: set AJ sent it (the caller sends nothing).
 * - variations ok-aj-parcel-push-previous-status, ok-aj-parcel-push-epoch-millis-timestamp: set-aj-variations.ts;
 * - fault saj-outbox-payload-varchar-truncated: parcel events go through an outbox table whose payload column is a
 *   VARCHAR(1024) of a MySQL in non-strict mode, which cuts a longer text to 1,024 characters with a warning, and the
 *   relay posts the column as it reads it: a record longer than that (long ids or names, a long history) arrives cut
 *   short, no JSON text.
 */
export function setAJParcelPush(
  app: FaultPointApp,
  owner: CarrierAccount,
  parcel: StoredParcel,
  body: Record<string, unknown>,
): boolean {
  setAJPushVariations(app, parcel, body);
  if (!app.fault('saj-outbox-payload-varchar-truncated')) return false;
  const characters = [...JSON.stringify(body)];
  if (characters.length <= OUTBOX_PAYLOAD_WIDTH) return false;
  app.outbox.send(owner, body, { raw: characters.slice(0, OUTBOX_PAYLOAD_WIDTH).join('') });
  return true;
}

/**
 * The webhook sender's options as set AJ sets them:
 * - fault saj-retry-client-bound-to-first-endpoint: retries go through one retry client, made at start with the
 *   first subscription's endpoint as its base URL, so a retry of a delivery to another carrier is posted to the first
 *   carrier's URL;
 * - variations ok-aj-webhook-hmac-signature, ok-aj-webhook-retry-after-401: set-aj-variations.ts.
 */
export function setAJOutbox<T extends Pick<OutboxOptions, 'authHeaders' | 'retryAnswered'>>(
  app: FaultPointApp,
  webhookKey: string | undefined,
  others: T,
): T & Pick<OutboxOptions, 'retryUrl'> {
  const options = setAJOutboxVariations(app, webhookKey, others);
  const first = app.options.carriers[0]?.webhookUrl;
  return app.fault('saj-retry-client-bound-to-first-endpoint') && first ? { ...options, retryUrl: first } : options;
}
