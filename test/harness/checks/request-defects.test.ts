// Given a recorded request body, want its defects under the rule that says such a request is refused: ISO 4217 as the
// standard has it (not only as the runtime's ICU knows it), and no type rule for an optional member sent null.
import { expect, test } from '@playwright/test';
import { requestDefects } from '../../../harness/checks/request-defects';
import { operation } from '../../../spec/operations';
import { booking } from '../../support/traffic-records';

const cases: [given: string, operationId: string, body: unknown, want: string[]][] = [
  [
    'a publish with a code no currency has',
    'publishParcel',
    { ...booking, lockerUid: '100', codAmount: 1, codCurrency: 'QQQ' },
    ['PCL-PUBLISH-CURRENCY'],
  ],
  [
    'a publish with VED, which Node 20 ICU lacks',
    'publishParcel',
    { ...booking, lockerUid: '100', codAmount: 1, codCurrency: 'VED' },
    [],
  ],
  ['a publish with EUR', 'publishParcel', { ...booking, lockerUid: '100', codAmount: 1, codCurrency: 'EUR' }, []],
  ['an update with carrier null', 'updateLocker', { carrier: null }, []],
  ['an update with carrier as text', 'updateLocker', { carrier: 'x' }, ['LCK-UPDATE-TYPES']],
];
for (const [given, operationId, body, want] of cases)
  test(`given ${given}, want ${want.join(', ') || 'no defect'}`, () => {
    expect(requestDefects(operation(operationId), body).map((d) => d.rule)).toEqual(want);
  });
