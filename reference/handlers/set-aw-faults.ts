// The points where the faults and variations of origin set-aw (reference/faults/) change the service: what a security
// review finds, written as honest bugs. Each point does what the service does with its fault off, and the fault's
// behaviour with it on. Called from create-points.ts (a create's uid, its checks, its push), update-points.ts (the
// locker an update is applied to), trigger.ts (the event's tenant, its provider check), cancel-points.ts (the parcel a
// cancel names), publish-points.ts (a booking's record, the answer's timestamp, the by-tenant lookup), networks.ts (a
// network add's ownership, a refused add), parcel-list.ts (the parcels listed), push-points.ts (a ParcelUpdates body)
// and server.ts (headers, the body limit, duplicate members, a key in the URL).
import type { ServerResponse } from 'node:http';
import { ApiError, badRequest } from '../errors';
import type { Switches } from './fault-point-state';

// --- The HTTP layer (server.ts) ---

/** Variation ok-aw-security-headers: the headers a security review asks for, on every answer. */
export function securityHeadersBySetAW(app: Switches, res: ServerResponse): void {
  if (!app.fault('ok-aw-security-headers')) return;
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

/** Variation ok-aw-body-limit-64k: the gateway's body limit. */
const GATEWAY_BODY_LIMIT = 64 * 1024;

/** Variation ok-aw-body-limit-64k: a body over 64 KiB refused 413. Nothing otherwise. */
export function bodyLimitBySetAW(app: Switches, raw: Buffer | 'too large'): void {
  if (app.fault('ok-aw-body-limit-64k') && raw !== 'too large' && raw.length > GATEWAY_BODY_LIMIT)
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `the body exceeds ${GATEWAY_BODY_LIMIT} bytes`);
}

/** The first member name an object of a JSON text repeats, at any depth; undefined where none (or not JSON). */
function repeatedMember(text: string): string | undefined {
  const open: { names: Set<string> | undefined; atName: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = open[open.length - 1];
      if (top?.names && top.atName) {
        let name: unknown;
        try {
          name = JSON.parse(text.slice(i, end + 1));
        } catch {
          return undefined;
        }
        if (typeof name !== 'string') return undefined;
        if (top.names.has(name)) return name;
        top.names.add(name);
        top.atName = false;
      }
      i = end;
    } else if (c === '{') open.push({ names: new Set(), atName: true });
    else if (c === '[') open.push({ names: undefined, atName: false });
    else if (c === '}' || c === ']') open.pop();
    else if (c === ',') {
      const top = open[open.length - 1];
      if (top?.names) top.atName = true;
    }
  }
  return undefined;
}

/** Variation ok-aw-duplicate-members-refused: a body (parsed already) whose object repeats a member is refused. */
export function duplicateMembersBySetAW(app: Switches, raw: Buffer): void {
  if (!app.fault('ok-aw-duplicate-members-refused')) return;
  const name = repeatedMember(raw.toString('utf8'));
  if (name !== undefined) throw badRequest('DUPLICATE_MEMBER', `an object of the body repeats the member "${name}"`);
}

/** Query parameters that would carry an API key in the URL. */
const KEY_PARAMETERS = new Set(['apikey', 'api_key', 'api-key', 'x-api-key']);

/** Variation ok-aw-credentials-in-url-refused: an authenticated request with a key in its URL is refused. */
export function credentialsInUrlBySetAW(app: Switches, url: URL): void {
  if (!app.fault('ok-aw-credentials-in-url-refused')) return;
  const named = [...url.searchParams.keys()].find((k) => KEY_PARAMETERS.has(k.toLowerCase()));
  if (named !== undefined)
    throw badRequest('CREDENTIALS_IN_URL', `an API key must not travel in the URL (query parameter ${named})`);
}
