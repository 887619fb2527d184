// The registry of the rules judged on traffic (harness/traffic/rules/registry.ts) says what each module
// judges and reads: every module of rules/ is in it once, each rule it names is in spec/rules.yaml, and
// each module's file names the rules listed for it, or the judgements it calls name them (harness/judgements/), so the
// list cannot drift from the code.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { catalogue } from '../../../spec/catalogue';
import { ROOT } from '../../../spec/root';
import { TRAFFIC_RULES } from '../../../harness/traffic/rules/registry';

const RULES = join(ROOT, 'harness', 'traffic', 'rules');
/** A module's file: in rules/, or beside it where the entry names its folder (learnt/). */
const fileOf = (module: string) => join(RULES, module.includes('/') ? '..' : '.', `${module}.ts`);

test('every module of harness/traffic/rules/ is in the registry once, and each listed module is a file', () => {
  const machinery = ['registry.ts', 'traffic-rule.ts'];
  const files = readdirSync(RULES).filter((f) => f.endsWith('.ts') && !machinery.includes(f));
  const modules = files.map((f) => f.replace(/\.ts$/, ''));
  const listed = TRAFFIC_RULES.map((e) => e.module);
  expect(new Set(listed).size).toBe(listed.length);
  expect(modules.filter((m) => !listed.includes(m))).toEqual([]);
  expect(listed.filter((m) => !existsSync(fileOf(m)))).toEqual([]);
});

/** A module's text, and that of the rules' judgements it calls (harness/judgements/), where the rule ids are named. */
function textOf(module: string): string {
  const text = readFileSync(fileOf(module), 'utf8');
  const called = [...text.matchAll(/from '(?:\.\.\/)+judgements\/([a-z-]+)'/g)].map((m) => m[1]!);
  return [text, ...called.map((name) => readFileSync(join(ROOT, 'harness', 'judgements', `${name}.ts`), 'utf8'))].join(
    '\n',
  );
}

test('each rule the registry lists for a module is a rule of spec/rules.yaml that its file or judgements name', () => {
  const ids = new Set(catalogue.map((r) => r.id));
  for (const e of TRAFFIC_RULES) {
    const text = textOf(e.module);
    expect(
      e.judges.filter((rule) => !ids.has(rule)),
      e.module,
    ).toEqual([]);
    expect(
      e.judges.filter((rule) => !text.includes(`'${rule}'`)),
      e.module,
    ).toEqual([]);
  }
});
