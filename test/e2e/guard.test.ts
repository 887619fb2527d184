// Production guard and secret hygiene: what a run may do to a target, and what its reports may hold.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startReference } from '../../reference/server';
import { runHarness } from '../support/run-harness';
import { unzipEntries } from '../support/zip';

test.describe.configure({ mode: 'parallel' });

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every file's text, with zip archives and the HTML report's embedded zip opened up. */
function readable(file: string): string[] {
  const bytes = readFileSync(file);
  const texts = [bytes.toString('utf8')];
  if (file.endsWith('.zip')) texts.push(...unzipEntries(bytes).map((e) => e.data.toString('utf8')));
  for (const match of bytes.toString('utf8').matchAll(/data:application\/zip;base64,([A-Za-z0-9+/=]+)/g)) {
    texts.push(...unzipEntries(Buffer.from(match[1]!, 'base64')).map((e) => e.data.toString('utf8')));
  }
  return texts;
}

test('on production only read operations and authentication rules run, and nothing is written', async () => {
  test.setTimeout(120_000);
  const reference = await startReference();
  try {
    const [first, second] = reference.app.options.carriers;
    const run = await runHarness([], {
      CIS_BASE_URL: reference.baseUrl,
      CIS_MOCK_BASE_URL: reference.mockBaseUrl,
      CIS_API_KEY: first!.apiKey,
      CIS_API_KEY_2: second!.apiKey,
      CIS_NETWORK_UID: String(first!.networkUid),
      CIS_ENV: 'production',
    });
    expect(run.code, run.stdout.slice(-3000)).toBe(0);
    expect(reference.app.state.lockers.size, 'lockers were created on production').toBe(3);
    expect(reference.app.state.parcels, 'parcels were booked on production').toEqual([]);
    expect(
      [...reference.app.state.networks.values()].every((n) => n.members.size === 0),
      'a network was changed on production',
    ).toBe(true);
    const report = JSON.parse(readFileSync(join(run.reportDir, 'conformance.json'), 'utf8')) as {
      rules: { id: string; verdict: string; reasons: string[] }[];
    };
    const verdict = (id: string) => report.rules.find((r) => r.id === id)!;
    expect(verdict('LCK-CREATE-201')).toMatchObject({
      verdict: 'skipped',
      reasons: [expect.stringContaining('CIS_ENV=production')],
    });
    expect(verdict('TRG-RESPONSE').reasons.join()).toContain('staging only');
    expect(verdict('AUTH-KEY-REQUIRED').verdict).toBe('passed');
    expect(verdict('PRV-LIST').verdict).toBe('passed');
  } finally {
    await reference.close();
  }
});

test('no API key or webhook key appears in any file under reports/, failures included', async () => {
  test.setTimeout(180_000);
  const webhookKey = 'webhook-secret-7f3a91';
  const run = await runHarness(
    ['--grep', '@(ERR-NO-LEGACY-ERROR|AUTH-KEY-REQUIRED|WH-LOCKER-ON-CREATE|LCK-CREATE-201)(?![A-Z0-9-])'],
    {
      CIS_REFERENCE_FAULTS: 'error-legacy-field',
      CIS_WEBHOOK_KEY: webhookKey,
      CIS_BLOB: '1',
      // Every report a run can write: Playwright's own too.
      CIS_REPORTERS: 'full',
    },
  );
  expect(run.code, 'the fault must make the run fail, so failure output is searched too').toBe(1);
  const secrets = ['reference-key-carrier-1', 'reference-key-carrier-2', webhookKey];
  const files = filesUnder(run.reportDir);
  expect(files.some((f) => f.endsWith('junit.xml'))).toBe(true);
  expect(files.some((f) => f.includes('allure-results'))).toBe(true);
  expect(files.some((f) => f.endsWith('conformance.md'))).toBe(true);
  expect(files.some((f) => f.endsWith('.zip'))).toBe(true);
  expect(readFileSync(join(run.reportDir, 'conformance.md'), 'utf8'), 'the report reproduces the failure').toContain(
    'curl -i',
  );
  expect(
    readFileSync(join(run.reportDir, 'junit.xml'), 'utf8'),
    'requests with a key are reproduced with the variable',
  ).toContain('$CIS_API_KEY');
  for (const file of files) {
    for (const text of readable(file)) {
      for (const secret of secrets) expect(text.includes(secret), `${secret} found in ${file}`).toBe(false);
    }
  }
});

test('each suite whose prerequisite is absent skips its rules with the reason', async () => {
  test.setTimeout(120_000);
  const reference = await startReference();
  try {
    const run = await runHarness(
      [
        'suites/run.teardown.ts',
        'suites/networks.spec.ts',
        'suites/network-refusals.spec.ts',
        'suites/isolation.spec.ts',
        'suites/trigger.spec.ts',
        'suites/webhooks.spec.ts',
        'suites/parcel-webhooks.spec.ts',
        'suites/locker-status.spec.ts',
      ],
      {
        CIS_BASE_URL: reference.baseUrl,
        CIS_API_KEY: reference.app.options.carriers[0]!.apiKey,
        // As the CLI's --only says it: the rules of the other suites are out of the run's scope, not gaps in it.
        CIS_RUN_ONLY: 'networks,network-refusals,isolation,trigger,webhooks,parcel-webhooks,locker-status',
      },
    );
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    const report = JSON.parse(readFileSync(join(run.reportDir, 'conformance.json'), 'utf8')) as {
      rules: { id: string; verdict: string; reasons: string[] }[];
    };
    const reasons = (id: string) => {
      const rule = report.rules.find((r) => r.id === id)!;
      expect(rule.verdict, id).toBe('skipped');
      return rule.reasons.join(' ');
    };
    expect(reasons('NET-OWNED-ADDED')).toContain('CIS_NETWORK_UID is not set');
    expect(reasons('PCL-LIST-OWN')).toContain('CIS_API_KEY_2 is not set');
    expect(reasons('TRG-PROVIDER-LOCKER-ID')).toContain('CIS_MOCK_BASE_URL is not set');
    expect(reasons('WH-LOCKER-ON-CREATE')).toContain('no webhook listener the target can reach');
    expect(reasons('LCK-STATUS-CHANGE')).toContain('CIS_PROFILE does not state it');
  } finally {
    await reference.close();
  }
});
