// `npm run format` runs prettier, then this: what prettier leaves over the width is wrapped — comments at word
// boundaries (long-lines/comments.ts), string and template literals into `+` pieces (long-lines/literals.ts) —
// and prettier lays the result out again, until nothing changes. Run twice, the second run changes nothing.
//   tsx test/tools/wrap-long-lines.ts [FILE...]   (no FILE: every tracked .ts, .js and .mjs prettier formats)
// It names the lines still over the width: a regular expression or a word no space splits, left to a person.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript5';
import { commentEdits } from './long-lines/comments';
import { literalEdits } from './long-lines/literals';

const ROOT = join(__dirname, '..', '..');
export const WIDTH = 120;

/** Where each token starts: a line starting at one is code, not the inside of a literal. */
function tokenStarts(sf: ts.SourceFile): Set<number> {
  const starts = new Set<number>();
  const visit = (node: ts.Node): void => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(sf);
    if (children.length === 0) starts.add(node.getStart(sf));
    children.forEach(visit);
  };
  visit(sf);
  return starts;
}

const kindOf = (path: string) => (path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);

/** One pass over a file's text: the comments and literals on its long lines wrapped (not yet laid out). */
export function wrapLongLines(text: string, path: string, width = WIDTH): string {
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kindOf(path));
  const longLines = new Set(text.split('\n').flatMap((line, i) => (line.length > width ? [i] : [])));
  if (longLines.size === 0) return text;
  const edits = [...commentEdits(sf, width, tokenStarts(sf)), ...literalEdits(sf, width, longLines)].sort(
    (a, b) => b.start - a.start || b.end - a.end,
  );
  let out = text;
  let floor = Infinity;
  for (const edit of edits) {
    if (edit.end > floor) continue; // overlaps one applied already: the next pass sees it again
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    floor = edit.start;
  }
  return out;
}

/** Prettier, then wrapping and prettier again until the text holds still (at most a few rounds). */
export async function formatFile(text: string, path: string): Promise<string> {
  const options = { ...(await prettier.resolveConfig(path)), filepath: path };
  let current = await prettier.format(text, options);
  for (let round = 0; round < 5; round++) {
    const wrapped = wrapLongLines(current, path);
    if (wrapped === current) break;
    current = await prettier.format(wrapped, options);
  }
  return current;
}

async function main(): Promise<void> {
  const given = process.argv.slice(2);
  const tracked = given.length
    ? given
    : execFileSync('git', ['ls-files', '--', '*.ts', '*.js', '*.mjs'], { cwd: ROOT, encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map((file) => join(ROOT, file));
  const ignorePath = join(ROOT, '.prettierignore');
  const files: string[] = [];
  for (const file of tracked) if (!(await prettier.getFileInfo(file, { ignorePath })).ignored) files.push(file);
  let changed = 0;
  const still: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const formatted = await formatFile(text, file);
    if (formatted !== text) {
      writeFileSync(file, formatted);
      changed++;
    }
    formatted.split('\n').forEach((line, i) => {
      if (line.length > WIDTH) still.push(`${relative(ROOT, file)}:${i + 1} (${line.length})`);
    });
  }
  console.log(
    `wrap-long-lines: ${changed} of ${files.length} files changed; ${still.length} lines still over ${WIDTH}`,
  );
  for (const line of still) console.log(`  ${line}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`wrap-long-lines: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
