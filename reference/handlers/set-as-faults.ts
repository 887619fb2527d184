// The points where the faults and variations of set AS change the service (reference/faults/ declares them, by area):
// each does what the service does with every one of them off, and names the faults that change it there. Called from
// locker-update.ts (the features an update applies), update-points.ts (the opening hours an update writes),
// create-points.ts (the opening hours a create writes), status-points.ts (a status written), push-points.ts (a
// LockerUpdates about to be sent), list-points.ts (each listed record), lockers.ts (the list's answer, a create's
// answer), networks.ts (a network member as registered), view-points.ts (a locker as every place shows it) and app.ts
// (the groups a record echoes).
import { type App, searchIndexOf } from '../faults/behaviour/shared';
import type { JsonObject, StoredLocker } from '../model';
import type { CarrierAccount } from '../options';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { echoedGroups } from './set-j-faults';

/** Fault sas-push-relay-splits-unicode-lines: where Python's str.splitlines() breaks that JSON writes unescaped. */
const UNICODE_LINE_BREAKS = /[\u0085\u2028\u2029]/;

// --- The LockerUpdates push (push-points.ts) ---

/** Variation ok-as-push-empty-arrays-omitted: the object without its empty arrays, at every depth of objects. */
function withoutEmptyArrays(value: Editable): void {
  for (const [member, inner] of Object.entries(value)) {
    if (Array.isArray(inner) && inner.length === 0) delete value[member];
    else if (isObject(inner)) withoutEmptyArrays(inner);
  }
}

/**
 * A LockerUpdates about to be sent to `owner`, edited in place; false where it is not sent as it is.
 * - Fault sas-filtered-list-partial-reindex: the locker events write the search document whole.
 * - Fault sas-create-push-skips-test-named-lockers: the created topic's filter of QA fixtures.
 * - Fault sas-push-metadata-last-entry-spliced: splice(findIndex(...), 1) with nothing found takes the last entry.
 * - Variation ok-as-push-empty-arrays-omitted: empty collections left out.
 * - Fault sas-push-relay-splits-unicode-lines: the relay posts each piece str.splitlines() makes.
 */
export function lockerPushBySetAS(
  app: App,
  locker: StoredLocker,
  owner: CarrierAccount,
  cause: 'create' | 'status' | 'update',
  body: Record<string, unknown>,
): boolean {
  const record = locker.record;
  if (app.fault('sas-filtered-list-partial-reindex') && cause !== 'update')
    searchIndexOf(app).indexed.set(
      record.uid,
      structuredClone({ metadata: record.metadata, features: record.features }),
    );
  if (app.fault('sas-create-push-skips-test-named-lockers') && cause === 'create')
    if ([record.carrier.lockerName, record.carrier.lockerId].some((v) => /test/i.test(v))) return false;
  const metadata = body['metadata'];
  if (app.fault('sas-push-metadata-last-entry-spliced') && Array.isArray(metadata))
    metadata.splice(
      metadata.findIndex((e: unknown) => isObject(e) && e['key'] === 'cis:source'),
      1,
    );
  if (app.fault('ok-as-push-empty-arrays-omitted')) withoutEmptyArrays(body);
  if (app.fault('sas-push-relay-splits-unicode-lines')) {
    const text = JSON.stringify(body);
    if (UNICODE_LINE_BREAKS.test(text)) {
      for (const line of text.split(UNICODE_LINE_BREAKS))
        if (line !== '') app.outbox.send(owner, undefined, { raw: line });
      return false;
    }
  }
  return true;
}

// --- A locker as every place shows it (view-points.ts) and the groups it echoes (app.ts) ---

/**
 * Variation ok-as-activation-date-lower-case-separators: activationDate with "t" and "z" in lower case (RFC 3339
 * §5.6).
 */
export function lockerViewBySetAS(app: Switches, record: Editable): void {
  const carrier = record['carrier'];
  if (!app.fault('ok-as-activation-date-lower-case-separators') || !isObject(carrier)) return;
  if (typeof carrier['activationDate'] === 'string')
    carrier['activationDate'] = carrier['activationDate'].replace('T', 't').replace(/Z$/, 'z');
}

/**
 * The groups a record echoes: set J's echoedGroups. Variation ok-as-groups-echoed-as-key-map: one uid per type key,
 * as an object.
 */
export function echoedGroupsBySetAS(app: App, locker: StoredLocker): JsonObject[] | JsonObject {
  const groups = echoedGroups(app, locker);
  if (!app.fault('ok-as-groups-echoed-as-key-map')) return groups;
  return Object.fromEntries(groups.map((g) => [String(g['key']), g['uid'] ?? null]));
}
