// What a write may change of the locker it names (harness/judgements/frame.ts lockerReach, outsideReach): the
// differences a write between an answer and the next list explains, given/want.
import { expect, test } from '@playwright/test';
import { lockerReach, outsideReach } from '../../../harness/judgements/frame';

const differences = [
  'carrier.status: "ACTIVE", then "INACTIVE"',
  'carrier.lockerName: "North", then "South"',
  'features.hasScreen: false, then true',
  'metadata: [], then [{"key":"reason","value":"closed"}]',
  'location.city: "Town", then "City"',
];

const cases: { given: string; reach: (string[] | undefined)[]; want: string[] }[] = [
  {
    given: 'a status change',
    reach: [lockerReach('updateLockerStatus')],
    want: ['features.hasScreen: false, then true', 'location.city: "Town", then "City"'],
  },
  {
    given: 'an update sending features',
    reach: [lockerReach('updateLocker', { features: { hasScreen: true } })],
    want: ['carrier.lockerName: "North", then "South"', 'location.city: "Town", then "City"'],
  },
  {
    given: 'an update sending the carrier side and the location',
    reach: [lockerReach('updateLocker', { carrier: {}, location: {} })],
    want: ['features.hasScreen: false, then true'],
  },
  { given: 'no write', reach: [], want: differences },
];

for (const c of cases)
  test(`write reach: given ${c.given}, want what it does not explain`, () => {
    expect(outsideReach(differences, c.reach as string[][])).toEqual(c.want);
  });

test('write reach: a write whose effect on the locker is not stated has none given', () => {
  for (const op of ['addNetworkLockers', 'publishParcel', 'triggerFirstMileEvent', 'createLocker'])
    expect(lockerReach(op, {})).toBeUndefined();
  expect(lockerReach('updateLocker', [1])).toBeUndefined();
});
