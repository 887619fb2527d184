// A push is the record itself (§6): what the list shows of a record, the push shows too (model/same-record.ts
// uncarriedPaths), null and absent alike, excused members (and their inner members) left out.
import { expect, test } from '@playwright/test';
import { uncarriedPaths } from '../../../harness/model/same-record';

const listed = {
  uid: '7',
  carrier: { lockerName: 'N', lockerId: 'L', status: 'ACTIVE' },
  location: { street: 's', city: 'c', type: null },
  metadata: [{ key: 'k', value: 'v' }],
};

const cases: { given: string; push: object; excused?: string[]; want: string[] }[] = [
  { given: 'the whole record', push: { ...listed, eventTimestamp: 't' }, want: [] },
  {
    given: 'only what changed (a delta)',
    push: { uid: '7', carrier: { status: 'INACTIVE' } },
    want: ['carrier.lockerName', 'carrier.lockerId', 'location.street', 'location.city', 'metadata'],
  },
  { given: 'a null the list shows left out', push: { ...listed, location: { street: 's', city: 'c' } }, want: [] },
  { given: 'an excused side left out', push: { ...listed, location: {} }, excused: ['location.'], want: [] },
  {
    given: 'an excused member whole, its inner ones too',
    push: { ...listed, location: {} },
    excused: ['location'],
    want: [],
  },
];

for (const { given, push, excused = [], want } of cases)
  test(`uncarriedPaths: ${given}`, () => {
    const got = uncarriedPaths('Locker', excused, listed, push as Record<string, unknown>).map((t) => t.split(':')[0]);
    expect(got.sort()).toEqual([...want].sort());
  });
