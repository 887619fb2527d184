import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ConfigError, environmentWithDotEnv, parseDotEnv, readConfig } from '../../../harness/target/config';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    readConfig(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
}

function tempFile(name: string, content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cc-config-'));
  writeFileSync(join(dir, name), content);
  return join(dir, name);
}

test('no variables: the embedded reference, staging, default runs and timeout', () => {
  const config = readConfig({});
  expect(config.baseUrl).toBeUndefined();
  expect(config).toMatchObject({
    env: 'staging',
    propertyRuns: 100,
    timeoutMs: 10_000,
    strict: false,
    profile: { cancel: { body: null } },
  });
  // §4.9 does not say which id the cancel path takes: without a profile both are tried.
  expect(config.profile.cancel.pathId).toBeUndefined();
});

test('a full remote configuration is read and normalised', () => {
  const config = readConfig({
    CIS_BASE_URL: 'https://staging.example/v1/',
    CIS_MOCK_BASE_URL: 'https://mock.example/v1',
    CIS_API_KEY: 'k1',
    CIS_API_KEY_2: 'k2',
    CIS_ENV: 'Production',
    CIS_WEBHOOK_LISTEN: '0.0.0.0:8787',
    CIS_WEBHOOK_KEY: 'wk',
    CIS_NETWORK_UID: '9007199254740993',
    CIS_PROPERTY_RUNS: '50',
    CIS_SEED: '-42',
    CIS_TIMEOUT_MS: '2500',
  });
  expect(config).toMatchObject({
    baseUrl: 'https://staging.example/v1',
    env: 'production',
    webhookListen: { host: '0.0.0.0', port: 8787 },
    networkUid: '9007199254740993',
    propertyRuns: 50,
    seed: -42,
    timeoutMs: 2500,
  });
});

const bad: [string, NodeJS.ProcessEnv, string][] = [
  [
    'a base URL that is not a URL',
    { CIS_BASE_URL: 'staging', CIS_API_KEY: 'k' },
    'CIS_BASE_URL: "staging" is not an http(s) URL',
  ],
  ['a base URL without a key', { CIS_BASE_URL: 'http://h/v1' }, 'CIS_API_KEY: not set'],
  ['the same key twice', { CIS_API_KEY: 'k', CIS_API_KEY_2: 'k' }, 'CIS_API_KEY_2: the same as CIS_API_KEY'],
  ['an unknown environment', { CIS_ENV: 'qa' }, 'CIS_ENV: "qa" is neither staging nor production'],
  [
    'a listen address without port',
    { CIS_WEBHOOK_LISTEN: 'localhost' },
    'CIS_WEBHOOK_LISTEN: "localhost" is not host:port',
  ],
  ['a port out of range', { CIS_WEBHOOK_LISTEN: '127.0.0.1:70000' }, 'CIS_WEBHOOK_LISTEN'],
  ['a network uid that is not an integer', { CIS_NETWORK_UID: 'net-1' }, 'CIS_NETWORK_UID: "net-1" is not an integer'],
  ['zero property runs', { CIS_PROPERTY_RUNS: '0' }, 'CIS_PROPERTY_RUNS: "0" is not a whole number of at least 1'],
  ['a seed that is not a number', { CIS_SEED: 'abc' }, 'CIS_SEED: "abc"'],
  ['a timeout in seconds with a unit', { CIS_TIMEOUT_MS: '10s' }, 'CIS_TIMEOUT_MS: "10s"'],
  [
    'a profile that does not exist',
    { CIS_PROFILE: '/nonexistent/profile.json' },
    'CIS_PROFILE: cannot read /nonexistent/profile.json (ENOENT)',
  ],
  [
    'a locker pool that is no name',
    { CIS_LOCKER_POOL: 'night run!' },
    'CIS_LOCKER_POOL: "night run!" is not on, off or a pool name',
  ],
];
for (const [name, env, message] of bad) {
  test(`one clear problem for ${name}`, () => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });
}

test('the locker pool: on unless turned off, or a pool of its own by name', () => {
  expect(readConfig({}).lockerPool).toEqual({ on: true });
  expect(readConfig({ CIS_LOCKER_POOL: 'off' }).lockerPool).toEqual({ on: false });
  expect(readConfig({ CIS_LOCKER_POOL: '1' }).lockerPool).toEqual({ on: true });
  expect(readConfig({ CIS_LOCKER_POOL: 'nightly-2' }).lockerPool).toEqual({ on: true, name: 'nightly-2' });
});

test('every problem is reported at once', () => {
  expect(problemsOf({ CIS_ENV: 'qa', CIS_SEED: 'x', CIS_TIMEOUT_MS: '-1' })).toHaveLength(3);
});

test('a profile is read and checked', () => {
  const good = tempFile(
    'profile.json',
    JSON.stringify({
      cancel: { pathId: 'shipmentUid', body: { reason: 'x' } },
      lockerStatus: { request: { id: '{uid}', enabled: '{status}' }, statuses: ['ENABLED', 'DISABLED'] },
    }),
  );
  expect(readConfig({ CIS_PROFILE: good }).profile).toMatchObject({
    cancel: { pathId: 'shipmentUid' },
    lockerStatus: { statuses: ['ENABLED', 'DISABLED'] },
  });
  for (const [content, message] of [
    ['{not json', 'is not valid JSON'],
    [JSON.stringify({ cancel: { pathId: 'uid' } }), '/cancel/pathId must be equal to one of the allowed values'],
    [JSON.stringify({ listEnvelope: 'content' }), 'has the unknown member listEnvelope'],
    [JSON.stringify({ lockerStatus: { request: {}, statuses: ['ONLY'] } }), '/lockerStatus/statuses'],
  ]) {
    const problems = problemsOf({ CIS_PROFILE: tempFile('p.json', content!) });
    expect(problems[0], content).toContain(message);
  }
});

test('.env lines are parsed, with quotes, comments and export', () => {
  expect(
    parseDotEnv(
      '# comment\n\nexport CIS_ENV=production\nCIS_API_KEY="k #1"\nCIS_SEED=7 # the seed\nCIS_WEBHOOK_KEY=\'w\'\n',
    ),
  ).toEqual({
    CIS_ENV: 'production',
    CIS_API_KEY: 'k #1',
    CIS_SEED: '7',
    CIS_WEBHOOK_KEY: 'w',
  });
});

test('a malformed .env line is one clear error naming the line', () => {
  expect(() => parseDotEnv('CIS_ENV=staging\nthis is not a pair\n', '/x/.env')).toThrow(
    '/x/.env line 2: expected NAME=value, got "this is not a pair"',
  );
});

test('the environment wins over .env', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-dotenv-'));
  writeFileSync(join(dir, '.env'), 'CIS_ENV=production\nCIS_SEED=1\n');
  expect(environmentWithDotEnv({ CIS_SEED: '2' }, dir)).toMatchObject({ CIS_ENV: 'production', CIS_SEED: '2' });
});
