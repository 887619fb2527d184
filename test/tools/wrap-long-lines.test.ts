// The codemod behind `npm run format` keeps the program as it was: it only re-wraps comments and splits
// literals into `+` pieces that spell the same text, and a second run changes nothing.
import { expect, test } from '@playwright/test';
import { formatFile, WIDTH } from './wrap-long-lines';

const words = (n: number, word = 'word') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');
const longest = (text: string) => Math.max(...text.split('\n').map((line) => line.length));

async function formatted(source: string): Promise<string> {
  const once = await formatFile(source, 'sample.ts');
  expect(await formatFile(once, 'sample.ts'), 'a second run changes nothing').toBe(once);
  return once;
}

/** The value the module's `out` holds, run as plain JavaScript (the samples use no types). */
const valueOf = (source: string): unknown => new Function(`${source.replace(/export /g, '')}; return out;`)();

test('a long // comment is re-wrapped at word boundaries, its prefix kept, the lines before it left', async () => {
  const source = `function f() {\n  // short first line\n  // ${words(30)}\n  // ${words(3, 'tail')}\n  return 1;\n}\n`;
  const out = await formatted(source);
  expect(longest(out)).toBeLessThanOrEqual(WIDTH);
  expect(out).toContain('  // short first line\n');
  const comment = out.split('\n').filter((line) => line.includes('//'));
  expect(comment.every((line) => line.startsWith('  // '))).toBe(true);
  expect(
    comment
      .join(' ')
      .replace(/\s*\/\/\s*/g, ' ')
      .trim(),
  ).toBe(`short first line ${words(30)} ${words(3, 'tail')}`);
});

test('a one-line doc comment stays compact: `/** words`, ` * words */`, the closing never alone', async () => {
  const out = await formatted(`/** ${words(22)} end. */\nexport const out = 1;\n`);
  expect(longest(out)).toBeLessThanOrEqual(WIDTH);
  expect(out).toMatch(/^\/\*\* word0 [^\n]+\n \* [^\n]*end\. \*\/\nexport const out = 1;\n$/);
});

test('a comment after code moves above its line', async () => {
  const out = await formatted(`export function out() {\n  return 1; // ${words(24)}\n}\n`);
  expect(longest(out)).toBeLessThanOrEqual(WIDTH);
  expect(out).toMatch(/\{\n {2}\/\/ word0 [^\n]+\n {2}\/\/ [^\n]+ word23\n {2}return 1;\n\}\n$/);
});

test('a long string becomes `+` pieces at spaces, spelling the same text', async () => {
  const source = `export const out = 'it\\'s ${words(30)}';\n`;
  const out = await formatted(source);
  expect(longest(out)).toBeLessThanOrEqual(WIDTH);
  expect(out).toContain(' +\n');
  expect(valueOf(out)).toBe(valueOf(source));
});

test('a template is cut between its spans at the top level, never inside `${}`', async () => {
  const inner = `\${a ? \`x ${words(8, 'in')}\` : 'b c'}`;
  const source = `const a = true;\nexport const out = \`${words(10)} ${inner} ${words(10, 'after')} \${a}\`;\n`;
  const out = await formatted(source);
  expect(longest(out)).toBeLessThanOrEqual(WIDTH);
  expect(out).toContain(inner);
  expect(valueOf(out)).toBe(valueOf(source));
});

test('a template of many lines is left whole, and so is every literal inside its `${}`', async () => {
  const source = `const a = 1;\nexport const out = \`<p>\n\${a ? '${words(30)}' : ''}</p>\`;\n`;
  expect(await formatFile(source, 'sample.ts')).toBe(source);
});

test('a literal whose pieces would bind differently is parenthesised', async () => {
  const source = `export const out = '${words(30)}'.length;\n`;
  const out = await formatted(source);
  expect(out).toContain(' +\n');
  expect(valueOf(out)).toBe(valueOf(source));
});

test('types, module paths, property names and tagged templates are left whole', async () => {
  const long = words(30);
  const source = [
    `import x from './${long}';`,
    `type T = '${long}';`,
    `const o = { '${long}': 1 };`,
    `const t = tag\`${long}\`;`,
    `const c = '${long}' as const;`,
    '',
  ].join('\n');
  const out = await formatFile(source, 'sample.ts');
  for (const piece of [`'./${long}'`, `'${long}';`, `'${long}': 1`, `tag\`${long}\``, `'${long}' as const`])
    expect(out).toContain(piece);
});
