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
  expect(text).toContain('Where it holds (concerns): createLocker, updateLocker');
  expect(text).toMatch(/suites\/locker-records\.spec\.ts:\d+ {2}test\('LCK-OH-SCHEDULED/);
  expect(text).toMatch(/update-stores-bad-opening-hours {2}reference\/\S+\.ts:\d+/);
  expect(text).toContain('no-such-report.json: run `npm run conformance` first');
});

test('every rule is described in one screen: at most 50 lines of at most 160 characters', () => {
  for (const rule of catalogue) {
    const lines = describeRule(rule, join(ROOT, 'no-such-report.json')).split('\n');
    expect.soft(lines.length, rule.id).toBeLessThanOrEqual(50);
    expect.soft(Math.max(...lines.map((l) => l.length)), rule.id).toBeLessThanOrEqual(160);
  }
});

test('every rule of the catalogue can be described', () => {
  // The statement wrapped over lines, read back as one.
  const flat = (text: string) => text.replace(/\s+/g, ' ');
  for (const rule of catalogue)
    expect(flat(describeRule(rule, join(ROOT, 'no-such-report.json')))).toContain(flat(rule.statement));
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
