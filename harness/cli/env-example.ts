// What `carrier-conformance init` writes: every setting, commented, with its default and what it is for,
// once as the config file (carrier-conformance.yaml, keys named as the flags) and once as variables
// (.env.example). One table makes both, so they never disagree.
import { CONFIG_FILE } from '../target/config-file';
import { registrationUrls } from '../webhooks/registration';

const urls = registrationUrls('<this host>', '<port>');

interface Setting {
  key: string;
  variable: string;
  /** The value shown, commented out; '' for none. */
  example: string;
  about: string[];
  /** A key or secret: kept out of the config file, which is committed. */
  secret?: true;
}

const SETTINGS: Setting[] = [
  {
    key: 'base-url',
    variable: 'CIS_BASE_URL',
    example: 'https://staging.example.com/v1',
    about: ['Service base address, including the /v1 segment.'],
  },
  {
    key: 'mock-base-url',
    variable: 'CIS_MOCK_BASE_URL',
    example: 'https://mock.staging.example.com/v1',
    about: ['Staging trigger operations base address, including /v1 (trigger rules are skipped without it).'],
  },
  {
    key: 'api-key',
    variable: 'CIS_API_KEY',
    example: '',
    about: ["The carrier's API key, sent as X-API-Key."],
    secret: true,
  },
  {
    key: 'api-key-2',
    variable: 'CIS_API_KEY_2',
    example: '',
    about: ["A second carrier's key: enables the isolation rules."],
    secret: true,
  },
  {
    key: 'env',
    variable: 'CIS_ENV',
    example: 'staging',
    about: ['staging (default) or production. On production only read operations and authentication rules run.'],
  },
  {
    key: 'network-uid',
    variable: 'CIS_NETWORK_UID',
    example: '',
    about: ['A network uid of the carrier (int64): enables the network rules.'],
  },
  {
    key: 'webhook-listen',
    variable: 'CIS_WEBHOOK_LISTEN',
    example: '0.0.0.0:8787',
    about: [
      `host:port the webhook listener binds. Register with the target ${urls.primary}`,
      `for the carrier of CIS_API_KEY and ${urls.secondary} for that of CIS_API_KEY_2`,
      '(one URL per carrier, or WH-OWN-CARRIER cannot be judged).',
    ],
  },
  {
    key: 'webhook-key',
    variable: 'CIS_WEBHOOK_KEY',
    example: '',
    about: [
      'Key the listener expects on deliveries (answers 401 without it). Set it, and have the target send it,',
      'whenever the listener binds beyond loopback: otherwise anyone on that network can post deliveries',
      'the run judges.',
    ],
    secret: true,
  },
  {
    key: 'property-runs',
    variable: 'CIS_PROPERTY_RUNS',
    example: '100',
    about: ['Runs per property-based test (default 100).'],
  },
  {
    key: 'seed',
    variable: 'CIS_SEED',
    example: '',
    about: ['A seed to replay a failing property with (the one it printed).'],
  },
  {
    key: 'explore',
    variable: 'CIS_EXPLORE',
    example: '8x12',
    about: ["The model's exploration: sequences x commands per sequence (60x25 for a nightly staging run)."],
  },
  {
    key: 'list-settle-ms',
    variable: 'CIS_LIST_SETTLE_MS',
    example: '2000',
    about: ['How long a list may lag a write before a record missing or stale in it fails, in ms.'],
  },
  {
    key: 'locker-pool',
    variable: 'CIS_LOCKER_POOL',
    example: 'on',
    about: [
      'Lockers lent to tests that need no fresh one, and found again by later runs with this key: on, off, or a',
      'pool name of its own for each pipeline that shares a staging and a key (their runs then never share one).',
    ],
  },
  {
    key: 'timeout-ms',
    variable: 'CIS_TIMEOUT_MS',
    example: '10000',
    about: ['Timeout per request, in ms (default 10000).'],
  },
  {
    key: 'webhook-wait-ms',
    variable: 'CIS_WEBHOOK_WAIT_MS',
    example: '30000',
    about: ['How long a test waits for the webhook an action should cause, in ms (default 30000).'],
  },
  {
    key: 'concurrency',
    variable: 'CIS_CONCURRENCY',
    example: '8',
    about: ['Requests in flight at once where they are independent (default 8).'],
  },
  {
    key: 'profile',
    variable: 'CIS_PROFILE',
    example: './target-profile.json',
    about: [
      'JSON target profile: PATCH /lockers/status body, cancel body and path id',
      '(see docs/checking-a-target.md).',
    ],
  },
  {
    key: 'collection-period-ms',
    variable: 'CIS_COLLECTION_PERIOD_MS',
    example: '86400000',
    about: ["The target's CollectionNotification period in ms, where it is not once a day (an accelerated staging)."],
  },
  {
    key: 'strict',
    variable: 'CIS_STRICT',
    example: '0',
    about: ['1: failed should rules (what the contract implies but the spec does not state) fail the run too.'],
  },
  {
    key: 'full-scope',
    variable: 'CIS_FULL_SCOPE',
    example: '0',
    about: [
      '1: a must rule out of scope (a capability above not given) makes the run INCONCLUSIVE',
      '(certifying a build).',
    ],
  },
  {
    key: 'max-failures',
    variable: 'CIS_MAX_FAILURES',
    example: '',
    about: ['Stop after this many failed must rules (the report is still written).'],
  },
  {
    key: 'baseline',
    variable: 'CIS_BASELINE',
    example: './baseline/conformance.json',
    about: [
      "An earlier run's conformance.json: a second line states the gate against it",
      '(regressions, known failures).',
    ],
  },
  {
    key: 'gate',
    variable: 'CIS_GATE',
    example: 'verdict',
    about: ['baseline: the exit code follows that gate instead of the verdict (default: verdict).'],
  },
];

/** The settings the config file and the variables hold, in the templates' order. */
export const SETTING_KEYS = SETTINGS.map((s) => s.key);

const comments = (lines: string[]) => lines.map((line) => `# ${line}`).join('\n');

const ENV_HEAD = '# carrier-conformance target configuration (copy to .env; the environment wins over this file).';

export const ENV_EXAMPLE = `${ENV_HEAD}
# Leave CIS_BASE_URL unset to check the embedded reference.
${SETTINGS.map((s) => `\n${comments(s.about)}\n# ${s.variable}=${s.example}`).join('')}
`;

/** The key's line; a secret's says where it goes instead. The switches read true or false in YAML. */
function yamlLine(s: Setting): string {
  if (s.secret) return `(not here: set ${s.variable} in the environment or .env)`;
  const value = s.key === 'strict' || s.key === 'full-scope' ? String(s.example === '1') : s.example;
  return `${s.key}:${value ? ` ${value}` : ''}`;
}

export const CONFIG_EXAMPLE = `# ${CONFIG_FILE}: carrier-conformance's settings, kept with the code that gates on them.
# Each key is the flag of the same name; flags, the environment (CIS_*) and .env win over this file.
# Leave base-url unset to check the embedded reference. Keys and secrets (api-key, api-key-2,
# webhook-key) belong in the environment or .env, not in a file you commit. Relative paths are this
# file's.
# profile may also hold the target profile itself (its members indented below it).
# Every key: docs/configuration.md.
${SETTINGS.map((s) => `\n${comments(s.about)}\n# ${yamlLine(s)}`).join('')}
`;
