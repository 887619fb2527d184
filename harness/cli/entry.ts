// The command's one entry: `--version` answers from package.json alone; `judge` reads recorded traffic
// and sends nothing (a command of its own, harness/traffic/command.ts); everything else is the run and
// its tools (main.ts). Bundled into dist/ by `npm run build`, so the command starts without compiling
// TypeScript (bin/). Each side is required only when asked for: `judge` loads none of the run's
// machinery, nor Playwright, and `--version` loads nothing.
import { readFileSync } from 'node:fs';
import { argv } from 'node:process';
import { ROOT } from '../../spec/root';

type Judge = typeof import('../traffic/command');
type Main = typeof import('./main');

if (argv.slice(2).includes('--version')) {
  const { version } = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { version: string };
  process.stdout.write(`carrier-conformance ${version}\n`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
} else if (argv[2] === 'judge') void (require('../traffic/command') as Judge).judgeCommand(argv.slice(3));
// eslint-disable-next-line @typescript-eslint/no-require-imports
else void (require('./main') as Main).main();
