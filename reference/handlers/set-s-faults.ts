// The points where the faults and variations of set S change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in spec-set-d-points.ts (publish, parcel view, pushes), cancel.ts, trigger.ts,
// parcel-list.ts, http-io.ts and set-i-faults.ts (delivery headers).
import type { FaultPointApp, Reply } from '../request-types';
import type { Editable } from './fault-point-state';

/**
 * Fault ss-cancel-errors-problem-json: the parcel controller's exception handler was moved to the framework's problem
 * details, with errorCode and message kept as properties: its answers are declared application/problem+json. The
 * security filter's 401 is written elsewhere, as before. Undefined where the answer is written as it was.
 */
export function cancelProblem(
  app: FaultPointApp,
  route: string | undefined,
  status: number,
  body: Editable,
): Reply | undefined {
  if (!app.fault('ss-cancel-errors-problem-json') || route !== '/parcels/{parcelId}' || status === 401)
    return undefined;
  const title = status === 404 ? 'Not Found' : status === 400 ? 'Bad Request' : 'Error';
  return {
    status,
    body: { type: 'about:blank', title, status, detail: body['message'], instance: '/parcels', ...body },
  };
}
