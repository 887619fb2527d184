#!/usr/bin/env node
// The CLI is TypeScript; tsx compiles it on load, as Playwright does for the suites.
require('tsx/cjs');
require('../harness/cli/main.ts').main();
