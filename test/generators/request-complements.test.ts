// The complements of what the request tables list, from the document: the members they leave out, and the words a
// target writes in its records given to members with listed values. Given/want tables.
import { expect, test } from '@playwright/test';
import { unlistedMembersOf, wordMutations } from '../../generators';

test("unlistedMembersOf: a create's record-only members, each with the document's example or a text naming it", () => {
  expect(unlistedMembersOf('LockerCreateRequest')).toEqual({
    carrier: { status: 'ACTIVE' },
    provider: { lockerName: 'unlisted lockerName', lockerUid: 'unlisted lockerUid', status: 'ACTIVE' },
  });
  expect(unlistedMembersOf('TriggerRequest')).toEqual({});
});

test('wordMutations: each word given to each member with listed values that does not list it', () => {
  const cases: [given: string, words: string[], want: string[]][] = [
    // carrier_name and provider_name list placeholders of names the spec does not give: a word may be a real name.
    ['a status word', ['CANCELLED'], ['event_type', 'shipment_type']],
    ['a word one member lists: not sent there', ['FIRST_MILE'], ['event_type']],
    ['no words', [], []],
  ];
  for (const [given, words, want] of cases) {
    const mutations = wordMutations('TriggerRequest', words);
    expect(mutations.map((m) => m.path.join('.')).sort(), given).toEqual([...want].sort());
    for (const m of mutations) expect(m, given).toMatchObject({ kind: 'enum', value: words[0] });
  }
});
