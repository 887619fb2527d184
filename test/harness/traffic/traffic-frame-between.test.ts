// `judge` on writes under way between a write's answer and the next list of its locker (harness/traffic/rules/
// frame-reads.ts): such a write explains a difference only in the members it may change (an update's members sent, a
// status change's statuses); a write whose reach is not stated explains any. Listed twice, a locker a write named
// between is not the frame's.
import { expect, test } from '@playwright/test';
import { create, entry } from '../../support/traffic-entries';
import { locker, verdict } from '../../support/traffic-records';

const lockers = (items: unknown[]) => entry('GET', '/lockers', 200, items);
const status = () => entry('PATCH', '/lockers/status', 200, {}, { body: { uid: '100', status: 'INACTIVE' } });
const update = (body: Record<string, unknown>) =>
  entry('PATCH', '/lockers/100', 200, locker('100', 'north', undefined, body));
const network = () => entry('POST', '/networks/1001/lockers', 200, {}, { body: { lockerUids: ['100'] } });
const listed = (extra: Record<string, unknown>) => lockers([locker('100', 'north', undefined, extra)]);
const made = { features: { hasScreen: false, hasPinPad: false, hasPinBarcodeReader: false } };
const features = { features: { hasScreen: true, hasPinPad: null, hasPinBarcodeReader: false } };
// Created with features, so that the answer and the list both carry them.
const created = () =>
  entry('POST', '/lockers', 201, locker('100', 'north', undefined, made), {
    body: { ...create, carrier: { ...create.carrier, lockerId: 'north' }, ...made },
  });
const inactive = () => {
  const shown = locker('100', 'north');
  return { ...made, carrier: { ...shown.carrier, status: 'INACTIVE' } };
};

const cases: { name: string; entries: () => unknown[]; rule: string; want: 'failed' | 'passed' }[] = [
  {
    name: 'a status change between a create and its list: the list showing other features',
    entries: () => [created(), status(), listed(features)],
    rule: 'GEN-ONE-RECORD',
    want: 'failed',
  },
  {
    name: 'a status change between a create and its list: the list showing the new status',
    entries: () => [created(), status(), listed(inactive())],
    rule: 'GEN-ONE-RECORD',
    want: 'passed',
  },
  {
    // The frame holds the records a write did not name: this one the status change named.
    name: 'a status change between two lists: the second showing other features',
    entries: () => [created(), listed(made), status(), listed(features)],
    rule: 'GEN-WRITE-NAMED-ONLY',
    want: 'passed',
  },
  {
    name: 'an update sending features between two lists: the second showing them',
    entries: () => [created(), listed(made), update(features), listed(features)],
    rule: 'GEN-WRITE-NAMED-ONLY',
    want: 'passed',
  },
  {
    name: 'a network add (its reach on the locker not stated) between two lists: the second showing other features',
    entries: () => [created(), listed(made), network(), listed(features)],
    rule: 'GEN-WRITE-NAMED-ONLY',
    want: 'passed',
  },
];

for (const c of cases)
  test(`frame between writes: ${c.name}: ${c.rule} ${c.want}`, async () => {
    const judged = await verdict(c.rule, c.entries());
    if (c.want === 'failed') expect(judged.verdict).toBe('failed');
    else expect(judged.verdict).not.toBe('failed');
  });
