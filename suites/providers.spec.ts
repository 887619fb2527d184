// Provider/model pairs (§2.2, §4.4).
import { expect, judge, observe, rules, test, type Json } from '../harness/fixtures';

const USUAL_NAMES = ['content', 'items', 'data', 'results', 'records', 'lockers', 'parcels', 'providers', 'elements'];

/**
 * The entries of a list answer, bare or in an envelope (§4.4 does not show which), found the way
 * harness/envelope.ts finds them: fixtures.ts does not re-export that, and suites import nothing else.
 */
function entriesOf(body: unknown, at = ''): { items: Json[]; envelope: string } | undefined {
  if (Array.isArray(body)) return { items: body, envelope: 'array' };
  if (body === null || typeof body !== 'object') return undefined;
  const arrays = Object.entries(body).filter(([, v]) => Array.isArray(v));
  const chosen = arrays.find(([k]) => USUAL_NAMES.includes(k.toLowerCase())) ?? (arrays.length === 1 ? arrays[0] : undefined);
  if (chosen) return { items: chosen[1] as Json[], envelope: `${at}/${chosen[0]}` };
  // Deeper, e.g. {data: {items: [...]}}
  for (const [key, value] of Object.entries(body)) {
    const inner = value && typeof value === 'object' && !Array.isArray(value) ? entriesOf(value, `${at}/${key}`) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

test('PRV-LIST answers the locker model and version pairs per provider', rules('PRV-LIST'), async ({ api }) => {
  const exchange = await api.call('listProviders');
  expect(exchange).toSucceed('PRV-LIST');
  const list = entriesOf(exchange.body);
  judge('PRV-LIST', exchange).expect(list, 'expected entries as a bare array or in an envelope').toBeDefined();
  const providers = new Set(list!.items.map((e) => e['providerName']));
  observe('PRV-LIST', `envelope ${list!.envelope}; ${list!.items.length} entries for ${providers.size} providers`);
});

test('PRV-ENTRY-SHAPE every entry has providerName, providerUid, lockerModel and lockerVersion as strings when present', rules('PRV-ENTRY-SHAPE'), async ({ api }) => {
  const exchange = await api.call('listProviders');
  const items = entriesOf(exchange.body)?.items ?? [];
  for (const [index, entry] of items.entries()) {
    for (const member of ['providerName', 'providerUid', 'lockerModel', 'lockerVersion']) {
      if (member in entry) judge('PRV-ENTRY-SHAPE', exchange).expect(typeof entry[member], `/${index}/${member} is not a string`).toBe('string');
    }
  }
});
