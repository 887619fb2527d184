// The points where the faults and variations of set D change the parcel paths: each function does
// what the service does when its fault is off (nothing, or the plain call) and the fault's behaviour when it is on.
// The two collection faults live in collections.ts, the sender's in outbox.ts, the firewall's in server.ts.
import { ApiError } from '../errors';
import type { FaultPointApp as ReferenceApp } from '../request-types';

/** Fault sd-encoded-slash-rejected: a request firewall refuses any path with an encoded slash. */
export function firewall(app: ReferenceApp, pathname: string): void {
  if (app.fault('sd-encoded-slash-rejected') && /%2f/i.test(pathname))
    throw new ApiError(
      400,
      'REQUEST_REJECTED',
      'The request was rejected because the URL contained a potentially malicious String "%2F"',
    );
}
