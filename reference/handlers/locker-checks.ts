// What a create or update request is held to beyond its schema: one group per key (§8), one carrier.lockerId
// per carrier's locker, and openingHours, which no request table lists, to the record's rules (§2.1).
import type { ReferenceApp } from '../app';
import { badRequest } from '../errors';
import type { LockerGroup, LockerWriteBody } from '../model';
import { ruleForError } from '../../spec/attribution';
import { alwaysModeExceptionsRefused, groupKeyCheckedOnUid } from '../faults/behaviour/locker-writes';

/** §8: at most one group per type key. */
export function checkGroups(app: ReferenceApp, groups: LockerGroup[] | undefined): void {
  if (app.fault('groups-duplicate-keys') || groupKeyCheckedOnUid(app, groups)) return; // sbe-group-key-checked-on-uid
  // Fault sc-groups-key-check-adjacent: each group compared with the one before it only.
  const adjacentOnly = app.fault('sc-groups-key-check-adjacent');
  const seen = new Set<string>();
  for (const group of groups ?? []) {
    if (seen.has(group.key)) {
      throw badRequest('DUPLICATE_GROUP_KEY', `lockerGroups has more than one group with key "${group.key}"`);
    }
    if (adjacentOnly) seen.clear();
    seen.add(group.key);
  }
}

// openingHours is not a member of the create or update request (§2.1); the reference accepts it
// as an extension and holds it to the record's rules (unless unlisted members are ignored: then it
// never gets here), or, with openingHoursOnUpdate 'refused', refuses it on update.
export function checkOpeningHours(app: ReferenceApp, body: LockerWriteBody, operation: 'create' | 'update'): void {
  if (body.openingHours === undefined) return;
  if (operation === 'update' && app.choices.openingHoursOnUpdate === 'refused') {
    throw badRequest(
      'VALIDATION_FAILED',
      '/openingHours is not accepted: an update takes carrier, location, metadata, features and lockerGroups',
    );
  }
  // Fault update-stores-bad-opening-hours: the update checks openingHours against a copy of the schema
  // without §2.1 rule 1, so SCHEDULED with no or an empty weeklySchedule is stored; create still refuses it.
  const scheduledRuleSkipped = operation === 'update' && app.fault('update-stores-bad-opening-hours');
  app.validate(
    'OpeningHours',
    body.openingHours,
    '/openingHours',
    (e) => scheduledRuleSkipped && ruleForError('OpeningHours', e) === 'LCK-OH-SCHEDULED',
  );
  alwaysModeExceptionsRefused(app, body.openingHours); // Fault sbe-always-rule-on-exceptions: rule 2 on exceptions
}

// carrier.lockerId is how the by-tenant publish path finds a locker (§4.7), so one carrier's
// lockers keep it unique.
export function checkLockerIdFree(app: ReferenceApp, carrier: string, lockerId: string, except?: string): void {
  const taken = app.state
    .lockerRecordsOwnedBy(carrier)
    .some((r) => r.carrier.lockerId === lockerId && r.uid !== except);
  if (taken) throw badRequest('LOCKER_ID_TAKEN', `carrier.lockerId "${lockerId}" is already used by another locker`);
}
