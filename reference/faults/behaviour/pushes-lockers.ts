// The faults' behaviour of LockerUpdates (push-points.ts lockerPushPoints). With its fault off each point does what the
// service does.
import { type Editable, isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { Json, JsonObject, LockerRecord, StoredLocker } from '../../model';
import type { CarrierAccount } from '../../options';
import type { FaultPointApp } from '../../request-types';
import { PROVIDER_MODELS } from '../../seed';
import { type PushApp, pushTimestampWholeSeconds, secondCarrierSchemaVersion } from './pushes';
import { createWithoutFeatures } from './requests-locker-create';
import {
  type App,
  BLOOM_BITS,
  bloomBits,
  carrierBesidesStatus,
  CLOCK_SKEW_MS,
  consumedByMock,
  dateTimeParts,
  deploymentOf,
  later,
  nextRequestNumber,
  pad,
  partitionOf,
  readModelOf,
  type ReadModelState,
  searchIndexOf,
  readModelFaultsOn,
  utcText,
  wallClockAsUtcMs,
} from './shared';

/**
 * A LockerUpdates body as these faults write it, before it is sent; false where no push goes out.
 * Fault sj-status-push-via-network-topic: a status change is published on the topics of the networks holding the
 * locker, so one in no network reaches nobody. Fault sj-status-push-delta-only: the status change's body is the
 * captured change (uid and carrier.status), not the record.
 */
export function networkTopicAndDelta(
  app: FaultPointApp,
  locker: StoredLocker,
  cause: string,
  body: Record<string, unknown>,
): boolean {
  // Fault sv-create-push-features-npe, variation ok-v-locker-push-event-kind.
  if (!eventKindNamed(app, cause, body)) return false;
  // Faults sw-status-push-on-disable-only, sw-locker-push-latin1-entity: no push on enabling, Latin-1 bytes.
  if (!disableOnlyAndLatin1(app, locker, cause, body)) return false;
  if (cause !== 'status') return true;
  const uid = locker.record.uid;
  const inANetwork = [...app.state.networks.values()].some((n) => n.members.has(uid));
  if (app.fault('sj-status-push-via-network-topic') && !inANetwork) return false;
  if (app.fault('sj-status-push-delta-only')) {
    const { uid: shownUid, eventTimestamp } = body;
    const status = (body['carrier'] as Editable | undefined)?.['status'];
    for (const member of Object.keys(body)) delete body[member];
    Object.assign(body, { uid: shownUid ?? uid, carrier: { status }, eventTimestamp });
  }
  return true;
}

/** Fault sl-locker-push-provider-topic: the carriers subscribed to each provider's locker topic. */
const providerTopics = new WeakMap<FaultPointApp, Map<string, Set<string>>>();

/** A value with every member name in snake_case (fault sl-status-push-snake-case), arrays item by item. */
function snakeCased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCased);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeCased(v)]),
  );
}

/** Variation ok-l-locker-push-offset-timestamp: the service's zone, two hours east of UTC. */
const ZONE_OFFSET_MS = 2 * 60 * 60 * 1000;

/**
 * A LockerUpdates body as these faults and variations write it, before it goes to its owner; answers the other
 * carriers it also goes to.
 * Fault sl-locker-push-provider-topic: events are published on the topic of the locker's provider, to which a carrier
 * is subscribed by its first create of a locker of that provider: every other carrier subscribed to it gets them too.
 * Fault sl-status-push-snake-case: status changes are published by the module shared with the staging mock, whose
 * JSON mapper writes snake_case member names (§2.6); creates are published by the locker module.
 * Variation ok-l-locker-push-offset-timestamp: eventTimestamp written in the service's zone, +02:00.
 */
export function providerTopicAndSnakeCase(
  app: FaultPointApp,
  locker: StoredLocker,
  owner: CarrierAccount,
  cause: string,
  body: Record<string, unknown>,
): CarrierAccount[] {
  const stamp = body['eventTimestamp'];
  if (app.fault('ok-l-locker-push-offset-timestamp') && typeof stamp === 'string' && !Number.isNaN(Date.parse(stamp)))
    body['eventTimestamp'] = new Date(Date.parse(stamp) + ZONE_OFFSET_MS).toISOString().replace('Z', '+02:00');
  if (app.fault('sl-status-push-snake-case') && cause === 'status') {
    const written = snakeCased(body) as Record<string, unknown>;
    for (const member of Object.keys(body)) delete body[member];
    Object.assign(body, written);
  }
  if (!app.fault('sl-locker-push-provider-topic')) return [];
  const topics = providerTopics.get(app) ?? new Map<string, Set<string>>();
  providerTopics.set(app, topics);
  const provider = locker.record.provider.name;
  const subscribed = topics.get(provider) ?? new Set<string>();
  topics.set(provider, subscribed);
  if (cause === 'create') subscribed.add(owner.name);
  return app.options.carriers.filter((c) => c !== owner && subscribed.has(c.name));
}

/** Fault sn-locker-push-outbox-column-limit: the outbox's payload column, VARCHAR2(2000 BYTE). */
const OUTBOX_PAYLOAD_BYTES = 2000;

/**
 * A LockerUpdates body as these faults write it; false where it is not sent.
 * Fault sn-locker-push-metadata-map: the locker event schema (Avro) models metadata as map<string, string>, so the push
 * carries it as an object keyed by key (a null key written "null", a later entry of a key over an earlier one).
 * Fault sn-locker-push-outbox-column-limit: a payload longer than the outbox column fails its insert, which the
 * publisher logs and swallows: the event is never sent.
 */
export function metadataMapAndOutboxLimit(app: FaultPointApp, body: Record<string, unknown>): boolean {
  const metadata = body['metadata'];
  if (app.fault('sn-locker-push-metadata-map') && Array.isArray(metadata))
    body['metadata'] = Object.fromEntries(metadata.map((e: JsonObject) => [String(e['key']), e['value'] ?? null]));
  return (
    !app.fault('sn-locker-push-outbox-column-limit') || Buffer.byteLength(JSON.stringify(body)) <= OUTBOX_PAYLOAD_BYTES
  );
}

/**
 * Fault sr-locker-push-routed-by-locker-id: the webhook router's lookup table is keyed by carrier.lockerId (the
 * carrier's own id, which the old carrier portal keyed its lockers by), first row wins: a LockerUpdates goes to the
 * owner of the first locker holding that carrier.lockerId. Otherwise the locker's owner.
 */
export function lockerPushRecipient(app: FaultPointApp, locker: StoredLocker): CarrierAccount | undefined {
  const named = (name: string | null | undefined) =>
    name ? app.options.carriers.find((c) => c.name === name) : undefined;
  const owner = named(locker.record.ownedByCarrier);
  if (!owner || !app.fault('sr-locker-push-routed-by-locker-id')) return owner;
  const lockerId = locker.record.carrier.lockerId;
  const first = [...app.state.lockers.values()].find(
    (l) => l.record.ownedByCarrier !== null && l.record.carrier.lockerId === lockerId,
  );
  return named(first?.record.ownedByCarrier) ?? owner;
}

const PUSH_KIND: Record<string, string> = {
  create: 'LOCKER_CREATED',
  status: 'LOCKER_STATUS_CHANGED',
  update: 'LOCKER_UPDATED',
};

/**
 * The LockerUpdates publisher's hook (false: nothing sent). Fault sv-create-push-features-npe: the create's event
 * mapper reads request.features.hasScreen unchecked; the TypeError is logged and the event dropped. Variation
 * ok-v-locker-push-event-kind: the body names its event in eventType.
 */
export function eventKindNamed(app: FaultPointApp, cause: string, body: Record<string, unknown>): boolean {
  if (cause === 'create' && createWithoutFeatures) return false;
  if (app.fault('ok-v-locker-push-event-kind')) body['eventType'] = PUSH_KIND[cause] ?? 'LOCKER_UPDATED';
  return true;
}

/** Fault sw-locker-push-latin1-entity: the text as an ISO-8859-1 string entity writes it ('?' beyond Latin-1). */
const latin1 = (text: string) =>
  Buffer.from([...text].map((c) => ((c.codePointAt(0) ?? 0) <= 0xff ? c : '?')).join(''), 'latin1');

/**
 * The LockerUpdates publisher under these faults (false: the usual send is not made). Fault
 * sw-status-push-on-disable-only: only a change away from ACTIVE raises the event. Fault sw-locker-push-latin1-entity:
 * the body goes out as an ISO-8859-1 string entity under Content-Type application/json.
 */
export function disableOnlyAndLatin1(
  app: FaultPointApp,
  locker: StoredLocker,
  cause: string,
  body: Record<string, unknown>,
): boolean {
  const enabled = isObject(body['carrier']) && body['carrier']['status'] === 'ACTIVE';
  if (cause === 'status' && enabled && app.fault('sw-status-push-on-disable-only')) return false;
  if (!app.fault('sw-locker-push-latin1-entity')) return true;
  const text = JSON.stringify(body);
  if ([...text].every((c) => c.charCodeAt(0) < 0x80)) return true;
  const owner = app.options.carriers.find((c) => c.name === locker.record.ownedByCarrier);
  if (owner) app.outbox.send(owner, undefined, { raw: latin1(text) });
  return false;
}

/** Fault sac-locker-outbox-second-watermark: per app, each carrier's relay mark (its last relayed row's second). */
const relayMarks = new WeakMap<object, Map<string, number>>();

/**
 * Fault sac-locker-outbox-second-watermark: the locker outbox relay is woken after each commit and reads the rows
 * WHERE created_at > :mark, created_at a DATETIME(0) and the mark the created_at of the last row it relayed: a locker
 * event in the same second as the carrier's last relayed one is never read. True: the push goes out.
 */
function relayedPastMark(app: Switches, carrier: string): boolean {
  if (!app.fault('sac-locker-outbox-second-watermark')) return true;
  const marks = relayMarks.get(app) ?? new Map<string, number>();
  relayMarks.set(app, marks);
  const second = Math.floor(Date.now() / 1000);
  const mark = marks.get(carrier);
  if (mark !== undefined && second <= mark) return false;
  marks.set(carrier, second);
  return true;
}

/** Faults sac-status-push-extended-json, sac-mock-writes-back-pushed-locker: the lockers pushed once (created). */
const pushedOnce = new WeakSet<StoredLocker>();

/**
 * Fault sac-status-push-extended-json: the LockerUpdates after a locker's first (its create's, which the API publishes
 * itself) come from change-data capture on the locker document, written in MongoDB's relaxed Extended JSON, where a
 * date is {"$date": ...}.
 */
function extendedJsonDates(app: Switches, locker: StoredLocker | undefined, body: Record<string, unknown>): void {
  const carrier = body['carrier'];
  if (!app.fault('sac-status-push-extended-json') || !locker || !isObject(carrier)) return;
  if (!pushedOnce.has(locker)) return void pushedOnce.add(locker);
  const at = Date.parse(String(carrier['activationDate']));
  if (!Number.isNaN(at)) body['carrier'] = { ...carrier, activationDate: { $date: new Date(at).toISOString() } };
}

/**
 * The LockerUpdates body as these faults send it (false: not sent). Fault sac-mock-writes-back-pushed-locker: the
 * staging mock keeps the record each LockerUpdates carries as its copy of the locker.
 */
export function mockWriteBackAndExtendedJson(app: FaultPointApp, body: Record<string, unknown>): boolean {
  const locker = app.state.lockers.get(String(body['uid']));
  if (locker && app.fault('sac-mock-writes-back-pushed-locker'))
    consumedByMock.set(locker, structuredClone(locker.record));
  extendedJsonDates(app, locker, body);
  return relayedPastMark(app, locker?.record.ownedByCarrier ?? '');
}

/**
 * Fault sae-push-location-geojson: the LockerUpdates body is the locker document as stored, its location holding the
 * GeoJSON point of the 2dsphere index merged in (type "Point" over the locker's type, and coordinates).
 */
export function locationAsGeoJson(app: Switches, body: Record<string, unknown>): void {
  const location = body['location'];
  if (!app.fault('sae-push-location-geojson') || !isObject(location)) return;
  body['location'] = { ...location, type: 'Point', coordinates: [location['lon'], location['lat']] };
}

/**
 * Fault sag-status-push-status-lowercased: the LockerUpdates of a status change takes carrier.status from the event
 * contract's LockerStatus enum, whose JSON value is its name in lower case (the event schema's convention).
 */
export function statusLowerCased(app: Switches, cause: string, body: Record<string, unknown>): void {
  const carrier = body['carrier'];
  if (!app.fault('sag-status-push-status-lowercased') || cause !== 'status' || !isObject(carrier)) return;
  if (typeof carrier['status'] === 'string') body['carrier'] = { ...carrier, status: carrier['status'].toLowerCase() };
}

/**
 * The LockerUpdates body. Fault sai-create-push-owner-unset: a create's event row is written by an AFTER INSERT
 * trigger before the owner is set. Fault sai-enable-push-activation-now: enabling raises LockerActivated, whose
 * activatedAt the mapper writes into carrier.activationDate. Variation ok-ai-status-push-changes.
 */
export function ownerUnsetAndActivationNow(
  app: Switches,
  cause: string,
  body: Record<string, unknown>,
  statusBefore?: string,
): void {
  if (cause === 'create' && app.fault('sai-create-push-owner-unset')) body['ownedByCarrier'] = null;
  const carrier = body['carrier'];
  const enabled =
    cause === 'status' && isObject(carrier) && carrier['status'] === 'ACTIVE' && statusBefore !== 'ACTIVE';
  if (enabled && app.fault('sai-enable-push-activation-now'))
    body['carrier'] = { ...carrier, activationDate: new Date().toISOString() };
  statusPushNamesChanges(app, cause, body, statusBefore);
}

/** Variation ok-ai-status-push-changes: the status change's push names what changed, beside the record. */
export function statusPushNamesChanges(
  app: Switches,
  cause: string,
  body: Record<string, unknown>,
  statusBefore?: string,
): void {
  const carrier = body['carrier'];
  if (!app.fault('ok-ai-status-push-changes') || cause !== 'status' || !isObject(carrier)) return;
  body['changes'] = { 'carrier.status': { from: statusBefore ?? null, to: carrier['status'] ?? null } };
}

/** Variation ok-ai-locker-push-polled-outbox: how long after its event a LockerUpdates goes out. */
export function lockerPushTiming(app: Switches): { delayMs?: number } {
  return app.fault('ok-ai-locker-push-polled-outbox') ? { delayMs: 1500 } : {};
}

// --- The LockerUpdates push ---

/** Fault sal-locker-push-event-reused-nulls-skipped: each carrier's one event object. */
const eventObjects = new WeakMap<object, Map<string, Editable>>();
/** Fault sal-create-push-dedup-by-locker-id: the keys of the create events the outbox has taken. */
const createKeys = new WeakMap<object, Set<string>>();
/** The embedded value objects the "copy non-null" helper walks into. */
const VALUE_OBJECTS = new Set(['location', 'features']);

/**
 * A LockerUpdates body before it is sent; false where it is not sent.
 * - Fault sal-create-push-dedup-by-locker-id: a create event is dropped where its key (carrier, carrier.lockerId)
 *   was seen.
 * - Fault sal-locker-push-event-reused-nulls-skipped: the body is copied onto the carrier's one event object, the
 *   members of location and features that are null or absent left as the last event had them, and sent as that
 *   object reads.
 */
export function createDedupAndEventReused(
  app: Switches,
  locker: StoredLocker,
  cause: 'create' | 'status' | 'update',
  body: Record<string, unknown>,
): boolean {
  const owner = locker.record.ownedByCarrier ?? '';
  if (cause === 'create' && app.fault('sal-create-push-dedup-by-locker-id')) {
    const keys = perApp(createKeys, app, () => new Set<string>());
    const key = `${owner}\u0000${locker.record.carrier.lockerId}`;
    if (keys.has(key)) return false;
    keys.add(key);
  }
  if (!app.fault('sal-locker-push-event-reused-nulls-skipped')) return true;
  const events = perApp(eventObjects, app, () => new Map<string, Editable>());
  const event = events.get(owner) ?? {};
  events.set(owner, event);
  for (const [member, value] of Object.entries(body)) {
    if (VALUE_OBJECTS.has(member) && isObject(value)) {
      const held: Editable = isObject(event[member]) ? event[member] : {};
      for (const [inner, given] of Object.entries(value))
        if (given !== null && given !== undefined) held[inner] = given;
      event[member] = held;
    } else event[member] = structuredClone(value);
  }
  for (const member of Object.keys(body)) delete body[member];
  Object.assign(body, structuredClone(event));
  return true;
}

// --- The LockerUpdates push ---

/**
 * A LockerUpdates body before it is sent.
 * - Fault sam-push-keyless-metadata-dropped: the event schema's metadata entry has a key that is a string, not null,
 *   and the event mapper leaves out the entries whose key is null or absent so that the event passes it.
 * - The variation pushNullsOmitted writes.
 */
export function keylessMetadataDropped(app: Switches, body: Record<string, unknown>): void {
  if (app.fault('sam-push-keyless-metadata-dropped') && Array.isArray(body['metadata']))
    body['metadata'] = body['metadata'].filter((entry) => isObject(entry) && typeof entry['key'] === 'string');
  pushNullsOmitted(app, body);
}

/** Removes the null members of objects at every depth (arrays keep their items). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/**
 * A LockerUpdates body before it is sent. Variation ok-am-locker-push-nulls-omitted: the event publisher's JSON mapper
 * leaves out null members at every depth (a feature null, a metadata key or value null, compartmentTypes null).
 */
export function pushNullsOmitted(app: Switches, body: Record<string, unknown>): void {
  if (!app.fault('ok-am-locker-push-nulls-omitted')) return;
  const bare = withoutNulls(body) as Record<string, unknown>;
  for (const member of Object.keys(body)) delete body[member];
  Object.assign(body, bare);
}

/** Fault san-locker-push-rendered-at-flush: how long after its event the outbox relay picks a LockerUpdates up. */
const RELAY_PICKUP_MS = 250;

/**
 * A LockerUpdates about to be sent; true where the fault sends it otherwise. Fault san-locker-push-rendered-at-flush:
 * `renderLater` is called 250 ms later, rendering the body from the locker as it is then.
 */
export function renderedAtFlush(app: Switches, renderLater: () => void): boolean {
  if (!app.fault('san-locker-push-rendered-at-flush')) return false;
  later(RELAY_PICKUP_MS, renderLater);
  return true;
}

// --- The LockerUpdates push (app.ts) ---

/** Whether a schedule entry holds a time of 24:00 anywhere in it. */
const holds2400 = (entry: Json): boolean =>
  typeof entry === 'string'
    ? /(^|[^\d])24:00/.test(entry)
    : (isObject(entry) || Array.isArray(entry)) && Object.values(entry).some((v) => holds2400(v as Json));

/**
 * A LockerUpdates body about to be sent.
 * - Fault sao-push-activation-no-day-carry: the event mapper turns activationDate into UTC by moving its time of day by
 *   the offset, wrapped into 0-24 h, and keeps the date as written: a date-time whose offset carries it over midnight
 *   (2025-06-01T00:30:00+02:00, 2025-06-01T21:00:00-05:00) is pushed a day off.
 * - Fault sao-push-schedule-24h-unparsed: the event's schedule entries are LocalTime values, and LocalTime has no
 *   24:00: an entry holding 24:00 fails to map and is left out of the event.
 * - Variation ok-ao-locker-push-activation-instant-utc (activationInstantUtc).
 */
export function activationNoDayCarry(app: Switches, body: Editable): void {
  activationInstantUtc(app, body);
  const carrier = body['carrier'];
  const p =
    isObject(carrier) && typeof carrier['activationDate'] === 'string'
      ? dateTimeParts(carrier['activationDate'])
      : undefined;
  if (app.fault('sao-push-activation-no-day-carry') && p && p.offsetMinutes !== 0) {
    const minutes = (((p.hour * 60 + p.minute - p.offsetMinutes) % 1440) + 1440) % 1440;
    const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
    const time = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad(p.second)}`;
    body['carrier'] = { ...carrier, activationDate: `${date}T${time}${p.fraction ? `.${p.fraction}` : ''}Z` };
  }
  const hours = body['openingHours'];
  if (app.fault('sao-push-schedule-24h-unparsed') && isObject(hours) && Array.isArray(hours['weeklySchedule']))
    body['openingHours'] = { ...hours, weeklySchedule: hours['weeklySchedule'].filter((e: Json) => !holds2400(e)) };
}

/** The same instant written in UTC, every fraction digit kept; as it was where it cannot be (a leap second). */
export function sameInstantInUtc(text: string): string {
  const p = dateTimeParts(text);
  if (!p || p.second > 59) return text;
  return utcText(wallClockAsUtcMs(p) - p.offsetMinutes * 60_000, p.fraction) ?? text;
}

/**
 * Variation ok-ao-locker-push-activation-instant-utc: the LockerUpdates event schema types activationDate as an
 * instant, written in UTC; answers and the list show it as sent.
 */
export function activationInstantUtc(app: Switches, body: Editable): void {
  const carrier = body['carrier'];
  if (!app.fault('ok-ao-locker-push-activation-instant-utc') || !isObject(carrier)) return;
  if (typeof carrier['activationDate'] === 'string')
    body['carrier'] = { ...carrier, activationDate: sameInstantInUtc(carrier['activationDate']) };
}

/** Whether a push goes to the second carrier (its webhook subscription, migrated from 1.0). */
export const toSecondCarrier = (app: PushApp, owner: CarrierAccount): boolean =>
  owner.name === app.options.carriers[1]?.name;

// --- The LockerUpdates push (app.ts emitLockerUpdate) ---

/**
 * A LockerUpdates about to be sent to `owner`; false where nothing is sent.
 * - Fault sap-create-with-groups-push-unmapped: a create that assigned groups raised the 1.0 LockerGroupsAssigned,
 *   which the dispatcher does not map.
 * - Fault sap-create-push-always-empty-schedule: the 1.0 LockerCreated builder fills a missing weeklySchedule with [].
 * - Fault sap-second-carrier-push-name-alias: the second carrier's subscription gets the 1.0 alias carrier.name.
 */
export function createPushV10Mapping(
  app: PushApp,
  locker: StoredLocker,
  owner: CarrierAccount,
  cause: 'create' | 'status' | 'update',
  body: Record<string, unknown>,
): boolean {
  if (app.fault('sap-create-with-groups-push-unmapped') && cause === 'create' && locker.lockerGroups.length > 0)
    return false;
  const hours = body['openingHours'];
  if (
    app.fault('sap-create-push-always-empty-schedule') &&
    cause === 'create' &&
    isObject(hours) &&
    hours['accessMode'] === 'ALWAYS' &&
    hours['weeklySchedule'] === undefined
  )
    body['openingHours'] = { ...hours, weeklySchedule: [] };
  const carrier = body['carrier'];
  if (app.fault('sap-second-carrier-push-name-alias') && toSecondCarrier(app, owner) && isObject(carrier))
    body['carrier'] = { ...carrier, name: carrier['lockerName'] };
  secondCarrierSchemaVersion(app, owner, body);
  return true;
}

/** Fault saq-create-compensated-after-201: when the provider's refusal of the registration comes back. */
const COMPENSATION_MS = 150;

/** Variation ok-aq-create-push-after-onboarding-queue: the onboarding queue's delay. */
const ONBOARDING_DELAY_MS = 300;

function bloomAdd(state: ReadModelState, carrier: string, uid: string): void {
  const bits = state.bloom.get(carrier) ?? new Uint8Array(BLOOM_BITS / 8);
  state.bloom.set(carrier, bits);
  for (const bit of bloomBits(uid)) bits[bit >> 3]! |= 1 << (bit & 7);
}

const CATALOGUE_PROVIDERS = new Set(PROVIDER_MODELS.map((p) => p.providerName));

/** Fault saq-create-compensated-after-201: a catalogue provider refuses a model and version it does not make. */
const refusedByProvider = (provider: LockerRecord['provider']): boolean =>
  CATALOGUE_PROVIDERS.has(provider.name) &&
  !PROVIDER_MODELS.some(
    (p) =>
      p.providerName === provider.name &&
      p.lockerModel === provider.lockerModel &&
      p.lockerVersion === provider.lockerVersion,
  );

/** Fault saq-create-compensated-after-201: the saga's compensation deletes the locker the create stored. */
function compensateLater(app: App, locker: StoredLocker): void {
  const uid = locker.record.uid;
  setTimeout(() => {
    if (app.state.lockers.get(uid) !== locker) return;
    app.state.lockers.delete(uid);
    for (const network of app.state.networks.values()) network.members.delete(uid);
  }, COMPENSATION_MS).unref();
}

// --- The LockerUpdates push (app.ts emitLockerUpdate): where the locker events of creates and status changes are seen

/**
 * A LockerUpdates about to be sent to `owner`, `body` its body; false where it is not sent now.
 * - Faults saq-provider-sync-reverts-rename, saq-network-owner-replica-lags-create, saq-update-instance-local-cache
 *   read what a create's event records: when, the name as created, the instance.
 * - Fault saq-status-lww-clock-skew: a create writes the status store, stamped by its instance's clock.
 * - Fault saq-list-projection-version-by-activation-date: the list read model's document is made from the create.
 * - Fault saq-list-consumer-offset-reset-latest: the carrier's first create starts its list consumer, past it.
 * - Fault saq-network-ownership-bloom-filter: the create's uid goes into its carrier's filter.
 * - Fault saq-create-compensated-after-201: a registration the provider refuses is compensated by a delete.
 * - Fault saq-list-status-sets-whole-carrier: a status event replaces the listed carrier.
 * - Fault saq-status-events-split-with-old-deployment: a status event on the old deployment's partition is not sent.
 * - Variation ok-aq-location-type-defaulted: a created locker without location.type gets "outdoor".
 * - Variation ok-aq-create-push-after-onboarding-queue: a create's push is sent 300 ms later.
 */
export function lockerEventsSeen(
  app: App,
  locker: StoredLocker,
  owner: CarrierAccount,
  cause: 'create' | 'status' | 'update',
  body: Record<string, unknown>,
): boolean {
  if (!readModelFaultsOn(app)) return true;
  const state = readModelOf(app);
  const now = Date.now();
  const record = locker.record;
  if (cause === 'create') {
    state.created.set(locker, { at: now, name: record.carrier.lockerName, instance: state.creates++ % 2 });
    const skew = state.statusWrites++ % 2 ? CLOCK_SKEW_MS : 0;
    state.stamp.set(locker, now - skew);
    if (app.fault('ok-aq-location-type-defaulted') && record.location['type'] === undefined) {
      record.location['type'] = 'outdoor';
      if (isObject(body['location'])) body['location'] = { ...body['location'], type: 'outdoor' };
    }
    state.projection.set(locker, { shown: structuredClone(record), seen: JSON.stringify(record) });
    if (app.fault('saq-list-consumer-offset-reset-latest') && !state.consumers.has(owner.name)) {
      state.consumers.add(owner.name);
      state.hidden.set(locker, JSON.stringify(record));
    }
    if (app.fault('saq-network-ownership-bloom-filter')) bloomAdd(state, owner.name, record.uid);
    if (app.fault('saq-create-compensated-after-201') && refusedByProvider(record.provider))
      compensateLater(app, locker);
    if (app.fault('ok-aq-create-push-after-onboarding-queue')) {
      setTimeout(() => app.outbox.send(owner, body), ONBOARDING_DELAY_MS).unref();
      return false;
    }
  }
  if (cause === 'status') {
    if (app.fault('saq-list-status-sets-whole-carrier')) state.carrierSet.set(locker, carrierBesidesStatus(record));
    if (app.fault('saq-status-events-split-with-old-deployment') && partitionOf(record.uid, 3) === 0) return false;
  }
  return true;
}

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
export function searchDocumentAndRelay(
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

// --- The LockerUpdates push (push-points.ts) ---

/** FreeMarker's default number format in en_US: at most three fraction digits (the grouping never shows here). */
const TEMPLATE_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3, useGrouping: false });

/**
 * A LockerUpdates body about to be sent, edited in place.
 * - Fault sax-locker-push-country-code-turkish-i: countryCode lower-cased by the database, upper-cased in tr-TR.
 * - Fault sax-locker-push-coordinates-template-locale: lon and lat as the template engine's number format writes them.
 */
export function turkishIAndTemplateLocale(app: Switches, body: Record<string, unknown>): void {
  const location = body['location'];
  if (!isObject(location)) return;
  const shown: Editable = { ...location };
  if (app.fault('sax-locker-push-country-code-turkish-i') && typeof shown['countryCode'] === 'string')
    shown['countryCode'] = shown['countryCode'].toLowerCase().toLocaleUpperCase('tr-TR');
  if (app.fault('sax-locker-push-coordinates-template-locale'))
    for (const member of ['lon', 'lat'])
      if (typeof shown[member] === 'number' && Number.isFinite(shown[member]))
        shown[member] = Number(TEMPLATE_NUMBER.format(shown[member]));
  body['location'] = shown;
}

// --- The pushes (push-points.ts built) ---

/** Fault saz-status-push-lazy-metadata-null: a status change's LockerUpdates, its lazy metadata never loaded. */
export function lazyMetadataNull(app: Switches, cause: string, body: Record<string, unknown>): void {
  if (app.fault('saz-status-push-lazy-metadata-null') && cause === 'status') body['metadata'] = null;
}

// --- The pushes (push-points.ts) ---

/** The event contract's activationDate (fault sba-create-push-contract-utc-only): UTC, written with Z. */
const CONTRACT_UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * Whether a LockerUpdates about to be sent is sent: yes. Fault sba-create-push-contract-utc-only: a create's event is
 * validated against the event contract first and dropped where its activationDate is not written in UTC with Z.
 */
export function contractUtcOnly(app: Switches, cause: string, body: Record<string, unknown>): boolean {
  if (!app.fault('sba-create-push-contract-utc-only') || cause !== 'create') return true;
  const carrier = body['carrier'];
  const date: unknown = isObject(carrier) ? carrier['activationDate'] : undefined;
  return typeof date === 'string' && CONTRACT_UTC_DATE_TIME.test(date);
}

// --- The pushes (push-points.ts) ---

/** Fault sbb-create-push-subscription-lazy-load: how long a resolved subscription is kept. */
const SUBSCRIPTION_TTL_MS = 30_000;

/**
 * Whether a LockerUpdates goes out. Fault sbb-create-push-subscription-lazy-load: the locker-created publisher
 * resolves the carrier's webhook subscription lazily, on the carrier's first create after start and after each expiry
 * of the resolved one (30 s), and returns while the lookup is pending, dropping the event that started it.
 */
export function subscriptionLazyLoad(app: Switches, owner: CarrierAccount, cause: string): boolean {
  if (!app.fault('sbb-create-push-subscription-lazy-load') || cause !== 'create') return true;
  const { subscriptions } = deploymentOf(app);
  const resolvedAt = subscriptions.get(owner.name);
  if (resolvedAt !== undefined && Date.now() - resolvedAt <= SUBSCRIPTION_TTL_MS) return true;
  subscriptions.set(owner.name, Date.now());
  return false;
}

// --- A LockerUpdates about to be sent (push-points.ts) ---

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
export function lockerPushGuardedAndCompacted(
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

/** What the push points need of the app: its faults and the webhook outbox. */
type OutboxApp = Pick<FaultPointApp, 'fault' | 'outbox'>;

/** A LockerUpdates body waiting in the create-event batcher. */
type PushBody = Record<string, unknown>;

/** The create-event batcher of one carrier: the events of the window, the one held over, the window's timer. */
interface CreateBatch {
  pending: PushBody[];
  held?: PushBody;
  timer?: NodeJS.Timeout;
}

/** Fault sbd-create-push-batch-holds-last, variation ok-bd-create-pushes-batched-uid-order: per carrier. */
const createBatchTables = new WeakMap<object, Map<string, CreateBatch>>();

/** How long the create-event batcher gathers a carrier's events. */
const CREATE_BATCH_MS = 50;

/** Compares two uids as the numbers their digits write (a longer one is the larger). */
const byUid = (a: PushBody, b: PushBody): number => {
  const [x, y] = [String(a['uid']), String(b['uid'])];
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
};

/**
 * A LockerUpdates about to be sent to `owner`; true where the batcher took it over.
 * - Variation ok-bd-create-pushes-batched-uid-order: the create events of a carrier are gathered for 50 ms and each
 *   posted on its own, in uid order (§6 "Delivery guarantees, retries and ordering: not shown.").
 * - Fault sbd-create-push-batch-holds-last: the create events are gathered for 50 ms; a window of two or more keeps its
 *   last event back, to merge a status change of the same locker into it, and carries it into the next window, which
 *   only a next create of the carrier opens: once two creates came within 50 ms, the latest create's push waits for the
 *   carrier's next create, and the last one is never sent.
 */
export function createPushesBatched(
  app: OutboxApp,
  owner: CarrierAccount,
  cause: 'create' | 'status' | 'update',
  body: PushBody,
): boolean {
  const ordered = app.fault('ok-bd-create-pushes-batched-uid-order');
  const holding = app.fault('sbd-create-push-batch-holds-last');
  if (cause !== 'create' || (!ordered && !holding)) return false;
  const batches = perApp(createBatchTables, app, () => new Map<string, CreateBatch>());
  const batch = batches.get(owner.name) ?? { pending: [] };
  batches.set(owner.name, batch);
  batch.pending.push(body);
  if (batch.timer) return true;
  batch.timer = setTimeout(() => {
    batch.timer = undefined;
    const window = [...(batch.held ? [batch.held] : []), ...batch.pending];
    batch.pending = [];
    batch.held = undefined;
    if (ordered) window.sort(byUid);
    if (holding && window.length > 1) batch.held = window.pop();
    for (const event of window) app.outbox.send(owner, event);
  }, CREATE_BATCH_MS);
  batch.timer.unref();
  return true;
}

// --- A LockerUpdates body as built (push-points.ts built) ---

/**
 * A LockerUpdates body as built (the locker record plus eventTimestamp), before it is sent. Faults
 * sbe-status-push-enabled-words, sbe-member-status-push-network-record; variation ok-be-push-timestamp-whole-seconds.
 */
export function lockerPushStatusAndTimestamp(app: StateApp, locker: StoredLocker, cause: string, body: Editable): void {
  // Fault sbe-status-push-enabled-words: §6's "(enabled/disabled)" as the status a status change's push carries.
  if (cause === 'status' && app.fault('sbe-status-push-enabled-words') && isObject(body['carrier']))
    body['carrier'] = {
      ...body['carrier'],
      status: locker.record.carrier.status === 'ACTIVE' ? 'ENABLED' : 'DISABLED',
    };
  // Fault sbe-member-status-push-network-record: a network member's status change pushed as its membership record.
  if (cause === 'status' && app.fault('sbe-member-status-push-network-record')) asMembership(app, locker, body);
  pushTimestampWholeSeconds(app, body);
}

/** Fault sbe-member-status-push-network-record: the body rewritten as the §2.5 record of the locker's membership. */
function asMembership(app: StateApp, locker: StoredLocker, body: Editable): void {
  const { record } = locker;
  const network = [...app.state.networks.values()].find(
    (n) => n.owner === record.ownedByCarrier && n.members.has(record.uid),
  );
  const member = network?.members.get(record.uid);
  if (!member) return;
  const eventTimestamp = body['eventTimestamp'];
  for (const name of Object.keys(body)) delete body[name];
  Object.assign(body, {
    lockerUid: Number(record.uid),
    providerName: member.providerName,
    lockerName: member.lockerName,
    providerLockerStatus: record.provider.status,
    carrierLockerStatus: record.carrier.status,
    networkLockerStatus: member.networkLockerStatus,
    carrierLockerId: record.carrier.lockerId,
    providerLockerId: record.provider.lockerUid,
    eventTimestamp,
  });
}

// --- A LockerUpdates sent (push-points.ts sent) ---

/**
 * Variation ok-bf-sampled-locker-pushes-late: one LockerUpdates in four sent 1.5 s late. How it is sent where the
 * variation is off.
 */
export function sampledPushLate(app: Switches, how: { delayMs?: number }): { delayMs?: number } {
  if (!app.fault('ok-bf-sampled-locker-pushes-late') || nextRequestNumber(app, 'locker-pushes') % 4 !== 0) return how;
  return { ...how, delayMs: (how.delayMs ?? 0) + 1500 };
}
