// The points where the faults of set AJ change the parcel side: each does what the service does with its fault off,
// and the fault's behaviour with it on; its variations are set-aj-variations.ts (some passed on from here). Called from
// publish-points.ts (the validation, the checks, the lookup, the mapper, the booking stored, the answer), parcels.ts
// (a refused body's answer), parcel-list.ts (the list's cache, its locker column), cancel.ts (the guard), trigger.ts
// (the answer), collections.ts (the lockers the job walks), app.ts (the ParcelUpdates push, the sender's options).
import type { StoredParcel } from '../model';
import type { CarrierAccount } from '../options';
import type { OutboxOptions } from '../outbox';
import type { FaultPointApp } from '../request-types';
import { setAJOutboxVariations, setAJPushVariations } from './set-aj-variations';

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
