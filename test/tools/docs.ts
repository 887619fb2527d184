// `npm run docs`: the reference pages generated from their sources, each written only where it changed.
// test/contract/generated-docs.test.ts fails while a committed page differs from what this writes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { ROOT } from '../../spec/root';
import { CLI_DOC, cliDoc } from './cli-doc';
import { RULES_DOC, rulesDoc } from './rules-doc';

/** Each generated page: its path, and the page as its sources give it now. */
export const GENERATED: readonly { path: string; page: () => string }[] = [
  { path: RULES_DOC, page: rulesDoc },
  { path: CLI_DOC, page: cliDoc },
];

/** The page as committed, or undefined where there is none. */
export const committed = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);

if (require.main === module) {
  for (const { path, page } of GENERATED) {
    const text = page();
    const changed = committed(path) !== text;
    if (changed) writeFileSync(path, text);
    process.stdout.write(`${relative(ROOT, path)}: ${changed ? 'written' : 'current'}\n`);
  }
}
