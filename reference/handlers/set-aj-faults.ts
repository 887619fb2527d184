// The points where the faults of set AJ change the parcel side: each does what the service does with its fault off,
// and the fault's behaviour with it on; its variations are set-aj-variations.ts (some passed on from here). Called from
// publish-points.ts (the validation, the checks, the lookup, the mapper, the booking stored, the answer), parcels.ts
// (a refused body's answer), parcel-list.ts (the list's cache, its locker column), cancel.ts (the guard), trigger.ts
// (the answer), collections.ts (the lockers the job walks), app.ts (the ParcelUpdates push, the sender's options).
import { ApiError } from '../errors';
import type { StoredParcel } from '../model';
import type { CarrierAccount } from '../options';
import type { OutboxOptions } from '../outbox';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { isObject, type Switches } from './fault-point-state';
import { setAJOutboxVariations, setAJPushVariations } from './set-aj-variations';

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
