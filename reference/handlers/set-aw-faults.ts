// The points where the faults and variations of origin set-aw (reference/faults/) change the service: what a security
// review finds, written as honest bugs. Each point does what the service does with its fault off, and the fault's
// behaviour with it on. Called from create-points.ts (a create's uid, its checks, its push), update-points.ts (the
// locker an update is applied to), trigger.ts (the event's tenant, its provider check), cancel-points.ts (the parcel a
// cancel names), publish-points.ts (a booking's record, the answer's timestamp, the by-tenant lookup), networks.ts (a
// network add's ownership, a refused add), parcel-list.ts (the parcels listed), push-points.ts (a ParcelUpdates body)
// and server.ts (headers, the body limit, duplicate members, a key in the URL).
import type { ServerResponse } from 'node:http';
import { ApiError, badRequest } from '../errors';
import { sentMember } from '../faults/behaviour/lockers';
import type { LockerGroup, StoredLocker } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, RequestContext } from '../request-types';
import { isObject, type StateApp, type Switches } from './fault-point-state';

// --- A create (create-points.ts) ---

/**
 * Fault saw-create-body-uid-kept: the 1.0 importer's uid, a top-level uid of digits the body carries, kept as the new
 * locker's (saved over a locker that has it); undefined where the service draws one.
 */
export function bodyUidBySetAW(app: Switches, ctx: RequestContext): string | undefined {
  if (!app.fault('saw-create-body-uid-kept')) return undefined;
  const uid = sentMember(ctx, 'uid');
  return typeof uid === 'string' && /^\d{1,18}$/.test(uid) ? uid : undefined;
}

/**
 * Fault saw-group-key-unique-per-fleet: the group service's unique index on (carrier, key): a create giving its locker
 * a group of a key another of the carrier's lockers holds is refused. Nothing with the fault off.
 */
export function fleetGroupKeysBySetAW(
  app: StateApp,
  carrier: string,
  groups: readonly LockerGroup[] | undefined,
): void {
  if (!app.fault('saw-group-key-unique-per-fleet') || !groups?.length) return;
  const held = new Set<string>();
  for (const locker of app.state.lockers.values())
    if (locker.record.ownedByCarrier === carrier) for (const group of locker.lockerGroups) held.add(group.key);
  const taken = groups.find((g) => held.has(g.key));
  if (taken)
    throw badRequest('DUPLICATE_GROUP_KEY', `a locker of this carrier already has a group with key "${taken.key}"`);
}

/** What the create's push needs of the app: the record's view and the clock, besides the points' own. */
type PushingApp = FaultPointApp & {
  lockerView(locker: StoredLocker): object;
  now(): string;
  carrierNamed(name: string): CarrierAccount | undefined;
};

/**
 * The create's LockerUpdates (`push`, to the locker's owner). Fault saw-create-push-routed-by-body-owner: routed by an
 * ownedByCarrier the body carries: none for null or a name no carrier has, the named carrier's URL for another one.
 */
export function createPushBySetAW(
  app: PushingApp,
  ctx: RequestContext,
  locker: StoredLocker,
  push: () => void,
): () => void {
  if (!app.fault('saw-create-push-routed-by-body-owner') || !isObject(ctx.body)) return push;
  if (!Object.hasOwn(ctx.body, 'ownedByCarrier')) return push;
  const named = ctx.body['ownedByCarrier'];
  if (named === ctx.carrier.name) return push;
  return () => {
    app.lag.written(locker, locker.record);
    const to = typeof named === 'string' ? app.carrierNamed(named) : undefined;
    if (to) app.outbox.send(to, { ...app.lockerView(locker), eventTimestamp: app.now() });
  };
}

// --- An update (update-points.ts) ---

/**
 * The locker an update is applied to: the one the path names (`locker`, its ownership checked). Fault
 * saw-update-body-uid-over-path: the command is { ...params, ...body }, so a body's uid of another locker wins.
 */
export function updateTargetBySetAW(app: StateApp, ctx: RequestContext, locker: StoredLocker): StoredLocker {
  if (!app.fault('saw-update-body-uid-over-path')) return locker;
  const uid = sentMember(ctx, 'uid');
  if (typeof uid !== 'string' || uid === locker.record.uid) return locker;
  return app.state.lockers.get(uid) ?? locker;
}

// --- A network add (networks.ts) ---

/**
 * The locker a network add takes as the caller's: `owned`. Fault saw-network-batch-owner-of-first: the batch
 * authorized by its first lockerUid, so where the caller owns that one, any locker named.
 */
export function batchOwnedBySetAW(
  app: StateApp,
  actor: string,
  lockerUids: readonly string[],
  uid: string,
  owned: StoredLocker | undefined,
): StoredLocker | undefined {
  if (owned || !app.fault('saw-network-batch-owner-of-first')) return owned;
  const first = lockerUids[0];
  return first !== undefined && app.state.ownedLocker(actor, first) ? app.state.lockers.get(uid) : undefined;
}

/**
 * A network add refused because the path names no network of the caller: nothing. Fault
 * saw-network-refused-add-memberships-kept: the membership rows of the owned lockers sent, written before the network
 * was loaded, stay, and the caller's own network holds them.
 */
export function refusedAddBySetAW(app: FaultPointApp, ctx: RequestContext): void {
  if (!app.fault('saw-network-refused-add-memberships-kept')) return;
  const own = app.state.networks.get(ctx.carrier.networkUid);
  const sent = sentMember(ctx, 'lockerUids');
  if (!own || !Array.isArray(sent)) return;
  for (const value of sent) {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) continue;
    const uid = String(value);
    const record = app.state.ownedLocker(ctx.carrier.name, uid)?.record;
    if (!record || own.members.has(uid)) continue;
    own.members.set(uid, {
      lockerUid: value,
      providerName: record.provider.name,
      lockerName: record.carrier.lockerName,
      providerLockerStatus: record.provider.status,
      carrierLockerStatus: record.carrier.status,
      networkLockerStatus: 'PENDING',
      carrierLockerId: record.carrier.lockerId,
      providerLockerId: record.provider.lockerUid,
    });
  }
}

// --- A ParcelUpdates body (push-points.ts) ---

/** Variation ok-aw-parcel-push-without-pin: the collection PIN left out of the push, validUntil kept. */
export function parcelPushBySetAW(app: Switches, body: Record<string, unknown>): void {
  if (!app.fault('ok-aw-parcel-push-without-pin')) return;
  const codes = body['accessCodes'];
  const code = isObject(codes) ? codes['consigneeCollectionCode'] : undefined;
  if (!isObject(codes) || !isObject(code)) return;
  const kept = code['validUntil'] === undefined ? {} : { validUntil: code['validUntil'] };
  body['accessCodes'] = { ...codes, consigneeCollectionCode: kept };
}

// --- The HTTP layer (server.ts) ---

/** Variation ok-aw-security-headers: the headers a security review asks for, on every answer. */
export function securityHeadersBySetAW(app: Switches, res: ServerResponse): void {
  if (!app.fault('ok-aw-security-headers')) return;
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

/** Variation ok-aw-body-limit-64k: the gateway's body limit. */
const GATEWAY_BODY_LIMIT = 64 * 1024;

/** Variation ok-aw-body-limit-64k: a body over 64 KiB refused 413. Nothing otherwise. */
export function bodyLimitBySetAW(app: Switches, raw: Buffer | 'too large'): void {
  if (app.fault('ok-aw-body-limit-64k') && raw !== 'too large' && raw.length > GATEWAY_BODY_LIMIT)
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `the body exceeds ${GATEWAY_BODY_LIMIT} bytes`);
}

/** The first member name an object of a JSON text repeats, at any depth; undefined where none (or not JSON). */
function repeatedMember(text: string): string | undefined {
  const open: { names: Set<string> | undefined; atName: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = open[open.length - 1];
      if (top?.names && top.atName) {
        let name: unknown;
        try {
          name = JSON.parse(text.slice(i, end + 1));
        } catch {
          return undefined;
        }
        if (typeof name !== 'string') return undefined;
        if (top.names.has(name)) return name;
        top.names.add(name);
        top.atName = false;
      }
      i = end;
    } else if (c === '{') open.push({ names: new Set(), atName: true });
    else if (c === '[') open.push({ names: undefined, atName: false });
    else if (c === '}' || c === ']') open.pop();
    else if (c === ',') {
      const top = open[open.length - 1];
      if (top?.names) top.atName = true;
    }
  }
  return undefined;
}

/** Variation ok-aw-duplicate-members-refused: a body (parsed already) whose object repeats a member is refused. */
export function duplicateMembersBySetAW(app: Switches, raw: Buffer): void {
  if (!app.fault('ok-aw-duplicate-members-refused')) return;
  const name = repeatedMember(raw.toString('utf8'));
  if (name !== undefined) throw badRequest('DUPLICATE_MEMBER', `an object of the body repeats the member "${name}"`);
}

/** Query parameters that would carry an API key in the URL. */
const KEY_PARAMETERS = new Set(['apikey', 'api_key', 'api-key', 'x-api-key']);

/** Variation ok-aw-credentials-in-url-refused: an authenticated request with a key in its URL is refused. */
export function credentialsInUrlBySetAW(app: Switches, url: URL): void {
  if (!app.fault('ok-aw-credentials-in-url-refused')) return;
  const named = [...url.searchParams.keys()].find((k) => KEY_PARAMETERS.has(k.toLowerCase()));
  if (named !== undefined)
    throw badRequest('CREDENTIALS_IN_URL', `an API key must not travel in the URL (query parameter ${named})`);
}
