// The faults' behaviour of a locker create (create-points.ts, lockers.ts createLocker): its uid, record, answer and
// push. With its fault off each point does what the service does.
import { randomUUID } from 'node:crypto';
import type { ReferenceApp, RequestContext } from '../../app';
import { ApiError, badRequest } from '../../errors';
import { type Editable, isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { Json, JsonObject, LockerGroup, LockerRecord, LockerWriteBody, StoredLocker } from '../../model';
import type { CarrierAccount } from '../../options';
import type { FaultPointApp, Reply } from '../../request-types';
import { DEFAULT_COMPARTMENTS, PROVIDER_MODELS } from '../../seed';
import {
  checkMetadataRows,
  createSnapshots,
  type Features,
  registrations,
  scheduleInWeekdayOrder,
  scheduleRowsWritten,
  typeDefaulted,
} from './locker-writes';
import { lockerChanged, parked, sentMember } from './lockers';
import {
  type App,
  dateTimeParts,
  lastCaller,
  later,
  nextRequestNumber,
  pairKey,
  SERVICE_ZONE,
  storageOf,
  utcText,
  wallClockAsUtcMs,
  zoneOffsetMinutes,
} from './shared';

/** Keeps the registration document of a created locker (under the fault only). */
export function rememberRegistration(app: Switches, locker: StoredLocker): void {
  if (!app.fault('se-update-rebased-on-registration')) return;
  const { carrier, location, metadata, features } = locker.record;
  const { status: _status, ...master } = carrier;
  const lockerGroups = locker.lockerGroups;
  registrations.set(locker, structuredClone({ carrier: master, location, metadata, features, lockerGroups }));
}

/** Fault se-caller-in-shared-field: how long the create's write of the locker row takes. */
const SHARED_FIELD_WRITE_MS = 25;

/** The owner a create writes once its row's write is done: the caller the shared field holds by then. */
export async function callerAfterWrite(app: Switches, own: CarrierAccount): Promise<CarrierAccount> {
  await new Promise((resolve) => setTimeout(resolve, SHARED_FIELD_WRITE_MS));
  return lastCaller.get(app) ?? own;
}

/** The longest a timer waits (2^31 - 1 ms); an activation further away is pushed by no run. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Fault sf-locker-push-waits-for-activation: the create's LockerUpdates is published by the activation job, at
 * carrier.activationDate when that lies ahead. Answers whether the push was left to the job.
 */
export function pushedAtActivation(app: FaultPointApp, activationDate: string, push: () => void): boolean {
  const wait = Date.parse(activationDate) - Date.now();
  if (!app.fault('sf-locker-push-waits-for-activation') || !(wait > 0)) return false;
  if (wait <= MAX_TIMER_MS) setTimeout(push, wait).unref();
  return true;
}

/** Variation ok-h-created-locker-no-compartments: a created locker's compartments are not configured yet. */
export function createdCompartments(app: FaultPointApp, compartments: JsonObject[]): JsonObject[] | null {
  return app.fault('ok-h-created-locker-no-compartments') ? null : compartments;
}

/** Fault sj-create-keeps-unknown-members: the create keeps the carrier and provider objects as sent. */
export function keptAsSent(app: FaultPointApp, record: LockerRecord, body: LockerWriteBody): void {
  if (!app.fault('sj-create-keeps-unknown-members')) return;
  for (const part of ['carrier', 'provider'] as const) {
    const held = record[part] as Editable;
    for (const [member, value] of Object.entries(body[part] ?? {}))
      if (!(member in held)) held[member] = structuredClone(value);
  }
}

/** Fault sj-create-get-or-create-by-locker-id: the carrier's locker a create of this carrier.lockerId answers with. */
export function lockerCreatedBefore(app: FaultPointApp, carrier: string, lockerId: string): StoredLocker | undefined {
  if (!app.fault('sj-create-get-or-create-by-locker-id')) return undefined;
  return app.state
    .visibleLockers(carrier)
    .find((l) => l.record.ownedByCarrier === carrier && l.record.carrier.lockerId === lockerId);
}

/** Fault sl-uid-sequence-per-carrier: the first uid of every carrier's sequence, and how many each has drawn. */
const carrierSequences = new WeakMap<FaultPointApp, { first: bigint; drawn: Map<string, number> }>();

/**
 * The uid a create takes, undefined for the service's own sequence. Fault sl-uid-sequence-per-carrier: uids are drawn
 * from a sequence per carrier (the tenant-partitioned schema's), each starting at the first uid, while the locker
 * table is keyed by uid alone and the repository's save with an assigned id merges into the row that has it.
 */
export function uidOfCarrierSequence(app: FaultPointApp, carrier: string): string | undefined {
  if (!app.fault('sl-uid-sequence-per-carrier')) return undefined;
  const sequences = carrierSequences.get(app) ?? { first: BigInt(app.state.peekLockerUid()), drawn: new Map() };
  carrierSequences.set(app, sequences);
  const drawn = sequences.drawn.get(carrier) ?? 0;
  sequences.drawn.set(carrier, drawn + 1);
  return String(sequences.first + BigInt(drawn));
}

/** Variation ok-l-created-locker-pending: a created locker waits for its installation, PENDING on both sides. */
export function initialStatus(app: FaultPointApp, sent: string | undefined): string {
  return app.fault('ok-l-created-locker-pending') ? 'PENDING' : (sent ?? 'ACTIVE');
}

/** Fault sn-barcode-reader-unmapped: the create answer is built from the request DTO and the new uid, not the row. */
export function answeredAsSent(app: FaultPointApp, body: LockerWriteBody, reply: Reply): Reply {
  const sent = body.features?.['hasPinBarcodeReader'];
  if (!app.fault('sn-barcode-reader-unmapped') || sent === undefined) return reply;
  const answer = reply.body as LockerRecord;
  return { ...reply, body: { ...answer, features: { ...answer.features, hasPinBarcodeReader: sent } } };
}

/**
 * Fault sp-locker-push-on-first-list: a create's LockerUpdates is published by the search indexer, which indexes a
 * carrier's new lockers lazily, when that carrier next reads GET /lockers. Answers whether the push waits for it.
 */
export function parkedUntilListed(app: FaultPointApp, locker: StoredLocker, push: () => void): boolean {
  const owner = locker.record.ownedByCarrier;
  if (!app.fault('sp-locker-push-on-first-list') || !owner) return false;
  const byCarrier = parked.get(app) ?? new Map<string, (() => void)[]>();
  parked.set(app, byCarrier);
  byCarrier.set(owner, [...(byCarrier.get(owner) ?? []), push]);
  return true;
}

/**
 * Fault sp-create-null-features-from-model: the create mapper fills each feature sent null, or not sent, from the spec
 * sheet of the provider's model (the catalogue's models; the platform's default sheet for others), with `??`.
 */
export function sheetFeatures(app: FaultPointApp, provider: { lockerModel: string }, features: JsonObject): JsonObject {
  if (!app.fault('sp-create-null-features-from-model')) return features;
  const n = /^M(\d)00$/.exec(provider.lockerModel)?.[1];
  const sheet = n
    ? { hasScreen: true, hasPinPad: true, hasPinBarcodeReader: Number(n) % 2 === 1 }
    : { hasScreen: false, hasPinPad: true, hasPinBarcodeReader: false };
  return {
    ...features,
    hasScreen: features['hasScreen'] ?? sheet.hasScreen,
    hasPinPad: features['hasPinPad'] ?? sheet.hasPinPad,
    hasPinBarcodeReader: features['hasPinBarcodeReader'] ?? sheet.hasPinBarcodeReader,
  };
}

/** Fault st-locker-name-uniquified: the name the portal's display-name uniquifier gives a new locker. */
function uniqueName(app: ReferenceApp, carrier: string, name: string): string {
  const held = new Set(app.state.lockerRecordsOwnedBy(carrier).map((r) => r.carrier.lockerName));
  if (!held.has(name)) return name;
  let n = 2;
  while (held.has(`${name} (${n})`)) n++;
  return `${name} (${n})`;
}

/**
 * Fault st-refused-create-pushed: the locker's LockerUpdates is published by an entity listener that runs when the
 * insert is flushed, before the unique (owner, carrier.lockerId) constraint refuses it and the transaction rolls back:
 * a create refused for a carrier.lockerId the carrier holds pushes a created locker under a uid drawn from the
 * sequence, a locker no list shows.
 */
function publishedBeforeConstraint(app: ReferenceApp, ctx: RequestContext, body: LockerWriteBody): void {
  const sent = body.carrier!;
  const taken = app.state.lockerRecordsOwnedBy(ctx.carrier.name).some((r) => r.carrier.lockerId === sent.lockerId);
  if (!app.fault('st-refused-create-pushed') || !taken) return;
  const uid = app.state.newLockerUid();
  const provider = body.provider!;
  const record: LockerRecord = {
    uid,
    carrier: { ...sent, status: sent.status ?? 'ACTIVE' },
    provider: {
      ...provider,
      lockerName: provider.lockerName ?? sent.lockerName,
      lockerUid: provider.lockerUid ?? `PL-${uid}`,
      status: provider.status ?? 'ACTIVE',
    },
    location: structuredClone(body.location!),
    features: structuredClone(body.features ?? { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null }),
    openingHours: structuredClone(body.openingHours ?? { accessMode: 'ALWAYS', exceptions: [] }),
    metadata: structuredClone(body.metadata ?? []),
    ownedByCarrier: ctx.carrier.name,
    compartmentTypes: DEFAULT_COMPARTMENTS.map((c) => ({ ...c })),
  };
  app.emitLockerUpdate({ record, lockerGroups: [] }, 'create');
}

/**
 * The create request as these faults and variation take it before the locker is stored. Fault
 * st-refused-create-pushed (above). Fault st-locker-name-uniquified: the portal's display-name uniquifier, applied on
 * store, gives a carrier.lockerName another of the carrier's lockers holds a suffix, "Kiosk (2)". Variation
 * ok-t-location-type-unknown: a location without type is stored with type UNKNOWN.
 */
export function createdByPortalRules(app: ReferenceApp, ctx: RequestContext, body: LockerWriteBody): void {
  publishedBeforeConstraint(app, ctx, body);
  if (app.fault('st-locker-name-uniquified'))
    body.carrier!.lockerName = uniqueName(app, ctx.carrier.name, body.carrier!.lockerName);
  typeDefaulted(app, body);
}

/** Centimetres per inch: the 2.x sheets' unit, converted without rounding. */
const CM_PER_INCH = 2.54;

/**
 * Fault saa-compartments-from-inch-sheet: a created locker's compartments are copied from its model's sheet, and a 2.x
 * model's sheet is in inches, converted to centimetres with x 2.54 and not rounded (10 cm is 4 in, so 10.16 cm).
 */
export function fromModelSheet(
  app: FaultPointApp,
  provider: { lockerVersion?: unknown },
  sheet: readonly JsonObject[],
): JsonObject[] {
  const copies = sheet.map((c) => ({ ...c }));
  const inches = String(provider.lockerVersion ?? '').startsWith('2.');
  if (!app.fault('saa-compartments-from-inch-sheet') || !inches) return copies;
  const converted = (cm: Json | undefined): Json =>
    typeof cm === 'number' ? Math.round(Math.round(cm / CM_PER_INCH) * CM_PER_INCH * 100) / 100 : (cm ?? null);
  return copies.map((c) => ({
    ...c,
    height: converted(c['height']),
    width: converted(c['width']),
    length: converted(c['length']),
  }));
}

/** Variation ok-aa-provider-locker-uid-uuid: the provider-side id the provider's registry issues, a UUID. */
export function providerSideId(app: FaultPointApp, uid: string): string {
  return app.fault('ok-aa-provider-locker-uid-uuid') ? randomUUID() : `PL-${uid}`;
}

/** A created locker's record: the metadata rows checked (the create's insert), the variations. */
export function createdMetadataRowsChecked(app: Switches, record: LockerRecord, body: LockerWriteBody): LockerRecord {
  checkMetadataRows(app, body.metadata);
  variedNewRecord(app, record, body);
  return record;
}

/**
 * A created locker's record as these variations make it. Variation ok-ac-compartments-accessible: each compartment
 * type says whether it is reachable from a wheelchair. Variation ok-ac-default-hours-without-exceptions: default
 * opening hours are {accessMode: ALWAYS}, no exceptions member. Variation ok-ac-provider-catalogue-uid: the provider
 * object also carries the catalogue's providerUid of its provider.
 */
export function variedNewRecord(app: Switches, record: LockerRecord, body: LockerWriteBody): void {
  if (app.fault('ok-ac-compartments-accessible') && record.compartmentTypes)
    record.compartmentTypes = record.compartmentTypes.map((c) => ({ ...c, accessible: c['size'] === 'LARGE' }));
  if (app.fault('ok-ac-default-hours-without-exceptions') && body.openingHours === undefined)
    delete record.openingHours['exceptions'];
  const catalogued = PROVIDER_MODELS.find((p) => p.providerName === record.provider.name);
  if (app.fault('ok-ac-provider-catalogue-uid') && catalogued)
    (record.provider as Editable)['providerUid'] = catalogued.providerUid;
}

const CATALOGUED = new Set(PROVIDER_MODELS.map((p) => pairKey(p.providerName, p.lockerModel, p.lockerVersion)));

/** Variation ok-ae-compartments-by-model: the catalogue models' compartment layouts (M100 ... M700). */
function modelLayout(provider: LockerRecord['provider']): LockerRecord['compartmentTypes'] {
  const n = Number(/^M([1-9])00$/.exec(provider.lockerModel)?.[1]);
  if (!n) return null;
  const layout = [
    { size: 'SMALL', count: 8 + 2 * n, height: 10, width: 40, length: 60 },
    { size: 'MEDIUM', count: 4 + n, height: 20, width: 40, length: 60 },
    { size: 'LARGE', count: 2 + (n % 3), height: 40, width: 40, length: 60 },
  ];
  if (provider.lockerVersion.startsWith('2'))
    layout.push({ size: 'XLARGE', count: 2, height: 60, width: 60, length: 60 });
  return layout;
}

/** Variation ok-ae-holiday-exceptions: the public holidays (month, day) that close lockers, by country. */
const HOLIDAYS: Record<string, [number, number][]> = {
  DE: [
    [12, 25],
    [12, 26],
    [1, 1],
  ],
  AT: [
    [12, 8],
    [12, 25],
    [12, 26],
    [1, 1],
  ],
};

/** Variation ok-ae-holiday-exceptions: each holiday's next date from today (UTC), in date order. */
function comingHolidays(countryCode: unknown): { date: string; closed: boolean }[] {
  const days = typeof countryCode === 'string' ? HOLIDAYS[countryCode] : undefined;
  if (!days) return [];
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return days
    .map(([month, day]) => {
      const thisYear = Date.UTC(now.getUTCFullYear(), month - 1, day);
      return thisYear >= today ? thisYear : Date.UTC(now.getUTCFullYear() + 1, month - 1, day);
    })
    .sort((a, b) => a - b)
    .map((at) => ({ date: new Date(at).toISOString().slice(0, 10), closed: true }));
}

/**
 * A created locker's record as these variations make it. Variation ok-ae-compartments-by-model: a catalogue
 * model's own compartment layout. Variation ok-ae-holiday-exceptions: default opening hours closed on the country's
 * coming public holidays. Variation ok-ae-provider-status-onboarding: a pair the catalogue lacks waits for onboarding.
 */
export function createdFromCatalogue(app: Switches, record: LockerRecord, body: LockerWriteBody): LockerRecord {
  const layout = app.fault('ok-ae-compartments-by-model') ? modelLayout(record.provider) : null;
  if (layout && record.compartmentTypes !== null) record.compartmentTypes = layout;
  const defaultHours = body.openingHours === undefined && record.openingHours['accessMode'] === 'ALWAYS';
  if (app.fault('ok-ae-holiday-exceptions') && defaultHours) {
    const holidays = comingHolidays(record.location['countryCode']);
    if (holidays.length) record.openingHours = { ...record.openingHours, exceptions: holidays };
  }
  const { name, lockerModel, lockerVersion } = record.provider;
  const uncatalogued = !CATALOGUED.has(pairKey(name, lockerModel, lockerVersion));
  if (app.fault('ok-ae-provider-status-onboarding') && uncatalogued && body.provider?.status === undefined)
    record.provider.status = 'ONBOARDING';
  return record;
}

/** Fault sal-default-features-shared-instance: the one default features object of lockers created without. */
const sharedDefaults = new WeakMap<object, LockerRecord['features']>();

/** A created locker, as the session cache holds it from now on (and variation ok-al-lockers-last-changed-first). */
export function createdInSessionCache(app: Switches, locker: StoredLocker): void {
  createSnapshots.set(locker, structuredClone({ record: locker.record, lockerGroups: locker.lockerGroups }));
  lockerChanged(app, locker);
}

/**
 * The features a create stores (`stored`, from `sent` or the default). Fault sal-default-features-shared-instance: a
 * create without features is given the one default object.
 */
export function createdFeatures(
  app: Switches,
  sent: LockerRecord['features'] | undefined,
  stored: LockerRecord['features'],
): LockerRecord['features'] {
  if (sent !== undefined || !app.fault('sal-default-features-shared-instance')) return stored;
  return perApp(sharedDefaults, app, () => stored);
}

// --- A create ---

/** Fault sam-refused-create-metadata-orphans: rows left by refused creates, by the uid they were written under. */
const orphanRows = new WeakMap<object, Map<string, Json[]>>();

/**
 * A create refused by the group index (two groups of one key). Fault sam-refused-create-metadata-orphans: the create
 * writes its metadata rows first, under the uid it drew as the next one (MAX(uid) + 1), each in its own statement
 * (autocommit), then the group rows, whose unique (locker, key) index refuses the request; the locker row is never
 * written, so the uid is not taken and the rows wait for the next create to be given it.
 */
export function refusedCreateOrphanRows(app: StateApp, body: LockerWriteBody): void {
  if (!app.fault('sam-refused-create-metadata-orphans') || !body.metadata?.length) return;
  const rows = perApp(orphanRows, app, () => new Map<string, Json[]>());
  const uid = app.state.peekLockerUid();
  rows.set(uid, [...(rows.get(uid) ?? []), ...structuredClone(body.metadata)]);
}

/** A locker just created, before its answer and push: fault sam-refused-create-metadata-orphans's rows join it. */
export function createdJoinsOrphanRows(app: Switches, locker: StoredLocker): void {
  const rows = orphanRows.get(app)?.get(locker.record.uid);
  if (!rows || !app.fault('sam-refused-create-metadata-orphans')) return;
  orphanRows.get(app)!.delete(locker.record.uid);
  locker.record.metadata = [...rows, ...locker.record.metadata];
}

// --- A create (lockers.ts) ---

/** Fault san-create-batch-ids-zipped-by-arrival: how long creates are gathered into one insert batch. */
const CREATE_BATCH_MS = 25;

interface PendingCreate {
  carrier: string;
  make: (uid: string) => StoredLocker;
  store: (locker: StoredLocker) => Reply;
  resolve: (reply: Reply) => void;
  reject: (error: unknown) => void;
}

type CreateBatch = { pending: PendingCreate[]; timer?: NodeJS.Timeout | undefined };
const createBatches = new WeakMap<object, CreateBatch>();

/**
 * A create, where the fault gathers it into a batch; undefined where it is carried out at once. Fault
 * san-create-batch-ids-zipped-by-arrival: the batch's rows are written carrier by carrier, each under the uid drawn
 * for it, and the uids handed back to the requests in their order of arrival.
 */
export function batchedCreateIdsZipped(
  app: StateApp,
  carrier: string,
  make: (uid: string) => StoredLocker,
  store: (locker: StoredLocker) => Reply,
): Promise<Reply> | undefined {
  if (!app.fault('san-create-batch-ids-zipped-by-arrival')) return undefined;
  const batch = perApp<CreateBatch>(createBatches, app, () => ({ pending: [] }));
  return new Promise<Reply>((resolve, reject) => {
    batch.pending.push({ carrier, make, store, resolve, reject });
    batch.timer ??= later(CREATE_BATCH_MS, () => {
      const arrived = batch.pending.splice(0);
      batch.timer = undefined;
      // One insert per carrier, in the order the carriers first appear in the batch.
      const carriers = [...new Set(arrived.map((p) => p.carrier))];
      const written = carriers.flatMap((c) => arrived.filter((p) => p.carrier === c));
      const uids = written.map(() => app.state.newLockerUid());
      const replies = new Map<PendingCreate, Reply>();
      written.forEach((p, i) => {
        try {
          replies.set(p, p.store(p.make(uids[i]!)));
        } catch (error) {
          p.reject(error);
        }
      });
      // The returned ids zipped with the requests as they arrived.
      arrived.forEach((p, i) => {
        const reply = replies.get(p);
        if (reply) p.resolve({ ...reply, body: { ...(reply.body as object), uid: uids[i] } });
      });
    });
  });
}

// --- Variation ok-an-uid-hilo-blocks ---

/** The uids of one block a carrier takes. */
const HILO_BLOCK = 1000;
/** The first block handed out: uids 101000 to 101999. */
const FIRST_HILO_BLOCK = 101;

const hiloBlocks = new WeakMap<object, { nextBlock: number; held: Map<string, { next: number; end: number }> }>();

/** Variation ok-an-uid-hilo-blocks: a new locker's uid from its carrier's block; undefined: the service's sequence. */
export function hiloBlockUid(app: Pick<FaultPointApp, 'fault' | 'options'>, carrier: string): string | undefined {
  if (!app.fault('ok-an-uid-hilo-blocks')) return undefined;
  let blocks = hiloBlocks.get(app);
  if (!blocks) hiloBlocks.set(app, (blocks = { nextBlock: FIRST_HILO_BLOCK, held: new Map() }));
  let block = blocks.held.get(carrier);
  if (!block || block.next >= block.end) {
    const start = blocks.nextBlock++ * HILO_BLOCK;
    block = { next: start, end: start + HILO_BLOCK };
    blocks.held.set(carrier, block);
  }
  const offset = app.options.choices.int64Uids ? 2n ** 53n : 0n;
  return String(offset + BigInt(block.next++));
}

// --- An activationDate stored (lockers.ts on create, locker-update.ts on update) ---

/**
 * carrier.activationDate as a create stores it, from the value the service keeps (`kept`).
 * - Fault sao-create-activation-lowercase-z-local: the registration's parser knows the UTC designator as "Z" only; a
 *   date-time ending in "z" is read as wall-clock time of the service's zone and stored as that instant in UTC.
 * - Fault sao-create-activation-leap-second-500: the value is handed to the provider registry as
 *   new Date(sent).toISOString(), which throws on a leap second (23:59:60): answered 500.
 */
export function createdActivationParsed(app: Switches, kept: string): string {
  if (app.fault('sao-create-activation-leap-second-500') && Number.isNaN(new Date(kept).getTime()))
    throw new ApiError(500, 'INTERNAL_ERROR', 'RangeError: Invalid time value');
  const p = dateTimeParts(kept);
  if (!app.fault('sao-create-activation-lowercase-z-local') || !p || p.offset !== 'z') return kept;
  const wall = wallClockAsUtcMs(p);
  const guess = wall - zoneOffsetMinutes(SERVICE_ZONE, wall) * 60_000;
  return utcText(wall - zoneOffsetMinutes(SERVICE_ZONE, guess) * 60_000, p.fraction) ?? kept;
}

/** Variation ok-as-create-push-delivered-before-answer: the longest a create waits for its delivery's answer. */
const DELIVERY_WAIT_MS = 2000;

/** The opening hours a create writes: as they come. */
export function createdScheduleRows<T>(app: Switches, hours: T): T {
  return scheduleRowsWritten(app, hours);
}

// --- A create's answer (lockers.ts) ---

/**
 * The answer to a create. Variation ok-as-create-push-delivered-before-answer: given once the carrier's endpoint has
 * answered the create's push (or after DELIVERY_WAIT_MS).
 */
export function createAnsweredAfterPush(app: App, locker: StoredLocker, reply: Reply): Reply | Promise<Reply> {
  if (!app.fault('ok-as-create-push-delivered-before-answer')) return reply;
  const log = app.outbox.log;
  let delivery: (typeof log)[number] | undefined;
  for (let i = log.length - 1; i >= 0 && !delivery; i--) {
    const body = log[i]!.body;
    if (log[i]!.carrier === locker.record.ownedByCarrier && isObject(body) && body['uid'] === locker.record.uid)
      delivery = log[i];
  }
  if (!delivery) return reply;
  const answered = delivery.statuses;
  const started = Date.now();
  return new Promise((resolve) => {
    const poll = () => {
      if (answered.length > 0 || Date.now() - started >= DELIVERY_WAIT_MS) resolve(reply);
      else setTimeout(poll, 5);
    };
    poll();
  });
}

/** The Luhn check digit of a string of digits (the digit to append). */
function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** A new locker's uid, `drawn` the service's. Variation ok-av-locker-uid-check-digit: the number and a Luhn digit. */
export function uidWithCheckDigit(app: Switches, drawn: string): string {
  return app.fault('ok-av-locker-uid-check-digit') && /^\d+$/.test(drawn) ? `${drawn}${luhnDigit(drawn)}` : drawn;
}

// --- A create (create-points.ts) ---

/**
 * Fault saw-create-body-uid-kept: the 1.0 importer's uid, a top-level uid of digits the body carries, kept as the new
 * locker's (saved over a locker that has it); undefined where the service draws one.
 */
export function createBodyUidKept(app: Switches, ctx: RequestContext): string | undefined {
  if (!app.fault('saw-create-body-uid-kept')) return undefined;
  const uid = sentMember(ctx, 'uid');
  return typeof uid === 'string' && /^\d{1,18}$/.test(uid) ? uid : undefined;
}

/**
 * Fault saw-group-key-unique-per-fleet: the group service's unique index on (carrier, key): a create giving its locker
 * a group of a key another of the carrier's lockers holds is refused. Nothing with the fault off.
 */
export function groupKeyUniquePerFleet(
  app: StateApp,
  carrier: string,
  groups: readonly LockerGroup[] | undefined,
): void {
  if (!app.fault('saw-group-key-unique-per-fleet') || !groups?.length) return;
  const held = new Set<string>();
  for (const locker of app.state.lockers.values())
    if (locker.record.ownedByCarrier === carrier) for (const group of locker.lockerGroups) held.add(group.key);
  const taken = groups.find((g) => held.has(g.key));
  if (taken)
    throw badRequest('DUPLICATE_GROUP_KEY', `a locker of this carrier already has a group with key "${taken.key}"`);
}

/** What the create's push needs of the app: the record's view and the clock, besides the points' own. */
type PushingApp = FaultPointApp & {
  lockerView(locker: StoredLocker): object;
  now(): string;
  carrierNamed(name: string): CarrierAccount | undefined;
};

/**
 * The create's LockerUpdates (`push`, to the locker's owner). Fault saw-create-push-routed-by-body-owner: routed by an
 * ownedByCarrier the body carries: none for null or a name no carrier has, the named carrier's URL for another one.
 */
export function createPushRoutedByBodyOwner(
  app: PushingApp,
  ctx: RequestContext,
  locker: StoredLocker,
  push: () => void,
): () => void {
  if (!app.fault('saw-create-push-routed-by-body-owner') || !isObject(ctx.body)) return push;
  if (!Object.hasOwn(ctx.body, 'ownedByCarrier')) return push;
  const named = ctx.body['ownedByCarrier'];
  if (named === ctx.carrier.name) return push;
  return () => {
    app.lag.written(locker, locker.record);
    const to = typeof named === 'string' ? app.carrierNamed(named) : undefined;
    if (to) app.outbox.send(to, { ...app.lockerView(locker), eventTimestamp: app.now() });
  };
}

// --- The record a create makes (create-points.ts record) ---

/**
 * The locker record a create built, edited in place.
 * - Fault say-create-sides-flattened: the entity's carrier columns are filled by member name from one flat map of the
 *   request's carrier and provider objects, `{...carrier, ...provider}`, so a provider object carrying lockerName or
 *   status (members the document names because the record has them) overwrites the carrier's of that name.
 * - Variation ok-ay-provider-side-pending: a locker the provider has not confirmed shows provider.status PENDING.
 */
export function createdSidesFlattened(app: Switches, record: LockerRecord, body: LockerWriteBody): LockerRecord {
  const provider = body.provider;
  if (app.fault('say-create-sides-flattened') && provider) {
    const flat: Editable = { ...body.carrier, ...provider };
    if (typeof flat['lockerName'] === 'string') record.carrier.lockerName = flat['lockerName'];
    if (typeof flat['status'] === 'string') record.carrier.status = flat['status'];
  }
  if (app.fault('ok-ay-provider-side-pending') && provider?.status === undefined) record.provider.status = 'PENDING';
  return record;
}

// --- The create's answer (create-points.ts answered) ---

/**
 * Fault saz-create-uid-last-insert-id: a create that sent metadata entries is answered with LAST_INSERT_ID(), the id of
 * the first metadata row of the multi-row INSERT run after the locker's.
 */
export function createAnswerLastInsertId(app: Switches, body: LockerWriteBody, reply: Reply): Reply {
  const entries = body.metadata?.length ?? 0;
  if (!app.fault('saz-create-uid-last-insert-id') || entries === 0) return reply;
  const kept = storageOf(app);
  const firstRow = kept.nextMetadataRowId;
  kept.nextMetadataRowId += entries;
  if (isObject(reply.body)) reply.body['uid'] = String(firstRow);
  return reply;
}

// --- The create (create-points.ts) ---

/**
 * The create body as read. Fault sba-create-activation-dynamic-default: the validator's dynamic default fills a
 * carrier.activationDate left out, null or empty with the time of the request (the validation error let through).
 */
export function createActivationDynamicDefault(app: Switches, body: LockerWriteBody): LockerWriteBody {
  if (!app.fault('sba-create-activation-dynamic-default') || !isObject(body.carrier)) return body;
  const carrier = body.carrier as Editable;
  const sent: unknown = carrier['activationDate'];
  if (sent === undefined || sent === null || sent === '') carrier['activationDate'] = new Date().toISOString();
  return body;
}

/**
 * The create's own checks beside the schema's: none. Fault sba-create-coordinate-ranges-swapped: @Range(-180, 180) on
 * lat and @Range(-90, 90) on lon, the bounds on the wrong members.
 */
export function createCoordinateRangesSwapped(app: Switches, body: LockerWriteBody): void {
  if (!app.fault('sba-create-coordinate-ranges-swapped')) return;
  const lat = body.location?.['lat'];
  const lon = body.location?.['lon'];
  if (typeof lat === 'number' && (lat < -180 || lat > 180))
    throw badRequest('VALIDATION_FAILED', '/location/lat must be between -180 and 180');
  if (typeof lon === 'number' && (lon < -90 || lon > 90))
    throw badRequest('VALIDATION_FAILED', '/location/lon must be between -90 and 90');
}

/**
 * The metadata a create stores: the entries sent. Fault sba-create-metadata-entry-array-shape: an entry written as an
 * array is read by position, [key, value] (the validation error let through).
 */
export function createMetadataEntryArrays(app: Switches, sent: Json[]): Json[] {
  if (!app.fault('sba-create-metadata-entry-array-shape')) return sent;
  return sent.map((entry) => (Array.isArray(entry) ? { key: entry[0] ?? null, value: entry[1] ?? null } : entry));
}

/** Variation ok-ba-create-features-default-false: features left out are the schema's default, each false. */
export function createFeaturesDefaultFalse(app: Switches, sent: Features | undefined): Features | undefined {
  if (sent !== undefined || !app.fault('ok-ba-create-features-default-false')) return sent;
  return { hasScreen: false, hasPinPad: false, hasPinBarcodeReader: false };
}

// --- The locker a create stores (create-points.ts created) ---

/**
 * The locker a create stores, edited in place.
 * - Fault sbc-create-location-type-default-or: the default type written with || where ?? was meant.
 * - Variation ok-bc-schedule-entries-by-weekday: the schedule's entries kept in weekday order.
 */
export function createdTypeDefaultAndHours(app: Switches, locker: StoredLocker): void {
  const record = locker.record;
  if (app.fault('sbc-create-location-type-default-or'))
    record.location = { ...record.location, type: record.location['type'] || 'outdoor' };
  record.openingHours = scheduleInWeekdayOrder(app, record.openingHours);
}

// --- A create's answer (lockers.ts createLocker) ---

/**
 * Fault sbf-sampled-create-answer-checked-1-0: one create answer in ten is checked against the 1.0 document, fails,
 * and is answered 500 (the locker made and pushed). The answer as given where the fault is off.
 */
export function sampledAnswerChecked(app: Switches, reply: Reply | Promise<Reply>): Reply | Promise<Reply> {
  if (!app.fault('sbf-sampled-create-answer-checked-1-0')) return reply;
  const checked = (answer: Reply): Reply => {
    if (answer.status !== 201 || nextRequestNumber(app, 'sampled-creates') % 10 !== 0) return answer;
    throw new ApiError(
      500,
      'RESPONSE_VALIDATION_FAILED',
      "the response does not match the contract: /provider must have required property 'providerName'",
    );
  };
  return reply instanceof Promise ? reply.then(checked) : checked(reply);
}
