// The points where the faults and conformant variations of origin set-ax (reference/faults/) change the service: each
// does what the service does with its fault off, and the fault's behaviour with it on. Called from server.ts (a body
// read, the path parameters, an answer's form), http-io.ts (an answer written), publish-points.ts (the by-tenant
// lookup), update-points.ts (an update's answer), push-points.ts (LockerUpdates), list-points.ts (a listed locker, the
// list's order and its answer), view-points.ts (a locker as every place shows it), parcel-list.ts (a listed parcel),
// locker-stored.ts (metadata stored), trigger.ts (the mock's locker) and networks.ts (the uids named).
import type { ServerResponse } from 'node:http';
import type { Reply } from '../request-types';
import type { Switches } from './fault-point-state';

// --- A request body read (server.ts dispatch) ---

/** A \uXXXX escape pair of a character beyond the BMP, where the backslash before it is no escaped one. */
const ESCAPED_PAIR = /(?<=(?:^|[^\\])(?:\\\\)*)\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}/g;

/**
 * The bytes of a body the JSON parser reads, `raw` as sent.
 * - Fault sax-create-escaped-astral-replaced: POST /lockers through a gateway plugin that decodes each \u escape as
 *   one code unit, so an escaped surrogate pair becomes two U+FFFD.
 * - Fault sax-update-body-latin1-without-charset: PATCH /lockers/{uid} read as ISO-8859-1 where the Content-Type
 *   names no charset.
 */
export function bodyBytesBySetAX(
  app: Switches,
  operationId: string,
  contentType: string | undefined,
  raw: Buffer,
): Buffer {
  if (app.fault('sax-create-escaped-astral-replaced') && operationId === 'createLocker') {
    const text = raw.toString('utf8');
    const replaced = text.replace(ESCAPED_PAIR, () => '\\ufffd\\ufffd');
    if (replaced !== text) return Buffer.from(replaced, 'utf8');
  }
  const charset = /;\s*charset\s*=/i.test(contentType ?? '');
  if (app.fault('sax-update-body-latin1-without-charset') && operationId === 'updateLocker' && !charset)
    return Buffer.from(raw.toString('latin1'), 'utf8');
  return raw;
}

// --- The path parameters (server.ts dispatch) ---

/** Fault sax-path-matrix-params-stripped: a ";" and what follows it in a segment removed, before decoding. */
export function pathParamsBySetAX(app: Switches, params: Record<string, string>): Record<string, string> {
  if (!app.fault('sax-path-matrix-params-stripped')) return params;
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, value.split(';')[0] ?? value]));
}

// --- An answer's form (server.ts) and how it is written (http-io.ts send) ---

const AX_FORM = Symbol('set AX answer form');
interface AnswerForm {
  upperCaseNames: boolean;
  chunked: boolean;
  escapedSolidus: boolean;
}
type FormMarked = Reply & { [AX_FORM]?: AnswerForm };

const LIST_ROUTES = new Set(['/lockers', '/lockers/providers', '/parcels']);

/**
 * A successful answer, marked with the form set AX's variations write it in: ok-ax-answer-header-names-upper-case,
 * ok-ax-lists-chunked (the three lists), ok-ax-answers-escaped-solidus. Unmarked with every variation off.
 */
export function answerFormBySetAX<T extends Reply & { route?: string }>(
  app: Switches,
  method: string | undefined,
  reply: T,
): T {
  const form: AnswerForm = {
    upperCaseNames: app.fault('ok-ax-answer-header-names-upper-case'),
    chunked: app.fault('ok-ax-lists-chunked') && method === 'GET' && LIST_ROUTES.has(reply.route ?? ''),
    escapedSolidus: app.fault('ok-ax-answers-escaped-solidus'),
  };
  if (!form.upperCaseNames && !form.chunked && !form.escapedSolidus) return reply;
  return { ...reply, [AX_FORM]: form } as T;
}

/** How an answer leaves where set AX's variations change it (true: written here). */
export function sentBySetAX(res: ServerResponse, reply: Reply, payload: string, contentType: string): boolean {
  const form = (reply as FormMarked)[AX_FORM];
  if (!form) return false;
  // Outside strings JSON text has no solidus, so every one is a string's.
  const text =
    form.escapedSolidus && contentType.startsWith('application/json') ? payload.replace(/\//g, '\\/') : payload;
  const chunked = form.chunked && text.length > 1;
  const headers: Record<string, string | number> = {
    ...reply.headers,
    'content-type': contentType,
    ...(chunked ? {} : { 'content-length': Buffer.byteLength(text) }),
  };
  const named = form.upperCaseNames
    ? Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]))
    : headers;
  res.writeHead(reply.status, named);
  if (!chunked) {
    res.end(text);
    return true;
  }
  const bytes = Buffer.from(text, 'utf8');
  const half = Math.floor(bytes.length / 2);
  res.write(bytes.subarray(0, half));
  res.end(bytes.subarray(half));
  return true;
}
