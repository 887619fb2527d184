// A written defect beside its siblings' null complement: the nested members of their type that the document lets be
// null go to null, the defect and the members at the top stay as written.
import { expect, test } from '@playwright/test';
import { nullSiblings } from '../../generators';

const SCHEMA = 'PublishByLockerUidRequest';

const CASES: [given: string, patch: Record<string, unknown>, want: Record<string, unknown>][] = [
  [
    'a fractional dimension beside two whole ones',
    { dimensions: { depth: 10.5, height: 10, width: 10 } },
    { dimensions: { depth: 10.5, height: null, width: null } },
  ],
  [
    'a dimension as text',
    { dimensions: { depth: 'ten', height: 10, width: 10 } },
    { dimensions: { depth: 'ten', height: null, width: null } },
  ],
  ['a member at the top', { weight: 250.5 }, { weight: 250.5 }],
  [
    'an amount and its currency, both at the top',
    { codAmount: 100, codCurrency: 'eur' },
    { codAmount: 100, codCurrency: 'eur' },
  ],
  ['a consignee as text', { consignee: 'Ann Example' }, { consignee: 'Ann Example' }],
  [
    'a consignee whose email is a number',
    { consignee: { name: 'Ann', email: 4711 } },
    { consignee: { name: null, email: 4711 } },
  ],
];

for (const [given, patch, want] of CASES)
  test(`nullSiblings: given ${given}, want its nested siblings null where they may be`, () => {
    expect(nullSiblings(SCHEMA, patch)).toEqual(want);
  });
