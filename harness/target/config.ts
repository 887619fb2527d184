// Target configuration: the CIS_* variables, from the environment, an optional .env file and an optional
// config file (dot-env.ts, config-file.ts; in that order of precedence), validated once. Every problem is
// reported at once, each naming the variable (or the config file's key), what is wrong and what to do.
import { resolve } from 'node:path';
import { ConfigError } from './config-error';
import { CertificateFileError, readCertificate } from '../baseline/certificate-file';
import { DEFAULT_PROFILE, readProfile, type TargetProfile } from './profile';
import { attributed } from './config-file';
import { environmentWithDotEnv } from './dot-env';

export { ConfigError } from './config-error';
export { environmentWithDotEnv, parseDotEnv } from './dot-env';

export type Environment = 'staging' | 'production';

export interface HarnessConfig {
  /** Service base including /v1; undefined means: start the embedded reference. */
  baseUrl?: string;
  mockBaseUrl?: string;
  apiKey?: string;
  apiKey2?: string;
  env: Environment;
  webhookListen?: { host: string; port: number };
  webhookKey?: string;
  networkUid?: string;
  propertyRuns: number;
  seed?: number;
  /** How deep the exploration goes (CIS_EXPLORE=SEQUENCESxLENGTH, --explore); the default when not given. */
  explore?: { sequences: number; length: number; branches?: number };
  /** How long a list may lag a write before a record missing or stale in it fails (CIS_LIST_SETTLE_MS). */
  listSettleMs?: number;
  /** Lockers lent to tests that need no fresh one (CIS_LOCKER_POOL: on, off, or a pool name of its own per
   * pipeline). */
  lockerPool?: { on: boolean; name?: string };
  /** `should` rules that fail make the run NOT CONFORMANT too (CIS_STRICT=1, --strict). */
  strict: boolean;
  /** A `must` rule out of scope (a capability not given) makes the run INCONCLUSIVE (CIS_FULL_SCOPE=1,
   * --full-scope). */
  fullScope: boolean;
  /** How often the target sends CollectionNotification, where it is not once a day (§8). */
  collectionPeriodMs?: number;
  /** Stop after this many failed must rules, with the report written (CIS_MAX_FAILURES, --max-failures). */
  maxFailures?: number;
  timeoutMs: number;
  /** How long a test waits for a webhook an action should cause (CIS_WEBHOOK_WAIT_MS): pushes may be slower than
   * answers. */
  webhookWaitMs: number;
  /** CIS_WEBHOOK_WAIT_MS was given: it wins over the wait an embedded reference declares (run-settings.ts). */
  webhookWaitGiven?: true;
  /** Requests a test has in flight at once where they are independent (CIS_CONCURRENCY): pages of a list, bookings it
   * sets up. */
  concurrency: number;
  /** A certificate of an earlier run to gate against (CIS_BASELINE, --baseline): its path, checked readable. */
  baseline?: string;
  /** What decides the CLI's exit code: the verdict (default), or the gate against the baseline (CIS_GATE=baseline). */
  gate: 'verdict' | 'baseline';
  profilePath?: string;
  profile: TargetProfile;
}

export const VARIABLES = [
  'CIS_BASE_URL',
  'CIS_MOCK_BASE_URL',
  'CIS_API_KEY',
  'CIS_API_KEY_2',
  'CIS_ENV',
  'CIS_WEBHOOK_LISTEN',
  'CIS_WEBHOOK_KEY',
  'CIS_NETWORK_UID',
  'CIS_PROPERTY_RUNS',
  'CIS_SEED',
  'CIS_EXPLORE',
  'CIS_LIST_SETTLE_MS',
  'CIS_LOCKER_POOL',
  'CIS_TIMEOUT_MS',
  'CIS_WEBHOOK_WAIT_MS',
  'CIS_CONCURRENCY',
  'CIS_PROFILE',
  'CIS_STRICT',
  'CIS_FULL_SCOPE',
  'CIS_COLLECTION_PERIOD_MS',
  'CIS_MAX_FAILURES',
  'CIS_BASELINE',
  'CIS_GATE',
] as const;

export const DEFAULT_PROPERTY_RUNS = 100;
export const DEFAULT_TIMEOUT_MS = 10_000;
/** §6 states no delivery time: a queue or a batch may push well after the answer, so the wait is generous. */
export const DEFAULT_WEBHOOK_WAIT_MS = 30_000;
/**
 * A remote staging answers in 20-50 ms: eight requests in flight wait one round trip for what took
 * eight, and stay far below what a service limits a client to (429s are retried and reported anyway).
 */
export const DEFAULT_CONCURRENCY = 8;

function url(name: string, value: string, problems: string[]): string | undefined {
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
    return value.replace(/\/+$/, '');
  } catch {
    problems.push(
      `${name}: "${value}" is not an http(s) URL; give the base address including /v1, e.g. https://staging.example/v1`,
    );
    return undefined;
  }
}

/** A 0/1 switch (true/false also read); anything else is a problem naming what 1 does. */
function switchOn(name: string, text: string | undefined, meaning: string, problems: string[]): boolean {
  const value = (text ?? '0').toLowerCase();
  if (!['0', '1', 'true', 'false'].includes(value)) problems.push(`${name}: "${text}" is not 1 or 0 (1: ${meaning})`);
  return value === '1' || value === 'true';
}

export function positiveInteger(name: string, value: string | undefined, fallback: number, problems: string[]): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    problems.push(`${name}: "${value}" is not a whole number of at least 1`);
    return fallback;
  }
  return Number(value);
}

export function readConfig(env: NodeJS.ProcessEnv = environmentWithDotEnv(process.env)): HarnessConfig {
  const problems: string[] = [];
  const get = (name: (typeof VARIABLES)[number]) => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const baseUrl = get('CIS_BASE_URL') && url('CIS_BASE_URL', get('CIS_BASE_URL')!, problems);
  const mockBaseUrl = get('CIS_MOCK_BASE_URL') && url('CIS_MOCK_BASE_URL', get('CIS_MOCK_BASE_URL')!, problems);
  const apiKey = get('CIS_API_KEY');
  const apiKey2 = get('CIS_API_KEY_2');
  if (get('CIS_BASE_URL') && !apiKey)
    problems.push('CIS_API_KEY: not set; a target given by CIS_BASE_URL needs the carrier API key');
  if (apiKey2 && apiKey2 === apiKey)
    problems.push('CIS_API_KEY_2: the same as CIS_API_KEY; the second key must belong to another carrier');
  if (apiKey2 && !apiKey) problems.push('CIS_API_KEY_2: set without CIS_API_KEY');

  const envName = (get('CIS_ENV') ?? 'staging').toLowerCase();
  if (envName !== 'staging' && envName !== 'production') {
    problems.push(`CIS_ENV: "${get('CIS_ENV')}" is neither staging nor production`);
  }

  let webhookListen: HarnessConfig['webhookListen'];
  const listen = get('CIS_WEBHOOK_LISTEN');
  if (listen) {
    const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+):(\d{1,5})$/.exec(listen);
    const port = match ? Number(match[2]) : NaN;
    if (!match || port > 65535) {
      problems.push(
        `CIS_WEBHOOK_LISTEN: "${listen}" is not host:port (e.g. 0.0.0.0:8787, or 127.0.0.1:0 for a free port)`,
      );
    } else {
      webhookListen = { host: match[1]!.replace(/^\[|\]$/g, ''), port };
    }
  }

  const networkUid = get('CIS_NETWORK_UID');
  if (networkUid && !/^-?\d{1,19}$/.test(networkUid)) {
    problems.push(`CIS_NETWORK_UID: "${networkUid}" is not an integer network uid (int64)`);
  }

  const seedText = get('CIS_SEED');
  let seed: number | undefined;
  if (seedText !== undefined) {
    if (!/^-?\d+$/.test(seedText) || Math.abs(Number(seedText)) > 2 ** 31) {
      problems.push(
        `CIS_SEED: "${seedText}" is not a whole number within ±2^31 ` + '(the seed a failing property printed)',
      );
    } else {
      seed = Number(seedText);
    }
  }

  const exploreText = get('CIS_EXPLORE');
  const depth = exploreText === undefined ? undefined : /^(\d{1,4})x(\d{1,3})(?:x([1-3]))?$/i.exec(exploreText.trim());
  if (exploreText !== undefined && (!depth || Number(depth[1]) < 1 || Number(depth[2]) < 1)) {
    problems.push(
      `CIS_EXPLORE: "${exploreText}" is not SEQUENCESxLENGTH[xBRANCHES] (e.g. 8x12x3, the default; 60x25 for ` +
        `a nightly run; ` +
        'BRANCHES, 1 to 3, is how many commands go out at once, 1 for none)',
    );
  }
  const explore =
    depth && Number(depth[1]) >= 1 && Number(depth[2]) >= 1
      ? { sequences: Number(depth[1]), length: Number(depth[2]), ...(depth[3] ? { branches: Number(depth[3]) } : {}) }
      : undefined;
  const settleText = get('CIS_LIST_SETTLE_MS');
  if (settleText !== undefined && !/^\d{1,7}$/.test(settleText.trim()))
    problems.push(`CIS_LIST_SETTLE_MS: "${settleText}" is not a whole number of milliseconds (0 or more)`);
  const listSettleMs =
    settleText !== undefined && /^\d{1,7}$/.test(settleText.trim()) ? Number(settleText.trim()) : undefined;

  const poolText = get('CIS_LOCKER_POOL')?.trim();
  const poolOff = poolText !== undefined && ['off', '0', 'false'].includes(poolText.toLowerCase());
  const poolOn = poolText === undefined || poolText === '' || ['on', '1', 'true'].includes(poolText.toLowerCase());
  if (!poolOff && !poolOn && !/^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/.test(poolText!))
    problems.push(`CIS_LOCKER_POOL: "${poolText}" is not on, off or a pool name (letters, digits and -, up to 32)`);
  const lockerPool = poolOff ? { on: false } : poolOn ? { on: true } : { on: true, name: poolText! };
  const propertyRuns = positiveInteger('CIS_PROPERTY_RUNS', get('CIS_PROPERTY_RUNS'), DEFAULT_PROPERTY_RUNS, problems);
  const timeoutMs = positiveInteger('CIS_TIMEOUT_MS', get('CIS_TIMEOUT_MS'), DEFAULT_TIMEOUT_MS, problems);
  const webhookWaitMs = positiveInteger(
    'CIS_WEBHOOK_WAIT_MS',
    get('CIS_WEBHOOK_WAIT_MS'),
    DEFAULT_WEBHOOK_WAIT_MS,
    problems,
  );
  const concurrency = positiveInteger('CIS_CONCURRENCY', get('CIS_CONCURRENCY'), DEFAULT_CONCURRENCY, problems);

  const strict = switchOn('CIS_STRICT', get('CIS_STRICT'), 'should rules decide the verdict too', problems);
  const fullScope = switchOn(
    'CIS_FULL_SCOPE',
    get('CIS_FULL_SCOPE'),
    'a must rule out of scope makes the run INCONCLUSIVE',
    problems,
  );
  const periodText = get('CIS_COLLECTION_PERIOD_MS');
  const collectionPeriodMs =
    periodText === undefined ? undefined : positiveInteger('CIS_COLLECTION_PERIOD_MS', periodText, 0, problems);
  const maxFailuresText = get('CIS_MAX_FAILURES');
  const maxFailures =
    maxFailuresText === undefined ? undefined : positiveInteger('CIS_MAX_FAILURES', maxFailuresText, 0, problems);

  const baselineText = get('CIS_BASELINE');
  let baseline: string | undefined;
  if (baselineText) {
    try {
      baseline = readCertificate(resolve(baselineText)).path;
    } catch (error) {
      if (!(error instanceof CertificateFileError)) throw error;
      problems.push(`CIS_BASELINE: ${error.message}`);
    }
  }
  const gate = (get('CIS_GATE') ?? 'verdict').toLowerCase();
  if (gate !== 'verdict' && gate !== 'baseline')
    problems.push(`CIS_GATE: "${get('CIS_GATE')}" is neither verdict (the default) nor baseline`);
  else if (gate === 'baseline' && !baselineText)
    problems.push(
      'CIS_GATE: baseline needs a baseline; set CIS_BASELINE (--baseline) to the conformance.json of an earlier run',
    );

  let profile = DEFAULT_PROFILE;
  const profilePath = get('CIS_PROFILE');
  if (profilePath) {
    try {
      profile = readProfile(resolve(profilePath));
    } catch (error) {
      problems.push((error as Error).message);
    }
  }

  if (problems.length) throw new ConfigError(problems.map((problem) => attributed(problem, env)));
  const webhookKey = get('CIS_WEBHOOK_KEY');
  return {
    ...(baseUrl ? { baseUrl } : {}),
    ...(mockBaseUrl ? { mockBaseUrl } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(apiKey2 ? { apiKey2 } : {}),
    env: envName as Environment,
    ...(webhookListen ? { webhookListen } : {}),
    ...(webhookKey ? { webhookKey } : {}),
    ...(networkUid ? { networkUid } : {}),
    propertyRuns,
    ...(seed !== undefined ? { seed } : {}),
    ...(explore ? { explore } : {}),
    ...(listSettleMs !== undefined ? { listSettleMs } : {}),
    lockerPool,
    strict,
    fullScope,
    ...(maxFailures !== undefined ? { maxFailures } : {}),
    ...((collectionPeriodMs ?? profile.collectionPeriodMs)
      ? { collectionPeriodMs: collectionPeriodMs ?? profile.collectionPeriodMs }
      : {}),
    timeoutMs,
    webhookWaitMs,
    ...(get('CIS_WEBHOOK_WAIT_MS') !== undefined ? { webhookWaitGiven: true as const } : {}),
    concurrency,
    ...(baseline ? { baseline } : {}),
    gate: gate === 'baseline' ? 'baseline' : 'verdict',
    ...(profilePath ? { profilePath: resolve(profilePath) } : {}),
    profile,
  };
}
