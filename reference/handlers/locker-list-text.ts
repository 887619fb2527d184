// Text helpers of the locker list's faults, kept out of lockers.ts: a LIKE pattern and an ASCII-folding serializer.

/** Fault x45-provider-filter-like-wildcards: providerName used as a LIKE pattern, unescaped (_ any one character, % any
 * run). */
export function likePattern(value: string): RegExp {
  const body = [...value]
    .map((c) => (c === '%' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`, 's');
}

/** Fault list-ascii-folding: the list's serializer writes text as ASCII (accents dropped, other letters as ?), as a
 * Latin-1 era export did. */
export function asciiFolded<T>(value: T): T {
  if (typeof value === 'string')
    return value
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/gu, '?') as T;
  if (Array.isArray(value)) return value.map(asciiFolded) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asciiFolded(v)])) as T;
  return value;
}
