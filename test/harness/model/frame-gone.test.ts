// The frame of a record a list read through no longer shows: given/want tables over the model's record.
import { expect, test } from '@playwright/test';
import { goneJudgement } from '../../../harness/judgements/frame';
import { goneFindings } from '../../../harness/model/frame';
import { emptyModel, type Seen } from '../../../harness/model/model';

test('a record gone from the list is the state rule: no sentence keeps a record listed', () => {
  expect(goneJudgement('parcel P')).toMatchObject({ rule: 'GEN-STATE-NAMED-ONLY' });
  expect(goneJudgement('locker 7').differences.join()).toContain('locker 7');
});

test('gone: only a record the last read showed, settled, and no command named since', () => {
  const model = emptyModel();
  model.steps.push('CreateLocker', 'Publish', 'Publish');
  const shown = { listed: { shipmentUid: 'S' }, listedAt: 2, listedSettled: true };
  const cases: [given: string, record: Seen, findings: number][] = [
    ['listed, settled, named by nothing since', shown, 1],
    ['never listed', {}, 0],
    ['listed before it settled', { ...shown, listedSettled: false }, 0],
    ['named since the read', { ...shown, namedAt: 3 }, 0],
    ['named before the read', { ...shown, namedAt: 1 }, 1],
  ];
  for (const [given, record, findings] of cases) {
    const found = goneFindings(model, record, 'parcel P');
    expect(found.length, given).toBe(findings);
    if (findings) expect(found[0]!.problem, given).toContain('Publish');
  }
});
