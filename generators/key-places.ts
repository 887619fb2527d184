// The key where the document does not put it. §5: the scheme "is of type apiKey, located in the header, named
// X-API-Key", so a key anywhere else is no key: a request that carries it only there is refused and changes
// nothing. The places are the complements of the document's security schemes, taken from it: the other
// locations an apiKey scheme may name (query, cookie) under the scheme's name in the spellings clients use, the
// places of the document's other schemes, and the Authorization header an http scheme would read. A scheme
// added to the document adds its places here.
import { loadOpenApi } from '../spec/document';

export interface KeyPlace {
  /** Where the key goes, for test titles and messages; the key itself never goes into a report. */
  what: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

interface ApiKeyScheme {
  type: string;
  in?: 'header' | 'query' | 'cookie';
  name?: string;
}

const LOCATIONS = ['header', 'query', 'cookie'] as const;

/** The scheme's name as clients write it: as given, and its words without an X- prefix in camel, snake, kebab case. */
export function spellingsOf(name: string): string[] {
  const words = name.split(/[-_\s]+/).filter((w, i) => !(i === 0 && /^x$/i.test(w)));
  const lower = words.map((w) => w.toLowerCase());
  const camel = lower.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
  return [...new Set([name, camel, lower.join('_'), lower.join('-')])];
}

function placed(location: (typeof LOCATIONS)[number], name: string, key: string): KeyPlace {
  if (location === 'query') return { what: `the key in the query parameter ${name}`, query: { [name]: key } };
  if (location === 'cookie') return { what: `the key in the cookie ${name}`, headers: { cookie: `${name}=${key}` } };
  return { what: `the key in the header ${name}`, headers: { [name.toLowerCase()]: key } };
}

/** Every place but `scheme`'s own where a client could put `key`, each without the scheme's own header. */
export function keyPlacesBesides(schemeName: string, key: string): KeyPlace[] {
  const schemes = (loadOpenApi().components?.securitySchemes ?? {}) as Record<string, ApiKeyScheme>;
  const own = schemes[schemeName];
  if (own?.type !== 'apiKey' || !own.in || !own.name)
    throw new Error(`security scheme ${schemeName} is not an apiKey scheme with a location and a name`);
  const places: KeyPlace[] = [];
  for (const location of LOCATIONS)
    for (const name of spellingsOf(own.name))
      if (location !== own.in || name.toLowerCase() !== own.name.toLowerCase()) {
        // A header name is read in any letter case (RFC 9110 §5.1): its spellings that differ only so are the header.
        if (location === 'header' && name.toLowerCase() === own.name.toLowerCase()) continue;
        // A cookie is a place servers read by one name: the scheme's own is enough to show it is read.
        if (location === 'cookie' && name !== own.name) continue;
        places.push(placed(location, name, key));
      }
  for (const [name, other] of Object.entries(schemes))
    if (name !== schemeName && other.type === 'apiKey' && other.in && other.name)
      places.push({
        ...placed(other.in, other.name, key),
        what: `the key in ${name}'s place, ${other.in} ${other.name}`,
      });
  places.push({ what: 'the key as a bearer token in Authorization', headers: { authorization: `Bearer ${key}` } });
  const seen = new Set<string>();
  return places.filter((p) => !seen.has(p.what) && seen.add(p.what));
}
