// §4.1–4.2: create and list lockers (update and status are locker-update.ts, the catalogue providers.ts).
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { ApiError, badRequest } from '../errors';
import type { JsonObject, LockerRecord, LockerWriteBody, StoredLocker } from '../model';
import { DEFAULT_COMPARTMENTS } from '../seed';
import { checkGroups, checkLockerIdFree, checkOpeningHours } from './locker-checks';
import {
  NO_FEATURES,
  storedActivationDate,
  storedFeatures,
  storedMetadata,
  takeGroupsFromOthers,
} from './locker-stored';
import { providerFilter, storedLocation } from './set-c-faults';
import { pushedAtActivation } from './set-f-faults';
import { callerAfterWrite, listMapped, rememberRegistration } from './set-e-faults';
import { cachedLockerList } from './set-g-faults';
import { createdCompartments } from './set-h-faults';
import { asciiFolded, likePattern } from './locker-list-text';
import {
  checkFixedPointCoordinates,
  countsAsListed,
  keptAsSent,
  lockerCreatedBefore,
  unlessSoftDeleted,
} from './set-j-faults';
import { initialStatus, listedByJoin, uidOfCarrierSequence } from './set-l-faults';
import { answeredAsSent, checkAnyFound, checkNameFree, cursorPages } from './set-n-faults';
import {
  checkListParameters,
  onePerPoint,
  parkedUntilListed,
  releaseParked,
  revivedFromIndex,
  sheetFeatures,
} from './set-p-faults';
import { addressColumns, aliasesBound, epochSeconds32, listedBySetR } from './set-r-faults';
import { createdBySetT, listedBySetT } from './set-t-faults';
import { listedWithoutFilter } from './set-w-variations'; // Variation ok-w-list-third-party-only-when-filtered
import { fromModelSheet, providerSideId, storedGroups } from './set-aa-faults';
import { setACNewRecord } from './set-ac-faults';
import { createdBySetAE } from './set-ae-faults';
import { listedBySetAI } from './set-ai-faults';
import { createdBySetAL, createdFeatures } from './set-al-faults';
import { lastChangedFirst } from './set-al-variations';
import { batchedCreateBySetAN, slottedBySetAN } from './set-an-faults';
import { hiloUidBySetAN, offsetPagedBySetAN } from './set-an-variations';
import { createdActivationBySetAO, hoursBySetAO, listedBySetAO } from './set-ao-faults';
import { byActivationBySetAO } from './set-ao-variations';
import {
  createdBySetAM,
  listedBySetAM,
  listReplyBySetAM,
  locationBySetAM,
  openingHoursBySetAM,
  refusedCreateBySetAM,
} from './set-am-faults';
import { listedBySetAP } from './set-ap-faults';

/** Fault duplicate-uid-concurrent: how long the awaited write of a new locker takes. */
const RACING_WRITE_MS = 25;
const DEFAULT_OPENING_HOURS = { accessMode: 'ALWAYS', exceptions: [] };
const ALWAYS_WITH_SCHEDULE = {
  accessMode: 'ALWAYS',
  weeklySchedule: [{ day: 'MONDAY', from: '08:00', to: '20:00' }],
  exceptions: [],
};

/** Fault sc-locker-list-silent-cap: the repository's default page, whose content alone is answered. */
const LIST_CAP = 50;

/** Query parameters of paging, not filters (fault x47-provider-filter-dropped-with-other-filter). */
const PAGING_PARAMETERS = new Set(['page', 'size', 'sort']);

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

export function createLocker(app: ReferenceApp, ctx: RequestContext): Reply | Promise<Reply> {
  const body = app.validate('LockerCreateRequest', ctx.body) as LockerWriteBody;
  aliasesBound(app, body); // Fault sr-legacy-alias-last-wins: a 1.0 name written later in the body is bound
  const sentCarrier = body.carrier!;
  boundaryFaults(app, body);
  // Fault sj-coordinates-exponent-refused: lon and lat read from their raw tokens as fixed-point decimals.
  checkFixedPointCoordinates(app, ctx.raw);
  if (app.fault('create-requires-location-type') && body.location?.['type'] === undefined)
    throw badRequest('VALIDATION_FAILED', '/location/type is required');
  checkOpeningHours(app, body, 'create');
  try {
    checkGroups(app, body.lockerGroups);
  } catch (error) {
    // Fault rejected-create-stores: the record is written before the groups are checked.
    if (app.fault('rejected-create-stores')) {
      const locker = newLocker(app, ctx, body);
      app.state.lockers.set(locker.record.uid, locker);
    }
    refusedCreateBySetAM(app, body); // Fault sam-refused-create-metadata-orphans: metadata rows left under the next uid
    throw error;
  }
  // Fault sj-create-get-or-create-by-locker-id: a create of a carrier.lockerId held is answered with that locker.
  const held = lockerCreatedBefore(app, ctx.carrier.name, sentCarrier.lockerId);
  if (held) return { status: 201, body: app.lockerView(held) };
  createdBySetT(app, ctx, body); // Faults st-refused-create-pushed, st-locker-name-uniquified (set T)
  checkLockerIdFree(app, ctx.carrier.name, sentCarrier.lockerId);
  // Fault sn-locker-name-unique-index: a unique index on (owner, carrier.lockerName).
  checkNameFree(app, ctx.carrier.name, sentCarrier.lockerName);
  if (app.fault('duplicate-uid-concurrent')) return createWithRacingUid(app, ctx, body);
  if (app.fault('se-caller-in-shared-field')) return createForLastCaller(app, ctx, body);
  // Fault san-create-batch-ids-zipped-by-arrival: creates gathered into insert batches, written carrier by carrier.
  const batched = batchedCreateBySetAN(
    app,
    ctx.carrier.name,
    (uid) => newLocker(app, ctx, body, uid),
    (l) => {
      app.state.lockers.set(l.record.uid, l);
      return created(app, l);
    },
  );
  if (batched) return batched;
  const locker = newLocker(app, ctx, body);
  // Fault lockername-cut-at-255: stored in a VARCHAR(255) that cuts silently; the answer echoes the request.
  const sentName = locker.record.carrier.lockerName;
  if (app.fault('lockername-cut-at-255')) locker.record.carrier.lockerName = [...sentName].slice(0, 255).join('');
  takeGroupsFromOthers(app, ctx.carrier.name, locker, body.lockerGroups);
  // Fault sa-location-deduped-by-address: the address row is inserted or reused; the answer echoes the request.
  const sameAddress = app.fault('sa-location-deduped-by-address') ? lockerAtAddress(app, body) : undefined;
  if (sameAddress) locker.record.location = structuredClone(sameAddress.record.location);
  app.state.lockers.set(locker.record.uid, locker);
  // Fault sn-barcode-reader-unmapped: the answer is built from the request, the row never got hasPinBarcodeReader.
  return answeredAsSent(app, body, created(app, locker, sentName, sameAddress ? body.location : undefined));
}

const ADDRESS = ['street', 'streetNumber', 'postalCode', 'city', 'countryCode'] as const;

/** Fault sa-location-deduped-by-address: the locker held first whose address is the one sent. */
function lockerAtAddress(app: ReferenceApp, body: LockerWriteBody): StoredLocker | undefined {
  return [...app.state.lockers.values()].find((l) =>
    ADDRESS.every((member) => l.record.location[member] === body.location?.[member]),
  );
}

function created(app: ReferenceApp, locker: StoredLocker, sentName?: string, sentLocation?: JsonObject): Reply {
  createdBySetAM(app, locker); // Fault sam-refused-create-metadata-orphans: a refused create's rows join it
  const push = () => app.emitLockerUpdate(locker, 'create');
  // Fault sp-locker-push-on-first-list: published by the search indexer when the carrier next reads the list.
  const parked = parkedUntilListed(app, locker, push);
  if (!parked && !pushedAtActivation(app, locker.record.carrier.activationDate, push)) push();
  rememberRegistration(app, locker);
  createdBySetAL(app, locker); // Fault sal-group-refusal-restores-create-snapshot: the session cache's copy
  const view = app.lockerView(locker);
  if (sentName !== undefined) view.carrier.lockerName = sentName;
  if (sentLocation !== undefined) view.location = structuredClone(sentLocation);
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

/**
 * Fault se-caller-in-shared-field: the caller is a field of the singleton locker service, which every authenticated
 * request sets; the create reads it for the owner once its awaited write is done, so a request of another carrier
 * answered meanwhile makes the locker that carrier's.
 */
async function createForLastCaller(app: ReferenceApp, ctx: RequestContext, body: LockerWriteBody): Promise<Reply> {
  const carrier = await callerAfterWrite(app, ctx.carrier);
  const locker = newLocker(app, { ...ctx, carrier }, body);
  app.state.lockers.set(locker.record.uid, locker);
  return created(app, locker);
}

/** The stored locker a create request makes, under a new uid. */
function newLocker(
  app: ReferenceApp,
  ctx: RequestContext,
  body: LockerWriteBody,
  // Conformant variation ok-c-random-uids: a random uid no locker has.
  // Fault sl-uid-sequence-per-carrier: the uid drawn from the creating carrier's own sequence.
  uid = app.fault('ok-c-random-uids')
    ? app.state.randomLockerUid()
    : // Variation ok-an-uid-hilo-blocks: from a block of 1,000 uids the carrier took.
      (hiloUidBySetAN(app, ctx.carrier.name) ??
      uidOfCarrierSequence(app, ctx.carrier.name) ??
      app.state.newLockerUid()),
): StoredLocker {
  const sentCarrier = body.carrier!;
  const sentProvider = body.provider!;
  const record: LockerRecord = {
    uid,
    carrier: {
      lockerName: app.fault('create-echo-lockername') ? 'Locker' : sentCarrier.lockerName,
      lockerId: sentCarrier.lockerId,
      // Fault sr-activation-date-int32-epoch: read back from a signed 32-bit count of seconds since 1970.
      // Faults sao-create-activation-lowercase-z-local, sao-create-activation-leap-second-500: the registry's parse.
      activationDate: epochSeconds32(
        app,
        createdActivationBySetAO(app, storedActivationDate(app, sentCarrier.activationDate)),
      ),
      // Variation ok-l-created-locker-pending: PENDING until installed, whatever was sent.
      status: initialStatus(app, sentCarrier.status),
    },
    provider: {
      name: sentProvider.name,
      lockerModel: sentProvider.lockerModel,
      lockerVersion: sentProvider.lockerVersion,
      lockerName: sentProvider.lockerName ?? sentCarrier.lockerName,
      // The provider-side id differs from the platform uid, as the trigger requires (§4.11).
      lockerUid: sentProvider.lockerUid ?? providerSideId(app, uid), // Variation ok-aa-provider-locker-uid-uuid
      status: initialStatus(app, sentProvider.status),
    },
    // Fault sr-address-astral-cut: utf8mb3 address columns cut a string before a character beyond the BMP.
    // Fault sam-address-xml-attribute-whitespace: the address as the provider registry's XML attributes confirm it.
    location: locationBySetAM(app, addressColumns(app, storedLocation(app, body.location!))),
    // Fault sp-create-null-features-from-model: features sent null, or not sent, taken from the model's spec sheet.
    // Fault sal-default-features-shared-instance: a create without features given the one default object.
    features: createdFeatures(
      app,
      body.features,
      sheetFeatures(app, sentProvider, storedFeatures(app, body.features ?? NO_FEATURES)),
    ),
    // Fault san-schedule-weekday-slots: a weeklySchedule kept in seven weekday slots. Fault
    // sam-schedule-rows-need-day: kept as (day, opens, closes) rows, entries without a day skipped.
    // Set AO: the provider adapter's form of the hours (faults sao-schedule-overnight-entries-dropped,
    // sao-always-exceptions-grid-synthesised; variations).
    openingHours: hoursBySetAO(
      app,
      slottedBySetAN(
        app,
        openingHoursBySetAM(
          app,
          structuredClone(
            body.openingHours ?? (app.fault('oh-always-with-schedule') ? ALWAYS_WITH_SCHEDULE : DEFAULT_OPENING_HOURS),
          ),
        ),
      ),
    ),
    metadata: storedMetadata(app, body.metadata ?? []),
    ownedByCarrier: ctx.carrier.name,
    // Variation ok-h-created-locker-no-compartments: compartments not configured yet. Fault
    // saa-compartments-from-inch-sheet: a 2.x model's sheet in inches, converted.
    compartmentTypes: createdCompartments(app, fromModelSheet(app, sentProvider, DEFAULT_COMPARTMENTS)),
  };
  // Fault sj-create-keeps-unknown-members: the carrier and provider objects kept as sent. Fault
  // saa-group-keys-normalized-after-check: the group keys canonicalised as the groups are stored.
  // Set AC's: a metadata primary key; variations. Set AE's variations: a model's compartments, holidays, onboarding.
  keptAsSent(app, createdBySetAE(app, setACNewRecord(app, record, body), body), body);
  return { record, lockerGroups: storedGroups(app, body.lockerGroups ?? []), createdAs: sentCarrier.lockerId };
}

export function listLockers(app: ReferenceApp, ctx: RequestContext): Reply {
  // Variation ok-p-list-unknown-params-refused: a query parameter the list does not know is refused 400.
  checkListParameters(app, ctx.query);
  // Fault sp-locker-push-on-first-list: the search indexer indexes (and publishes) the carrier's new lockers now.
  releaseParked(app, ctx.carrier.name);
  // Fault sg-locker-list-cache-kept-after-update: answers kept until a locker event (create, status change).
  // Variation ok-an-lockers-offset-pages: offset pages, {lockers, offset, limit, total}. Variation
  // ok-am-decimal-columns-scale-text: the answer written from DECIMAL columns' text.
  return listReplyBySetAM(
    app,
    offsetPagedBySetAN(
      app,
      ctx.query,
      cachedLockerList(app, ctx, () => listLockersFresh(app, ctx)),
    ),
  );
}

function listLockersFresh(app: ReferenceApp, ctx: RequestContext): Reply {
  // Fault sc-list-filter-sticks: the providerName of an earlier request stays on a query builder shared by all.
  const providerName = providerFilter(app, ctx.query.get('providerName'));
  // Fault sc-provider-filter-precedence: "owned_by = :carrier OR owned_by IS NULL AND provider_name = :name".
  const ownAnyProvider = (l: StoredLocker) =>
    app.fault('sc-provider-filter-precedence') && l.record.ownedByCarrier === ctx.carrier.name;
  // Conformant variation ok-c-list-status-filter: filters by status and city too (§4.2: their names not shown).
  const [status, city] = app.fault('ok-c-list-status-filter')
    ? [ctx.query.get('status'), ctx.query.get('city')]
    : [null, null];
  // Fault x47-provider-filter-dropped-with-other-filter: providerName is applied only as the one filter of a query.
  const otherFilter = [...ctx.query.keys()].some((k) => k !== 'providerName' && !PAGING_PARAMETERS.has(k));
  const ignoreFilter =
    app.fault('list-ignores-provider-filter') ||
    (otherFilter && app.fault('x47-provider-filter-dropped-with-other-filter'));
  const like =
    providerName !== null && app.fault('x45-provider-filter-like-wildcards') ? likePattern(providerName) : undefined;
  // Choice listLagMs: each locker as it was written that long ago, and none written since.
  let lockers = app.state
    .visibleLockers(ctx.carrier.name)
    .flatMap((l) => {
      const shown = app.lag.shown(l, l.record);
      return shown === l.record ? [l] : shown ? [{ ...l, record: shown }] : [];
    })
    // Fault sj-inactive-soft-deleted: the repository's restriction leaves INACTIVE lockers out.
    .filter((l) => unlessSoftDeleted(app, l))
    // Fault sl-list-inner-join-metadata: the metadata joined with an inner join, so a locker without any is left out.
    .filter((l) => listedByJoin(app, l) && listedWithoutFilter(app, l, providerName))
    // Fault sai-list-zero-coordinate-hidden (lat <> 0 AND lon <> 0); variation ok-ai-list-locker-id-filter.
    .filter((l) => listedBySetAI(app, l, ctx.query))
    .filter(
      (l) =>
        ignoreFilter ||
        providerName === null ||
        ownAnyProvider(l) ||
        (like ? like.test(l.record.provider.name) : l.record.provider.name === providerName),
    )
    .filter((l) => status === null || l.record.carrier.status === status)
    .filter((l) => city === null || l.record.location['city'] === city);
  // Fault sp-list-one-marker-per-point: the own and the feed's lockers merged into a map keyed by "lon,lat".
  lockers = onePerPoint(app, lockers);
  // Fault sc-locker-list-silent-cap: the first page of the query, oldest first, and nothing to reach the rest.
  if (app.fault('sc-locker-list-silent-cap')) lockers = lockers.slice(0, LIST_CAP);
  if (app.fault('list-hides-newest')) {
    const newest = Math.max(...lockers.map((l) => Number(l.record.uid)).filter((n) => n < 900000));
    lockers = lockers.filter((l) => Number(l.record.uid) !== newest);
  }
  // Choice ok-a-list-newest-first (conformant: §4.2 shows no order).
  if (app.fault('ok-a-list-newest-first')) lockers = [...lockers].reverse();
  lockers = lastChangedFirst(app, lockers); // Variation ok-al-lockers-last-changed-first
  lockers = byActivationBySetAO(app, lockers); // Variation ok-ao-lockers-by-activation-date
  // Fault sa-list-owner-from-network: ownedByCarrier from a left join with the network memberships.
  const inANetwork = app.fault('sa-list-owner-from-network')
    ? new Set([...app.state.networks.values()].flatMap((n) => [...n.members.keys()]))
    : undefined;
  const ownerJoined = (r: LockerRecord & { lockerGroups?: unknown }) =>
    inANetwork && !inANetwork.has(r.uid) ? { ...r, ownedByCarrier: null } : r;
  const withCarriers = app.fault('list-carriers-array');
  const listed: (StoredLocker | string)[] = lockers;
  // Fault se-list-mapper-trims-metadata: the list's own mapper fails on a null metadata key or value.
  // Fault sj-compartment-count-as-text: the free counts of a locker holding bookings come back as strings.
  // Set AM: features as TINYINT numbers, activationDate rounded to the second, all-null metadata entries filtered.
  // Fault sao-list-activation-week-year: activationDate written by the list mapper's week-year pattern.
  // Fault sap-list-schedule-v10-member: opening hours through the 1.0 projection.
  const view = (l: StoredLocker) =>
    listedBySetAP(
      app,
      listedBySetAO(
        app,
        listedBySetAM(
          app,
          l,
          countsAsListed(
            app,
            l,
            ownerJoined(
              app.fault('list-ascii-folding') ? asciiFolded(app.lockerView(l)) : app.lockerView(listMapped(app, l)),
            ),
          ),
        ),
      ),
    );
  if (app.fault('list-entry-not-a-record')) listed.push(`locker ${lockers[0]?.record.uid ?? 0}`);
  // Fault sn-list-empty-as-404: an empty result is not found. Variation ok-n-locker-list-cursor-pages: cursor pages.
  checkAnyFound(app, lockers);
  const reply = app.list(listed, ctx.query, (l) =>
    typeof l === 'string' ? l : withCarriers ? { ...view(l), carriers: [l.record.carrier] } : view(l),
  );
  // Fault sp-list-metadata-values-revived: metadata read back from the search index through a JSON reviver.
  // Faults sr-list-features-memo-by-model, sr-list-mapper-mutates-store; variation ok-r-list-hal-envelope; set T's.
  return listedBySetT(app, listedBySetR(app, ctx, revivedFromIndex(app, cursorPages(app, ctx.query, reply))));
}
