// One instruction for where the target sends webhooks: one URL per carrier, said alike by
// .env.example, README and the pre-flight. A user told to register the bare /webhooks gets
// WH-OWN-CARRIER INCONCLUSIVE, which is what this keeps from coming back.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ENV_EXAMPLE } from '../../../harness/cli/env-example';
import { receiverOf } from '../../../harness/webhooks/isolation';
import { carrierUrls, registrationInstruction, registrationUrls } from '../../../harness/webhooks/registration';

const README = readFileSync(join(__dirname, '../../../README.md'), 'utf8');

test('given host and port, want one URL per carrier, each naming the carrier the isolation rule reads', () => {
  const cases: [string | undefined, number | undefined, string][] = [
    ['ci-runner.internal', 8787, 'http://ci-runner.internal:8787/webhooks'],
    ['0.0.0.0', 8787, 'http://<this host>:8787/webhooks'],
    ['::', 8787, 'http://<this host>:8787/webhooks'],
    ['fd00::5', 8787, 'http://[fd00::5]:8787/webhooks'],
    [undefined, undefined, 'http://<host>:<port>/webhooks'],
  ];
  for (const [host, port, base] of cases) {
    const urls = registrationUrls(host, port);
    expect(urls).toEqual({ primary: `${base}/carrier-1`, secondary: `${base}/carrier-2` });
    expect(receiverOf(urls.primary)).toBe('primary');
    expect(receiverOf(urls.secondary)).toBe('secondary');
  }
  expect(carrierUrls('http://127.0.0.1:4000/webhooks/')).toEqual({
    primary: 'http://127.0.0.1:4000/webhooks/carrier-1',
    secondary: 'http://127.0.0.1:4000/webhooks/carrier-2',
  });
});

test('the instruction names both URLs and whose key each is for', () => {
  expect(registrationInstruction('0.0.0.0', 8787)).toBe(
    'register http://<this host>:8787/webhooks/carrier-1 with the target for the carrier of CIS_API_KEY, and ' +
      'http://<this host>:8787/webhooks/carrier-2 for that of CIS_API_KEY_2',
  );
});

test('.env.example gives the per-carrier URLs and never the bare /webhooks', () => {
  const urls = registrationUrls('<this host>', '<port>');
  expect(ENV_EXAMPLE).toContain(urls.primary);
  expect(ENV_EXAMPLE).toContain(urls.secondary);
  expect(ENV_EXAMPLE).not.toMatch(/\/webhooks(?!\/carrier-[12])/);
});

test(
  'README gives the per-carrier URLs in the variable table and in the certifying recipe, and never the bare ' +
    '/webhooks as what to register',
  () => {
    const table = README.split('\n').find((line) => line.startsWith('| `CIS_WEBHOOK_LISTEN`'));
    expect(table).toContain(registrationUrls('<host>', '<port>').primary);
    expect(table).toContain(registrationUrls('<host>', '<port>').secondary);
    const recipe = README.slice(README.indexOf('## An implementer certifying a build'));
    const step = recipe.split('\n').find((line) => line.startsWith('3. '));
    expect(step).toContain(registrationUrls('<this host>', 8787).primary);
    expect(step).toContain(registrationUrls('<this host>', 8787).secondary);
    for (const line of README.split('\n').filter((l) => /register|sending (the )?webhooks/i.test(l))) {
      expect(line, 'a line telling where to send webhooks').not.toMatch(
        /<port>\/webhooks(?!\/carrier-[12])|8787\/webhooks(?!\/carrier-[12])/,
      );
    }
  },
);
