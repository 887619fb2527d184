// The points where the conformant variations of set AD (`ok-ad-*`) change the parcel side, its webhooks
// and the answers: each does what the service does with its variation off. Called from set-ad-faults.ts (the publish
// answer, the by-tenant lookup), parcel-list.ts, trigger.ts, spec-set-d-points.ts (the parcel view), app.ts (the
// webhook sender's options) and http-io.ts (error answers).
import { BERLIN } from '../faults/behaviour/shared';
import type { JsonObject, PublishBody, StoredLocker, StoredParcel } from '../model';
import type { FaultPointApp, Reply } from '../request-types';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { namedLocker } from './set-x-faults';

/** An instant written as RFC 3339 in Europe/Berlin's time, its offset and microseconds: the same instant. */
function inBerlin(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const part: Record<string, string> = {};
  for (const p of BERLIN.formatToParts(at)) part[p.type] = p.value;
  const [y, mo, d, h, mi, s] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((k) => part[k] ?? '00');
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const offset = Math.round((wall - (at.getTime() - at.getUTCMilliseconds())) / 60_000);
  const hhmm = [Math.floor(Math.abs(offset) / 60), Math.abs(offset) % 60].map((n) => String(n).padStart(2, '0'));
  const micros = `${String(at.getUTCMilliseconds()).padStart(3, '0')}000`;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}.${micros}${offset < 0 ? '-' : '+'}${hhmm.join(':')}`;
}

/** The smallest compartment size the parcel, turned as it best goes in, fits (dimensions not given ask for nothing). */
function fittingSize(sent: PublishBody['dimensions'], compartments: JsonObject[] | null | undefined): string | null {
  const ascending = (values: unknown[]) => values.map((v) => (typeof v === 'number' ? v : 0)).sort((a, b) => a - b);
  const parcel = ascending([sent?.depth, sent?.height, sent?.width]);
  const room = (c: JsonObject) => ascending([c['height'], c['width'], c['length']]);
  const volume = (c: JsonObject) => room(c).reduce((n, side) => n * side, 1);
  const fits = (compartments ?? []).filter((c) => room(c).every((side, i) => parcel[i]! <= side));
  const size = fits.sort((a, b) => volume(a) - volume(b))[0]?.['size'];
  return typeof size === 'string' ? size : null;
}

/**
 * The publish answer as set AD's variations write it. Variation ok-ad-publish-timestamp-local-offset: the timestamp in
 * the service's zone (Europe/Berlin) with its offset and microseconds, the same instant. Variation
 * ok-ad-precheck-answer-compartment: a PRE_CHECK's answer names the compartment size the parcel fits, compartmentSize.
 */
export function setADPublishAnswer(app: FaultPointApp, carrier: string, sent: Editable, reply: Reply): Reply {
  if (reply.status >= 300 || !isObject(reply.body)) return reply;
  let body = reply.body;
  if (app.fault('ok-ad-publish-timestamp-local-offset') && typeof body['timestamp'] === 'string')
    body = { ...body, timestamp: inBerlin(body['timestamp']) };
  if (app.fault('ok-ad-precheck-answer-compartment') && sent['eventType'] === 'PRE_CHECK') {
    const locker = namedLocker(app, carrier, sent);
    const size = fittingSize(sent['dimensions'], locker?.record.compartmentTypes);
    const where = locker ? ` in locker ${locker.record.uid}` : '';
    body = {
      ...body,
      compartmentSize: size,
      ...(size ? { message: `Parcel fits a ${size} compartment${where}` } : {}),
    };
  }
  return body === reply.body ? reply : { ...reply, body };
}

/** Variation ok-ad-by-tenant-own-lockers-only: the carrier's own locker identifier names one of its own lockers. */
export function ownLockerOnly(
  app: Switches,
  carrier: string,
  found: StoredLocker | undefined,
): StoredLocker | undefined {
  if (!app.fault('ok-ad-by-tenant-own-lockers-only')) return found;
  return found?.record.ownedByCarrier === carrier ? found : undefined;
}

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
