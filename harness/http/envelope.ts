// §4.2 and §4.8 do not show the list envelope: a target may answer a bare array or an object that
// holds it. The harness detects which and reports it as an observed choice.
export interface ListShape {
  items: unknown[];
  /** 'array', or the JSON pointer of the array inside the envelope, e.g. '/content'. */
  envelope: string;
}

const USUAL_NAMES = ['content', 'items', 'data', 'results', 'records', 'lockers', 'parcels', 'providers', 'elements'];

export function detectList(body: unknown): ListShape | undefined {
  // JSON null where nothing is listed (a nil slice): the envelope is not shown (§4.2, §4.8), and null lists no record.
  if (body === null) return { items: [], envelope: NULL_LIST };
  const found = arrayIn(body);
  if (found || typeof body !== 'object' || Array.isArray(body)) return found;
  return countsNone(body as Record<string, unknown>) ? { items: [], envelope: EMPTY_ENVELOPE } : undefined;
}

function arrayIn(body: unknown): ListShape | undefined {
  if (Array.isArray(body)) return { items: body, envelope: 'array' };
  if (body === null || typeof body !== 'object') return undefined;
  const arrays = Object.entries(body).filter(([, v]) => Array.isArray(v));
  const named = arrays.find(([k]) => USUAL_NAMES.includes(k.toLowerCase()));
  const chosen = named ?? (arrays.length === 1 ? arrays[0] : undefined);
  if (chosen) return { items: chosen[1] as unknown[], envelope: `/${chosen[0]}` };
  // One level deeper, e.g. {data: {items: [...]}}
  for (const [key, value] of Object.entries(body)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const inner = arrayIn(value);
      if (inner && inner.envelope !== 'array') return { items: inner.items, envelope: `/${key}${inner.envelope}` };
    }
  }
  return undefined;
}

/** The envelope of a list answered JSON null. */
export const NULL_LIST = '(null: no record)';

/** The envelope of a page that says it holds no record and holds no array (Spring Data REST leaves out `_embedded`). */
export const EMPTY_ENVELOPE = '(no array: an empty page)';

/** The members a list answer gives its total in (the page's own count aside). */
export const TOTAL_MEMBERS = ['totalElements', 'total', 'totalCount', 'totalItems'];
const COUNTS = [...TOTAL_MEMBERS, 'count'];

/** What else an empty page may hold: paging and links, nothing of a record. */
const PAGING_MEMBERS = new RegExp(
  '^(_links|links|page|meta|pagination|pageable|self|next|prev|previous|first|last|size|number|offset|limit|' +
    'totalpages|pagesize|empty|sort|numberofelements|totalelements|total|totalcount|totalitems|count)$',
  'i',
);

/**
 * A count of 0 at the top or under page/meta/pagination, in an answer that holds only paging and links:
 * an empty list's envelope with no array in it. A record or summary with a count of 0 is no list.
 */
function countsNone(body: Record<string, unknown>): boolean {
  if (!Object.keys(body).every((k) => PAGING_MEMBERS.test(k))) return false;
  const holders = [body, body['page'], body['meta'], body['pagination']].filter(
    (h): h is Record<string, unknown> => !!h && typeof h === 'object' && !Array.isArray(h),
  );
  return holders.some((h) => COUNTS.some((c) => h[c] === 0));
}
