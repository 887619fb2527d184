// A target profile states the target's choices where the specification says "not shown" (CIS_PROFILE).
// The list envelope is detected from the answers, never configured.
import { readFileSync } from 'node:fs';
import { ajv } from '../../spec/ajv';
import type { PagingProfile } from '../http/pages';

export type CancelPathId = 'carrierParcelId' | 'shipmentUid';

/** One state a locker can be put in by PATCH /lockers/status. */
export interface LockerState {
  /** What the harness calls it (and puts for {status} in a request template). */
  name: string;
  /** The body, any JSON; "{uid}" and "{status}" in strings are replaced. */
  request: Record<string, unknown>;
  /** The status the locker record then shows (carrier.status or provider.status); the name when not given. */
  shows?: string;
}

export interface TargetProfile {
  name?: string;
  /**
   * PATCH /lockers/status (§4.5 shows no request shape). Either one template with {uid} and {status} and
   * two statuses, or two states, each with its own body (booleans and nested values allowed) and the
   * status the record then shows. Read profiles always carry both forms.
   */
  lockerStatus?: {
    request?: Record<string, unknown>;
    /** Two statuses the target accepts, so a change can be made and undone (the state names). */
    statuses: [string, string];
    states?: [LockerState, LockerState];
  };
  /** PATCH /parcels/{parcelId} (§4.9 shows neither the id kind nor the body); without pathId both are tried. */
  cancel: {
    pathId?: CancelPathId;
    body?: Record<string, unknown> | null;
  };
  /** The staging trigger (§4.11): values for this carrier where the lockers' own do not fit. */
  trigger?: { carrierName?: string; providerName?: string; providerLockerId?: string };
  /** The list paging scheme, where the answers do not show one (§4.2, §4.8: pagination not shown). */
  pagination?: PagingProfile;
  /** How often the target sends CollectionNotification, when not once a day (an accelerated staging). */
  collectionPeriodMs?: number;
}

export const DEFAULT_PROFILE: TargetProfile = { cancel: { body: null } };

const validateProfile = ajv.compile({
  type: 'object',
  properties: {
    $schema: { type: 'string' },
    name: { type: 'string' },
    lockerStatus: {
      type: 'object',
      properties: {
        request: { type: 'object' },
        statuses: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 2, maxItems: 2 },
        states: {
          type: 'array',
          minItems: 2,
          maxItems: 2,
          items: {
            type: 'object',
            required: ['name', 'request'],
            properties: {
              name: { type: 'string', minLength: 1 },
              request: { type: 'object' },
              shows: { type: 'string', minLength: 1 },
            },
            additionalProperties: false,
          },
        },
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
      properties: {
        carrierName: { type: 'string', minLength: 1 },
        providerName: { type: 'string', minLength: 1 },
        providerLockerId: { type: 'string', minLength: 1 },
      },
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
    throw new Error(
      `CIS_PROFILE: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}); give the path ` +
        `of a JSON target profile`,
      { cause: error },
    );
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
    const detail =
      e.keyword === 'additionalProperties'
        ? `has the unknown member ${String(e.params['additionalProperty'])}`
        : e.message;
    throw new Error(`CIS_PROFILE: ${path} ${where} ${detail}; see docs/checking-a-target.md, "Target profile"`);
  }
  const profile = data as Partial<TargetProfile>;
  const status = profile.lockerStatus;
  if (status && !status.states && !(status.request && status.statuses)) {
    throw new Error(
      `CIS_PROFILE: ${path} /lockerStatus needs either request and statuses, or two states; see ` +
        `docs/checking-a-target.md, "Target profile"`,
    );
  }
  const lockerStatus = profile.lockerStatus && withStates(profile.lockerStatus);
  return {
    ...DEFAULT_PROFILE,
    ...profile,
    ...(lockerStatus ? { lockerStatus } : {}),
    cancel: { ...DEFAULT_PROFILE.cancel, ...profile.cancel },
  };
}

/** Both forms of the status profile: states from a template and statuses, or statuses from states. */
function withStates(
  given: Partial<NonNullable<TargetProfile['lockerStatus']>>,
): NonNullable<TargetProfile['lockerStatus']> {
  if (given.states) return { ...given, states: given.states, statuses: [given.states[0].name, given.states[1].name] };
  const [first, second] = given.statuses!;
  const state = (name: string): LockerState => ({ name, request: given.request!, shows: name });
  return { ...given, statuses: [first, second], states: [state(first), state(second)] };
}

function stateNamed(profile: TargetProfile, name: string): LockerState {
  const state = profile.lockerStatus?.states?.find((s) => s.name === name);
  return state ?? { name, request: profile.lockerStatus?.request ?? {}, shows: name };
}

/** The status a locker record shows after the state `name` was set. */
export function lockerStatusShown(profile: TargetProfile, name: string): string {
  return stateNamed(profile, name).shows ?? name;
}

/**
 * The profile's state to set on a locker so that what its record shows changes: the first state whose
 * shown status the record shows neither as carrier.status nor as provider.status, else the second.
 * `shows` is the status to look for afterwards, in the record and in the LockerUpdates it causes.
 */
export function stateToSet(
  profile: TargetProfile,
  record: { carrier?: { status?: unknown }; provider?: { status?: unknown } } | undefined,
): { name: string; shows: string } {
  const [first, second] = profile.lockerStatus!.statuses;
  const shown = [record?.carrier?.status, record?.provider?.status];
  const name = shown.includes(lockerStatusShown(profile, first)) ? second : first;
  return { name, shows: lockerStatusShown(profile, name) };
}

/** The status request body that puts a locker in the state `status` names, from the profile. */
export function lockerStatusBody(profile: TargetProfile, uid: string, status: string): unknown {
  const template = JSON.stringify(stateNamed(profile, status).request);
  return JSON.parse(
    template.replaceAll('{uid}', uid.replaceAll('"', '\\"')).replaceAll('{status}', status.replaceAll('"', '\\"')),
  );
}
