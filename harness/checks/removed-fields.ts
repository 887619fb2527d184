import { check, failure, shown, type Failure } from './types';
import type { Operation } from '../../spec/operations';

// §9: fields the change log removed or replaced (accessCodes.consigneeCollection is only deprecated:
// the schema's PCL-ACCESS-CODES-NO-DEPRECATED speaks for it). Each is recognised by the object that used to hold it,
// so provider/model entries and network records, which do carry providerName, are not mistaken.
const REMOVED_IN: Record<string, string[]> = {
  provider: ['providerName', 'lockerModelVersion'],
  carrier: ['name'],
};

function search(value: unknown, pointer: string, parentKey: string, op: Operation): Failure | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = search(value[i], `${pointer}/${i}`, parentKey, op);
      if (found) return found;
    }
    return undefined;
  }
  const record = value as Record<string, unknown>;
  for (const field of REMOVED_IN[parentKey] ?? []) {
    if (field in record) return failure('VER-REMOVED-FIELDS', op, `${pointer}/${field}`, `no ${parentKey}.${field} (removed, §9)`, shown(record[field]));
  }
  if ('carriers' in record) return failure('VER-REMOVED-FIELDS', op, `${pointer}/carriers`, 'carrier in place of the removed carriers', shown(record['carriers']));
  if (typeof record['signature'] === 'string') {
    return failure('VER-REMOVED-FIELDS', op, `${pointer}/signature`, 'signature as an object with imageBase64 and format', shown(record['signature']));
  }
  for (const [key, child] of Object.entries(record)) {
    const found = search(child, `${pointer}/${key}`, key, op);
    if (found) return found;
  }
  return undefined;
}

/** Whether the body holds an object a removed field used to live in: only such a body is evidence. */
function holdsFormerHome(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object' || depth > 8) return false;
  if (Array.isArray(value)) return value.some((item) => holdsFormerHome(item, depth + 1));
  return Object.entries(value).some(([key, child]) => key in REMOVED_IN || key === 'carriers' || key === 'signature' || holdsFormerHome(child, depth + 1));
}

/**
 * A body whose text names none of the members the search looks for cannot hold a removed field, and
 * reading the text is far cheaper than walking a long list. A body with \u escapes of printable ASCII
 * is walked: a key could be spelt that way (control characters, escaped by every serializer, cannot).
 */
const MAY_HOLD = new RegExp(`"(${[...new Set([...Object.values(REMOVED_IN).flat(), 'carriers'])].join('|')})"|"signature"\\s*:\\s*"|\\\\u00[2-7]`);

/** VER-REMOVED-FIELDS: no removed field anywhere in a response body. */
export const removedFields = check(
  (exchange, op) => (!exchange.text || MAY_HOLD.test(exchange.text) ? search(exchange.body, '', '', op) : undefined),
  (exchange) => (holdsFormerHome(exchange.body) ? ['VER-REMOVED-FIELDS'] : []),
);
