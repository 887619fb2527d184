// The points where the conformant variations of set AH (`ok-ah-*`) change the answers, the parcel records, the
// collection job and the webhook sender: each does what the service does with its variation off. Called from
// server.ts (the answers), app.ts (the parcel view, the sender's options), parcel-list.ts (the order),
// collections.ts (the job's timer) and set-ah-faults.ts (the publish, the booking stored).
import { randomUUID } from 'node:crypto';
import { parcelData } from '../faults/behaviour/shared';
import type { StoredParcel } from '../model';
import type { OutboxOptions } from '../outbox';
import type { Reply } from '../request-types';
import { type Editable, isObject, type Switches } from './fault-point-state';

/** Variation ok-ah-json-html-safe-escapes: the characters Go's encoding/json escapes inside strings. */
const HTML_UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * Variation ok-ah-json-html-safe-escapes: the answer's JSON text with <, >, & (and U+2028, U+2029) written as
 * \u escapes; they occur in a JSON text only inside strings, so the value is the same. `json` writes the text.
 */
export function htmlSafeAnswer<R extends Reply>(app: Switches, reply: R, json: (body: unknown) => string): R {
  if (!app.fault('ok-ah-json-html-safe-escapes') || reply.body === undefined || reply.raw !== undefined) return reply;
  const raw = json(reply.body).replace(HTML_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return { ...reply, raw };
}

/** Variation ok-ah-event-entries-status: the status each kind of event leaves a parcel in. */
const STATUS_AFTER_EVENT: Record<string, string> = {
  BOOKING_CREATED: 'BOOKED',
  CANCELLED: 'CANCELLED',
  CONSIGNEE_DELIVERED: 'DELIVERED',
  COURIER_COLLECTED: 'COLLECTED',
};

/**
 * A parcel record as every place shows it (list, cancel answer, push): variation ok-ah-event-entries-status (each
 * entry with the status its event left), variation ok-ah-parcel-record-echoes-parcel-data (the data sent).
 */
export function setAHParcelView(app: Switches, parcel: StoredParcel, record: Editable): void {
  if (app.fault('ok-ah-event-entries-status') && Array.isArray(record['events']))
    record['events'] = record['events'].map((entry: unknown) => {
      const status = isObject(entry) ? STATUS_AFTER_EVENT[entry['type'] as string] : undefined;
      return status && isObject(entry) ? { ...entry, shipmentStatus: status } : entry;
    });
  if (app.fault('ok-ah-parcel-record-echoes-parcel-data')) {
    const data = parcelData.get(app)?.get(parcel.record.shipmentUid);
    if (data) Object.assign(record, structuredClone(data));
  }
}

/** Variation ok-ah-webhook-event-headers: which of the three webhooks a body is. */
function eventOf(body: unknown): string {
  if (isObject(body) && 'courierAccessCode' in body) return 'CollectionNotification';
  if (isObject(body) && 'shipmentUid' in body) return 'ParcelUpdates';
  return 'LockerUpdates';
}

/**
 * Variation ok-ah-webhook-event-headers: every delivery names its webhook (X-CIS-Event) and itself (X-CIS-Delivery,
 * made once per delivery, so its retries repeat it), beside the headers the sender sends otherwise.
 */
export function eventHeaders<T extends Pick<OutboxOptions, 'authHeaders'>>(
  app: Switches,
  webhookKey: string | undefined,
  others: T,
): T {
  if (!app.fault('ok-ah-webhook-event-headers')) return others;
  const authenticated = others.authHeaders;
  return {
    ...others,
    authHeaders: (body: unknown, carrier: string) => ({
      ...(authenticated ? authenticated(body, carrier) : webhookKey ? { 'x-api-key': webhookKey } : {}),
      'x-cis-event': eventOf(body),
      'x-cis-delivery': randomUUID(),
    }),
  };
}

/** Variation ok-ah-auth-failure-throttled: how late a refused key is answered. */
const AUTH_FAILURE_DELAY_MS = 300;

/** Variation ok-ah-auth-failure-throttled: an answer refusing a key is written late; any other at once. */
export function authFailureThrottled(app: Switches, status: number, write: () => void): void {
  if (!app.fault('ok-ah-auth-failure-throttled') || (status !== 401 && status !== 403)) return write();
  setTimeout(write, AUTH_FAILURE_DELAY_MS);
}
