// The points where the conformant variations of set Y (`ok-y-*`) change the locker paths: each does
// nothing with its variation off. Called from set-y-faults.ts (bySetY composes these wrappers with the faults') and
// set-j-faults.ts (the locker view's hook); sentBySetY, from http-io.ts, writes an answer a fault or variation marked.
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { badRequest } from '../errors';
import type { Handler } from '../faults/behaviour/shared';
import { listedMembersOnly } from '../request-members';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { type Editable, isObject } from './fault-point-state';
import { withBody } from './partial-writes';
import { after } from './set-v-faults';

/** How an answer leaves, where a fault or variation changes it (http-io.ts send asks sentBySetY, below). */
export const ANSWER_FORM = Symbol('set Y answer form');
/** A reply with its form marked: a spread of it (the server adds the route so) keeps the mark. */
export type Marked = Reply & { [ANSWER_FORM]?: 'html' | 'gzip' };

/** The routes of the locker service (variations ok-y-gzip-when-accepted, ok-aa-answers-pretty-printed). */
export const LOCKER_ROUTES = new Set([
  'POST /lockers',
  'GET /lockers',
  'PATCH /lockers/{uid}',
  'GET /lockers/providers',
  'PATCH /lockers/status',
  'POST /networks/{uid}/lockers',
]);

/** Variation ok-y-gzip-when-accepted: a successful answer marked to leave gzip-encoded where the client accepts it. */
function gzipMarked(app: FaultPointApp, reply: Reply): Reply {
  if (!app.fault('ok-y-gzip-when-accepted') || reply.status >= 300 || reply.raw !== undefined) return reply;
  const marked: Marked = { ...reply, [ANSWER_FORM]: 'gzip' };
  return marked;
}

/** Listed records in the order the lockers were made (seeded first), as the unfiltered list shows them. */
function inCreationOrder(app: FaultPointApp, records: unknown[]): unknown[] {
  const order = new Map([...app.state.lockers.keys()].map((uid, i) => [uid, i]));
  const at = (r: unknown) => (isObject(r) ? (order.get(String(r['uid'])) ?? order.size) : order.size);
  return [...records].sort((a, b) => at(a) - at(b));
}

/**
 * The lists of every provider name a locker holds that `matches` takes for the providerName sent, as one list in the
 * order the lockers were made: how a filter that takes more than the name it is sent answers (variation
 * ok-y-provider-filter-ignores-case, fault saa-provider-filter-analyzed-text).
 */
export function listedForNames<A extends FaultPointApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
  matches: (name: string, sent: string) => boolean,
): Reply | Promise<Reply> {
  const sent = ctx.query.get('providerName');
  if (sent === null) return handle(app, ctx);
  const held = new Set([...app.state.lockers.values()].map((l) => l.record.provider.name));
  const names = [...held].filter((name) => matches(name, sent));
  if (names.length === 0 || (names.length === 1 && names[0] === sent)) return handle(app, ctx);
  const replies = names.map((name) => {
    const query = new URLSearchParams(ctx.query);
    query.set('providerName', name);
    return handle(app, { ...ctx, query });
  });
  const arrays = replies.flatMap((r) => (r instanceof Promise || !Array.isArray(r.body) ? [] : [r.body as unknown[]]));
  if (arrays.length !== replies.length || replies.length === 1) return replies[0]!;
  return { ...(replies[0] as Reply), body: inCreationOrder(app, arrays.flat()) };
}

/**
 * Variation ok-y-provider-filter-ignores-case: providerName is matched as a case-insensitive collation matches it: the
 * list of each provider name equal to the one sent but for letter case.
 */
function providerNameAnyCase<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  if (!app.fault('ok-y-provider-filter-ignores-case')) return handle(app, ctx);
  return listedForNames(app, ctx, handle, (name, sent) => name.toLowerCase() === sent.toLowerCase());
}

/**
 * Variation ok-y-list-every-carriers-lockers: GET /lockers lists every locker of the platform, each with its owner:
 * the caller's, the third-party ones and the other carriers' (writes still name the caller's own lockers only).
 */
function everyCarriersLockers<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  const own = handle(app, ctx);
  if (!app.fault('ok-y-list-every-carriers-lockers') || own instanceof Promise || !Array.isArray(own.body)) return own;
  const others = app.options.carriers
    .filter((c) => c.name !== ctx.carrier.name)
    .flatMap((other) => {
      const theirs = handle(app, { ...ctx, carrier: other });
      if (theirs instanceof Promise || !Array.isArray(theirs.body)) return [];
      return (theirs.body as unknown[]).filter((r) => isObject(r) && r['ownedByCarrier'] === other.name);
    });
  return { ...own, body: inCreationOrder(app, [...(own.body as unknown[]), ...others]) };
}

/**
 * Variation ok-y-provider-side-name-assigned: the provider names its new locker itself, "<lockerModel>-<uid>", whatever
 * the create sends as provider.lockerName (a member the create table does not list).
 */
function providerLabelled(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const provider = isObject(ctx.body) ? ctx.body['provider'] : undefined;
  if (!app.fault('ok-y-provider-side-name-assigned') || !isObject(provider)) return ctx;
  if (typeof provider['lockerModel'] !== 'string') return ctx;
  const lockerName = `${provider['lockerModel']}-${app.state.peekLockerUid()}`;
  return withBody(ctx, { ...(ctx.body as Editable), provider: { ...provider, lockerName } });
}

/** The first member of the sent body the listed copy lacks, as a JSON pointer. */
function unlistedMember(sent: unknown, listed: unknown, at = ''): string | undefined {
  if (Array.isArray(sent) && Array.isArray(listed))
    return sent.map((v, i) => unlistedMember(v, listed[i], `${at}/${i}`)).find((p) => p !== undefined);
  if (!isObject(sent) || !isObject(listed)) return undefined;
  for (const [name, value] of Object.entries(sent)) {
    if (!Object.hasOwn(listed, name)) return `${at}/${name}`;
    const deeper = unlistedMember(value, listed[name], `${at}/${name}`);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}

/**
 * Variation ok-y-locker-unknown-members-refused: the create and update DTOs fail on properties they do not declare
 * (the members the §2.1 request tables list): any other member, at the top or nested, is refused 400.
 */
function checkListedOnly(app: FaultPointApp, ctx: RequestContext, create: boolean): void {
  if (!app.fault('ok-y-locker-unknown-members-refused')) return;
  const schema = create ? 'LockerCreateRequest' : 'LockerUpdateRequest';
  const extra = unlistedMember(ctx.body, listedMembersOnly(schema, ctx.body));
  if (extra === undefined) return;
  const operation = create ? 'create' : 'update';
  throw badRequest('VALIDATION_FAILED', `${extra} is not a member of the locker ${operation} request`);
}

/** The wrappers of set Y's variations, by method and path: the handler as it is where none applies. */
export function variedBySetY<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  const route = `${method} ${path}`;
  const marked: Handler<A> = LOCKER_ROUTES.has(route)
    ? (app, ctx) => after(handle(app, ctx), (reply) => gzipMarked(app, reply))
    : handle;
  switch (route) {
    case 'POST /lockers':
      return (app, ctx) => {
        checkListedOnly(app, ctx, true);
        return marked(app, providerLabelled(app, ctx));
      };
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => {
        checkListedOnly(app, ctx, false);
        return marked(app, ctx);
      };
    case 'GET /lockers':
      return (app, ctx) => everyCarriersLockers(app, ctx, (a, c) => providerNameAnyCase(a, c, marked));
    default:
      return marked;
  }
}

/** Whether an Accept-Encoding value takes gzip (a q of 0 refuses it). */
function acceptsGzip(value: string | string[] | undefined): boolean {
  return String(value ?? '')
    .split(',')
    .some((part) => {
      const [coding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
    });
}

/** Variation ok-y-gzip-when-accepted: the proxy's gzip_min_length. */
const GZIP_MIN_BYTES = 1024;

/**
 * How an answer leaves where set Y changes it (true: written here). Fault sy-update-uid-route-pattern: the final
 * handler's page as text/html. Variation ok-y-gzip-when-accepted: gzip content coding where Accept-Encoding takes it.
 */
export function sentBySetY(res: ServerResponse, reply: Reply, payload: string, contentType: string): boolean {
  const form = (reply as Marked)[ANSWER_FORM];
  if (form === 'html') {
    const length = Buffer.byteLength(payload);
    res.writeHead(reply.status, {
      ...reply.headers,
      'content-type': 'text/html; charset=utf-8',
      'content-length': length,
    });
    res.end(payload);
    return true;
  }
  if (form !== 'gzip' || Buffer.byteLength(payload) < GZIP_MIN_BYTES) return false;
  if (!acceptsGzip(res.req?.headers['accept-encoding'])) return false;
  const zipped = gzipSync(payload);
  const headers = { 'content-type': contentType, 'content-encoding': 'gzip', vary: 'Accept-Encoding' };
  res.writeHead(reply.status, { ...reply.headers, ...headers, 'content-length': zipped.length });
  res.end(zipped);
  return true;
}
