// §4.1–4.5: create, list, update lockers, provider catalogue, locker status.
import { staleWrite } from '../in-flight';
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { ApiError, badRequest, notFound } from '../errors';
import type { LockerRecord, LockerWriteBody, StoredLocker } from '../model';
import { DEFAULT_COMPARTMENTS, PROVIDER_MODELS } from '../seed';
import { checkGroups, checkOpeningHours } from './locker-checks';

/** Fault duplicate-uid-concurrent: how long the awaited write of a new locker takes. */
const RACING_WRITE_MS = 25;

const NO_FEATURES = { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null };
const DEFAULT_OPENING_HOURS = { accessMode: 'ALWAYS', exceptions: [] };
const ALWAYS_WITH_SCHEDULE = {
  accessMode: 'ALWAYS',
  weeklySchedule: [{ day: 'MONDAY', from: '08:00', to: '20:00' }],
  exceptions: [],
};

// carrier.lockerId is how the by-tenant publish path finds a locker (§4.7), so one carrier's
// lockers keep it unique.
function checkLockerIdFree(app: ReferenceApp, carrier: string, lockerId: string, except?: string): void {
  const taken = app.state
    .lockerRecordsOwnedBy(carrier)
    .some((r) => r.carrier.lockerId === lockerId && r.uid !== except);
  if (taken) throw badRequest('LOCKER_ID_TAKEN', `carrier.lockerId "${lockerId}" is already used by another locker`);
}

/** Fault x45-features-false-as-null: each feature stored as `sent || null`, so false becomes null. */
function storedFeatures(app: ReferenceApp, features: LockerRecord['features']): LockerRecord['features'] {
  const copy = structuredClone(features);
  return app.fault('x45-features-false-as-null')
    ? Object.fromEntries(Object.entries(copy).map(([k, v]) => [k, v || null]))
    : copy;
}

/** Fault x45-activation-date-truncated-to-day: the date-time kept in a DATE column, read back as midnight UTC. */
function storedActivationDate(app: ReferenceApp, sent: string): string {
  if (!app.fault('x45-activation-date-truncated-to-day') || Number.isNaN(Date.parse(sent))) return sent;
  return `${new Date(Date.parse(sent)).toISOString().slice(0, 10)}T00:00:00Z`;
}

/** Fault x45-provider-filter-like-wildcards: providerName used as a LIKE pattern, unescaped (_ any one character, % any
 * run). */
function likePattern(value: string): RegExp {
  const body = [...value]
    .map((c) => (c === '%' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`, 's');
}

/** Faults of the boundary values: a column too narrow, a text encoding too small, an over-strict filter. */
function boundaryFaults(app: ReferenceApp, body: LockerWriteBody): void {
  if (app.fault('create-long-lockername-500') && body.carrier!.lockerName.length > 255) {
    throw new ApiError(500, 'INTERNAL_ERROR', 'value too long for column locker_name (255)');
  }
  if (
    app.fault('create-non-ascii-city-500') &&
    [...String(body.location!['city'])].some((c) => c.charCodeAt(0) > 0x7f)
  ) {
    throw new ApiError(500, 'INTERNAL_ERROR', 'cannot encode location.city');
  }
  const strings = [...Object.values(body.carrier ?? {}), ...Object.values(body.location ?? {})];
  if (
    app.fault('create-refuses-emoji') &&
    strings.some((v) => typeof v === 'string' && /\p{Extended_Pictographic}/u.test(v))
  ) {
    throw badRequest('VALIDATION_FAILED', 'emoji are not accepted');
  }
}

export function createLocker(app: ReferenceApp, ctx: RequestContext): Reply | Promise<Reply> {
  const body = app.validate('LockerCreateRequest', ctx.body) as LockerWriteBody;
  const sentCarrier = body.carrier!;
  boundaryFaults(app, body);
  if (app.fault('create-requires-location-type') && body.location?.['type'] === undefined) {
    throw badRequest('VALIDATION_FAILED', '/location/type is required');
  }
  checkOpeningHours(app, body, 'create');
  try {
    checkGroups(app, body.lockerGroups);
  } catch (error) {
    // Fault rejected-create-stores: the record is written before the groups are checked.
    if (app.fault('rejected-create-stores')) {
      const locker = newLocker(app, ctx, body);
      app.state.lockers.set(locker.record.uid, locker);
    }
    throw error;
  }
  checkLockerIdFree(app, ctx.carrier.name, sentCarrier.lockerId);
  if (app.fault('duplicate-uid-concurrent')) return createWithRacingUid(app, ctx, body);
  const locker = newLocker(app, ctx, body);
  // Fault lockername-cut-at-255: stored in a VARCHAR(255) that cuts silently; the answer echoes the request.
  const sentName = locker.record.carrier.lockerName;
  if (app.fault('lockername-cut-at-255')) locker.record.carrier.lockerName = [...sentName].slice(0, 255).join('');
  app.state.lockers.set(locker.record.uid, locker);
  return created(app, locker, sentName);
}

function created(app: ReferenceApp, locker: StoredLocker, sentName?: string): Reply {
  app.emitLockerUpdate(locker, 'create');
  const view = app.lockerView(locker);
  if (sentName !== undefined) view.carrier.lockerName = sentName;
  return { status: app.fault('create-answers-200') ? 200 : 201, body: view };
}

/**
 * Fault duplicate-uid-concurrent: the uid is read as the next free one (the highest so far plus one)
 * before the record's write, which is awaited, and taken only once the write is done. Creates in flight
 * together read the same uid: each is answered 201 with it, and the last write replaces the others.
 */
async function createWithRacingUid(app: ReferenceApp, ctx: RequestContext, body: LockerWriteBody): Promise<Reply> {
  const uid = app.state.peekLockerUid();
  await new Promise((resolve) => setTimeout(resolve, RACING_WRITE_MS));
  const locker = newLocker(app, ctx, body, uid);
  app.state.lockers.set(uid, locker);
  app.state.lockerUidTaken(uid);
  return created(app, locker);
}

/** The stored locker a create request makes, under a new uid. */
function newLocker(
  app: ReferenceApp,
  ctx: RequestContext,
  body: LockerWriteBody,
  uid = app.state.newLockerUid(),
): StoredLocker {
  const sentCarrier = body.carrier!;
  const sentProvider = body.provider!;
  const record: LockerRecord = {
    uid,
    carrier: {
      lockerName: app.fault('create-echo-lockername') ? 'Locker' : sentCarrier.lockerName,
      lockerId: sentCarrier.lockerId,
      activationDate: storedActivationDate(app, sentCarrier.activationDate),
      status: sentCarrier.status ?? 'ACTIVE',
    },
    provider: {
      name: sentProvider.name,
      lockerModel: sentProvider.lockerModel,
      lockerVersion: sentProvider.lockerVersion,
      lockerName: sentProvider.lockerName ?? sentCarrier.lockerName,
      // The provider-side id differs from the platform uid, as the trigger requires (§4.11).
      lockerUid: sentProvider.lockerUid ?? `PL-${uid}`,
      status: sentProvider.status ?? 'ACTIVE',
    },
    location: structuredClone(body.location!),
    features: storedFeatures(app, body.features ?? NO_FEATURES),
    openingHours: structuredClone(
      body.openingHours ?? (app.fault('oh-always-with-schedule') ? ALWAYS_WITH_SCHEDULE : DEFAULT_OPENING_HOURS),
    ),
    metadata: structuredClone(body.metadata ?? []),
    ownedByCarrier: ctx.carrier.name,
    compartmentTypes: DEFAULT_COMPARTMENTS.map((c) => ({ ...c })),
  };
  return { record, lockerGroups: structuredClone(body.lockerGroups ?? []), createdAs: sentCarrier.lockerId };
}

export function listLockers(app: ReferenceApp, ctx: RequestContext): Reply {
  const providerName = ctx.query.get('providerName');
  const ignoreFilter = app.fault('list-ignores-provider-filter');
  const like =
    providerName !== null && app.fault('x45-provider-filter-like-wildcards') ? likePattern(providerName) : undefined;
  // Choice listLagMs: each locker as it was written that long ago, and none written since.
  let lockers = app.state
    .visibleLockers(ctx.carrier.name)
    .flatMap((l) => {
      const shown = app.lag.shown(l, l.record);
      return shown === l.record ? [l] : shown ? [{ ...l, record: shown }] : [];
    })
    .filter(
      (l) =>
        ignoreFilter ||
        providerName === null ||
        (like ? like.test(l.record.provider.name) : l.record.provider.name === providerName),
    );
  if (app.fault('list-hides-newest')) {
    const newest = Math.max(...lockers.map((l) => Number(l.record.uid)).filter((n) => n < 900000));
    lockers = lockers.filter((l) => Number(l.record.uid) !== newest);
  }
  const withCarriers = app.fault('list-carriers-array');
  const listed: (StoredLocker | string)[] = lockers;
  const view = (l: StoredLocker) =>
    app.fault('list-ascii-folding') ? asciiFolded(app.lockerView(l)) : app.lockerView(l);
  if (app.fault('list-entry-not-a-record')) listed.push(`locker ${lockers[0]?.record.uid ?? 0}`);
  return app.list(listed, ctx.query, (l) =>
    typeof l === 'string' ? l : withCarriers ? { ...view(l), carriers: [l.record.carrier] } : view(l),
  );
}

/** Fault list-ascii-folding: the list's serializer writes text as ASCII (accents dropped, other letters as ?), as a
 * Latin-1 era export did. */
function asciiFolded<T>(value: T): T {
  if (typeof value === 'string')
    return value
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/gu, '?') as T;
  if (Array.isArray(value)) return value.map(asciiFolded) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asciiFolded(v)])) as T;
  return value;
}

function ownedLockerOr404(app: ReferenceApp, ctx: RequestContext, uid: string): StoredLocker {
  // Fault lenient-locker-uid: the uid is read as far as it is digits, as parseInt would.
  const locker = app.state.ownedLocker(
    ctx.carrier.name,
    app.fault('lenient-locker-uid') ? (/^\d+/.exec(uid)?.[0] ?? uid) : uid,
  );
  if (!locker && !/^\d+$/.test(uid) && app.choices.malformedIdStatus === 400)
    throw badRequest('VALIDATION_FAILED', `uid "${uid}" is not a locker uid (digits)`);
  if (!locker && app.fault('update-unknown-400')) throw badRequest('INVALID_UID', `uid "${uid}" is not valid`);
  if (!locker) throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${uid}"`);
  return locker;
}

export function updateLocker(app: ReferenceApp, ctx: RequestContext): Reply | Promise<Reply> {
  if (!app.fault('update-lost-in-flight')) return applyUpdate(app, ctx);
  // Fault update-lost-in-flight: the record is read, the write awaited, and the record as read written
  // back with this update's change: what another request changed meanwhile (a member, the status) is lost.
  const locker = ownedLockerOr404(app, ctx, ctx.params['uid']!);
  return staleWrite(
    () => structuredClone(locker.record),
    (record) => (locker.record = record),
    () => applyUpdate(app, ctx),
  );
}

function applyUpdate(app: ReferenceApp, ctx: RequestContext): Reply {
  if (app.fault('update-unknown-200') && !app.state.ownedLocker(ctx.carrier.name, ctx.params['uid']!)) {
    return { status: 200, body: { uid: ctx.params['uid'], ...(ctx.body as object) } };
  }
  const locker = ownedLockerOr404(app, ctx, ctx.params['uid']!);
  const body = app.validate('LockerUpdateRequest', ctx.body) as LockerWriteBody;
  if (app.fault('update-requires-carrier') && !body.carrier)
    throw badRequest('VALIDATION_FAILED', '/carrier is required');
  checkOpeningHours(app, body, 'update');
  checkGroups(app, body.lockerGroups);
  if (body.carrier) checkLockerIdFree(app, ctx.carrier.name, body.carrier.lockerId, locker.record.uid);

  const record = locker.record;
  const statusBefore = record.carrier.status;
  const nameBefore = record.carrier.lockerName;
  if (body.carrier) {
    const sent = body.carrier;
    record.carrier = {
      lockerName: sent.lockerName,
      lockerId: sent.lockerId,
      activationDate: storedActivationDate(app, sent.activationDate),
      // Fault update-enables-locker: a carrier object sent without a status makes the locker ACTIVE again.
      status: sent.status ?? (app.fault('update-enables-locker') ? 'ACTIVE' : record.carrier.status),
    };
  }
  if (body.location && !app.fault('update-not-applied')) {
    record.location = {
      ...structuredClone(body.location),
      ...(app.fault('update-ignores-nested') ? { city: record.location.city } : {}),
    };
  }
  // Fault x45-update-empty-metadata-ignored: metadata applied only when it has entries, so [] changes nothing.
  const emptyIgnored = app.fault('x45-update-empty-metadata-ignored') && body.metadata?.length === 0;
  if (body.metadata && !emptyIgnored) record.metadata = structuredClone(body.metadata);
  else if (app.fault('update-drops-metadata')) record.metadata = [];
  if (body.features) record.features = storedFeatures(app, body.features);
  else if (app.fault('update-drops-features')) record.features = { ...NO_FEATURES };
  if (body.openingHours) record.openingHours = structuredClone(body.openingHours);
  // §2.1: groups stay as they are unless lockerGroups is sent.
  // Fault update-appends-groups: the assignments are inserted (on conflict of group uid, nothing) and the
  // ones not sent are not deleted: a new group for a key already held sits beside the old one.
  if (body.lockerGroups && app.fault('update-appends-groups')) {
    const held = new Set(locker.lockerGroups.map((g) => g.uid));
    locker.lockerGroups = [
      ...locker.lockerGroups,
      ...structuredClone(body.lockerGroups).filter((g) => !held.has(g.uid)),
    ];
  } else if (body.lockerGroups) locker.lockerGroups = structuredClone(body.lockerGroups);
  else if (app.fault('update-clears-groups')) locker.lockerGroups = [];
  // Fault update-name-not-stored: the answer shows the lockerName sent, the stored record keeps the one before.
  const sentName = body.carrier?.lockerName;
  if (sentName !== undefined && app.fault('update-name-not-stored')) record.carrier.lockerName = nameBefore;
  if (record.carrier.status !== statusBefore) app.emitLockerUpdate(locker, 'status', statusBefore);
  else app.lag.written(locker, record);
  const view = app.lockerView(locker);
  if (sentName !== undefined && app.fault('update-name-not-stored')) view.carrier.lockerName = sentName;
  return { status: 200, body: app.fault('update-legacy-carriers') ? { ...view, carriers: [view.carrier] } : view };
}

export function listProviders(app: ReferenceApp, ctx: RequestContext): Reply {
  if (app.fault('providers-not-a-list')) return { status: 200, body: { count: PROVIDER_MODELS.length } };
  const numeric = app.fault('providers-numeric-uid');
  // Fault x45-providers-one-version-per-provider: the catalogue gathered into a map keyed by provider name (the last
  // pair wins).
  const catalogue = app.fault('x45-providers-one-version-per-provider')
    ? [...new Map(PROVIDER_MODELS.map((p) => [p.providerName, p])).values()]
    : PROVIDER_MODELS;
  const extra = app.choices.extraFields ? { supportsLabelless: false } : {};
  if (app.choices.providerEntries === 'own-members') {
    return app.list(
      catalogue.map((p) => ({
        provider: { id: p.providerUid, label: p.providerName },
        model: `${p.lockerModel} v${p.lockerVersion}`,
        ...extra,
      })),
      ctx.query,
    );
  }
  return app.list(
    catalogue.map((p) => ({
      ...p,
      ...extra,
      ...(numeric ? { providerUid: Number(p.providerUid.replace(/\D/g, '')) } : {}),
    })),
    ctx.query,
  );
}

/** Fault status-toggles: each locker's status before its last change. */
const previousStatus = new WeakMap<StoredLocker, string>();

// §4.5 shows neither request nor response; the reference takes {uid, status} and answers the
// locker record, and answers 409 when the locker already has that status.
export function updateLockerStatus(app: ReferenceApp, ctx: RequestContext): Reply {
  const body = ctx.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('VALIDATION_FAILED', 'body must be an object with uid and status');
  }
  const [uidMember, statusMember] = (
    {
      'uid-status': ['uid', 'status'],
      'lockerUid-newStatus': ['lockerUid', 'newStatus'],
      'uid-active': ['uid', 'active'],
    } as const
  )[app.choices.statusBody];
  const uid = (body as Record<string, unknown>)[uidMember];
  const given = (body as Record<string, unknown>)[statusMember];
  if (typeof uid !== 'string') throw badRequest('VALIDATION_FAILED', `/${uidMember} is required and must be a string`);
  if (statusMember === 'active' && typeof given !== 'boolean')
    throw badRequest('VALIDATION_FAILED', '/active is required and must be a boolean');
  const status = typeof given === 'boolean' ? (given ? 'ACTIVE' : 'INACTIVE') : given;
  if (typeof status !== 'string' || status === '') {
    throw badRequest('VALIDATION_FAILED', `/${statusMember} is required and must be a non-empty string`);
  }
  const locker = ownedLockerOr404(app, ctx, uid);
  if (locker.record.carrier.status === status && !app.fault('status-toggles')) {
    if (!app.choices.conflictOnSameStatus) return { status: 200, body: app.lockerView(locker) };
    throw new ApiError(409, 'STATUS_UNCHANGED', `locker "${uid}" already has status "${status}"`);
  }
  if (app.fault('status-not-applied')) return { status: 200, body: app.lockerView(locker) };
  // Fault status-toggles: a "change" flips between the status before and the current one, whatever was asked.
  const flipped =
    app.fault('status-toggles') && locker.record.carrier.status === status
      ? (previousStatus.get(locker) ?? status)
      : status;
  const before = locker.record.carrier.status;
  previousStatus.set(locker, before);
  locker.record.carrier.status = flipped;
  app.emitLockerUpdate(locker, 'status', before);
  return { status: 200, body: app.lockerView(locker) };
}
