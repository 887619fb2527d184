// Provider/model pairs (§2.2, §4.4).
import {
  catalogueKeptJudgement,
  detectList,
  expect,
  hold,
  judge,
  listEntriesJudgement,
  madeByARun,
  memberNeverPresent,
  notObservable,
  observe,
  providersAtStart,
  rules,
  test,
  type Json,
} from '../harness/fixtures';

// An empty list answers the operation but shows no pair: a target may have none to list, so it is no
// failure, and nothing was checked, so it is no pass either.
const NO_ENTRIES = 'GET /lockers/providers listed no entry, so no provider/model pair can be judged';

test(
  "PRV-LIST answers the locker model and version pairs per provider, listed as the run's start listed them",
  rules('PRV-LIST', 'PRV-LIST-KEPT'),
  async ({ api, clientFor, target }) => {
    const exchange = await api.call('listProviders');
    const list = detectList(exchange.body);
    // As the run's start listed them: an answer of none beside one of some is not the service's pairs.
    const atStart = providersAtStart(target.scratchDir);
    const kept = list ? catalogueKeptJudgement(atStart, list.items.length) : undefined;
    if (kept) hold([kept], exchange);
    else notObservable('PRV-LIST-KEPT', 'the pre-flight read listed no whole list of pairs to hold this read to');
    // Judged once there is a pair to judge: a 2xx of an empty list proves nothing either way.
    if (exchange.status >= 200 && exchange.status < 300 && list?.items.length === 0) {
      notObservable('PRV-LIST', NO_ENTRIES);
      return;
    }
    expect(exchange).toSucceed('PRV-LIST');
    judge('PRV-LIST', exchange).expect(list, 'expected entries as a bare array or in an envelope').toBeDefined();
    const items = list!.items as Json[];
    // Each entry one pair: an object, whatever of the optional members it carries (§2.2: none is required).
    hold([listEntriesJudgement(exchange)!], exchange);
    // Every carrier's key is answered with pairs (§5: every operation uses the API key; §4.4 names no carrier).
    if (target.capabilities.secondKey.available) {
      const second = await (await clientFor('secondary')).call('listProviders');
      expect(second).toSucceed('PRV-LIST');
      const entries = listEntriesJudgement(second);
      if (entries) hold([entries], second);
    }
    const providers = new Set(items.map((e) => e['providerName']));
    observe('PRV-LIST', `envelope ${list!.envelope}; ${items.length} entries for ${providers.size} providers`);
  },
);

test(
  'PRV-ENTRY-SHAPE every entry has providerName, providerUid, lockerModel and lockerVersion as strings when present',
  rules('PRV-ENTRY-SHAPE'),
  async ({ api }) => {
    const exchange = await api.call('listProviders');
    const items = (detectList(exchange.body)?.items ?? []) as Json[];
    const judged = items.filter(
      (entry) =>
        entry !== null &&
        typeof entry === 'object' &&
        ['providerName', 'providerUid', 'lockerModel', 'lockerVersion'].some((m) => m in entry),
    );
    // §2.2: "None of these is required to be present in a response": entries that carry none of them are
    // the target's conformant choice, which leaves the rule nothing to apply to (no gap in the scope).
    if (items.length === 0) notObservable('PRV-ENTRY-SHAPE', NO_ENTRIES);
    else if (judged.length === 0) memberNeverPresent('PRV-ENTRY-SHAPE', `listProviders: ${items.length} entries`);
    for (const [index, entry] of items.entries()) {
      for (const member of ['providerName', 'providerUid', 'lockerModel', 'lockerVersion']) {
        if (entry && typeof entry === 'object' && member in entry)
          judge('PRV-ENTRY-SHAPE', exchange)
            .expect(typeof entry[member], `/${index}/${member} is not a string`)
            .toBe('string');
      }
    }
  },
);

test(
  "PRV-PAIRS-OF-LOCKERS every model and version pair a third-party locker shows is among the providers' " +
    'pairs (a should)',
  rules('PRV-PAIRS-OF-LOCKERS'),
  async ({ api, lockers }) => {
    const exchange = await api.call('listProviders');
    const entries = (detectList(exchange.body)?.items ?? []) as Json[];
    const pairOf = (name: unknown, model: unknown, version: unknown) => JSON.stringify([name, model, version]);
    const listed = new Set(entries.map((e) => pairOf(e?.['providerName'], e?.['lockerModel'], e?.['lockerVersion'])));
    const named = new Set(entries.map((e) => e?.['providerName']).filter((n) => typeof n === 'string'));
    // Two operations that must agree: the pairs "that exist per provider" (§1, §4.4) and the lockers a provider
    // runs (ownedByCarrier null, §2.1). A carrier's own lockers may carry pairs of its own making: not judged, nor
    // those a run of this harness made (a create may name a pair the catalogue lacks; who owns it is not shown).
    const isThirdParty = (l: Json) =>
      l['ownedByCarrier'] === null && named.has(l['provider']?.['name']) && !madeByARun(l);
    const listing = await lockers.list(undefined, api, isThirdParty);
    const theirs = listing.items.filter(isThirdParty);
    if (!theirs.length) {
      if (named.size || !entries.length)
        notObservable('PRV-PAIRS-OF-LOCKERS', 'no third-party locker of a listed provider was listed');
      else memberNeverPresent('PRV-PAIRS-OF-LOCKERS', `listProviders: ${entries.length} entries`);
      return;
    }
    for (const l of theirs) {
      const pair = pairOf(l['provider']['name'], l['provider']['lockerModel'], l['provider']['lockerVersion']);
      judge('PRV-PAIRS-OF-LOCKERS', exchange, listing.exchange)
        .expect(
          listed.has(pair),
          `locker ${l['uid']} shows the pair ${pair}, which GET /lockers/providers does not list`,
        )
        .toBe(true);
    }
  },
);
