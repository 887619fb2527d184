// The points where the conformant variations of set AH (`ok-ah-*`) change the answers, the parcel records, the
// collection job and the webhook sender: each does what the service does with its variation off. Called from
// server.ts (the answers), app.ts (the parcel view, the sender's options), parcel-list.ts (the order),
// collections.ts (the job's timer) and set-ah-faults.ts (the publish, the booking stored).
import type { Reply } from '../request-types';
import type { Switches } from './fault-point-state';

/** Variation ok-ah-json-html-safe-escapes: the characters Go's encoding/json escapes inside strings. */
const HTML_UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * Variation ok-ah-json-html-safe-escapes: the answer's JSON text with <, >, & (and U+2028, U+2029) written as
 * \u escapes; they occur in a JSON text only inside strings, so the value is the same. `json` writes the text.
 */
export function htmlSafeAnswer<R extends Reply>(app: Switches, reply: R, json: (body: unknown) => string): R {
  if (!app.fault('ok-ah-json-html-safe-escapes') || reply.body === undefined || reply.raw !== undefined) return reply;
  const raw = json(reply.body).replace(HTML_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return { ...reply, raw };
}

/** Variation ok-ah-auth-failure-throttled: how late a refused key is answered. */
const AUTH_FAILURE_DELAY_MS = 300;

/** Variation ok-ah-auth-failure-throttled: an answer refusing a key is written late; any other at once. */
export function authFailureThrottled(app: Switches, status: number, write: () => void): void {
  if (!app.fault('ok-ah-auth-failure-throttled') || (status !== 401 && status !== 403)) return write();
  setTimeout(write, AUTH_FAILURE_DELAY_MS);
}
