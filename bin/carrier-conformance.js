#!/usr/bin/env node
// The command, bundled (dist/carrier-conformance.js, `npm run build`, made by `npm ci` and `npm pack` too),
// so it starts without compiling TypeScript. An installed package ships the bundle and no sources. In a
// clone whose sources are newer than the bundle (an edit not yet built), the sources run through tsx
// instead: a stale bundle would judge with yesterday's rules.
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const bundle = join(root, 'dist', 'carrier-conformance.js');
const sources = join(root, 'harness', 'cli', 'entry.ts');

/** The newest modification time of the TypeScript the bundle is made of. */
function newestSource() {
  let newest = 0;
  for (const dir of ['harness', 'spec', 'run', 'reference']) {
    const base = join(root, dir);
    if (!existsSync(base)) continue;
    for (const file of readdirSync(base, { recursive: true })) {
      if (!String(file).endsWith('.ts') && !String(file).endsWith('.yaml')) continue;
      newest = Math.max(newest, statSync(join(base, String(file))).mtimeMs);
    }
  }
  return newest;
}

if (!existsSync(sources) || (existsSync(bundle) && statSync(bundle).mtimeMs >= newestSource())) {
  require(bundle);
} else {
  require('tsx/cjs');
  require('../harness/cli/entry.ts');
}
