// The points where the conformant variations of set AF (`ok-af-*`) change the parcel side, its webhooks and the
// answers: each does what the service does with its variation off. Called from set-af-faults.ts (the publish, the
// ParcelUpdates sender), parcels.ts and trigger.ts (dimensionsStatus), cancel.ts, app.ts (the webhook sender's
// options) and server.ts (the answers' headers).
import { randomUUID } from 'node:crypto';
import type { OutboxOptions } from '../outbox';
import type { FaultPointApp, Reply } from '../request-types';
import { isObject, type Switches } from './fault-point-state';

/**
 * Variation ok-af-webhook-agent-correlation-id: deliveries name their sender and carry a correlation id that their
 * retries repeat (the headers are made once per delivery), beside the authentication they had.
 */
export function deliveryHeaders<T extends Pick<OutboxOptions, 'authHeaders'>>(
  app: Switches,
  webhookKey: string | undefined,
  others: T,
): T {
  if (!app.fault('ok-af-webhook-agent-correlation-id')) return others;
  const authenticated = others.authHeaders;
  return {
    ...others,
    authHeaders: (body: unknown, carrier: string) => ({
      ...(authenticated ? authenticated(body, carrier) : webhookKey ? { 'x-api-key': webhookKey } : {}),
      'user-agent': 'CIS-Webhooks/1.1.0',
      'x-correlation-id': randomUUID(),
    }),
  };
}

/** Variation ok-af-parcel-push-locker-snapshot: the parcel's locker, as the carrier's systems show it, on the push. */
export function lockerSnapshot(app: Pick<FaultPointApp, 'fault' | 'state'>, body: unknown): void {
  if (!app.fault('ok-af-parcel-push-locker-snapshot') || !isObject(body)) return;
  const uid: unknown = body['lockerUid'];
  const locker = typeof uid === 'string' ? app.state.lockers.get(uid) : undefined;
  if (!locker) return;
  const { carrier, provider, location } = locker.record;
  body['locker'] = {
    uid: locker.record.uid,
    carrierLockerId: carrier.lockerId,
    name: carrier.lockerName,
    providerName: provider.name,
    city: location['city'] ?? null,
    countryCode: location['countryCode'] ?? null,
  };
}

const PARCEL_ROUTES = new Set([
  '/parcels/data',
  '/parcels/data/by-tenant-locker-id',
  '/parcels',
  '/parcels/{parcelId}',
]);
const RATE_LIMIT = 600;
const RATE_WINDOW_MS = 60_000;

/** Variation ok-af-parcel-rate-limit-headers: each carrier's requests in the current minute. */
const windows = new WeakMap<Switches, Map<string, { start: number; count: number }>>();

/** Variation ok-af-parcel-rate-limit-headers: a parcel operation's answer with the gateway's rate-limit headers. */
export function rateLimited(app: Switches, carrier: string, route: string, reply: Reply): Reply {
  if (!app.fault('ok-af-parcel-rate-limit-headers') || !PARCEL_ROUTES.has(route)) return reply;
  const byCarrier = windows.get(app) ?? new Map<string, { start: number; count: number }>();
  windows.set(app, byCarrier);
  const now = Date.now();
  let window = byCarrier.get(carrier);
  if (!window || now - window.start >= RATE_WINDOW_MS) byCarrier.set(carrier, (window = { start: now, count: 0 }));
  window.count++;
  return {
    ...reply,
    headers: {
      ...reply.headers,
      'x-ratelimit-limit': String(RATE_LIMIT),
      'x-ratelimit-remaining': String(Math.max(0, RATE_LIMIT - window.count)),
      'x-ratelimit-reset': String(Math.ceil((window.start + RATE_WINDOW_MS - now) / 1000)),
    },
  };
}
