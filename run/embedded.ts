// The composition root of a run against the embedded reference: the one module that knows both the
// harness and the reference. The harness never imports reference/, so it meets the reference only as
// a target at a base URL, like any other.
import { join } from 'node:path';
import { ConfigError, type HarnessConfig } from '../harness/target/config';
import { readProfile, type TargetProfile } from '../harness/target/profile';
import { CHOICE_SETS, choiceSetName, type ChoiceSetName, type ReferenceChoices } from '../reference/choices';
import { checkFaultNames } from '../reference/faults';
import { DEFAULT_CARRIERS } from '../reference/options';
import type { StallSpec } from '../reference/options';
import { parseStall } from '../reference/staging';
import { startReference } from '../reference/server';
import { ROOT } from '../spec/root';

/** For the self-test: faults of the embedded reference, and which of its conformant choice sets it makes. */
const REFERENCE_FAULTS = 'CIS_REFERENCE_FAULTS';
/** The reference pushes as soon as it answered; a machine under two workers' load may take seconds more. */
const PUSH_MARGIN_MS = 5000;
const REFERENCE_CHOICES = 'CIS_REFERENCE_CHOICES';
/** `OPERATION[:N],…`: the Nth request to each operation is never answered (proves a test cut short is named). */
const REFERENCE_STALL = 'CIS_REFERENCE_STALL';
/** `shared`: every carrier's webhooks to one URL, as a build with one registration would send them. */
const REFERENCE_WEBHOOK_URLS = 'CIS_REFERENCE_WEBHOOK_URLS';
/** The paging of the choice set, changed: `spring` pages, and how many records a page holds at most. */
const REFERENCE_LIST_ENVELOPE = 'CIS_REFERENCE_LIST_ENVELOPE';
const REFERENCE_PAGE_SIZE = 'CIS_REFERENCE_PAGE_SIZE';
/** How long the lists lag a write, where not the choice set's (the self-test's shorter lag; reference/main.ts's
 * name). */
const REFERENCE_LIST_LAG = 'CIS_REFERENCE_LIST_LAG_MS';

function pagingOf(env: NodeJS.ProcessEnv): Partial<ReferenceChoices> {
  const envelope = env[REFERENCE_LIST_ENVELOPE];
  const size = env[REFERENCE_PAGE_SIZE];
  const lag = env[REFERENCE_LIST_LAG];
  const problems = [
    ...(lag !== undefined && !/^\d{1,5}$/.test(lag)
      ? [`${REFERENCE_LIST_LAG}: "${lag}" is not a whole number of milliseconds from 0 to 99999`]
      : []),
    ...(envelope !== undefined && !['array', 'content', 'paged', 'spring'].includes(envelope)
      ? [`${REFERENCE_LIST_ENVELOPE}: "${envelope}" is none of array, content, paged, spring`]
      : []),
    ...(size !== undefined && !/^[1-9]\d{0,3}$/.test(size)
      ? [`${REFERENCE_PAGE_SIZE}: "${size}" is not a whole number from 1 to 9999`]
      : []),
  ];
  if (problems.length) throw new ConfigError(problems);
  return {
    ...(envelope ? { listEnvelope: envelope as ReferenceChoices['listEnvelope'] } : {}),
    ...(size ? { pageSize: Number(size) } : {}),
    ...(lag !== undefined ? { listLagMs: Number(lag) } : {}),
  };
}

/**
 * Each choice set's profile, and its CollectionNotification period: short enough that one arrives
 * during a run (§6 says once per day). The staging-like set's is longer, as an accelerated staging
 * clock would be, so that the harness has to be told the period rather than guess it.
 */
const VARIANTS: Record<ChoiceSetName, { profile: string; collectionPeriodMs: number }> = {
  default: { profile: 'target-profile.json', collectionPeriodMs: 250 },
  alternative: { profile: 'target-profile.alternative.json', collectionPeriodMs: 250 },
  'staging-like': { profile: 'target-profile.staging-like.json', collectionPeriodMs: 1000 },
  independent: { profile: 'target-profile.independent.json', collectionPeriodMs: 250 },
  'serial-writes': { profile: 'target-profile.json', collectionPeriodMs: 250 },
  'reversed-members': { profile: 'target-profile.json', collectionPeriodMs: 250 },
};

export interface EmbeddedTarget {
  /** The reference as the configuration names a target; it replaces whatever target the user gave. */
  target: Required<Pick<HarnessConfig, 'baseUrl' | 'mockBaseUrl' | 'apiKey' | 'apiKey2' | 'networkUid' | 'env'>>;
  /** The reference's own profile for the choices it runs with, for when the user gives none. */
  profile: { profilePath: string; profile: TargetProfile };
  /** The CollectionNotification period the reference runs with. */
  collectionPeriodMs: number;
  /** How soon the reference pushes what it answered: its webhook latency, with a margin for a loaded machine. */
  pushWithinMs: number;
  /** The request count and mix, for `npm run bench`; no key is in it. */
  stats(): object;
  close(): Promise<void>;
}

function stallsOf(env: NodeJS.ProcessEnv): StallSpec[] {
  try {
    return (env[REFERENCE_STALL] ?? '')
      .split(',')
      .filter((t) => t.trim())
      .map(parseStall);
  } catch (error) {
    throw new ConfigError([`${REFERENCE_STALL}: ${(error as Error).message}`]);
  }
}

function variant(env: NodeJS.ProcessEnv): { faults: string[]; choices: ChoiceSetName; sharedWebhookUrl: boolean } {
  const faults = (env[REFERENCE_FAULTS] ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const urls = env[REFERENCE_WEBHOOK_URLS] || 'per-carrier';
  if (urls !== 'per-carrier' && urls !== 'shared')
    throw new ConfigError([
      `${REFERENCE_WEBHOOK_URLS}: "${urls}" is neither per-carrier (the default) nor shared (every carrier's ` +
        `webhooks to one URL)`,
    ]);
  try {
    checkFaultNames(faults);
  } catch (error) {
    throw new ConfigError([`${REFERENCE_FAULTS}: ${(error as Error).message}`]);
  }
  try {
    return { faults, choices: choiceSetName(env[REFERENCE_CHOICES] || 'default'), sharedWebhookUrl: urls === 'shared' };
  } catch (error) {
    throw new ConfigError([`${REFERENCE_CHOICES}: ${(error as Error).message}`]);
  }
}

function referenceProfile(choices: ChoiceSetName): EmbeddedTarget['profile'] {
  const profilePath = join(ROOT, 'reference', VARIANTS[choices].profile);
  try {
    return { profilePath, profile: readProfile(profilePath) };
  } catch (error) {
    throw new ConfigError([(error as Error).message]);
  }
}

/** Starts the reference with both carriers' webhooks going to the run's listener; `env` (the self-test's batches) names
 * its faults and choices. */
export async function startEmbeddedTarget(options: {
  webhookUrl: string;
  webhookKey?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<EmbeddedTarget> {
  const env = options.env ?? process.env;
  const { faults, choices, sharedWebhookUrl } = variant(env);
  const profile = referenceProfile(choices);
  const reference = await startReference({
    // One URL per carrier (§6: "a URL provided by the carrier"), so a delivery at the wrong one shows;
    // shared, one URL for both, where no delivery can show whose it was (WH-OWN-CARRIER not observable).
    carriers: DEFAULT_CARRIERS.map((c, i) => ({
      ...c,
      webhookUrl: sharedWebhookUrl
        ? options.webhookUrl
        : `${options.webhookUrl}/${i === 0 ? 'carrier-1' : 'carrier-2'}`,
    })),
    collectionPeriodMs: VARIANTS[choices].collectionPeriodMs,
    webhookRetryBaseDelayMs: 100,
    ...(options.webhookKey ? { webhookKey: options.webhookKey } : {}),
    faults,
    choices: { ...CHOICE_SETS[choices], ...pagingOf(env) },
    stalls: stallsOf(env),
  });
  const [first, second] = reference.app.options.carriers;
  return {
    target: {
      baseUrl: reference.baseUrl,
      mockBaseUrl: reference.mockBaseUrl,
      apiKey: first!.apiKey,
      apiKey2: second!.apiKey,
      networkUid: String(first!.networkUid),
      env: 'staging',
    },
    profile,
    collectionPeriodMs: reference.app.options.collectionPeriodMs,
    pushWithinMs: (reference.app.options.choices.webhookLatencyMs ?? 0) + PUSH_MARGIN_MS,
    stats: () => reference.app.stats,
    close: () => reference.close(),
  };
}
