// The points where the conformant variations of set AD (`ok-ad-*`) change the parcel side, its webhooks
// and the answers: each does what the service does with its variation off. Called from set-ad-faults.ts (the publish
// answer, the by-tenant lookup), parcel-list.ts, trigger.ts, spec-set-d-points.ts (the parcel view), app.ts (the
// webhook sender's options) and http-io.ts (error answers).
import type { StoredParcel } from '../model';
import type { Editable, Switches } from './fault-point-state';

const PARCEL_FILTERS = ['shipmentStatus', 'carrierParcelId', 'lockerUid'] as const;

/**
 * Variation ok-ad-parcels-query-filters: GET /parcels takes the query parameters shipmentStatus, carrierParcelId and
 * lockerUid and lists the carrier's parcels whose member equals each one given; without them, every parcel.
 */
export function filteredByQuery(app: Switches, query: URLSearchParams, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('ok-ad-parcels-query-filters')) return parcels;
  const asked = PARCEL_FILTERS.filter((f) => query.has(f));
  return asked.length ? parcels.filter((p) => asked.every((f) => p.record[f] === query.get(f))) : parcels;
}

/** Variation ok-ad-webhook-content-type-charset: deliveries declare the charset of their JSON text. */
export function webhookContentType(app: Switches): { contentType?: string } {
  return app.fault('ok-ad-webhook-content-type-charset') ? { contentType: 'application/json; charset=utf-8' } : {};
}

/** Variation ok-ad-lock-state-not-shown: the lock state is kept, not shown in the parcel record (§2.4 lists none). */
export function lockStateHidden(app: Switches, record: Editable): void {
  if (app.fault('ok-ad-lock-state-not-shown')) delete record['lockStatus'];
}

/** Variation ok-ad-trigger-answer-names-parcel: the trigger's answer also names the parcel the event acted on. */
export function triggerAnswerNamesParcel(
  app: Switches,
  answer: Record<string, unknown>,
  parcel: StoredParcel,
): Record<string, unknown> {
  if (!app.fault('ok-ad-trigger-answer-names-parcel')) return answer;
  const { carrierParcelId, shipmentUid, shipmentStatus } = parcel.record;
  return { ...answer, parcel_id: carrierParcelId, shipment_uid: shipmentUid, shipment_status: shipmentStatus };
}

/** Variation ok-ad-auth-challenge-header: a 401 names the scheme it wants in WWW-Authenticate (RFC 9110 §11.6.1). */
export function authChallenge(app: Switches, status: number): { headers?: Record<string, string> } {
  if (!app.fault('ok-ad-auth-challenge-header') || status !== 401) return {};
  return { headers: { 'www-authenticate': 'ApiKey realm="carrier-integration", header="X-API-Key"' } };
}
