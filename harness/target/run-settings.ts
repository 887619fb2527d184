// The run's settings: the target (where it is, its keys, its profile, what it can do) and the run's own
// facts (seed, property runs, run id, webhook inbox, collection period, what the report's header says).
// Global setup resolves them once into one JSON value; workers and the reporter read that value and
// never the CIS_* variables again, so every process of a run sees the same run.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import type { Environment, HarnessConfig } from './config';
import { unauthenticatedListener } from '../webhooks/exposure';

import type { Need } from '../../spec/catalogue';

/** What a target can be asked for; rules.yaml's `needs:` names them. */
export type Capability = Need;

/** Whether the run has a capability; without it, why tests are skipped and what was not given. */
export interface CapabilityState {
  available: boolean;
  reason: string;
  missing?: string;
}

/** What the report's header says about the run. No key is ever part of it: it is written to reports and blobs. */
export interface RunFacts {
  target: 'embedded reference' | 'remote target';
  baseUrl: string;
  mockBaseUrl?: string;
  environment: Environment;
  seed: number | 'random';
  propertyRuns: number;
  profile: string;
  /** `should` rules decide the verdict too. */
  strict: boolean;
  /** A `must` rule out of scope makes the verdict INCONCLUSIVE (--full-scope). */
  fullScope: boolean;
  /** What the target was given: the certificate's scope is read off it (blob merges keep it here). */
  capabilities: Record<Capability, CapabilityState>;
  collectionPeriodMs: number;
  /** Deliveries anyone on the listener's network could post (webhooks/exposure.ts): the scope names it. */
  listenerExposure?: string;
  /** --rules and --only: a merge of shards leaves out what the run left out, for the reason it did. */
  selection?: { rules?: string; suites?: string };
}

export interface RunSettings extends HarnessConfig {
  baseUrl: string;
  apiKey: string;
  /** The embedded reference is the target. */
  embedded: boolean;
  /** Tags what this run creates, so lockers (which cannot be deleted) are recognisable. */
  runId: string;
  /** Query endpoint of the run's webhook listener, when one is running. */
  webhookInbox?: string;
  /** How often the target sends CollectionNotification: a day (§6) unless the run knows better. */
  collectionPeriodMs: number;
  capabilities: Record<Capability, CapabilityState>;
  /** The run's own scratch directory (what has failed so far, shared by the workers); removed at the end. */
  scratchDir: string;
  /** The rule patterns (--rules) and suites (--only) the run was restricted to. */
  selection: { rules?: string; suites?: string };
  report: RunFacts;
}

/**
 * One environment variable carries the JSON. Playwright's workers inherit the main process's
 * environment, so nothing is written to disk and nothing needs cleaning up: the keys in the value
 * never land in a file (reports/ is what CI uploads).
 */
const RUN_SETTINGS_VARIABLE = 'CIS_RUN_SETTINGS';
/**
 * Several runs judged by one Playwright run (the self-test's batches: one embedded reference per
 * fault), by name; each test names its own with the `run` option (fixture-parts/target-fixtures.ts).
 */
const RUNS_VARIABLE = 'CIS_RUN_SETTINGS_BY_RUN';
/** The report facts again, in the config's metadata: blob reports keep it, and merge-reports runs no global setup. */
const RUN_FACTS_METADATA = 'carrierConformanceRun';
const DAY_MS = 24 * 60 * 60 * 1000;

function capabilities(
  config: HarnessConfig,
  allowWrites: boolean,
  webhookInbox: string | undefined,
  collectionPeriodMs: number,
): RunSettings['capabilities'] {
  const production = config.env === 'production';
  // `missing` is what the pre-flight names first: the variable, flag or profile member not given.
  const has = (available: boolean, missing: string, reason: string) =>
    available ? { available, reason: '' } : { available, reason, missing };
  return {
    writes: has(
      !production || allowWrites,
      'CIS_ENV=production without --allow-writes',
      'CIS_ENV=production: operations that write are not run (pass --allow-writes to run them)',
    ),
    secondKey: has(
      !!config.apiKey2,
      'no CIS_API_KEY_2',
      'CIS_API_KEY_2 is not set: rules between two carriers need a second carrier key',
    ),
    network: has(
      !!config.networkUid,
      'no CIS_NETWORK_UID',
      'CIS_NETWORK_UID is not set: network rules need a network of the carrier',
    ),
    trigger: production
      ? has(
          false,
          'CIS_ENV=production (the triggers are staging only)',
          'CIS_ENV=production: the trigger operations are staging only',
        )
      : has(
          !!config.mockBaseUrl,
          'no CIS_MOCK_BASE_URL',
          'CIS_MOCK_BASE_URL is not set: trigger operations need the staging mock base address',
        ),
    webhooks: has(
      !!webhookInbox,
      'no CIS_WEBHOOK_LISTEN',
      'no webhook listener the target can reach (a remote target needs CIS_WEBHOOK_LISTEN)',
    ),
    statusProfile: has(
      !!config.profile.lockerStatus,
      'no lockerStatus in CIS_PROFILE',
      'the PATCH /lockers/status body is not shown by the spec and CIS_PROFILE does not state it',
    ),
    collectionPeriod: has(
      collectionPeriodMs < DAY_MS,
      'no CIS_COLLECTION_PERIOD_MS',
      "CollectionNotification is sent once a day (§6): set CIS_COLLECTION_PERIOD_MS (or the profile's " +
        "collectionPeriodMs) to an accelerated staging's period",
    ),
  };
}

/**
 * The settings of a run against the target `config` names. `env` gives what the CLI passes on
 * besides the target: --allow-writes, --rules, --only, and a run id to reuse.
 */
export function resolveRunSettings(
  config: HarnessConfig & { baseUrl: string; apiKey: string },
  run: {
    embedded: boolean;
    scratchDir: string;
    webhookInbox?: string;
    collectionPeriodMs?: number;
    pushWithinMs?: number;
  },
  env: NodeJS.ProcessEnv = process.env,
): RunSettings {
  const rules = env['CIS_RUN_RULES'];
  const suites = env['CIS_RUN_ONLY'];
  // What the user declares wins: the reference reports the period it was started with.
  const collectionPeriodMs = config.collectionPeriodMs ?? run.collectionPeriodMs ?? DAY_MS;
  const given = capabilities(config, env['CIS_ALLOW_WRITES'] === '1', run.webhookInbox, collectionPeriodMs);
  const listenerExposure = unauthenticatedListener(config);
  // An embedded reference declares how soon it pushes, as it declares its period; a wait given wins.
  const webhookWaitMs = config.webhookWaitGiven ? config.webhookWaitMs : (run.pushWithinMs ?? config.webhookWaitMs);
  return {
    ...config,
    webhookWaitMs,
    embedded: run.embedded,
    scratchDir: run.scratchDir,
    runId: env['CIS_RUN_ID'] ?? `cc${Date.now().toString(36)}${randomBytes(2).toString('hex')}`,
    ...(run.webhookInbox ? { webhookInbox: run.webhookInbox } : {}),
    collectionPeriodMs,
    capabilities: given,
    selection: { ...(rules ? { rules } : {}), ...(suites ? { suites } : {}) },
    report: {
      target: run.embedded ? 'embedded reference' : 'remote target',
      baseUrl: config.baseUrl,
      ...(config.mockBaseUrl ? { mockBaseUrl: config.mockBaseUrl } : {}),
      environment: config.env,
      seed: config.seed ?? 'random',
      propertyRuns: config.propertyRuns,
      profile: config.profile.name ?? config.profilePath ?? 'default',
      strict: config.strict,
      fullScope: config.fullScope,
      capabilities: given,
      collectionPeriodMs,
      ...(listenerExposure ? { listenerExposure } : {}),
      ...(rules || suites ? { selection: { ...(rules ? { rules } : {}), ...(suites ? { suites } : {}) } } : {}),
    },
  };
}

/** Hands the settings to the workers and this process's reporter, and the report facts to blob reports. */
export function publishRunSettings(settings: RunSettings, config: FullConfig): void {
  process.env[RUN_SETTINGS_VARIABLE] = JSON.stringify(settings);
  config.metadata[RUN_FACTS_METADATA] = settings.report;
}

/**
 * Hands the settings of several runs, by name, to the workers and this process's reporters: written to `file`,
 * which the variable names (a variable of its own is bounded, 128 KB on Linux: some 40 runs).
 */
export function publishRuns(runs: Record<string, RunSettings>, file: string): void {
  writeFileSync(file, JSON.stringify(runs));
  process.env[RUNS_VARIABLE] = file;
}

/** Read once per process: every test of a batch asks for its run's settings. */
let runsRead: { file: string; runs: Record<string, RunSettings> } | undefined;

function publishedRun(run: string): RunSettings {
  const file = process.env[RUNS_VARIABLE];
  if (file && runsRead?.file !== file)
    runsRead = { file, runs: JSON.parse(readFileSync(file, 'utf8')) as Record<string, RunSettings> };
  const settings = file ? runsRead?.runs[run] : undefined;
  if (!settings)
    throw new Error(
      `no run settings for the run "${run}": the test names a run its Playwright run's global setup did not ` +
        `publish (publishRuns)`,
    );
  return settings;
}

function published(run?: string): RunSettings | undefined {
  if (run !== undefined) return publishedRun(run);
  const json = process.env[RUN_SETTINGS_VARIABLE];
  if (!json) return undefined;
  try {
    return JSON.parse(json) as RunSettings;
  } catch {
    throw new Error(
      `${RUN_SETTINGS_VARIABLE} is not the JSON global setup writes; it is the run's own variable, not one to set`,
    );
  }
}

/** The settings in a worker (of the named run, in a batch); outside a run of playwright.config.ts there are none. */
export function runSettings(run?: string): RunSettings {
  const settings = published(run);
  if (!settings)
    throw new Error(
      'no run settings: run through Playwright with playwright.config.ts, whose global setup resolves them',
    );
  return settings;
}

/**
 * What the reporter knows of the run: the settings where global setup ran in this process; in a merge
 * of blob reports only the facts the blobs kept; neither when the run never started (--list).
 */
export function reportedRun(config: FullConfig, run?: string): { settings?: RunSettings; facts?: RunFacts } {
  const settings = published(run);
  if (settings) return { settings, facts: settings.report };
  const facts = config.metadata[RUN_FACTS_METADATA] as RunFacts | undefined;
  return facts ? { facts } : {};
}
