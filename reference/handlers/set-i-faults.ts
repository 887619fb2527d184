// The points where the faults and variations of set I change the service: each function does what the
// service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in cancel.ts, trigger.ts, parcel-list.ts, spec-set-d-points.ts, collections.ts, outbox.ts
// and app.ts.
import { randomUUID } from 'node:crypto';
import { cancelPublishing } from '../faults/behaviour/shared';
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';
import type { Editable, Switches } from './fault-point-state';
import { signedDeliveries } from './set-s-faults';
import { carrierKeyAuth } from './set-x-faults';

/** The members a change event of a cancellation carries: what identifies the parcel and what changed. */
const CANCEL_DELTA = ['shipmentUid', 'carrierParcelId', 'shipmentStatus', 'events', 'eventTimestamp'];

/** Fault si-parcel-push-rate-limited: each carrier's current window of the push limiter. */
const PUSH_WINDOW_MS = 1000;
const PUSHES_PER_WINDOW = 3;
const pushWindows = new WeakMap<Switches, Map<string, { from: number; sent: number }>>();

function overTheLimit(app: Switches, owner: CarrierAccount): boolean {
  const windows = pushWindows.get(app) ?? new Map<string, { from: number; sent: number }>();
  pushWindows.set(app, windows);
  const now = Date.now();
  const current = windows.get(owner.name);
  if (!current || now - current.from >= PUSH_WINDOW_MS) {
    windows.set(owner.name, { from: now, sent: 1 });
    return false;
  }
  return ++current.sent > PUSHES_PER_WINDOW;
}

/** Fault si-parcel-push-consignee-template: the body with its consignee block written by a string template. */
function templated(push: Editable): string | undefined {
  const consignee = push['consignee'] as Editable | null | undefined;
  if (consignee === null || typeof consignee !== 'object') return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value ?? null));
  const rest: Editable = { ...push };
  delete rest['consignee'];
  const others = JSON.stringify(rest);
  const block = `"consignee":{"name":${text(consignee['name'])},"email":${text(consignee['email'])}}`;
  return `{${block}${others === '{}' ? '' : ','}${others.slice(1)}`;
}

/** A ParcelUpdates as set I's faults send it; answers whether one of them took it (else it is sent as it is). */
export function setIParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const push = body as Editable;
  // Fault si-cancel-push-delta: a cancellation is published as a change event, the changed members only.
  if (app.fault('si-cancel-push-delta') && cancelPublishing.has(app)) {
    const events = push['events'];
    for (const member of Object.keys(push)) if (!CANCEL_DELTA.includes(member)) delete push[member];
    if (Array.isArray(events)) push['events'] = events.slice(-1);
  }
  // Fault si-parcel-push-rate-limited: pushes beyond the carrier's limit in a window are dropped, not queued.
  if (app.fault('si-parcel-push-rate-limited') && overTheLimit(app, owner)) return true;
  const raw = app.fault('si-parcel-push-consignee-template') ? templated(push) : undefined;
  if (raw === undefined) return false;
  app.outbox.send(owner, body, { raw });
  return true;
}

/** Which webhook a delivery body is (variation ok-i-webhook-application-key names it in a header). */
function webhookName(body: unknown): string {
  const members = (body ?? {}) as Editable;
  if ('courierAccessCode' in members) return 'CollectionNotification';
  return 'shipmentUid' in members || 'carrierParcelId' in members ? 'ParcelUpdates' : 'LockerUpdates';
}

/**
 * Variation ok-i-webhook-application-key: deliveries authenticate with the application key scheme (§5.2) and name
 * their webhook and delivery in headers of their own; without it, the key goes as X-API-Key where one is configured.
 */
export function deliveryAuth(
  app: Pick<FaultPointApp, 'fault' | 'options'>,
  webhookKey: string | undefined,
): { authHeaders?: (body: unknown, carrier: string) => Record<string, string> } {
  // Variation ok-s-webhook-hmac-signature: deliveries signed with an HMAC of their body; ok-x-webhook-carrier-key: the
  // receiving carrier's own key.
  if (!app.fault('ok-i-webhook-application-key')) return carrierKeyAuth(app) ?? signedDeliveries(app, webhookKey);
  return {
    authHeaders: (body) => ({
      ...(webhookKey ? { 'x-application-key': webhookKey } : {}),
      'x-event-type': webhookName(body),
      'x-delivery-id': randomUUID(),
    }),
  };
}
