// The points where the conformant variations of set AD (`ok-ad-*`) change the parcel side, its webhooks
// and the answers: each does what the service does with its variation off. Called from set-ad-faults.ts (the publish
// answer, the by-tenant lookup), parcel-list.ts, trigger.ts, spec-set-d-points.ts (the parcel view), app.ts (the
// webhook sender's options) and http-io.ts (error answers).
import type { Switches } from './fault-point-state';

/** Variation ok-ad-auth-challenge-header: a 401 names the scheme it wants in WWW-Authenticate (RFC 9110 §11.6.1). */
export function authChallenge(app: Switches, status: number): { headers?: Record<string, string> } {
  if (!app.fault('ok-ad-auth-challenge-header') || status !== 401) return {};
  return { headers: { 'www-authenticate': 'ApiKey realm="carrier-integration", header="X-API-Key"' } };
}
