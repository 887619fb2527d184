// The points where the faults and variations of set M change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in parcels.ts, spec-set-d-points.ts, parcel-list.ts, cancel.ts, trigger.ts, set-k-faults.ts,
// collections.ts and http-io.ts.
import { ApiError } from '../errors';
import type { Reply } from '../request-types';
import type { Switches } from './fault-point-state';

/**
 * Fault sm-unknown-locker-problem-body: the publish paths resolve the locker through the locker service, and its
 * refusal (no such locker for the carrier) is passed on as that service wrote it, an RFC 7807 problem, only its status
 * mapped to 400. Undefined for every other error.
 */
export function upstreamProblem(app: Switches, error: ApiError, route: string | undefined): Reply | undefined {
  if (!app.fault('sm-unknown-locker-problem-body') || error.errorCode !== 'UNKNOWN_LOCKER') return undefined;
  if (route !== '/parcels/data' && route !== '/parcels/data/by-tenant-locker-id') return undefined;
  const problem = { type: 'https://lockers.internal/problems/locker-not-found', title: 'Locker not found' };
  return { status: 400, body: { ...problem, status: 404, detail: error.message, instance: '/internal/v1/lockers' } };
}
