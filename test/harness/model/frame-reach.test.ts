// The exploration's frame after a command that names a locker (harness/model/frame.ts): a status change may move the
// statuses and the carrier side, so the next read is held to what it showed of every other member; a command whose
// effect on the record is not stated (a network add) excuses all of it.
import { expect, test } from '@playwright/test';
import { lockerReach } from '../../../harness/judgements/frame';
import { frameFindings } from '../../../harness/model/frame';
import { emptyModel, named, type Seen } from '../../../harness/model/model';
import { record } from '../../support/traffic-entries';

const features = (hasScreen: boolean) => ({ hasScreen, hasPinPad: false, hasPinBarcodeReader: false });
const shown = (status: string, screen: boolean) => ({
  ...record,
  carrier: { ...record.carrier, status },
  features: features(screen),
});

/** The problems of a read showing `after`, the locker last read as `before`, then named by commands of `reach`. */
function found(after: ReturnType<typeof shown>, ...reach: (readonly string[] | undefined)[]): string[] {
  const model = emptyModel();
  model.steps.push('list');
  const locker: Seen = { listed: shown('ACTIVE', false), listedAt: 1, listedSettled: true };
  model.steps.push('status');
  for (const r of reach) named(model, locker, r);
  model.steps.push('list');
  return frameFindings(model, 'Locker', locker, after, 'locker 100', new Set()).map((f) => `${f.rule} ${f.problem}`);
}

const status = lockerReach('updateLockerStatus');
const cases: {
  given: string;
  after: ReturnType<typeof shown>;
  reach: (readonly string[] | undefined)[];
  want: RegExp[];
}[] = [
  { given: 'a status change, the status moved', after: shown('INACTIVE', false), reach: [status], want: [] },
  {
    given: 'a status change, features moved',
    after: shown('INACTIVE', true),
    reach: [status],
    want: [
      new RegExp(
        '^GEN-WRITE-NAMED-ONLY locker 100, named since .* only by commands that may change carrier, ' +
          'provider.status: features.hasScreen: false, then true$',
      ),
    ],
  },
  {
    given: 'a status change and a network add, features moved',
    after: shown('ACTIVE', true),
    reach: [status, undefined],
    want: [],
  },
  { given: 'a network add, features moved', after: shown('ACTIVE', true), reach: [undefined], want: [] },
  {
    given: 'no command, the status moved',
    after: shown('INACTIVE', false),
    reach: [],
    want: [/^GEN-STATE-NAMED-ONLY locker 100, named by no command since .*carrier.status: "ACTIVE", then "INACTIVE"$/],
  },
];

for (const c of cases)
  test(`frame reach: given ${c.given}, want ${c.want.length ? 'found' : 'nothing'}`, () => {
    const problems = found(c.after, ...c.reach);
    expect(problems).toHaveLength(c.want.length);
    c.want.forEach((want, i) => expect(problems[i]).toMatch(want));
  });
