// Reading the flags of `npm run reference`: whole numbers, URLs and the staging settings. A bad value is a
// UsageError, which main.ts reports as one line naming the flag.
import type { ReferenceChoices } from './choices';
import type { StallSpec } from './options';
import { parseStall } from './staging';

export const MAX_LATENCY_MS = 60_000;
export const MAX_PAGE_SIZE_FLAG = 1000;
export const MAX_SEED_LOCKERS = 50_000;
export const MAX_SEED_PARCELS = 10_000;

export class UsageError extends Error {}

/** A whole number from min to max, or the fallback when not given; `what` names its unit in the message. */
export function bounded(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
  what: string,
): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`${name} must be a whole number of ${what} from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

/** The staging settings: the choice set's paging and seeds as the flags change them, and the stalls. */
export function stagingSettings(
  values: Record<string, string | string[] | boolean | undefined>,
  env: NodeJS.ProcessEnv,
  base: ReferenceChoices,
) {
  const flag = (name: string, variable: string) => (values[name] as string | undefined) ?? env[variable];
  const latencyMs = bounded(
    '--latency-ms',
    flag('latency-ms', 'CIS_REFERENCE_LATENCY_MS'),
    0,
    0,
    MAX_LATENCY_MS,
    'milliseconds',
  );
  const envelopeText = flag('list-envelope', 'CIS_REFERENCE_LIST_ENVELOPE');
  if (envelopeText !== undefined && envelopeText !== 'paged' && envelopeText !== 'spring') {
    throw new UsageError(
      `--list-envelope: "${envelopeText}" is neither paged (pages of items) nor spring (Spring Data's ` +
        `{content, page: {size, number, totalElements, totalPages}})`,
    );
  }
  const listEnvelope = (envelopeText as 'paged' | 'spring' | undefined) ?? base.listEnvelope;
  const pageSizeText = flag('page-size', 'CIS_REFERENCE_PAGE_SIZE');
  const pageSize = bounded('--page-size', pageSizeText, base.pageSize, 1, MAX_PAGE_SIZE_FLAG, 'records per page');
  const maxText = flag('max-page-size', 'CIS_REFERENCE_MAX_PAGE_SIZE');
  const maxPageSize = bounded(
    '--max-page-size',
    maxText,
    pageSize,
    pageSize,
    MAX_PAGE_SIZE_FLAG,
    'records per page, at least --page-size',
  );
  if ((pageSizeText || maxText) && listEnvelope !== 'paged' && listEnvelope !== 'spring') {
    throw new UsageError(
      `--${pageSizeText ? 'page-size' : 'max-page-size'} applies to paged lists, and these choices answer ` +
        `lists unpaged: use it with --choices staging-like`,
    );
  }
  const seededThirdPartyLockers = bounded(
    '--seed-lockers',
    flag('seed-lockers', 'CIS_REFERENCE_SEED_LOCKERS'),
    base.seededThirdPartyLockers,
    0,
    MAX_SEED_LOCKERS,
    'lockers',
  );
  const seededParcelsPerCarrier = bounded(
    '--seed-parcels',
    flag('seed-parcels', 'CIS_REFERENCE_SEED_PARCELS'),
    base.seededParcelsPerCarrier,
    0,
    MAX_SEED_PARCELS,
    'parcels per carrier',
  );
  if (seededParcelsPerCarrier > 0 && seededThirdPartyLockers === 0) {
    throw new UsageError(
      '--seed-parcels needs at least one seeded third-party locker to book them into (--seed-lockers 1 or more)',
    );
  }
  const awaitingText = values['seed-awaiting-courier'] === true ? '1' : env['CIS_REFERENCE_SEED_AWAITING_COURIER'];
  if (awaitingText !== undefined && awaitingText !== '' && awaitingText !== '1' && awaitingText !== '0') {
    throw new UsageError(`CIS_REFERENCE_SEED_AWAITING_COURIER must be 1 or 0, got "${awaitingText}"`);
  }
  const seededAwaitingCourier = awaitingText === '1';
  if (seededAwaitingCourier && seededParcelsPerCarrier === 0) {
    throw new UsageError(
      '--seed-awaiting-courier needs past parcels to seed (--seed-parcels 1 or more, or --choices staging-like)',
    );
  }
  const listLagMs = bounded(
    '--list-lag-ms',
    flag('list-lag-ms', 'CIS_REFERENCE_LIST_LAG_MS'),
    base.listLagMs,
    0,
    MAX_LATENCY_MS,
    'milliseconds',
  );
  const stallTexts =
    (values['stall'] as string[] | undefined) ?? (env['CIS_REFERENCE_STALL'] ?? '').split(',').filter((t) => t.trim());
  const stalls: StallSpec[] = stallTexts.map((text) => {
    try {
      return parseStall(text);
    } catch (error) {
      throw new UsageError(`--stall: ${(error as Error).message}`);
    }
  });
  return {
    latencyMs,
    stalls,
    choices: {
      ...base,
      listEnvelope,
      pageSize,
      maxPageSize,
      seededThirdPartyLockers,
      seededParcelsPerCarrier,
      seededAwaitingCourier,
      listLagMs,
    },
  };
}

export function integer(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) {
    throw new UsageError(`${name} must be a whole number of at least ${min}, got "${value}"`);
  }
  return Number(value);
}

export function url(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value;
  } catch {
    // reported below
  }
  throw new UsageError(`${name} must be an http(s) URL, got "${value}"`);
}
