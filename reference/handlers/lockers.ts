// §4.1–4.2: create and list lockers (update and status are locker-update.ts, the catalogue providers.ts).
import type { ReferenceApp, Reply, RequestContext } from '../app';
import type { JsonObject, LockerRecord, LockerWriteBody, StoredLocker } from '../model';
import { checkGroups, checkLockerIdFree, checkOpeningHours } from './locker-checks';
import { createPoints, type CreatePoints } from './create-points';
import { listPoints } from './list-points';
import { providerTableRead } from '../faults/behaviour/locker-list';
import { listedThroughLockerTables } from '../faults/behaviour/locker-list-tables';
import { createdStatusFromNameRow } from '../faults/behaviour/lockers';
import { pushedByDeviceRegistry } from '../faults/behaviour/pushes-lockers-publisher';
import { localityRowUpserted, modelRowInserted } from '../faults/behaviour/views-lockers-joined';
import { createAnsweredAfterPush, sampledAnswerChecked } from '../faults/behaviour/locker-create';
import { locationTypeRequiredByProvider } from '../faults/behaviour/value-combinations';
import {
  legacyListFilters,
  providerColumnNulledByGroups,
  uncataloguedCreateAccepted,
} from '../faults/behaviour/migration-leftovers';
import {
  cachedLockerList,
  checkListParameters,
  listAnswerRateLimitedAndTagged,
  listCoordinatesUnscaled,
  listWrittenFromColumns,
  lockersOffsetPaged,
  releaseParked,
} from '../faults/behaviour/locker-list-answer';
import {
  listedFromReadModel,
  listedLockerReshaped,
  listOrderPerRequest,
} from '../faults/behaviour/locker-list-records';

/** §4.1: the locker record a valid create makes, stored under a new uid, pushed (§6) and answered 201. */
export function createLocker(app: ReferenceApp, ctx: RequestContext): Reply | Promise<Reply> {
  const body = app.validate('LockerCreateRequest', ctx.body) as LockerWriteBody;
  const at: CreatePoints = createPoints(app, ctx, (owner, uid) => newLocker(app, at, owner, body, uid));
  at.read(body);
  at.checked(body);
  locationTypeRequiredByProvider(app, body); // Fault sbl-create-type-required-for-provider
  checkOpeningHours(app, body, 'create');
  try {
    checkGroups(app, body.lockerGroups);
  } catch (error) {
    at.refused(body, () => newLocker(app, at, ctx, body));
    throw error;
  }
  const held = at.held(body);
  if (held) return held;
  at.beforeWrite(body);
  // carrier.lockerId is how the by-tenant publish finds a locker (§4.7): one carrier's lockers keep it unique.
  checkLockerIdFree(app, ctx.carrier.name, body.carrier!.lockerId);
  at.free(body);
  const written = at.written(
    body,
    (uid) => newLocker(app, at, ctx, body, uid),
    (l) => created(app, at, l),
  );
  if (written) return written;
  const locker = newLocker(app, at, ctx, body);
  const sentName = locker.record.carrier.lockerName;
  const sentLocation = at.stored(locker, body);
  app.state.lockers.set(locker.record.uid, locker);
  // Faults sbj-model-row-keyed-without-version, sbj-city-from-postal-code-row: the rows a locker is joined from.
  modelRowInserted(app, locker.record);
  localityRowUpserted(app, locker.record.location);
  // Variation ok-as-create-push-delivered-before-answer: answered once the push was.
  // Fault sbf-sampled-create-answer-checked-1-0: a sampled answer checked against the 1.0 document.
  return sampledAnswerChecked(
    app,
    createAnsweredAfterPush(
      app,
      locker,
      // Fault sbi-create-name-row-upsert-200: 201 only where the name row was new.
      at.answered(
        body,
        createdStatusFromNameRow(app, ctx.carrier.name, sentName, created(app, at, locker, sentName, sentLocation)),
      ),
    ),
  );
}

/** The answer to a create: the record as stored, once pushed (§6: LockerUpdates on create). */
function created(
  app: ReferenceApp,
  at: CreatePoints,
  locker: StoredLocker,
  sentName?: string,
  sentLocation?: JsonObject,
): Reply {
  // Fault sbj-create-push-from-device-registry: the create pushed by the provider's device registry.
  at.created(locker, () => pushedByDeviceRegistry(app, locker, () => app.emitLockerUpdate(locker, 'create')));
  const view = app.lockerView(locker);
  if (sentName !== undefined) view.carrier.lockerName = sentName;
  if (sentLocation !== undefined) view.location = structuredClone(sentLocation);
  // Fault sbk-create-uncatalogued-onboarding-202: a pair the 1.1 catalogue lacks goes through 1.0 onboarding.
  return { status: uncataloguedCreateAccepted(app, locker, at.createdStatus()), body: view };
}

/** The stored locker a create request makes, owned by the caller, under a new uid (§2.1's record). */
function newLocker(
  app: ReferenceApp,
  at: CreatePoints,
  ctx: RequestContext,
  body: LockerWriteBody,
  uid = at.uid(ctx.carrier.name),
): StoredLocker {
  const sentCarrier = body.carrier!;
  const sentProvider = body.provider!;
  const record: LockerRecord = {
    uid,
    carrier: {
      lockerName: at.lockerName(sentCarrier.lockerName),
      lockerId: sentCarrier.lockerId,
      activationDate: at.activationDate(sentCarrier.activationDate),
      status: at.status(sentCarrier.status),
    },
    provider: {
      name: sentProvider.name,
      lockerModel: sentProvider.lockerModel,
      lockerVersion: sentProvider.lockerVersion,
      lockerName: sentProvider.lockerName ?? sentCarrier.lockerName,
      lockerUid: sentProvider.lockerUid ?? at.providerLockerUid(uid),
      status: at.status(sentProvider.status),
    },
    location: at.location(body.location!),
    features: at.features(body.features, sentProvider),
    openingHours: at.openingHours(body.openingHours),
    metadata: at.metadata(body.metadata ?? []),
    ownedByCarrier: ctx.carrier.name,
    compartmentTypes: at.compartments(sentProvider),
  };
  at.record(record, body);
  return { record, lockerGroups: at.groups(body.lockerGroups ?? []), createdAs: sentCarrier.lockerId };
}

export function listLockers(app: ReferenceApp, ctx: RequestContext): Reply {
  // Variation ok-p-list-unknown-params-refused: a query parameter the list does not know is refused 400.
  checkListParameters(app, ctx.query);
  // Fault sp-locker-push-on-first-list: the search indexer indexes (and publishes) the carrier's new lockers now.
  releaseParked(app, ctx.carrier.name);
  // Fault sg-locker-list-cache-kept-after-update: answers kept until a locker event (create, status change).
  // Variation ok-an-lockers-offset-pages: offset pages, {lockers, offset, limit, total}. Variation
  // ok-am-decimal-columns-scale-text: the answer written from DECIMAL columns' text.
  return listWrittenFromColumns(
    app,
    lockersOffsetPaged(
      app,
      ctx.query,
      cachedLockerList(app, ctx, () => listLockersFresh(app, ctx)),
    ),
  );
}

/** §4.2: the lockers the caller sees, filtered by providerName where asked. */
function listLockersFresh(app: ReferenceApp, ctx: RequestContext): Reply {
  const at = listPoints(app, ctx);
  const providerName = at.providerName(ctx.query.get('providerName'));
  // Choice listLagMs: each locker as it was written that long ago, and none written since.
  const lockers = at.ordered(
    app.state
      .visibleLockers(ctx.carrier.name)
      .flatMap((l) => {
        const shown = app.lag.shown(l, listedFromReadModel(app, l)); // The list's read model
        return shown === l.record ? [l] : shown ? [{ ...l, record: shown }] : [];
      })
      .filter((l) => at.listed(l, providerName))
      .filter((l) => legacyListFilters(app, ctx.query, l)) // Variation ok-sbk-legacy-list-params-honoured
      // Fault sbj-provider-filter-reads-bucket-table: the provider's table read whole. Fault
      // sbk-provider-filter-null-column-passes: a provider_name the 1.0 group service wrote NULL passes.
      .filter(
        (l) =>
          providerName === null ||
          providerTableRead(app, l, providerName, () =>
            providerColumnNulledByGroups(app, l, () => at.ofProvider(l, providerName)),
          ),
      ),
  );
  const listed = at.entries(listOrderPerRequest(app, lockers)); // Variation ok-bf-locker-list-order-per-request
  at.found(lockers);
  // Variation ok-as-list-coordinates-unscaled-exponent: lon and lat written from fixed-point columns.
  // Fault sbd-locker-list-304-against-own-etag; variations ok-bd-locker-list-etag-revalidated, -rate-limited.
  return listAnswerRateLimitedAndTagged(
    app,
    ctx,
    listCoordinatesUnscaled(
      app,
      // Faults sbf-provider-filter-picks-map-projection, sbf-list-location-type-localised,
      // sbf-list-long-numbers-quoted; variation ok-bf-list-leaves-out-request-only-groups: each locker as written.
      // Faults sbj-list-reads-soft-deleted-metadata, sbj-carrier-side-row-keyed-by-locker-id,
      // sbj-shared-locker-carrier-sides-listed: each record read through the locker tables.
      at.answered(
        app.list(listed, ctx.query, (l) =>
          listedThroughLockerTables(app, ctx, listedLockerReshaped(app, ctx, at.view(l))),
        ),
      ),
    ),
  );
}
