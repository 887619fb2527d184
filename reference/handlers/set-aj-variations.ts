// The points where the conformant variations of set AJ (`ok-aj-*`) change the parcel side: each does what the service
// does with its variation off. Called from app.ts (the parcel view, the webhook sender's options), parcel-list.ts (the
// order, the answer's validator), cancel-points.ts (a third id form) and set-aj-faults.ts (the booking stored, the
// ParcelUpdates push).
import { createHmac } from 'node:crypto';
import type { StoredParcel } from '../model';
import type { OutboxOptions } from '../outbox';
import { type Editable, isObject, type Switches } from './fault-point-state';

/**
 * A parcel record as every place shows it (list, cancel answer, push):
 * - variation ok-aj-access-code-valid-until-epoch: validUntil as Unix seconds, a number;
 * - variation ok-aj-cancel-event-booking-cancelled: the cancellation's history entry as the booking module writes it.
 */
export function setAJParcelView(app: Switches, record: Editable): void {
  const code: unknown = record['accessCodes']?.['consigneeCollectionCode'];
  if (app.fault('ok-aj-access-code-valid-until-epoch') && isObject(code) && typeof code['validUntil'] === 'string') {
    const at = Date.parse(code['validUntil']);
    if (!Number.isNaN(at))
      record['accessCodes'] = {
        ...record['accessCodes'],
        consigneeCollectionCode: { ...code, validUntil: Math.floor(at / 1000) },
      };
  }
  if (app.fault('ok-aj-cancel-event-booking-cancelled') && Array.isArray(record['events']))
    record['events'] = record['events'].map((entry: unknown) =>
      isObject(entry) && entry['type'] === 'CANCELLED'
        ? { ...entry, type: 'BOOKING_CANCELLED', initiatedBy: 'CARRIER' }
        : entry,
    );
}

/** Variation ok-aj-parcel-push-previous-status: the status each parcel was last pushed with. */
const previousStatusPushed = new WeakMap<StoredParcel, string>();

/**
 * A ParcelUpdates body as set AJ's variations write it:
 * - ok-aj-parcel-push-previous-status: previousShipmentStatus, the status the parcel was last pushed with (null at
 *   its first push);
 * - ok-aj-parcel-push-epoch-millis-timestamp: eventTimestamp as the text of the event's Unix time in milliseconds.
 */
export function setAJPushVariations(app: Switches, parcel: StoredParcel, body: Editable): void {
  if (app.fault('ok-aj-parcel-push-previous-status')) {
    body['previousShipmentStatus'] = previousStatusPushed.get(parcel) ?? null;
    previousStatusPushed.set(parcel, parcel.record.shipmentStatus);
  }
  if (app.fault('ok-aj-parcel-push-epoch-millis-timestamp') && typeof body['eventTimestamp'] === 'string')
    body['eventTimestamp'] = String(Date.parse(body['eventTimestamp']));
}

/** The secret a delivery's signature is made with: the webhook key, or the service's own where none is set. */
const SERVICE_SIGNING_SECRET = 'cis-reference-webhook-signing-secret';

/**
 * The webhook sender's options as set AJ's variations set them:
 * - ok-aj-webhook-hmac-signature: every delivery signed, X-CIS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 *   "t.<body>">, beside the headers it sends otherwise;
 * - ok-aj-webhook-retry-after-401: a delivery answered 401 is retried as one answered 5xx is.
 */
export function setAJOutboxVariations<T extends Pick<OutboxOptions, 'authHeaders' | 'retryAnswered'>>(
  app: Switches,
  webhookKey: string | undefined,
  others: T,
): T {
  let options = others;
  if (app.fault('ok-aj-webhook-hmac-signature')) {
    const authenticated = options.authHeaders;
    options = {
      ...options,
      authHeaders: (body: unknown, carrier: string) => {
        const t = Math.floor(Date.now() / 1000);
        const v1 = createHmac('sha256', webhookKey ?? SERVICE_SIGNING_SECRET)
          .update(`${t}.${JSON.stringify(body)}`)
          .digest('hex');
        return {
          ...(authenticated ? authenticated(body, carrier) : webhookKey ? { 'x-api-key': webhookKey } : {}),
          'x-cis-signature': `t=${t},v1=${v1}`,
        };
      },
    };
  }
  if (app.fault('ok-aj-webhook-retry-after-401')) {
    const retried = options.retryAnswered;
    options = { ...options, retryAnswered: (status: number) => status === 401 || (retried?.(status) ?? false) };
  }
  return options;
}
