// What keeps a run's footprint down changes no verdict: the runner (and so its workers) starts
// with the memory flags unless the user chose their own, and stacks still point at the TypeScript line once
// the package files' text is no longer kept.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { nodeFlagsProblem, playwrightCommand, runFlags, RUN_NODE_FLAGS } from '../../../harness/cli/node-flags';
import { keepOnlySourceMapComments, sourceMapCommentOf } from '../../../harness/fixture-parts/stack-sources';

const flagCases: [string, string, string[]][] = [
  ['nothing set', '', [...RUN_NODE_FLAGS]],
  [
    "the user's young generation in NODE_OPTIONS is kept",
    '--max-old-space-size=4096 --max-semi-space-size=16',
    ['--optimize-for-size'],
  ],
];
for (const [name, nodeOptions, want] of flagCases) {
  test(`runFlags: ${name}`, () => {
    expect(runFlags(nodeOptions)).toEqual(want);
  });
}

const givenCases: [string, string, string, string[]][] = [
  ['CIS_NODE_FLAGS empty: V8 defaults', '', '', []],
  ['CIS_NODE_FLAGS in their place', '', '--max-semi-space-size=8', ['--max-semi-space-size=8']],
  [
    'CIS_NODE_FLAGS, NODE_OPTIONS still wins',
    '--max-semi-space-size=16',
    '--max-semi-space-size=8 --jitless',
    ['--jitless'],
  ],
];
for (const [name, nodeOptions, given, want] of givenCases) {
  test(`runFlags: ${name}`, () => {
    expect(runFlags(nodeOptions, given)).toEqual(want);
    expect(nodeFlagsProblem(given)).toBeUndefined();
  });
}

test('nodeFlagsProblem: anything but --flags is one sentence naming it and what to do', () => {
  expect(nodeFlagsProblem(undefined)).toBeUndefined();
  expect(nodeFlagsProblem('--optimize-for-size -x big')).toBe(
    'CIS_NODE_FLAGS: "-x", "big" is not a Node flag (--name or --name=value, space separated); leave it unset ' +
      'for --max-semi-space-size=2 --optimize-for-size, or set it empty for none',
  );
});

test(
  'the command that starts the runner gives node the flags before Playwright, and node accepts them',
  { tag: '@e2e' },
  () => {
    const [node, args] = playwrightCommand(['--version'], {});
    expect(node).toBe(process.execPath);
    expect(args.slice(0, RUN_NODE_FLAGS.length)).toEqual([...RUN_NODE_FLAGS]);
    expect(args[RUN_NODE_FLAGS.length]).toMatch(/@playwright[\\/]test[\\/]cli\.js$/);
    const run = spawnSync(node, args, { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^Version \d+\.\d+/);
  },
);

const commentCases: [string, string, string][] = [
  [
    'a file with its map named last',
    'code();\n//# sourceMappingURL=bundle.js.map\n',
    '//# sourceMappingURL=bundle.js.map',
  ],
  [
    'two comments: the last one counts, as source-map-support reads it',
    '//# sourceMappingURL=old.map\ncode();\n//# sourceMappingURL=new.map',
    '//# sourceMappingURL=new.map',
  ],
  [
    'an inline map is kept whole',
    'x;\n//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozfQ==\n',
    '//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozfQ==',
  ],
  ['a block comment', 'x;\n/*# sourceMappingURL=b.map */\n', '/*# sourceMappingURL=b.map */'],
  ['no map: a blank, which names none', '"use strict";\nmodule.exports = 1;\n', ' '],
];
for (const [name, text, want] of commentCases) {
  test(`sourceMapCommentOf: ${name}`, () => {
    expect(sourceMapCommentOf(text)).toBe(want);
  });
}

test('with only the comments kept, a stack still names the TypeScript line it was made on', () => {
  keepOnlySourceMapComments();
  const line = Number(
    new Error('here')
      .stack!.split('\n')
      .find((frame) => frame.includes('footprint.test.ts'))!
      .match(/footprint\.test\.ts:(\d+)/)![1],
  );
  // The line of the `new Error` above in this file as written (types and all), not as transformed.
  const written =
    readFileSync(__filename, 'utf8')
      .split('\n')
      .findIndex((text) => text.includes("new Error('here')")) + 1;
  expect(line).toBe(written);
});
