// The composition root of a run against the embedded reference: the one module that knows both the
// harness and the reference. The harness never imports reference/, so it meets the reference only as
// a target at a base URL, like any other.
import { join } from 'node:path';
import { ConfigError, type HarnessConfig } from '../harness/config';
import { readProfile, type TargetProfile } from '../harness/profile';
import { ALTERNATIVE_CHOICES } from '../reference/choices';
import { checkFaultNames } from '../reference/faults';
import { DEFAULT_CARRIERS } from '../reference/options';
import { startReference } from '../reference/server';

const REFERENCE_PROFILE = join(__dirname, '..', 'reference', 'target-profile.json');
const ALTERNATIVE_PROFILE = join(__dirname, '..', 'reference', 'target-profile.alternative.json');
/** For the self-test: faults of the embedded reference, and its alternative conformant choices. */
const REFERENCE_FAULTS = 'CIS_REFERENCE_FAULTS';
const REFERENCE_CHOICES = 'CIS_REFERENCE_CHOICES';
/** Short enough that CollectionNotification arrives during a run (§6 says once per day). */
const EMBEDDED_COLLECTION_PERIOD_MS = 1500;

export interface EmbeddedTarget {
  /** The reference as the configuration names a target; it replaces whatever target the user gave. */
  target: Required<Pick<HarnessConfig, 'baseUrl' | 'mockBaseUrl' | 'apiKey' | 'apiKey2' | 'networkUid' | 'env'>>;
  /** The reference's own profile for the choices it runs with, for when the user gives none. */
  profile: { profilePath: string; profile: TargetProfile };
  collectionPeriodMs: number;
  /** The request count and mix, for `npm run bench`; no key is in it. */
  stats(): object;
  close(): Promise<void>;
}

function variant(env: NodeJS.ProcessEnv): { faults: string[]; alternative: boolean } {
  const faults = (env[REFERENCE_FAULTS] ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  try {
    checkFaultNames(faults);
  } catch (error) {
    throw new ConfigError([`${REFERENCE_FAULTS}: ${(error as Error).message}`]);
  }
  const choices = env[REFERENCE_CHOICES];
  if (choices && choices !== 'default' && choices !== 'alternative') {
    throw new ConfigError([`${REFERENCE_CHOICES}: "${choices}" is neither default nor alternative`]);
  }
  return { faults, alternative: choices === 'alternative' };
}

function referenceProfile(alternative: boolean): EmbeddedTarget['profile'] {
  const profilePath = alternative ? ALTERNATIVE_PROFILE : REFERENCE_PROFILE;
  try {
    return { profilePath, profile: readProfile(profilePath) };
  } catch (error) {
    throw new ConfigError([(error as Error).message]);
  }
}

/** Starts the reference with both carriers' webhooks going to the run's listener. */
export async function startEmbeddedTarget(options: { webhookUrl: string; webhookKey?: string }): Promise<EmbeddedTarget> {
  const { faults, alternative } = variant(process.env);
  const profile = referenceProfile(alternative);
  const reference = await startReference({
    carriers: DEFAULT_CARRIERS.map((c) => ({ ...c, webhookUrl: options.webhookUrl })),
    collectionPeriodMs: EMBEDDED_COLLECTION_PERIOD_MS,
    webhookRetryBaseDelayMs: 100,
    ...(options.webhookKey ? { webhookKey: options.webhookKey } : {}),
    faults,
    ...(alternative ? { choices: ALTERNATIVE_CHOICES } : {}),
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
    collectionPeriodMs: EMBEDDED_COLLECTION_PERIOD_MS,
    stats: () => reference.app.stats,
    close: () => reference.close(),
  };
}
