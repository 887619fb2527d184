// What a recorded request names and what identifies a record: the texts and numbers a request carries (path, query,
// body at any depth), and a locker's or parcel's own identifiers. The frame reads a record as named by a request that
// carries one of them.
import type { Json } from '../../http/json';
import { idText, type Recorded } from './recorded';

/** Every text and number a request carries: in its path's parameters, its query and its body, at any depth. */
export function mentions(r: Recorded): Set<string> {
  const found = new Set<string>([...Object.values(r.params), ...Object.values(r.query)]);
  const walk = (v: unknown): void => {
    const text = idText(v);
    if (text !== undefined) found.add(text);
    else if (v && typeof v === 'object') for (const inner of Object.values(v)) walk(inner);
  };
  walk(r.exchange.request.body);
  return found;
}

export const lockerIds = (l: Json): string[] =>
  [l['uid'], l['carrier']?.['lockerId'], l['provider']?.['lockerUid']].flatMap((v) => idText(v) ?? []);
export const parcelIds = (p: Json): string[] =>
  [p['shipmentUid'], p['carrierParcelId']].flatMap((v) => idText(v) ?? []);
