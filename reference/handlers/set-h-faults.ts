// The points where the faults and variations of set H change the service: each function does what the
// service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in parcels.ts, cancel.ts, parcel-list.ts, trigger.ts, lockers.ts, locker-stored.ts,
// locker-update.ts, networks.ts, set-c-faults.ts, spec-set-d-points.ts and app.ts.
import { lockerLocks, mockPublishing } from '../faults/behaviour/shared';
import type { FaultPointApp } from '../request-types';
import type { Editable } from './fault-point-state';

/** Whether the staging mock is publishing a trigger event's push right now (fault sx-mock-push-utf8-bom reads it). */
export const mockIsPublishing = (app: FaultPointApp): boolean => mockPublishing.has(app);

/** Drops the null members of every object in a value, as a NON_NULL mapper writes it (arrays keep their items). */
function withoutNulls(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(withoutNulls);
  if (value === null || typeof value !== 'object') return;
  const members = value as Record<string, unknown>;
  for (const [member, inner] of Object.entries(members)) {
    if (inner === null) delete members[member];
    else withoutNulls(inner);
  }
}

/** A ParcelUpdates body as set H's faults write it, before it is sent. */
export function setHParcelPush(app: FaultPointApp, body: unknown): void {
  if (body === null || typeof body !== 'object') return;
  const push = body as Record<string, unknown>;
  // Fault sh-trigger-push-epoch-timestamp: the mock's mapper writes the instant as epoch milliseconds.
  if (
    app.fault('sh-trigger-push-epoch-timestamp') &&
    mockPublishing.has(app) &&
    typeof push['eventTimestamp'] === 'string'
  )
    push['eventTimestamp'] = Date.parse(push['eventTimestamp']);
  // Fault sh-parcel-push-nulls-omitted: the publisher's mapper leaves null members out, nested ones too.
  if (app.fault('sh-parcel-push-nulls-omitted')) withoutNulls(push);
}

/** A parcel record as every place shows it (list, cancel answer, push): set H's view faults. */
export function setHParcelView(app: FaultPointApp, record: Editable): void {
  // Fault sh-lock-state-per-locker: the lock state is read from the locker, the last booking's.
  const lock = lockerLocks.get(app)?.get(String(record['lockerUid']));
  if (app.fault('sh-lock-state-per-locker') && lock !== undefined) record['lockStatus'] = lock;
}

/** Fault sh-owner-is-api-key: a locker record as every place shows it, its owner named by the principal's key. */
export function setHLockerView(app: FaultPointApp, record: Editable): void {
  if (!app.fault('sh-owner-is-api-key') || typeof record['ownedByCarrier'] !== 'string') return;
  const owner = app.options.carriers.find((c) => c.name === record['ownedByCarrier']);
  if (owner) record['ownedByCarrier'] = owner.apiKey;
}
