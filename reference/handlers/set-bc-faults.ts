// The points where the faults and conformant variations of set BC change the service: the slips of ordinary
// programming inside the handlers (a loop bound, a truthiness test, a guard clause that returns too early, a variable
// carried over from an earlier iteration, one object shared by every entry, a condition negated or two arguments
// swapped at one call site). With every fault and variation off each point does what the service does.
// Called from networks.ts (a network add's loop and answer), update-points.ts (an update's location and hours),
// create-points.ts (a create's location and hours), push-points.ts (a LockerUpdates as built), trigger.ts (a staging
// event's push and answer), parcel-list.ts (each listed parcel), publish-points.ts (a publish checked, mapped and
// answered), collections.ts (the parcels the collection job keeps), cancel.ts (the parcel a cancel names),
// cancel-points.ts (a cancellation's answer) and providers.ts (the catalogue's entries).
import { badRequest } from '../errors';
import type { JsonObject, ParcelRecord, PublishBody, StoredLocker, StoredParcel, TriggerBody } from '../model';
import type { Reply } from '../request-types';
import { isObject, type Editable, type Switches } from './fault-point-state';

// --- A network add (networks.ts) ---

/** Fault sbc-network-skip-reads-previous-locker: the locker the loop last found owned, per request (its uid list). */
const lastOwned = new WeakMap<readonly string[], StoredLocker>();

/**
 * The locker the add takes for `uid` (`found`: the carrier's own, or none).
 * - Fault sbc-network-skip-reads-previous-locker: `let locker` above the loop, assigned only where the lookup finds an
 *   owned locker, and the record built as {lockerUid: uid, ...of(locker)}: a uid not owned, named after an owned one,
 *   is taken as the previous locker under its own uid.
 */
export function networkLockerBySetBC(
  app: Switches,
  request: readonly string[],
  uid: string,
  found: StoredLocker | undefined,
): StoredLocker | undefined {
  if (!app.fault('sbc-network-skip-reads-previous-locker')) return found;
  if (found) {
    lastOwned.set(request, found);
    return found;
  }
  const previous = lastOwned.get(request);
  return previous && { ...previous, record: { ...previous.record, uid } };
}

/**
 * The records of the newly added lockers, as the answer lists them, edited in place.
 * - Fault sbc-network-answer-entry-reused: one entry object declared above the loop, Object.assign-ed and pushed at
 *   each locker, so every entry is the last locker added.
 */
export function networkAnswerBySetBC<T extends object>(app: Switches, added: T[]): void {
  if (!app.fault('sbc-network-answer-entry-reused')) return;
  const entry = {} as T;
  added.forEach((record, i) => (added[i] = Object.assign(entry, record)));
}

/**
 * The answer of a network add.
 * - Fault sbc-network-empty-answer-null: written through orNull(list) = list.length ? list : null.
 */
export function networkReplyBySetBC(app: Switches, reply: Reply): Reply {
  if (!app.fault('sbc-network-empty-answer-null') || !Array.isArray(reply.body) || reply.body.length > 0) return reply;
  return { ...reply, body: null };
}

// --- A locker update (update-points.ts) and create (create-points.ts) ---

/**
 * The location an update writes (`written`), from the one held and the one sent.
 * - Fault sbc-update-zero-coordinate-kept: the point is moved only `if (sent.lon && sent.lat)`.
 */
export function updatedLocationBySetBC(
  app: Switches,
  held: JsonObject,
  sent: JsonObject,
  written: JsonObject,
): JsonObject {
  if (!app.fault('sbc-update-zero-coordinate-kept') || (sent['lon'] && sent['lat'])) return written;
  return { ...written, lon: held['lon'] ?? null, lat: held['lat'] ?? null };
}

/**
 * The locker a create stores, edited in place.
 * - Fault sbc-create-location-type-default-or: the default type written with || where ?? was meant.
 * - Variation ok-bc-schedule-entries-by-weekday: the schedule's entries kept in weekday order.
 */
export function createdBySetBC(app: Switches, locker: StoredLocker): void {
  const record = locker.record;
  if (app.fault('sbc-create-location-type-default-or'))
    record.location = { ...record.location, type: record.location['type'] || 'outdoor' };
  record.openingHours = hoursBySetBC(app, record.openingHours);
}

/** Variation ok-bc-schedule-entries-by-weekday: the weekdays in the order the schedule is kept. */
const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

/**
 * The opening hours a create or an update stores.
 * - Variation ok-bc-schedule-entries-by-weekday: weeklySchedule entries kept in weekday order (a stable sort; an
 *   entry whose day is no weekday name after them).
 */
export function hoursBySetBC(app: Switches, hours: JsonObject): JsonObject {
  const schedule = hours['weeklySchedule'];
  if (!app.fault('ok-bc-schedule-entries-by-weekday') || !Array.isArray(schedule)) return hours;
  const rank = (entry: unknown) => {
    const day = isObject(entry) && typeof entry['day'] === 'string' ? WEEKDAYS.indexOf(entry['day'].toUpperCase()) : -1;
    return day === -1 ? WEEKDAYS.length : day;
  };
  return { ...hours, weeklySchedule: [...schedule].sort((a, b) => rank(a) - rank(b)) };
}

// --- The LockerUpdates push (push-points.ts) ---

/** Fault sbc-locker-push-compacted-by-truthiness: compact() as written, a truthiness filter at every depth. */
function compacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compacted);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => Boolean(member)) // meant: member !== null && member !== undefined
      .map(([name, member]) => [name, compacted(member)]),
  );
}

/**
 * A LockerUpdates about to be sent, edited in place; false where it is not sent.
 * - Fault sbc-create-no-metadata-returns-before-push: the create's metadata step returns from the create before the
 *   event is published where there is no entry to insert.
 * - Fault sbc-locker-push-compacted-by-truthiness: the body compacted by truthiness, so false, 0 and "" go too.
 */
export function lockerPushBySetBC(
  app: Switches,
  locker: StoredLocker,
  cause: string,
  body: Record<string, unknown>,
): boolean {
  if (app.fault('sbc-create-no-metadata-returns-before-push') && cause === 'create' && !locker.record.metadata.length)
    return false;
  if (app.fault('sbc-locker-push-compacted-by-truthiness')) {
    const compact = compacted(body) as Editable;
    for (const member of Object.keys(body)) delete body[member];
    Object.assign(body, compact);
  }
  return true;
}

// --- A staging event (trigger.ts) ---

/**
 * Whether the event's handler returned before its ParcelUpdates was published.
 * - Fault sbc-delivery-guard-returns-before-push: the code-revoking step of a CONSIGNEE_DELIVERED opens with
 *   `if (!parcel.accessCodes) return reply`.
 */
export function returnedBeforePushBySetBC(app: Switches, body: TriggerBody, parcel: StoredParcel): boolean {
  return (
    app.fault('sbc-delivery-guard-returns-before-push') &&
    body.event_type === 'CONSIGNEE_DELIVERED' &&
    !parcel.record.accessCodes
  );
}

/**
 * The body of a staging event's answer.
 * - Variation ok-bc-trigger-answer-empty-object: {} (both members may be present, neither must).
 */
export function triggerAnswerBySetBC<T>(app: Switches, body: T): T {
  return app.fault('ok-bc-trigger-answer-empty-object') ? ({} as T) : body;
}

// --- GET /parcels (parcel-list.ts) ---

/**
 * A listed parcel as written (`shown`: the record as the list shows it, never the stored one edited).
 * - Fault sbc-parcel-list-history-reverse-loop: the history written newest first by a loop whose bound stops before
 *   index 0.
 */
export function listedHistoryBySetBC<T>(app: Switches, shown: T): T {
  if (!app.fault('sbc-parcel-list-history-reverse-loop') || !isObject(shown) || !Array.isArray(shown['events']))
    return shown;
  const events: unknown[] = shown['events'];
  const newestFirst: unknown[] = [];
  for (let i = events.length - 1; i > 0; i--) newestFirst.push(events[i]);
  return { ...shown, events: newestFirst };
}

// --- A publish (publish-points.ts) ---

/**
 * Checks of a valid publish body.
 * - Fault sbc-by-tenant-secondary-id-check-inverted: the by-tenant controller's copy of the secondaryShipmentId guard
 *   compares with !== where the original compares with ===.
 */
export function publishCheckedBySetBC(app: Switches, byTenant: boolean, body: PublishBody): void {
  if (
    app.fault('sbc-by-tenant-secondary-id-check-inverted') &&
    byTenant &&
    body.secondaryShipmentId !== undefined &&
    body.secondaryShipmentId !== body.carrierParcelId
  )
    throw badRequest('VALIDATION_FAILED', '/secondaryShipmentId must differ from carrierParcelId');
}

/** The consignee of a record, by position: consignee(name, email). */
const consigneeOf = (name: JsonObject[string], email: JsonObject[string]): JsonObject => ({ name, email });

/**
 * The record a BOOKING makes, edited in place.
 * - Fault sbc-by-tenant-consignee-args-swapped: the by-tenant path calls consignee(dto.email, dto.name).
 */
export function bookingMappedBySetBC(app: Switches, byTenant: boolean, record: ParcelRecord, body: PublishBody): void {
  const sent = body.consignee;
  if (!app.fault('sbc-by-tenant-consignee-args-swapped') || !byTenant || !sent) return;
  record.consignee = consigneeOf(sent['email'] ?? null, sent['name'] ?? null);
}

/**
 * A publish answer, edited in place.
 * - Variation ok-bc-publish-message-empty: message "" on success.
 */
export function publishAnswerBySetBC(app: Switches, reply: Reply): void {
  if (app.fault('ok-bc-publish-message-empty') && isObject(reply.body) && reply.status < 300)
    reply.body['message'] = '';
}

// --- The collection job (collections.ts) ---

/** Fault sbc-collection-first-mile-index-zero: the job's own list of the types a courier collects. */
const COLLECTABLE_TYPES = ['FIRST_MILE', 'RETURN'];

/**
 * Whether the collection job keeps a waiting parcel: yes.
 * - Fault sbc-collection-first-mile-index-zero: COLLECTABLE_TYPES.indexOf(type) > 0, so FIRST_MILE never is.
 */
export function collectableBySetBC(app: Switches, record: { shipmentType: string }): boolean {
  return !app.fault('sbc-collection-first-mile-index-zero') || COLLECTABLE_TYPES.indexOf(record.shipmentType) > 0;
}

// --- A cancellation (cancel.ts) and its answer (cancel-points.ts) ---

/**
 * The parcel a cancel path id names, as the lookup of its form returns it.
 * - Fault sbc-cancel-by-parcel-id-mutates-copy: the carrierParcelId lookup returns a detached copy, which the handler
 *   still changes as if it were the stored parcel.
 */
export function lookedUpBySetBC(app: Switches, form: string, parcel: StoredParcel): StoredParcel {
  if (!app.fault('sbc-cancel-by-parcel-id-mutates-copy') || form !== 'carrierParcelId') return parcel;
  return { ...parcel, record: structuredClone(parcel.record) };
}

/**
 * The answer of an accepted cancellation.
 * - Variation ok-bc-cancel-answer-empty-object: 200 {}.
 */
export function cancelAnswerBySetBC(app: Switches, reply: Reply): Reply {
  return app.fault('ok-bc-cancel-answer-empty-object') && reply.status === 200 ? { status: 200, body: {} } : reply;
}

// --- The provider catalogue (providers.ts) ---

/** Variation ok-bc-providers-pairs-per-account: the provider with a second account, and that account's uid. */
const SECOND_ACCOUNT = { providerName: 'PROVIDER_NAME_1', suffix: '-2' };

/**
 * The catalogue's entries, as listed.
 * - Variation ok-bc-providers-pairs-per-account: PROVIDER_NAME_1's pairs listed again under its second account.
 */
export function catalogueBySetBC<T extends Editable>(app: Switches, entries: readonly T[]): readonly T[] {
  if (!app.fault('ok-bc-providers-pairs-per-account')) return entries;
  const second = entries
    .filter((e) => e['providerName'] === SECOND_ACCOUNT.providerName)
    .map((e) => ({ ...e, providerUid: `${String(e['providerUid'])}${SECOND_ACCOUNT.suffix}` }));
  const last = entries.map((e) => e['providerName']).lastIndexOf(SECOND_ACCOUNT.providerName);
  return last === -1 ? entries : [...entries.slice(0, last + 1), ...second, ...entries.slice(last + 1)];
}
