// §4.3 and §4.5: update a locker, change its status. Faults change both at named points (update-points.ts,
// status-points.ts); with every fault off each point does what the specification says.
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { ApiError, badRequest, notFound } from '../errors';
import type { StoredLocker } from '../model';
import { checkGroups, checkLockerIdFree, checkOpeningHours } from './locker-checks';
import { statusCarriedOut, statusPoints } from './status-points';
import { lookupPoints, updatePoints } from './update-points';
import {
  auditRedacted,
  groupsCheckLeftInCreate,
  lockerIdIndexedBeforeCheck,
  unchangedStatusPerRelease,
} from '../faults/behaviour/locker-update';
import { statusHeldForUnacknowledgedPush } from '../faults/behaviour/locker-status';

/** The carrier's locker of `uid`, or a 404 (§7: update locker, 404, JSON body). */
function ownedLockerOr404(app: ReferenceApp, ctx: RequestContext, uid: string): StoredLocker {
  const at = lookupPoints(app, ctx);
  const locker = at.byUid(uid);
  if (!locker && !/^\d+$/.test(uid) && app.choices.malformedIdStatus === 400)
    throw badRequest('VALIDATION_FAILED', `uid "${uid}" is not a locker uid (digits)`);
  if (!locker) at.unknown(uid);
  if (!locker) throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${uid}"`);
  at.found(locker, uid);
  return locker;
}

export function updateLocker(app: ReferenceApp, ctx: RequestContext): Reply | Promise<Reply> {
  const at = updatePoints(app, ctx, () => ownedLockerOr404(app, ctx, ctx.params['uid']!));
  return at.carriedOut(() => {
    const before = at.answeredBefore();
    if (before) return before;
    const locker = at.served(at.target() ?? ownedLockerOr404(app, ctx, ctx.params['uid']!));
    at.read(locker);
    const body = auditRedacted(app, at.validated()); // Fault sbf-update-audit-redacts-key-members
    const answered = at.checked(locker, body);
    if (answered) return answered;
    checkOpeningHours(app, body, 'update');
    // §8: at most one group per type key; a carrier.lockerId held by another of the carrier's lockers is refused.
    const refused = at.refusals(locker, () => {
      // Fault say-update-groups-check-left-in-create: the update's groups assigned unchecked.
      checkGroups(app, groupsCheckLeftInCreate(app, at.groupsChecked(locker, body)));
      // Fault sbh-by-tenant-index-moved-by-refused-update: the index entry written before the check.
      if (body.carrier)
        lockerIdIndexedBeforeCheck(app, ctx.carrier.name, locker, body.carrier.lockerId, () =>
          checkLockerIdFree(app, ctx.carrier!.name, body.carrier!.lockerId, at.selfUid(locker)),
        );
    });
    if (refused) return refused;
    at.beforeWrite(locker, body);

    // What the body names is written; what it leaves out stays as it was (§4.3).
    const record = locker.record;
    const statusBefore = record.carrier.status;
    const nameBefore = record.carrier.lockerName;
    if (body.carrier) {
      const sent = body.carrier;
      record.carrier = {
        lockerName: at.lockerName(record.carrier.lockerName, sent.lockerName),
        lockerId: sent.lockerId,
        activationDate: at.activationDate(record.carrier.activationDate, sent.activationDate),
        status: at.status(record.carrier.status, sent.status),
      };
      at.carrierWritten(record);
    }
    record.location = at.location(record.location, body.location);
    record.metadata = at.metadata(locker, body.metadata);
    record.features = at.features(record.features, at.featuresSent(body));
    record.openingHours = at.openingHours(record.openingHours, body.openingHours);
    locker.lockerGroups = at.groups(locker, body.lockerGroups);
    at.written(locker, body, nameBefore);
    // §6: a status change is pushed; an update that changed none is not.
    if (record.carrier.status !== statusBefore) app.emitLockerUpdate(locker, 'status', statusBefore);
    else if (at.pushed()) app.emitLockerUpdate(locker, 'update');
    else app.lag.written(locker, record);
    return at.answered(locker, body);
  });
}

// §4.5 shows neither request nor response; the reference takes {uid, status} and answers the
// locker record, and answers 409 when the locker already has that status.
export function updateLockerStatus(app: ReferenceApp, ctx: RequestContext): Reply {
  return statusCarriedOut(app, ctx, (caller) => changeLockerStatus(app, caller));
}

function changeLockerStatus(app: ReferenceApp, ctx: RequestContext): Reply {
  const at = statusPoints(app, ctx);
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
  const locker = at.target(uid) ?? ownedLockerOr404(app, ctx, uid);
  at.found(locker);
  statusHeldForUnacknowledgedPush(app, locker); // Fault sbh-status-held-while-push-undelivered
  const deferred = at.deferred(locker, status, () => updateLockerStatus(app, ctx));
  if (deferred) return deferred;
  if (at.current(locker.record) === status && at.guarded()) {
    // Variation ok-bb-status-unchanged-per-release: the new release's pods answer 200.
    if (!app.choices.conflictOnSameStatus || unchangedStatusPerRelease(app)) return at.unchanged(locker);
    throw new ApiError(409, 'STATUS_UNCHANGED', `locker "${uid}" already has status "${status}"`);
  }
  at.beforeWrite(locker);
  const unwritten = at.unwritten(locker);
  if (unwritten) return unwritten;
  const before = locker.record.carrier.status;
  locker.record.carrier.status = at.status(locker, status);
  at.written(locker, before, locker.record.carrier.status);
  if (at.pushed(locker)) app.emitLockerUpdate(locker, 'status', before);
  at.afterPush(locker, before);
  return at.answered(locker, before);
}
