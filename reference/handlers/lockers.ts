// §4.1–4.5: create, list, update lockers, provider catalogue, locker status.
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { ApiError, badRequest, notFound } from '../errors';
import type { LockerGroup, LockerRecord, LockerWriteBody, StoredLocker } from '../model';
import { DEFAULT_COMPARTMENTS, PROVIDER_MODELS } from '../seed';
import { validateBody } from '../validation';

const NO_FEATURES = { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null };
const DEFAULT_OPENING_HOURS = { accessMode: 'ALWAYS', exceptions: [] };

/** §8: at most one group per type key. */
function checkGroups(groups: LockerGroup[] | undefined): void {
  const seen = new Set<string>();
  for (const group of groups ?? []) {
    if (seen.has(group.key)) {
      throw badRequest('DUPLICATE_GROUP_KEY', `lockerGroups has more than one group with key "${group.key}"`);
    }
    seen.add(group.key);
  }
}

// openingHours is not a member of the create or update request (§2.1); the reference accepts it
// as an extension and holds it to the record's rules.
function checkOpeningHours(body: LockerWriteBody): void {
  if (body.openingHours !== undefined) validateBody('OpeningHours', body.openingHours, '/openingHours');
}

// carrier.lockerId is how the by-tenant publish path finds a locker (§4.7), so one carrier's
// lockers keep it unique.
function checkLockerIdFree(app: ReferenceApp, carrier: string, lockerId: string, except?: string): void {
  const taken = app.state
    .lockerRecordsOwnedBy(carrier)
    .some((r) => r.carrier.lockerId === lockerId && r.uid !== except);
  if (taken) throw badRequest('LOCKER_ID_TAKEN', `carrier.lockerId "${lockerId}" is already used by another locker`);
}

export function createLocker(app: ReferenceApp, ctx: RequestContext): Reply {
  validateBody('LockerCreateRequest', ctx.body);
  const body = ctx.body as LockerWriteBody;
  const sentCarrier = body.carrier!;
  const sentProvider = body.provider!;
  checkOpeningHours(body);
  checkGroups(body.lockerGroups);
  checkLockerIdFree(app, ctx.carrier.name, sentCarrier.lockerId);

  const uid = app.state.newLockerUid();
  const record: LockerRecord = {
    uid,
    carrier: {
      lockerName: sentCarrier.lockerName,
      lockerId: sentCarrier.lockerId,
      activationDate: sentCarrier.activationDate,
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
    features: structuredClone(body.features ?? NO_FEATURES),
    openingHours: structuredClone(body.openingHours ?? DEFAULT_OPENING_HOURS),
    metadata: structuredClone(body.metadata ?? []),
    ownedByCarrier: ctx.carrier.name,
    compartmentTypes: DEFAULT_COMPARTMENTS.map((c) => ({ ...c })),
  };
  const locker: StoredLocker = { record, lockerGroups: structuredClone(body.lockerGroups ?? []) };
  app.state.lockers.set(uid, locker);
  app.emitLockerUpdate(locker);
  return { status: 201, body: app.lockerView(locker) };
}

export function listLockers(app: ReferenceApp, ctx: RequestContext): Reply {
  const providerName = ctx.query.get('providerName');
  const lockers = app.state
    .visibleLockers(ctx.carrier.name)
    .filter((l) => providerName === null || l.record.provider.name === providerName);
  return app.list(lockers.map((l) => app.lockerView(l)));
}

function ownedLockerOr404(app: ReferenceApp, ctx: RequestContext, uid: string): StoredLocker {
  const locker = app.state.ownedLocker(ctx.carrier.name, uid);
  if (!locker) throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${uid}"`);
  return locker;
}

export function updateLocker(app: ReferenceApp, ctx: RequestContext): Reply {
  const locker = ownedLockerOr404(app, ctx, ctx.params['uid']!);
  validateBody('LockerUpdateRequest', ctx.body);
  const body = ctx.body as LockerWriteBody;
  checkOpeningHours(body);
  checkGroups(body.lockerGroups);
  if (body.carrier) checkLockerIdFree(app, ctx.carrier.name, body.carrier.lockerId, locker.record.uid);

  const record = locker.record;
  const statusBefore = record.carrier.status;
  if (body.carrier) {
    const sent = body.carrier;
    record.carrier = {
      lockerName: sent.lockerName,
      lockerId: sent.lockerId,
      activationDate: sent.activationDate,
      status: sent.status ?? record.carrier.status,
    };
  }
  if (body.location) record.location = structuredClone(body.location);
  if (body.metadata) record.metadata = structuredClone(body.metadata);
  if (body.features) record.features = structuredClone(body.features);
  if (body.openingHours) record.openingHours = structuredClone(body.openingHours);
  // §2.1: groups stay as they are unless lockerGroups is sent.
  if (body.lockerGroups) locker.lockerGroups = structuredClone(body.lockerGroups);
  if (record.carrier.status !== statusBefore) app.emitLockerUpdate(locker);
  return { status: 200, body: app.lockerView(locker) };
}

export function listProviders(app: ReferenceApp): Reply {
  return app.list(PROVIDER_MODELS.map((p) => ({ ...p })));
}

// §4.5 shows neither request nor response; the reference takes {uid, status} and answers the
// locker record, and answers 409 when the locker already has that status.
export function updateLockerStatus(app: ReferenceApp, ctx: RequestContext): Reply {
  const body = ctx.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('VALIDATION_FAILED', 'body must be an object with uid and status');
  }
  const { uid, status } = body as { uid?: unknown; status?: unknown };
  if (typeof uid !== 'string') throw badRequest('VALIDATION_FAILED', '/uid is required and must be a string');
  if (typeof status !== 'string' || status === '') {
    throw badRequest('VALIDATION_FAILED', '/status is required and must be a non-empty string');
  }
  const locker = ownedLockerOr404(app, ctx, uid);
  if (locker.record.carrier.status === status) {
    throw new ApiError(409, 'STATUS_UNCHANGED', `locker "${uid}" already has status "${status}"`);
  }
  locker.record.carrier.status = status;
  app.emitLockerUpdate(locker);
  return { status: 200, body: app.lockerView(locker) };
}
