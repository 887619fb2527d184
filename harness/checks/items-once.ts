import type { Operation } from '../../spec/operations';
import type { Exchange } from '../http/exchange';
import { detectList } from '../http/envelope';
import { parseExact } from '../http/json';
import { check, failure } from './types';

/**
 * GEN-LIST-ONCE: an answer that lists records shows each once, by the id that names it. Within one
 * answer only: records that move between pages of a list others write to may show on two pages.
 * The network add's int64 lockerUids are read from the text, losslessly (two beyond 2^53 may be one
 * double); the lists' string ids from the body already parsed (a list may be long: parsed once).
 */
const KEY: Record<string, string> = { listLockers: 'uid', listParcels: 'shipmentUid', addNetworkLockers: 'lockerUid' };

function listed(exchange: Exchange, op: Operation): { items: unknown[]; at: string } | undefined {
  if (!KEY[op.operationId] || exchange.status < 200 || exchange.status >= 300) return undefined;
  const shape = detectList(op.operationId === 'addNetworkLockers' ? parseExact(exchange.text) : exchange.body);
  return shape && { items: shape.items, at: shape.envelope.startsWith('/') ? shape.envelope : '' };
}

export const itemsOnce = check(
  (exchange, op) => {
    const { items, at: envelope } = listed(exchange, op) ?? { items: [], at: '' };
    const key = KEY[op.operationId]!;
    const first = new Map<string, number>();
    for (const [i, item] of items.entries()) {
      const id = (item as Record<string, unknown> | null)?.[key];
      if (id === undefined || id === null) continue;
      const name = String(id);
      const at = first.get(name);
      if (at !== undefined)
        return failure(
          'GEN-LIST-ONCE',
          op,
          `${envelope}/${i}`,
          `each record once (${key} ${name} is item ${at} already)`,
          `it again as item ${i}`,
        );
      first.set(name, i);
    }
    return undefined;
  },
  (exchange, op) => (listed(exchange, op)?.items.length ? ['GEN-LIST-ONCE'] : []),
);
