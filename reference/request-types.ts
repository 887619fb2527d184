// A request as the handlers take it and the reply they give (app.ts re-exports both for the handlers).
import type { IncomingHttpHeaders } from 'node:http';
import type { FaultName } from './faults';
import type { CarrierAccount } from './options';

export interface RequestContext {
  carrier: CarrierAccount;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body; undefined when the request had none. */
  body: unknown;
  /** The body as sent, where an int64 must be read from its digits (a double holds none beyond 2^53). */
  raw?: string;
  /** The request's headers (fault saf-cod-cancel-needs-idempotency-key reads one). */
  headers?: IncomingHttpHeaders;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** Bytes written as they are in place of the JSON of body (faults only). */
  raw?: string;
  /** Headers beside Content-Type and Content-Length (a variation's Link). */
  headers?: Record<string, string>;
  /** Content-Type in place of application/json (faults only: a body written by hand with another type). */
  contentType?: string;
}

/**
 * What a fault point outside app.ts reads of the app: app.ts calls those points, so they name this shape, not the
 * class (a module app.ts imports may not import app.ts).
 */
export interface FaultPointApp {
  fault(name: FaultName): boolean;
  readonly state: import('./state').ReferenceState;
  readonly options: import('./options').ReferenceOptions;
  readonly outbox: import('./outbox').Outbox;
  readonly lag: import('./list-lag').ListLag;
}
