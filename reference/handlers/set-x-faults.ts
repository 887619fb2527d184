// The points where the faults and variations of set X change the parcel side: each does what the
// service does with its fault off (nothing, or the value as given) and the fault's behaviour with it on. Called from
// spec-set-d-points.ts (publish, view, pushes), trigger.ts, cancel.ts, collections.ts and set-i-faults.ts (the
// webhook sender's authentication).
import { freeLockText } from '../faults/behaviour/shared';
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';
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
