// A carrier's parcel list as a fake target keeps it, in one paging scheme and order, counting what was
// asked: the listing tests' target.
import { CisClient } from '../../harness/http/client';
import type { Json } from '../../harness/http/json';
import type { Listing } from '../../harness/records/lists/listing';
import { listSince, markList } from '../../harness/records/lists/list-since';
import type { RunSettings } from '../../harness/target/run-settings';
import type { Transport } from '../../harness/http/transport';

/**
 * page-size: {items, page, size, totalPages, totalElements} from page 0; spring: Spring Data's {content,
 * page: {size, number, totalElements, totalPages}}; page-from-1: {data, page, pageSize, total} from page 1;
 * page-no-total: {items, page, size} and nothing else; offset-limit; a Link header; a next cursor; a bare array.
 */
export type Scheme =
  'page-size' | 'spring' | 'page-from-1' | 'page-no-total' | 'offset-limit' | 'link' | 'cursor' | 'array';

/** A carrier's parcel list, served in a scheme and an order, counting what was asked. */
export class FakeList {
  records: Json[] = [];
  requests = 0;
  inFlight = 0;
  mostInFlight = 0;
  /** The newest records the list does not show yet (a replica behind its primary). */
  hidden = 0;
  /** The most records a page holds whatever `size` asks (undefined: as asked). */
  cap: number | undefined;
  constructor(
    readonly scheme: Scheme,
    readonly order: 'oldest-first' | 'newest-first' | 'by-id' = 'oldest-first',
    readonly size = 20,
  ) {}

  add(n: number, prefix = 'P'): string[] {
    const ids = Array.from({ length: n }, (_, i) => `${prefix}${String(this.records.length + i).padStart(6, '0')}`);
    this.records.push(...ids.map((carrierParcelId) => ({ carrierParcelId, shipmentUid: `S-${carrierParcelId}` })));
    return ids;
  }

  private shown(): Json[] {
    const held = this.records.slice(0, this.records.length - this.hidden);
    if (this.order === 'newest-first') return held.reverse();
    if (this.order === 'by-id')
      return held.sort((a, b) => String(b['carrierParcelId']).localeCompare(String(a['carrierParcelId'])));
    return held;
  }

  private sizeAsked(q: URLSearchParams, name = 'size'): number {
    const asked = Number(q.get(name) ?? this.size);
    return this.cap === undefined ? asked : Math.min(asked, this.cap);
  }

  private body(url: URL): { body: unknown; headers: Record<string, string> } {
    const all = this.shown();
    const q = url.searchParams;
    if (this.scheme === 'array') return { body: all, headers: {} };
    if (this.scheme === 'page-size' || this.scheme === 'spring' || this.scheme === 'page-no-total') {
      const page = Number(q.get('page') ?? 0);
      const size = this.sizeAsked(q);
      const items = all.slice(page * size, page * size + size);
      const counts = { totalPages: Math.ceil(all.length / size), totalElements: all.length };
      if (this.scheme === 'spring')
        return { body: { content: items, page: { size, number: page, ...counts } }, headers: {} };
      if (this.scheme === 'page-no-total') return { body: { items, page, size }, headers: {} };
      return { body: { items, page, size, ...counts }, headers: {} };
    }
    if (this.scheme === 'page-from-1') {
      const page = Number(q.get('page') ?? 1);
      const size = this.sizeAsked(q, 'pageSize');
      return {
        body: { data: all.slice((page - 1) * size, page * size), page, pageSize: size, total: all.length },
        headers: {},
      };
    }
    if (this.scheme === 'offset-limit') {
      const offset = Number(q.get('offset') ?? 0);
      return {
        body: { results: all.slice(offset, offset + this.size), offset, limit: this.size, total: all.length },
        headers: {},
      };
    }
    const at = Number(q.get('cursor') ?? q.get('from') ?? 0);
    const items = all.slice(at, at + this.size);
    const more = at + this.size < all.length;
    if (this.scheme === 'link')
      return {
        body: items,
        headers: more ? { link: `<http://t.invalid/v1/parcels?from=${at + this.size}>; rel="next"` } : {},
      };
    return { body: { items, ...(more ? { nextCursor: String(at + this.size) } : {}) }, headers: {} };
  }

  transport: Transport = async ({ url }) => {
    this.requests += 1;
    this.inFlight += 1;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    this.inFlight -= 1;
    const { body, headers } = this.body(new URL(url));
    return {
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': 'application/json', ...headers },
      text: JSON.stringify(body),
    };
  };

  /** A client of the list marked where the list stands now, and a read since that mark proved by the records
   * `added`. */
  async marked(): Promise<{ client: CisClient; since: (added: string[]) => Promise<Listing> }> {
    const client = this.client();
    const mark = await markList(client, 'listParcels', {});
    return { client, since: (added) => listSince(client, 'listParcels', {}, undefined, mark, added.map(byId)) };
  }

  client(concurrency = 8): CisClient {
    return new CisClient(
      this.transport,
      { baseUrl: 'http://t.invalid/v1', apiKey: 'k', timeoutMs: 1000, concurrency } as RunSettings,
      'primary',
      () => undefined,
    );
  }
}

export const ids = (items: Json[]) => items.map((p) => p['carrierParcelId'] as string);
export const byId = (id: string) => (p: Json) => p['carrierParcelId'] === id;
