// The points where faults change a locker create (§4.1), in the order lockers.ts's createLocker() reaches them. With
// every fault off each point does what the specification has the service do, so createLocker() and newLocker() read
// as the correct service; each fault is named at its point, its behaviour here or in faults/behaviour/locker-create.ts
// (what an update does alike, locker-writes.ts).
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { ApiError, badRequest } from '../errors';
import type { JsonObject, LockerGroup, LockerRecord, LockerWriteBody, StoredLocker } from '../model';
import { DEFAULT_COMPARTMENTS } from '../seed';
import {
  NO_FEATURES,
  storedActivationDate,
  storedFeatures,
  storedMetadata,
  takeGroupsFromOthers,
} from './locker-stored';
import {
  answeredAsSent,
  batchedCreateIdsZipped,
  callerAfterWrite,
  createActivationDynamicDefault,
  createAnswerLastInsertId,
  createBodyUidKept,
  createCoordinateRangesSwapped,
  createdActivationParsed,
  createdByPortalRules,
  createdCompartments,
  createdFeatures,
  createdFromCatalogue,
  createdInSessionCache,
  createdJoinsOrphanRows,
  createdMetadataRowsChecked,
  createdScheduleRows,
  createdSidesFlattened,
  createdTypeDefaultAndHours,
  createFeaturesDefaultFalse,
  createMetadataEntryArrays,
  createPushRoutedByBodyOwner,
  fromModelSheet,
  groupKeyUniquePerFleet,
  hiloBlockUid,
  initialStatus,
  keptAsSent,
  lockerCreatedBefore,
  parkedUntilListed,
  providerSideId,
  pushedAtActivation,
  refusedCreateOrphanRows,
  rememberRegistration,
  sheetFeatures,
  uidOfCarrierSequence,
  uidWithCheckDigit,
} from '../faults/behaviour/locker-create';
import {
  activationAsFloatEpoch,
  addressColumns,
  addressXmlNormalised,
  aliasesBound,
  checkFixedPointCoordinates,
  checkNameFree,
  epochSeconds32,
  fleetDocumentWritten,
  hoursOvernightAndGrid,
  scheduleRowsNeedDay,
  scheduleWeekdaySlots,
  storedGroups,
  storedLocation,
} from '../faults/behaviour/locker-writes';

/** Fault duplicate-uid-concurrent: how long the awaited write of a new locker takes. */
const RACING_WRITE_MS = 25;
/** §2.1 makes openingHours no member of the create request: a locker created without them is open at all times. */
const DEFAULT_OPENING_HOURS = { accessMode: 'ALWAYS', exceptions: [] };
/** Fault oh-always-with-schedule: the default hours carry a weekly schedule though ALWAYS. */
const ALWAYS_WITH_SCHEDULE = {
  accessMode: 'ALWAYS',
  weeklySchedule: [{ day: 'MONDAY', from: '08:00', to: '20:00' }],
  exceptions: [],
};

type SentProvider = NonNullable<LockerWriteBody['provider']>;

export interface CreatePoints {
  /** The body as validated, before any check: how its members are bound. */
  read(body: LockerWriteBody): void;
  /** Checks beyond the schema's, before the groups are. */
  checked(body: LockerWriteBody): void;
  /** A create refused by its groups: what it leaves behind (nothing). */
  refused(body: LockerWriteBody, made: () => StoredLocker): void;
  /** An answer given before any write (none). */
  held(body: LockerWriteBody): Reply | undefined;
  /** What happens once the checks passed, before the lockerId is checked free. */
  beforeWrite(body: LockerWriteBody): void;
  /** Checks beside the lockerId's (none). */
  free(body: LockerWriteBody): void;
  /** The write done otherwise than at once, where it is (never). */
  written(
    body: LockerWriteBody,
    make: (uid?: string) => StoredLocker,
    done: (locker: StoredLocker) => Reply,
  ): Reply | Promise<Reply> | undefined;
  /** The locker as written: the location it answers with where the stored one differs (never). */
  stored(locker: StoredLocker, body: LockerWriteBody): JsonObject | undefined;
  /** The answer to the create, from the record written. */
  answered(body: LockerWriteBody, reply: Reply): Reply;
  // --- the record newLocker() builds, member by member ---
  uid(carrier: string): string;
  lockerName(sent: string): string;
  activationDate(sent: string): string;
  status(sent: string | undefined): string;
  providerLockerUid(uid: string): string;
  location(sent: JsonObject): JsonObject;
  features(sent: LockerRecord['features'] | undefined, provider: SentProvider): LockerRecord['features'];
  openingHours(sent: JsonObject | undefined): JsonObject;
  metadata(sent: LockerRecord['metadata']): LockerRecord['metadata'];
  compartments(provider: SentProvider): LockerRecord['compartmentTypes'];
  /** The record once built, before it is stored. */
  record(record: LockerRecord, body: LockerWriteBody): void;
  groups(sent: LockerGroup[]): LockerGroup[];
  // --- once stored ---
  /** Done as the locker is created: its push, at once (§6). */
  created(locker: StoredLocker, push: () => void): void;
  /** 201 (§4.1). */
  createdStatus(): number;
}

export function createPoints(app: ReferenceApp, ctx: RequestContext, newLocker: NewLocker): CreatePoints {
  const carrier = ctx.carrier.name;
  return {
    // Fault sr-legacy-alias-last-wins: a 1.0 name written later is bound. Fault sba-create-activation-dynamic-default:
    // a default now.
    read: (body) => aliasesBound(app, createActivationDynamicDefault(app, body)),
    checked: (body) => {
      boundaryFaults(app, body);
      // Fault sj-coordinates-exponent-refused: lon and lat read from their raw tokens as fixed-point decimals.
      checkFixedPointCoordinates(app, ctx.raw);
      if (app.fault('create-requires-location-type') && body.location?.['type'] === undefined)
        throw badRequest('VALIDATION_FAILED', '/location/type is required');
      groupKeyUniquePerFleet(app, carrier, body.lockerGroups); // Fault saw-group-key-unique-per-fleet
      createCoordinateRangesSwapped(app, body); // Fault sba-create-coordinate-ranges-swapped
    },
    refused: (body, made) => {
      // Fault rejected-create-stores: the record is written before the groups are checked.
      if (app.fault('rejected-create-stores')) {
        const locker = made();
        app.state.lockers.set(locker.record.uid, locker);
      }
      // Fault sam-refused-create-metadata-orphans: metadata rows left under the next uid.
      refusedCreateOrphanRows(app, body);
    },
    held: (body) => {
      // Fault sj-create-get-or-create-by-locker-id: a create of a carrier.lockerId held is answered with that locker.
      const held = lockerCreatedBefore(app, carrier, body.carrier!.lockerId);
      return held ? { status: 201, body: app.lockerView(held) } : undefined;
    },
    // Faults st-refused-create-pushed, st-locker-name-uniquified
    beforeWrite: (body) => createdByPortalRules(app, ctx, body),
    // Fault sn-locker-name-unique-index: a unique index on (owner, carrier.lockerName).
    free: (body) => checkNameFree(app, carrier, body.carrier!.lockerName),
    written: (body, make, done) => {
      if (app.fault('duplicate-uid-concurrent')) return createWithRacingUid(app, make, done);
      if (app.fault('se-caller-in-shared-field')) return createForLastCaller(app, ctx, newLocker, done);
      // Fault san-create-batch-ids-zipped-by-arrival: creates gathered into insert batches, written carrier by carrier.
      return batchedCreateIdsZipped(app, carrier, make, (l) => {
        app.state.lockers.set(l.record.uid, l);
        return done(l);
      });
    },
    stored: (locker, body) => {
      // Fault sbc-create-location-type-default-or, variation ok-bc-schedule-entries-by-weekday.
      createdTypeDefaultAndHours(app, locker);
      fleetDocumentWritten(app, carrier, locker); // The carrier's fleet document, the locker's event snapshots
      // Fault lockername-cut-at-255: stored in a VARCHAR(255) that cuts silently; the answer echoes the request.
      if (app.fault('lockername-cut-at-255'))
        locker.record.carrier.lockerName = [...locker.record.carrier.lockerName].slice(0, 255).join('');
      takeGroupsFromOthers(app, carrier, locker, body.lockerGroups); // Fault sa-groups-move-between-lockers
      // Fault sa-location-deduped-by-address: the address row is inserted or reused; the answer echoes the request.
      const sameAddress = app.fault('sa-location-deduped-by-address') ? lockerAtAddress(app, body) : undefined;
      if (!sameAddress) return undefined;
      locker.record.location = structuredClone(sameAddress.record.location);
      return body.location;
    },
    // Fault sn-barcode-reader-unmapped: the answer is built from the request, the row never got hasPinBarcodeReader.
    // Fault saz-create-uid-last-insert-id: answered with LAST_INSERT_ID(), a metadata row's id.
    answered: (body, reply) => createAnswerLastInsertId(app, body, answeredAsSent(app, body, reply)),
    // Conformant variation ok-c-random-uids: a random uid no locker has. Variation ok-an-uid-hilo-blocks: from a block
    // of 1,000 uids the carrier took. Fault sl-uid-sequence-per-carrier: from the creating carrier's own sequence.
    uid: (owner) =>
      app.fault('ok-c-random-uids')
        ? app.state.randomLockerUid()
        : (hiloBlockUid(app, owner) ??
          uidOfCarrierSequence(app, owner) ??
          // Fault saw-create-body-uid-kept: a uid the body carries, kept.
          // ok-av-locker-uid-check-digit
          uidWithCheckDigit(app, createBodyUidKept(app, ctx) ?? app.state.newLockerUid())),
    lockerName: (sent) => (app.fault('create-echo-lockername') ? 'Locker' : sent),
    // Fault sr-activation-date-int32-epoch: read back from a signed 32-bit count of seconds since 1970. Faults
    // sao-create-activation-lowercase-z-local, sao-create-activation-leap-second-500: the registry's parse. Fault
    // x45-activation-date-truncated-to-day: a DATE column. Fault saz-activation-float-epoch: DOUBLE epoch seconds.
    activationDate: (sent) =>
      activationAsFloatEpoch(app, epochSeconds32(app, createdActivationParsed(app, storedActivationDate(app, sent)))),
    status: (sent) => initialStatus(app, sent), // Variation ok-l-created-locker-pending: PENDING until installed
    // The provider-side id differs from the platform uid, as the trigger requires (§4.11). Variation
    // ok-aa-provider-locker-uid-uuid.
    providerLockerUid: (uid) => providerSideId(app, uid),
    // Fault sr-address-astral-cut: utf8mb3 address columns cut a string before a character beyond the BMP.
    // Fault sam-address-xml-attribute-whitespace: the address as the provider registry's XML attributes confirm it.
    location: (sent) => addressXmlNormalised(app, addressColumns(app, storedLocation(app, sent))),
    // Fault sp-create-null-features-from-model: features sent null, or not sent, taken from the model's spec sheet.
    // Fault sal-default-features-shared-instance: a create without features given the one default object.
    // Fault x45-features-false-as-null.
    features: (sent, provider) =>
      createdFeatures(
        app,
        sent,
        sheetFeatures(app, provider, storedFeatures(app, createFeaturesDefaultFalse(app, sent) ?? NO_FEATURES)),
      ),
    // Fault san-schedule-weekday-slots: a weeklySchedule kept in seven weekday slots. Fault
    // sam-schedule-rows-need-day: kept as (day, opens, closes) rows, entries without a day skipped.
    // The provider adapter's form of the hours (faults sao-schedule-overnight-entries-dropped,
    // sao-always-exceptions-grid-synthesised; variations).
    openingHours: (sent) =>
      hoursOvernightAndGrid(
        app,
        scheduleWeekdaySlots(
          app,
          scheduleRowsNeedDay(
            app,
            structuredClone(
              sent ?? (app.fault('oh-always-with-schedule') ? ALWAYS_WITH_SCHEDULE : DEFAULT_OPENING_HOURS),
            ),
          ),
        ),
      ),
    metadata: (sent) => storedMetadata(app, createMetadataEntryArrays(app, sent)), // An entry read by position
    // Variation ok-h-created-locker-no-compartments: compartments not configured yet. Fault
    // saa-compartments-from-inch-sheet: a 2.x model's sheet in inches, converted.
    compartments: (provider) => createdCompartments(app, fromModelSheet(app, provider, DEFAULT_COMPARTMENTS)),
    // Fault sj-create-keeps-unknown-members: the carrier and provider objects kept as sent. Fault
    // saa-group-keys-normalized-after-check: the group keys canonicalised as the groups are stored. Fault
    // sac-metadata-key-primary-key: a metadata primary key; its variations. Variations ok-ae-compartments-by-model,
    // ok-ae-holiday-exceptions, ok-ae-provider-status-onboarding: a model's compartments, holidays, onboarding. Fault
    // say-create-sides-flattened, variation ok-ay-provider-side-pending: the mapper.
    record: (record, body) =>
      keptAsSent(
        app,
        createdFromCatalogue(
          app,
          createdMetadataRowsChecked(app, createdSidesFlattened(app, record, body), body),
          body,
        ),
        body,
      ),
    groups: (sent) => storedGroups(app, sent),
    created: (locker, pushToOwner) => {
      // Fault saw-create-push-routed-by-body-owner
      const push = createPushRoutedByBodyOwner(app, ctx, locker, pushToOwner);
      createdJoinsOrphanRows(app, locker); // Fault sam-refused-create-metadata-orphans: a refused create's rows join it
      // Fault sp-locker-push-on-first-list: published by the search indexer when the carrier next reads the list.
      const parked = parkedUntilListed(app, locker, push);
      // Fault sf-locker-push-waits-for-activation: published by the activation job when activationDate lies ahead.
      if (!parked && !pushedAtActivation(app, locker.record.carrier.activationDate, push)) push();
      rememberRegistration(app, locker);
      createdInSessionCache(app, locker); // Fault sal-group-refusal-restores-create-snapshot: the session cache's copy
      createdScheduleRows(app, locker.record.openingHours); // Fault sas-list-schedule-rows-lag-mode: rows later
    },
    createdStatus: () => (app.fault('create-answers-200') ? 200 : 201),
  };
}

export type NewLocker = (ctx: RequestContext, uid?: string) => StoredLocker;

/** Faults of the boundary values: a column too narrow, a text encoding too small, an over-strict filter. */
function boundaryFaults(app: ReferenceApp, body: LockerWriteBody): void {
  if (app.fault('create-long-lockername-500') && body.carrier!.lockerName.length > 255)
    throw new ApiError(500, 'INTERNAL_ERROR', 'value too long for column locker_name (255)');
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

const ADDRESS = ['street', 'streetNumber', 'postalCode', 'city', 'countryCode'] as const;

/** Fault sa-location-deduped-by-address: the locker held first whose address is the one sent. */
function lockerAtAddress(app: ReferenceApp, body: LockerWriteBody): StoredLocker | undefined {
  return [...app.state.lockers.values()].find((l) =>
    ADDRESS.every((member) => l.record.location[member] === body.location?.[member]),
  );
}

/**
 * Fault duplicate-uid-concurrent: the uid is read as the next free one (the highest so far plus one)
 * before the record's write, which is awaited, and taken only once the write is done. Creates in flight
 * together read the same uid: each is answered 201 with it, and the last write replaces the others.
 */
async function createWithRacingUid(
  app: ReferenceApp,
  make: (uid?: string) => StoredLocker,
  done: (locker: StoredLocker) => Reply,
): Promise<Reply> {
  const uid = app.state.peekLockerUid();
  await new Promise((resolve) => setTimeout(resolve, RACING_WRITE_MS));
  const locker = make(uid);
  app.state.lockers.set(uid, locker);
  app.state.lockerUidTaken(uid);
  return done(locker);
}

/**
 * Fault se-caller-in-shared-field: the caller is a field of the singleton locker service, which every authenticated
 * request sets; the create reads it for the owner once its awaited write is done, so a request of another carrier
 * answered meanwhile makes the locker that carrier's.
 */
async function createForLastCaller(
  app: ReferenceApp,
  ctx: RequestContext,
  newLocker: NewLocker,
  done: (locker: StoredLocker) => Reply,
): Promise<Reply> {
  const carrier = await callerAfterWrite(app, ctx.carrier);
  const locker = newLocker({ ...ctx, carrier });
  app.state.lockers.set(locker.record.uid, locker);
  return done(locker);
}
