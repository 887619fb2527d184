// A target profile states the target's choices where the specification says "not shown" (CIS_PROFILE).
// The list envelope is detected from the answers, never configured.
import { readFileSync } from 'node:fs';
import { ajv } from '../spec/ajv';
import type { PagingProfile } from './pages';

export interface TargetProfile {
  name?: string;
  /** PATCH /lockers/status (§4.5 shows no request shape): a JSON body template with {uid} and {status}. */
  lockerStatus?: {
    request: Record<string, unknown>;
    /** Two statuses the target accepts, so a change can be made and undone. */
    statuses: [string, string];
  };
  /** PATCH /parcels/{parcelId} (§4.9 shows neither the id kind nor the body). */
  cancel: {
    pathId: 'carrierParcelId' | 'shipmentUid';
    body?: Record<string, unknown> | null;
  };
  /** The staging trigger (§4.11): the carrier_name of this key, when it is not the lockers' ownedByCarrier. */
  trigger?: { carrierName?: string };
  /** The list paging scheme, where the answers do not show one (§4.2, §4.8: pagination not shown). */
  pagination?: PagingProfile;
  /** How often the target sends CollectionNotification, when not once a day (an accelerated staging). */
  collectionPeriodMs?: number;
}

export const DEFAULT_PROFILE: TargetProfile = { cancel: { pathId: 'carrierParcelId', body: null } };

const validateProfile = ajv.compile({
  type: 'object',
  properties: {
    $schema: { type: 'string' },
    name: { type: 'string' },
    lockerStatus: {
      type: 'object',
      required: ['request', 'statuses'],
      properties: {
        request: { type: 'object' },
        statuses: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 2, maxItems: 2 },
      },
      additionalProperties: false,
    },
    cancel: {
      type: 'object',
      required: ['pathId'],
      properties: {
        pathId: { enum: ['carrierParcelId', 'shipmentUid'] },
        body: { type: ['object', 'null'] },
      },
      additionalProperties: false,
    },
    trigger: {
      type: 'object',
      properties: { carrierName: { type: 'string', minLength: 1 } },
      additionalProperties: false,
    },
    collectionPeriodMs: { type: 'integer', minimum: 1 },
    pagination: {
      type: 'object',
      properties: {
        pageParam: { type: 'string', minLength: 1 },
        offsetParam: { type: 'string', minLength: 1 },
        sizeParam: { type: 'string', minLength: 1 },
        size: { type: 'integer', minimum: 1 },
        firstPage: { enum: [0, 1] },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
});

/** Reads and checks a profile file; throws one message naming the file and the first problem. */
export function readProfile(path: string): TargetProfile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`CIS_PROFILE: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}); give the path of a JSON target profile`, { cause: error });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`CIS_PROFILE: ${path} is not valid JSON (${(error as Error).message})`, { cause: error });
  }
  if (!validateProfile(data)) {
    const e = validateProfile.errors![0]!;
    const where = e.instancePath || '(top level)';
    const detail = e.keyword === 'additionalProperties' ? `has the unknown member ${String(e.params['additionalProperty'])}` : e.message;
    throw new Error(`CIS_PROFILE: ${path} ${where} ${detail}; see README.md, "Target profile"`);
  }
  const profile = data as Partial<TargetProfile>;
  return { ...DEFAULT_PROFILE, ...profile, cancel: { ...DEFAULT_PROFILE.cancel, ...profile.cancel } };
}

/** The status request body for a locker, from the profile's template. */
export function lockerStatusBody(profile: TargetProfile, uid: string, status: string): unknown {
  const template = JSON.stringify(profile.lockerStatus?.request ?? {});
  return JSON.parse(template.replaceAll('{uid}', uid.replaceAll('"', '\\"')).replaceAll('{status}', status.replaceAll('"', '\\"')));
}
