// The points where the conformant variations of set AF (`ok-af-*`) change the parcel side, its webhooks and the
// answers: each does what the service does with its variation off. Called from set-af-faults.ts (the publish, the
// ParcelUpdates sender), parcels.ts and trigger.ts (dimensionsStatus), cancel.ts, app.ts (the webhook sender's
// options) and server.ts (the answers' headers).
import type { Reply } from '../request-types';
import type { Switches } from './fault-point-state';

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
