// `npm run reference`: the reference as a process, started the way a person starts it.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';

const ROOT = join(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const MAIN = join(ROOT, 'reference', 'main.ts');

test('starts on the given port with the given keys, prints its base URLs and serves the API', async () => {
  const child = spawn(TSX, [MAIN, '--port', '0', '--api-key', 'cli-key-1'], { cwd: ROOT, env: { ...process.env, CIS_API_KEY_2: 'cli-key-2' } });
  try {
    const lines = createInterface({ input: child.stdout });
    let baseUrl = '';
    const printed: string[] = [];
    for await (const line of lines) {
      printed.push(line);
      const match = /CIS_BASE_URL=(\S+)/.exec(line);
      if (match) baseUrl = match[1]!;
      if (line.startsWith('Stop with')) break;
    }
    expect(printed.join('\n')).toContain('CIS_MOCK_BASE_URL=http://127.0.0.1:');
    expect(printed.join('\n')).toContain('key cli-key-2');
    const ok = await fetch(`${baseUrl}/lockers`, { headers: { 'x-api-key': 'cli-key-1' } });
    expect(ok.status).toBe(200);
    const refused = await fetch(`${baseUrl}/lockers`, { headers: { 'x-api-key': 'reference-key-carrier-1' } });
    expect(refused.status).toBe(401);
  } finally {
    child.kill('SIGTERM');
  }
});

for (const [args, message] of [
  [['--port', 'eighty'], '--port must be a whole number'],
  [['--webhook-url', 'not a url'], '--webhook-url must be an http(s) URL'],
  [['--frobnicate'], "Unknown option '--frobnicate'"],
  [['--api-key', 'same', '--api-key-2', 'same'], 'different API keys'],
  [['--choices', 'staging'], '"staging" is not a choice set; use one of default, alternative, staging-like'],
] as const) {
  test(`exits 2 with one clear message for ${args.join(' ')}`, () => {
    const result = spawnSync(TSX, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
}

test('--help prints the options and exits 0', () => {
  const result = spawnSync(TSX, [MAIN, '--help'], { cwd: ROOT, encoding: 'utf8' });
  expect(result.status).toBe(0);
  expect(result.stdout).toContain('--webhook-url');
});
