import { check, failure, shown, type Failure } from './types';
import type { Operation } from '../../spec/operations';

// §9: fields the change log removed or replaced (accessCodes.consigneeCollection is only deprecated:
// the schema's PCL-ACCESS-CODES-NO-DEPRECATED speaks for it). Each is recognised by the object that used to hold it,
// so provider/model entries and network records, which do carry providerName, are not mistaken.
const REMOVED_IN: Record<string, string[]> = {
  provider: ['providerName', 'lockerModelVersion'],
  carrier: ['name'],
};

/** The first removed field under `value`, as the path to it and what was expected there. */
function firstRemoved(
  value: unknown,
  parentKey: string,
  path: (string | number)[],
): { path: (string | number)[]; expected: string; found: unknown } | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      const found = firstRemoved(value[i], parentKey, path);
      if (found) return found;
      path.pop();
    }
    return undefined;
  }
  const record = value as Record<string, unknown>;
  for (const field of REMOVED_IN[parentKey] ?? []) {
    if (field in record)
      return { path: [...path, field], expected: `no ${parentKey}.${field} (removed, §9)`, found: record[field] };
  }
  if ('carriers' in record)
    return {
      path: [...path, 'carriers'],
      expected: 'carrier in place of the removed carriers',
      found: record['carriers'],
    };
  if (typeof record['signature'] === 'string')
    return {
      path: [...path, 'signature'],
      expected: 'signature as an object with imageBase64 and format',
      found: record['signature'],
    };
  for (const key in record) {
    const child = record[key];
    if (child === null || typeof child !== 'object') continue;
    path.push(key);
    const found = firstRemoved(child, key, path);
    if (found) return found;
    path.pop();
  }
  return undefined;
}

// Pointers are only built for the failure: a list of a thousand records is walked on every read.
function search(value: unknown, op: Operation): Failure | undefined {
  const found = firstRemoved(value, '', []);
  return (
    found &&
    failure('VER-REMOVED-FIELDS', op, found.path.map((part) => `/${part}`).join(''), found.expected, shown(found.found))
  );
}

/** Whether the body holds an object a removed field used to live in: only such a body is evidence. */
function holdsFormerHome(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object' || depth > 8) return false;
  if (Array.isArray(value)) return value.some((item) => holdsFormerHome(item, depth + 1));
  return Object.entries(value).some(
    ([key, child]) =>
      key in REMOVED_IN || key === 'carriers' || key === 'signature' || holdsFormerHome(child, depth + 1),
  );
}

/** VER-REMOVED-FIELDS: no removed field anywhere in a response body. */
export const removedFields = check(
  (exchange, op) => search(exchange.body, op),
  (exchange) => (holdsFormerHome(exchange.body) ? ['VER-REMOVED-FIELDS'] : []),
);
