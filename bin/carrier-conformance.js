#!/usr/bin/env node
// The CLI is TypeScript; tsx compiles it on load, as Playwright does for the suites.
require('tsx/cjs');
// `judge` reads recorded traffic and sends nothing: a command of its own (harness/traffic/command.ts).
const { argv } = require('node:process');
if (argv[2] === 'judge') require('../harness/traffic/command.ts').judgeCommand(argv.slice(3));
else require('../harness/cli/main.ts').main();
