// The self-test's passes: a second run's HAR counted for the faults the first one missed, marked; batches by name.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { trafficLines, withSecondPass, type PassiveResult, type TrafficPass } from './traffic-pass';
import { planBatches } from './batches';
import { onePerRule, samplingAsked, withoutSamplingFlags } from './fault-sample';

const result = (fault: string, caught: boolean): PassiveResult => ({
  fault,
  rule: 'R',
  caught,
  rulesFailed: caught ? ['R'] : [],
  ...(caught ? {} : { reason: 'R not observable' }),
  seconds: 0.1,
});
const pass = (results: PassiveResult[]): TrafficPass => ({
  faults: results.length,
  caught: results.filter((r) => r.caught).length,
  missed: results.filter((r) => !r.caught).map((r) => ({ fault: r.fault, rule: r.rule, reason: r.reason ?? '' })),
  seconds: 1,
  results,
});

test('withSecondPass: a fault the second run caught counts, marked yes*; one missed twice stays missed', () => {
  const merged = withSecondPass(
    pass([result('a', true), result('b', false), result('c', false)]),
    pass([result('b', true), result('c', false)]),
  );
  expect(merged.caught).toBe(2);
  expect(merged.missed.map((m) => m.fault)).toEqual(['c']);
  // Missed twice: the second run's reason is given after the first's.
  expect(merged.missed[0]?.reason).toMatch(/; with a second run: /);
  expect(merged.results.find((r) => r.fault === 'b')?.secondRun).toBe(true);
  expect(trafficLines(merged).find((l) => l.startsWith('b '))).toContain('yes*');
});

test('planBatches: the same batches however the faults are listed, each at most its size', () => {
  const faults = Array.from({ length: 23 }, (_, i) => ({ name: `fault-${String(i).padStart(2, '0')}` }));
  const names = (batches: { name: string }[][]) => batches.map((b) => b.map((f) => f.name));
  const planned = planBatches(faults, 10);
  expect(names(planBatches([...faults].reverse(), 10))).toEqual(names(planned));
  expect(planned.map((b) => b.length)).toEqual([8, 8, 7]);
});

test('onePerRule: one fault of every rule, the same for a seed however listed, others for other seeds', () => {
  const faults = ['A', 'B', 'C'].flatMap((rule) =>
    Array.from({ length: 7 }, (_, i) => ({ name: `${rule.toLowerCase()}-${i}`, rule })),
  );
  const drawn = onePerRule(faults, 'abc1234');
  expect(drawn.map((f) => f.rule)).toEqual(['A', 'B', 'C']);
  expect(onePerRule([...faults].reverse(), 'abc1234')).toEqual(drawn);
  const seen = new Set(['s1', 's2', 's3', 's4', 's5', 's6'].flatMap((s) => onePerRule(faults, s).map((f) => f.name)));
  expect(seen.size).toBeGreaterThan(6);
});

test('samplingAsked: --all and --seed read from the arguments or the environment; --seed needs a value', () => {
  expect(samplingAsked(['--all'], {})).toMatchObject({ all: true });
  expect(samplingAsked(['--seed', 'x1'], {})).toEqual({ all: false, seed: 'x1' });
  expect(samplingAsked([], { CIS_SELF_TEST_ALL: '1', CIS_SELF_TEST_SEED: 'y' })).toEqual({ all: true, seed: 'y' });
  expect(() => samplingAsked(['--seed'], {})).toThrow('--seed needs a value');
  expect(withoutSamplingFlags(['--seed', 'x1', 'f-1', '--all', '--no-traffic'])).toEqual(['f-1', '--no-traffic']);
  expect(withoutSamplingFlags(['f-1', 'f-2', '--all'])).toEqual(['f-1', 'f-2']);
});

test('a name no fault or variation has stops the self-test with one line and exit 2', { tag: '@e2e' }, () => {
  const run = spawnSync(
    join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx'),
    [join(__dirname, 'run.ts'), 'no-such-fault'],
    { encoding: 'utf8', env: { ...process.env, CIS_SELF_TEST_TRAFFIC: '0' } },
  );
  expect(run.status, run.stderr).toBe(2);
  expect(run.stderr.trim().split('\n')).toEqual([
    'self-test: no fault or variation is named no-such-fault; npm run reference -- --list-faults lists them',
  ]);
});
