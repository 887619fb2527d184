// §4.2, §4.8 and §8 leave the list envelope, pagination and page sizes open, and a staging carrier has
// hundreds of parcels: a record the harness made may be on any page. The harness follows the paging
// schemes real services use, recognised from the answer, or the one the profile states; where it
// cannot page through, it says so, and a rule that needed the record is not observable, never failed.
import { detectList, TOTAL_MEMBERS } from './envelope';
import type { Exchange } from './exchange';

/** How to ask for the next page: an absolute URL to follow, or query parameters to add. */
export type NextPage = { url: string } | { query: Record<string, string> };

/** The profile's statement of a paging scheme, where the answer does not show one. */
export interface PagingProfile {
  /** Query parameter of the page number, or of the offset when `offsetParam` names it instead. */
  pageParam?: string;
  offsetParam?: string;
  sizeParam?: string;
  size?: number;
  /** Number of the first page (0 or 1). */
  firstPage?: number;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;

/** The next URL of a `Link: <…>; rel="next"` header. */
function linkHeaderNext(header: string | undefined): string | undefined {
  for (const part of header?.split(',') ?? []) {
    const match = /<([^>]+)>\s*;.*\brel="?next"?/i.exec(part);
    if (match) return match[1];
  }
  return undefined;
}

function resolveUrl(reference: string, base: string): string | undefined {
  try {
    return new URL(reference, base).toString();
  } catch {
    return undefined;
  }
}

/** A `next` member: a URL or path to follow, or a token to send back. */
function nextMember(body: Obj, base: string): NextPage | undefined {
  // HAL's _links.next.href, JSON:API's links.next (a URL, or an object with href).
  for (const member of ['_links', 'links']) {
    const links = isObject(body[member]) ? body[member] : undefined;
    const next = links?.['next'];
    const href = isObject(next) ? next['href'] : next;
    if (typeof href === 'string' && href) return resolveUrlPage(href, base);
  }
  for (const [member, param] of [
    ['nextPageToken', 'pageToken'],
    ['nextCursor', 'cursor'],
    ['next', 'cursor'],
    ['nextPage', 'page'],
  ] as const) {
    const value = body[member];
    if (typeof value === 'string' && value)
      return /^(https?:\/\/|\/)/.test(value) ? resolveUrlPage(value, base) : { query: { [param]: value } };
    if (member === 'nextPage' && typeof value === 'number') return { query: { page: String(value) } };
  }
  return undefined;
}

/**
 * A token for the next page under a name whose request parameter is not known (AWS's nextToken, Azure's
 * continuationToken, Slack's response_metadata.next_cursor): the list goes on, the harness cannot ask.
 */
function tokenOfMore(body: Obj): string | undefined {
  const names = [
    'nextToken',
    'next_token',
    'continuationToken',
    'continuation_token',
    'next_cursor',
    'nextPageCursor',
    'next_page_token',
  ];
  for (const holder of [body, body['meta'], body['pagination'], body['response_metadata'], body['page']].filter(
    isObject,
  )) {
    const name = names.find((n) => typeof holder[n] === 'string' && holder[n] !== '');
    if (name) return name;
  }
  return undefined;
}

function resolveUrlPage(reference: string, base: string): NextPage | undefined {
  const url = resolveUrl(reference, base);
  return url ? { url } : undefined;
}

/**
 * Where a numbered answer stands: page/size (or pageSize) or offset/limit, with the total or the page
 * count where the answer gives one. Read at the top or under `page`/`meta`/`pagination`/`pageable`.
 */
type Numbering =
  | {
      kind: 'page';
      pageParam: string;
      sizeParam: string;
      page: number;
      first: number;
      size: number;
      totalPages?: number;
      total?: number;
    }
  | { kind: 'offset'; offsetParam: string; sizeParam?: string; offset: number; limit: number; total?: number };

function numbering(
  body: Obj,
  query: Record<string, string>,
  itemCount: number,
  profile?: PagingProfile,
): Numbering | undefined {
  const meta = [body, body['page'], body['meta'], body['pagination'], body['pageable']].filter(isObject);
  const read = (...names: string[]) => meta.flatMap((m) => names.map((n) => num(m[n]))).find((v) => v !== undefined);
  const total = read(...TOTAL_MEMBERS, 'count');
  const offsetParam = profile?.offsetParam ?? (read('offset') !== undefined ? 'offset' : undefined);
  if (offsetParam) {
    const offset = read('offset') ?? num(query[offsetParam]) ?? 0;
    const limit = read('limit') ?? profile?.size ?? itemCount;
    return {
      kind: 'offset',
      offsetParam,
      ...(profile?.sizeParam ? { sizeParam: profile.sizeParam } : {}),
      offset,
      limit,
      ...(total !== undefined ? { total } : {}),
    };
  }
  const pageParam = profile?.pageParam ?? 'page';
  const page =
    (isObject(body['page']) ? undefined : read('page', 'number', 'pageNumber')) ??
    read('number', 'pageNumber', 'page') ??
    num(query[pageParam]) ??
    profile?.firstPage;
  if (page === undefined) return undefined;
  const size = read('size', 'pageSize', 'perPage', 'limit') ?? profile?.size ?? itemCount;
  // The number an answer gives the page when none was asked for is the first page's (0 or 1).
  const first = profile?.firstPage ?? (num(query[pageParam]) === undefined && page === 1 ? 1 : 0);
  const counted = read('totalPages', 'pageCount', 'pages');
  const totalPages = counted ?? (total !== undefined && size > 0 ? Math.ceil(total / size) : undefined);
  const sizeParam = profile?.sizeParam ?? (read('pageSize') !== undefined ? 'pageSize' : 'size');
  return {
    kind: 'page',
    pageParam,
    sizeParam,
    page,
    first,
    size,
    ...(totalPages !== undefined ? { totalPages } : {}),
    ...(total !== undefined ? { total } : {}),
  };
}

/** The number of a numbered list's first page, from the answer to a request that asked for none. */
export function firstPageOf(
  exchange: Exchange,
  query: Record<string, string>,
  profile?: PagingProfile,
): number | undefined {
  if (!isObject(exchange.body)) return undefined;
  const at = numbering(exchange.body, query, detectList(exchange.body)?.items.length ?? 0, profile);
  return at?.kind === 'page' ? at.first : undefined;
}

/** The query of the numbered page `n` pages after the first (0: the first). */
function nthQuery(at: Numbering, n: number): Record<string, string> {
  if (at.kind === 'offset')
    return { [at.offsetParam]: String(n * at.limit), ...(at.sizeParam ? { [at.sizeParam]: String(at.limit) } : {}) };
  return { [at.pageParam]: String(at.first + n), [at.sizeParam]: String(at.size) };
}

function counters(
  body: Obj,
  query: Record<string, string>,
  itemCount: number,
  profile?: PagingProfile,
): NextPage | undefined {
  const at = numbering(body, query, itemCount, profile);
  if (!at || itemCount === 0) return undefined;
  // Without a total, a full page says there may be more: the next is asked for, and a short or empty one ends the list.
  if (at.kind === 'offset') {
    if (at.total === undefined ? itemCount < at.limit : at.offset + at.limit >= at.total) return undefined;
    return {
      query: {
        [at.offsetParam]: String(at.offset + at.limit),
        ...(at.sizeParam ? { [at.sizeParam]: String(at.limit) } : {}),
      },
    };
  }
  if (at.totalPages === undefined ? itemCount < at.size : at.page + 1 - at.first >= at.totalPages) return undefined;
  return { query: { [at.pageParam]: String(at.page + 1), [at.sizeParam]: String(at.size) } };
}

/**
 * Every page of a numbered list whose answer gives its length, known from its first page: the pages
 * can then be asked for in any order and at once (the last first, where a run's newest records are
 * in a list kept oldest first), instead of one after another from the start. Undefined where the
 * answer is no first page of such a list (a cursor, a Link header, no total): those are followed in turn.
 */
export interface PagePlan {
  /** The query of each page after the first, in list order. */
  rest: Record<string, string>[];
  /** Records per page. */
  size: number;
  /** Records in the list when the first page was read. */
  total: number;
}

export function pagePlan(
  exchange: Exchange,
  query: Record<string, string>,
  profile?: PagingProfile,
): PagePlan | undefined {
  if (!isObject(exchange.body) || linkHeaderNext(exchange.headers['link']) || nextMember(exchange.body, exchange.url))
    return undefined;
  const items = detectList(exchange.body)?.items ?? [];
  const at = numbering(exchange.body, query, items.length, profile);
  if (!at) return undefined;
  if (at.kind === 'offset') {
    if (at.offset !== 0 || at.total === undefined || at.limit <= 0) return undefined;
    const pages = Math.ceil(at.total / at.limit);
    return {
      rest: Array.from({ length: Math.max(0, pages - 1) }, (_, i) => nthQuery(at, i + 1)),
      size: at.limit,
      total: at.total,
    };
  }
  if (at.page !== at.first || at.totalPages === undefined || at.size <= 0) return undefined;
  return {
    rest: Array.from({ length: Math.max(0, at.totalPages - 1) }, (_, i) => nthQuery(at, i + 1)),
    size: at.size,
    total: at.total ?? at.totalPages * at.size,
  };
}

export interface PageReading {
  items: unknown[];
  next?: NextPage;
  /** The answer looks paged but the harness cannot tell how to get the next page. */
  unrecognised?: string;
}

/** What one answer of a list operation holds, and how to ask for the next page. */
export function readPage(exchange: Exchange, query: Record<string, string>, profile?: PagingProfile): PageReading {
  const list = detectList(exchange.body);
  const items = list?.items ?? [];
  const linked = linkHeaderNext(exchange.headers['link']);
  if (linked) {
    const next = resolveUrlPage(linked, exchange.url);
    return next ? { items, next } : { items };
  }
  // A total the answer gives (a header, or a member) that the page does not reach says there is more.
  const headerTotal = num(exchange.headers['x-total-count']);
  const short = (total: number | undefined) => total !== undefined && total > items.length;
  if (!isObject(exchange.body)) {
    return short(headerTotal)
      ? {
          items,
          unrecognised:
            `X-Total-Count says ${headerTotal} records, ` + `the answer shows ${items.length} and no way to page`,
        }
      : { items };
  }
  const body = exchange.body;
  const next = nextMember(body, exchange.url) ?? counters(body, query, items.length, profile);
  if (next) return { items, next };
  const flag =
    ['hasMore', 'has_more', 'more', 'hasNext', 'hasNextPage'].find((member) => body[member] === true) ??
    (body['last'] === false ? 'last: false' : undefined) ??
    tokenOfMore(body);
  if (flag) return { items, unrecognised: `the answer says there is more (${flag}) but not how to ask for it` };
  const total = [...TOTAL_MEMBERS.map((m) => body[m]), headerTotal].map(num).find((n) => n !== undefined);
  // On a page asked for by number the total counts every page; only a first answer that falls short says so.
  const paged = Object.keys(query).some((k) => /page|offset|cursor/i.test(k));
  return !paged && short(total)
    ? { items, unrecognised: `the answer says there are ${total} records, shows ${items.length} and no way to page` }
    : { items };
}
