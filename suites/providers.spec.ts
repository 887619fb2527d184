// Provider/model pairs (§2.2, §4.4).
import { detectList } from '../harness/envelope';
import { expect, observe, rules, test, type Json } from '../harness/fixtures';

test('PRV-LIST answers the locker model and version pairs per provider', rules('PRV-LIST'), async ({ api }) => {
  const exchange = await api.call('listProviders');
  expect(exchange.status, `PRV-LIST listProviders: expected a 2xx, got ${exchange.status}\n  reproduce: ${api.curl(exchange)}`).toBeGreaterThanOrEqual(200);
  expect(exchange.status).toBeLessThan(300);
  const list = detectList(exchange.body);
  expect(list, 'PRV-LIST listProviders: expected entries as a bare array or in an envelope').toBeDefined();
  const providers = new Set(list!.items.map((e) => (e as Json)['providerName']));
  observe('PRV-LIST', `envelope ${list!.envelope}; ${list!.items.length} entries for ${providers.size} providers`);
});

test('PRV-ENTRY-SHAPE every entry has providerName, providerUid, lockerModel and lockerVersion as strings when present', rules('PRV-ENTRY-SHAPE'), async ({ api }) => {
  const exchange = await api.call('listProviders');
  const items = (detectList(exchange.body)?.items ?? []) as Json[];
  for (const [index, entry] of items.entries()) {
    for (const member of ['providerName', 'providerUid', 'lockerModel', 'lockerVersion']) {
      if (member in entry) expect(typeof entry[member], `PRV-ENTRY-SHAPE listProviders: /${index}/${member} is not a string`).toBe('string');
    }
  }
});
