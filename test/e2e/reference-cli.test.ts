// `npm run reference`: the reference as a process, started the way a person starts it.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';
import { referenceCommand } from '../../reference/command';

const ROOT = join(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const MAIN = join(ROOT, 'reference', 'main.ts');

test('starts on the given port with the given keys, prints its base URLs and serves the API', async () => {
  const child = spawn(TSX, [MAIN, '--port', '0', '--api-key', 'cli-key-1'], {
    cwd: ROOT,
    env: { ...process.env, CIS_API_KEY_2: 'cli-key-2' },
  });
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
  [['--latency-ms', 'abc'], '--latency-ms must be a whole number of milliseconds from 0 to 60000, got "abc"'],
  [['--latency-ms=-5'], '--latency-ms must be a whole number of milliseconds'],
  [['--latency-ms', '-5'], "Option '--latency-ms' argument is ambiguous."],
  [
    ['--choices', 'staging-like', '--page-size', '0'],
    '--page-size must be a whole number of records per page from 1 to 1000, got "0"',
  ],
  [
    ['--page-size', '5'],
    '--page-size applies to paged lists, and these choices answer lists unpaged: use it with --choices staging-like',
  ],
  [['--seed-lockers', 'many'], '--seed-lockers must be a whole number of lockers from 0 to 50000'],
  [['--seed-lockers', '0', '--seed-parcels', '5'], '--seed-parcels needs at least one seeded third-party locker'],
  [
    ['--stall', 'deleteLocker'],
    '--stall: "deleteLocker" is not OPERATION or OPERATION:N with an operationId of the OpenAPI document',
  ],
  [['--stall', 'listParcels:0'], '--stall: "listParcels:0": N counts the operation\'s requests from 1'],
] as const) {
  // In process: the command's reading of its flags is the point, not the process (one case below is).
  test(`refuses ${args.join(' ')} with one sentence`, () => {
    expect(() => referenceCommand([...args], {})).toThrow(message);
  });
}

test('a bad flag exits 2 with one line on stderr, no stack', () => {
  const result = spawnSync(TSX, [MAIN, '--port', 'eighty'], { cwd: ROOT, encoding: 'utf8' });
  expect(result.status).toBe(2);
  expect(result.stderr).toContain('--port must be a whole number');
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
});

test('--help prints the options and exits 0', () => {
  const result = spawnSync(TSX, [MAIN, '--help'], { cwd: ROOT, encoding: 'utf8' });
  expect(result.status).toBe(0);
  expect(result.stdout).toContain('--webhook-url');
  for (const flag of [
    '--latency-ms N',
    '--page-size N',
    '--seed-lockers N',
    '--seed-parcels N',
    '--stall OPERATION[:N]',
    'GET /__reference/stats',
  ])
    expect(result.stdout).toContain(flag);
});

test('starts as a staging: paged by the given size, seeded as told, answering late, with its stats route', async () => {
  const args = [
    '--port',
    '0',
    '--choices',
    'staging-like',
    '--page-size',
    '5',
    '--seed-lockers',
    '40',
    '--seed-parcels',
    '3',
    '--latency-ms',
    '100',
    '--stall',
    'listParcels:2',
  ];
  const child = spawn(TSX, [MAIN, ...args], { cwd: ROOT });
  try {
    const printed: string[] = [];
    for await (const line of createInterface({ input: child.stdout })) {
      printed.push(line);
      if (line.startsWith('Stop with')) break;
    }
    const text = printed.join('\n');
    expect(text).toContain(
      'lists: pages of 5; seeded: 40 third-party lockers, 3 past parcels per carrier; latency 100 ms',
    );
    expect(text).toContain('stalls: request 2 to listParcels');
    const baseUrl = /CIS_BASE_URL=(\S+)/.exec(text)![1]!;
    const statsUrl = /stats \(no key\): (\S+)/.exec(text)![1]!;
    const started = performance.now();
    const first = (await (
      await fetch(`${baseUrl}/lockers`, { headers: { 'x-api-key': 'reference-key-carrier-1' } })
    ).json()) as any;
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    expect(first).toMatchObject({ size: 5, totalElements: 40, totalPages: 8 });
    expect(first.items).toHaveLength(5);
    expect(await (await fetch(statsUrl)).json()).toMatchObject({
      requests: 1,
      lockers: { thirdParty: 40 },
      parcels: { total: 6 },
    });
  } finally {
    child.kill('SIGTERM');
  }
});
