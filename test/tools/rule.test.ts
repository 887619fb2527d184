// `npm run rule -- <id>` is how a contributor follows a rule: it must name the rule's spec sentence, its
// tests and its faults, and turn an unknown id into one line that says what to do.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { catalogue, ruleById } from '../../spec/catalogue';
import { describeRule } from './rule';

const ROOT = join(__dirname, '..', '..');

test('a rule is followed to its spec sentence, places, tests, faults and report row', () => {
  const text = describeRule(ruleById('LCK-OH-SCHEDULED'), join(ROOT, 'no-such-report.json'));
  expect(text).toContain(
    '§2.1 "When openingHours.accessMode is SCHEDULED, weeklySchedule must be present and non-empty."',
  );
  expect(text).toMatch(/Where it holds \(concerns\):\n {2}createLocker\n {2}updateLocker/);
  expect(text).toMatch(/suites\/locker-records\.spec\.ts:\d+ {2}test\('LCK-OH-SCHEDULED/);
  expect(text).toContain('update-stores-bad-opening-hours — ');
  expect(text).toContain('no-such-report.json: run `npm run conformance` first');
});

test('every rule of the catalogue can be described', () => {
  for (const rule of catalogue) expect(describeRule(rule, join(ROOT, 'no-such-report.json'))).toContain(rule.statement);
});

test('an unknown id is one line naming what is wrong, exit 2', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'rule.ts'), 'LCK-NO-SUCH'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(run.status).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toContain('no rule LCK-NO-SUCH in spec/rules.yaml. Rules starting LCK: LCK-RECORD-SHAPE');
});
