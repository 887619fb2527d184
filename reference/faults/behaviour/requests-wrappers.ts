// The wrappers routes.ts puts in front of the routes' handlers, each named for the mechanisms it simulates (a binder, a
// gateway, a cache, a mapper...): each picks a route's wrappers (requests-<route>.ts) by method and path, and is the
// handler itself where none applies or its faults are off.
import { stringify } from 'lossless-json';
import { BASE_PATHS } from '../../base-paths';
import { ApiError, badRequest } from '../../errors';
import { isObject, type Switches } from '../../handlers/fault-point-state';
import { onRefusal } from '../../handlers/partial-writes';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import { ANSWER_FORM, declaresJson, type Marked } from './requests';
import {
  activationByComponents,
  addressStandardized,
  checkIsoformat,
  createdGroups,
  createdWithLocation,
  decodedPerFrame,
  featureRowNoted,
  guardLockerIdFree,
  loggedCreate,
  metadataMapBound,
  offsetHoursOnly,
  pooledCreate,
  providerLabelled,
  registeredByLockerIdAlone,
  reservedLockerId,
  scheduledByDefault,
  takenAsConflict,
  versionFilled,
} from './requests-locker-create';
import {
  cachedByPath,
  coordinatesParsed,
  emptyFilterDropped,
  emptyListAsNull,
  escapedByCodePoint,
  everyCarriersLockers,
  listedAnswer,
  listedFromCommandLog,
  listedWithNetworks,
  longQueryDropped,
  matchFieldLeft,
  padSpaceCompared,
  providerNameAnalyzed,
  providerNameAnyCase,
  typesThroughEnum,
  unionAllNetworkMembers,
  unknownProviderDropped,
} from './requests-locker-list';
import {
  checkStatusWord,
  conflictSentAsText,
  noopProviderAdapter,
  statusWrittenToNewColumn,
  variedStatusChange,
} from './requests-locker-status';
import {
  activationStamped,
  carrierMerged,
  carrierStatusIgnored,
  checkFeatureRow,
  checkFeaturesComplete,
  committedDespiteRefusal,
  emptySectionsDropped,
  errorsDoubleEncoded,
  featuresRevivedFromText,
  groupsSyncedFromNetwork,
  keylessDropped,
  locationAcknowledged,
  metadataValuesAsText,
  notFoundCached,
  nullsAsRemovals,
  ownerEntity,
  renamedForProvider,
  routePatternMiss,
  thirdPartyReadOnly,
  uidCastToBigint,
  unchangedProviderDropped,
  updatedByLockerId,
  upserted,
} from './requests-locker-update';
import {
  boundNetworkAdd,
  carrierStatusFromFlag,
  checkedThenInserted,
  firstBatchOnly,
  fleetWhenUnlisted,
  fractionsTruncated,
  membershipRowIds,
  membersKeyedByNumber,
  networkAnswered,
  otherCarriersNetwork,
  pushedOnNetworkAdd,
  requestedStatus,
  skippedHeader,
  streamedNetworkAdd,
  untaggedField,
} from './requests-networks';
import { decodedAsLatin1, emailValidated, eventTopic, keysetPaged, resolvedFromMemo } from './requests-parcels';
import {
  catalogueEnvelope,
  catalogueWarming,
  localizedNames,
  pairsOfLockers,
  registeredPairs,
  retiredVersions,
  yamlVersionsAndUidOmitted,
} from './requests-providers';
import {
  after,
  bound,
  caughtUp,
  checkActivationNotPast,
  checkListedOnly,
  escapedOnBind,
  evictingLists,
  groupsBoundAsSet,
  heldBy,
  jsonText,
  type LegacyColumnApp,
  type PooledApp,
  type RegistryApp,
} from './requests-routes';
import type { Handler } from './shared';

/** A binder, a gateway and a decorator in front of the handler, by method and path: the handler where none applies. */
export function binderGatewayAndDecorator<A extends FaultPointApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) => handle(app, addressStandardized(app, groupsBoundAsSet(app, ctx)));
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => handle(app, activationStamped(app, groupsBoundAsSet(app, ctx)));
    case 'GET /lockers':
      return matchFieldLeft(handle);
    case 'GET /lockers/providers':
      return yamlVersionsAndUidOmitted(handle);
    case 'PATCH /lockers/status':
      return noopProviderAdapter(handle);
    case 'POST /networks/{uid}/lockers':
      return streamedNetworkAdd(handle);
    default:
      return handle;
  }
}

/**
 * A guard, a binder and a cache (the faults' wrappers around the variations'), by method and path: the handler where
 * none applies.
 */
export function guardBinderAndCache<A extends FaultPointApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  const varied = gzipAndUnknownMembers(method, path, handle);
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return evictingLists((app, ctx) => {
        guardLockerIdFree(app, ctx);
        checkActivationNotPast(app, ctx);
        return varied(app, bound(app, ctx, true));
      });
    case 'PATCH /lockers/{uid}':
      return evictingLists((app, ctx) => {
        const missed = routePatternMiss(app, ctx);
        if (missed) return missed;
        checkActivationNotPast(app, ctx);
        return ownerEntity(app, committedDespiteRefusal(app, bound(app, ctx, false), varied));
      });
    case 'PATCH /lockers/status':
      return evictingLists(varied);
    case 'GET /lockers':
      return (app, ctx) => cachedByPath(app, ctx, (a, c) => coordinatesParsed(a, varied(a, c)));
    case 'GET /lockers/providers':
      return (app, ctx) => catalogueWarming(app, ctx, varied);
    case 'POST /networks/{uid}/lockers':
      return evictingLists((app, ctx) => membersKeyedByNumber(app, boundNetworkAdd(app, ctx), varied));
    default:
      return varied;
  }
}

/** The routes of the locker service (variations ok-y-gzip-when-accepted, ok-aa-answers-pretty-printed). */
export const LOCKER_ROUTES = new Set([
  'POST /lockers',
  'GET /lockers',
  'PATCH /lockers/{uid}',
  'GET /lockers/providers',
  'PATCH /lockers/status',
  'POST /networks/{uid}/lockers',
]);

/** Variation ok-y-gzip-when-accepted: a successful answer marked to leave gzip-encoded where the client accepts it. */
function gzipMarked(app: FaultPointApp, reply: Reply): Reply {
  if (!app.fault('ok-y-gzip-when-accepted') || reply.status >= 300 || reply.raw !== undefined) return reply;
  const marked: Marked = { ...reply, [ANSWER_FORM]: 'gzip' };
  return marked;
}

/** The variations' wrappers of guardBinderAndCache, by method and path: the handler as it is where none applies. */
export function gzipAndUnknownMembers<A extends FaultPointApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  const route = `${method} ${path}`;
  const marked: Handler<A> = LOCKER_ROUTES.has(route)
    ? (app, ctx) => after(handle(app, ctx), (reply) => gzipMarked(app, reply))
    : handle;
  switch (route) {
    case 'POST /lockers':
      return (app, ctx) => {
        checkListedOnly(app, ctx, true);
        return marked(app, providerLabelled(app, ctx));
      };
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => {
        checkListedOnly(app, ctx, false);
        return marked(app, ctx);
      };
    case 'GET /lockers':
      return (app, ctx) => everyCarriersLockers(app, ctx, (a, c) => providerNameAnyCase(a, c, marked));
    default:
      return marked;
  }
}

/** The faults' wrappers by method and path: the handler where none applies. */
function bindersAndReadModel<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) => {
        checkIsoformat(app, ctx);
        const bound = activationByComponents(app, ctx);
        return after(handle(app, bound), (reply) => loggedCreate(app, bound, reply));
      };
    case 'GET /lockers':
      return (app, ctx) =>
        after(providerNameAnalyzed(app, unknownProviderDropped(app, ctx), handle), (reply) =>
          listedFromCommandLog(app, ctx, reply),
        );
    case 'PATCH /lockers/{uid}':
      return caughtUp((app, ctx) =>
        notFoundCached(app, emptySectionsDropped(app, ctx), (a, c) =>
          after(handle(a, c), (reply) => locationAcknowledged(a, c, reply)),
        ),
      );
    case 'PATCH /lockers/status':
    case 'POST /networks/{uid}/lockers':
      return caughtUp(handle);
    default:
      return handle;
  }
}

/**
 * A binder, a not-found cache, a read model, how an answer is written (the variations' wrappers around the faults'), by
 * method and path: the handler where none applies.
 */
export function bindersCachesAndReadModel<A extends FaultPointApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  return prettyAnswersAndNotFoundText(method, path, bindersAndReadModel(method, path, handle));
}

/** Variation ok-aa-answers-pretty-printed: a successful answer written indented, with a final line break. */
function prettyPrinted(app: FaultPointApp, reply: Reply): Reply {
  if (!app.fault('ok-aa-answers-pretty-printed') || reply.status >= 300 || reply.raw !== undefined) return reply;
  if (reply.body === undefined) return reply;
  return { ...reply, raw: `${stringify(reply.body, undefined, 2)}\n` };
}

/**
 * Variation ok-aa-update-404-json-string: an update of a uid that names none of the caller's lockers is answered 404
 * with a JSON string, the message alone.
 */
function notFoundAsString<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  if (!app.fault('ok-aa-update-404-json-string')) return handle(app, ctx);
  const asString = (error: unknown): Reply => {
    if (error instanceof ApiError && error.status === 404) return { status: 404, body: error.message };
    throw error;
  };
  return onRefusal(app, ctx, handle, asString);
}

/** The variations' wrappers by method and path: the handler where none applies. */
export function prettyAnswersAndNotFoundText<A extends FaultPointApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  const route = `${method} ${path}`;
  if (!LOCKER_ROUTES.has(route)) return handle;
  const notFound: Handler<A> = route === 'PATCH /lockers/{uid}' ? (a, c) => notFoundAsString(a, c, handle) : handle;
  return (app, ctx) => {
    const reply = notFound(app, ctx);
    return reply instanceof Promise ? reply.then((r) => prettyPrinted(app, r)) : prettyPrinted(app, reply);
  };
}

/** The faults' wrappers by method and path, each inside the variations' (locationHeaderAndRenames). */
function pipeCollationAndMapper<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'GET /lockers':
      return (app, ctx) => after(handle(app, padSpaceCompared(app, ctx)), (reply) => typesThroughEnum(app, reply));
    case 'GET /lockers/providers':
      return (app, ctx) => after(handle(app, ctx), (reply) => localizedNames(app, reply));
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => handle(app, checkFeaturesComplete(app, unchangedProviderDropped(app, ctx)));
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) => after(handle(app, fleetWhenUnlisted(app, ctx)), (reply) => membershipRowIds(app, reply));
    default:
      return handle;
  }
}

/**
 * A schema pipe, a collation, a mapper (the faults' wrappers inside the variations'), by method and path: the handler
 * where none applies.
 */
export function schemaPipeCollationAndMapper<A extends FaultPointApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  return locationHeaderAndRenames(method, path, pipeCollationAndMapper(method, path, handle));
}

/** The variations' wrappers by method and path, around the faults' (schemaPipeCollationAndMapper). */
export function locationHeaderAndRenames<A extends FaultPointApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => createdWithLocation(app, reply));
    case 'GET /lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => listedWithNetworks(app, reply));
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => renamedForProvider(app, ctx, handle);
    case 'PATCH /lockers/status':
      return (app, ctx) => handle(app, checkStatusWord(app, ctx));
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) => pushedOnNetworkAdd(app, ctx, handle);
    default:
      return handle;
  }
}

/** The faults' wrappers by method and path, each inside the variations' (providersFromLockersAndConflicts). */
function poolUnionQueryAndUpserts<A extends PooledApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) => pooledCreate(app, offsetHoursOnly(app, ctx), handle);
    case 'GET /lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => unionAllNetworkMembers(app, ctx, reply));
    case 'GET /lockers/providers':
      return (app, ctx) => after(handle(app, ctx), (reply) => registeredPairs(app, reply));
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => {
        const sent = metadataValuesAsText(app, featuresRevivedFromText(app, ctx));
        return upserted(app, sent, (a, c) => groupsSyncedFromNetwork(a, c, handle));
      };
    case 'PATCH /lockers/status':
      return (app, ctx) => conflictSentAsText(app, ctx, handle);
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => carrierStatusFromFlag(app, reply));
    default:
      return handle;
  }
}

/**
 * A connection pool, a mapper, a union query, a hand-written answer (the faults' wrappers inside the variations'), by
 * method and path: the handler where none applies.
 */
export function poolMapperAndUnionQuery<A extends PooledApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  return providersFromLockersAndConflicts(method, path, poolUnionQueryAndUpserts(method, path, handle));
}

/** The variations' wrappers by method and path (outside poolUnionQueryAndUpserts's). */
export function providersFromLockersAndConflicts<A extends PooledApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  switch (`${method} ${path}`) {
    case 'GET /lockers/providers':
      return (app, ctx) => pairsOfLockers(app, ctx, handle);
    case 'PATCH /lockers/status':
      return (app, ctx) => variedStatusChange(app, ctx, handle);
    default:
      return handle;
  }
}

/** The faults' wrappers by method and path, each inside the variations' (envelopesAndGermanMessages). */
function registryBinderAndErrorMapper<A extends RegistryApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) =>
        reservedLockerId(app, metadataMapBound(app, escapedOnBind(app, ctx)), (a, c) =>
          registeredByLockerIdAlone(a, c, handle),
        );
    case 'GET /lockers':
      return (app, ctx) => after(handle(app, emptyFilterDropped(app, ctx)), (reply) => emptyListAsNull(app, reply));
    case 'PATCH /lockers/{uid}':
      return (app, ctx) =>
        errorsDoubleEncoded(app, keylessDropped(app, escapedOnBind(app, uidCastToBigint(app, ctx))), handle);
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) =>
        checkedThenInserted(app, fractionsTruncated(app, ctx), (a, c) =>
          after(handle(a, c), (reply) => untaggedField(a, reply)),
        );
    default:
      return handle;
  }
}

/**
 * A binder, a registry, an error mapper, a serializer (the faults' wrappers inside the variations'), by method and
 * path: the handler where none applies.
 */
export function registryAndErrorMapper<A extends RegistryApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  return envelopesAndGermanMessages(method, path, registryBinderAndErrorMapper(method, path, handle));
}

/** Variation ok-ag-error-messages-german: the service's messages, by errorCode (a general one for the others). */
const GERMAN: Record<string, string> = {
  VALIDATION_FAILED: 'Die Anfrage ist ungültig: ein Feld fehlt oder hat einen unzulässigen Wert.',
  LOCKER_NOT_FOUND: 'Kein Schließfach dieses Carriers hat diese uid.',
  LOCKER_ID_TAKEN: 'Diese carrier.lockerId gehört schon zu einem anderen Schließfach.',
  DUPLICATE_GROUP_KEY: 'lockerGroups enthält mehr als eine Gruppe desselben Schlüssels.',
  NETWORK_NOT_FOUND: 'Kein Netz dieses Carriers hat diese uid.',
  STATUS_UNCHANGED: 'Das Schließfach hat diesen Status bereits.',
  UNKNOWN_LOCKER: 'Das Schließfach ist unbekannt oder für diesen Carrier nicht buchbar.',
  PARCEL_NOT_FOUND: 'Keine Sendung dieses Carriers hat diese Kennung.',
  NOT_CANCELLABLE: 'Die Sendung wurde schon zugestellt oder storniert und kann nicht storniert werden.',
};

/**
 * Variation ok-ag-error-messages-german: the service writes its error messages in German (its operators' language);
 * errorCode is unchanged, and what the gateway answers before a handler (a refused key, a body that is no JSON) stays
 * English.
 */
function germanMessages<A extends RegistryApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
  if (!app.fault('ok-ag-error-messages-german')) return handle(app, ctx);
  return onRefusal(app, ctx, handle, (error) => {
    if (!(error instanceof ApiError)) throw error;
    const message = GERMAN[error.errorCode] ?? `Die Anfrage wurde abgelehnt (${error.errorCode}).`;
    throw new ApiError(error.status, error.errorCode, message, error.details);
  });
}

/** The variations' wrappers by method and path (every route: the German messages). */
export function envelopesAndGermanMessages<A extends RegistryApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  const varied = ((): Handler<A> => {
    switch (`${method} ${path}`) {
      case 'POST /lockers':
        return (app, ctx) => takenAsConflict(app, scheduledByDefault(app, ctx), handle);
      case 'PATCH /lockers/{uid}':
        return (app, ctx) => handle(app, carrierStatusIgnored(app, ctx));
      case 'GET /lockers/providers':
        return (app, ctx) => after(handle(app, ctx), (reply) => catalogueEnvelope(app, reply));
      case 'POST /networks/{uid}/lockers':
        return (app, ctx) => {
          otherCarriersNetwork(app, ctx);
          return handle(app, ctx);
        };
      case 'POST /parcel/first-mile/event':
        return (app, ctx) => after(handle(app, ctx), (reply) => eventTopic(app, reply));
      default:
        return handle;
    }
  })();
  return (app, ctx) => germanMessages(app, ctx, varied);
}

/** The faults' wrappers by method and path, each inside the variations' (retiredVersionsAndReadOnly). */
function repositoryAndLegacyColumns<A extends LegacyColumnApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) => {
        const request = versionFilled(app, ctx);
        return after(handle(app, request), (reply) =>
          createdGroups(app, request, featureRowNoted(app, request, reply)),
        );
      };
    case 'GET /lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => listedAnswer(app, reply));
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => {
        const request = carrierMerged(app, nullsAsRemovals(app, ctx));
        checkFeatureRow(app, request);
        return updatedByLockerId(app, request, handle);
      };
    case 'PATCH /lockers/status':
      return (app, ctx) => statusWrittenToNewColumn(app, ctx, handle);
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => networkAnswered(app, reply));
    default:
      return handle;
  }
}

/**
 * A binder, a repository, a serializer, a second service (the faults' wrappers inside the variations'), by method and
 * path: the handler where none applies.
 */
export function repositoryAndSecondService<A extends LegacyColumnApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  return retiredVersionsAndReadOnly(method, path, repositoryAndLegacyColumns(method, path, handle));
}

/** The variations' wrappers by method and path. */
export function retiredVersionsAndReadOnly<A extends LegacyColumnApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  switch (`${method} ${path}`) {
    case 'GET /lockers/providers':
      return (app, ctx) => after(handle(app, ctx), (reply) => retiredVersions(app, reply));
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => {
        thirdPartyReadOnly(app, ctx);
        return handle(app, ctx);
      };
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) => skippedHeader(app, ctx, (a, c) => after(handle(a, c), (r) => requestedStatus(a, c, r)));
    default:
      return handle;
  }
}

/** The faults of gatewayMemoAndWriter by method and path: the handler where none applies. */
function framesMemoAndLatin1<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) => handle(app, decodedPerFrame(app, ctx));
    case 'GET /lockers':
      return (app, ctx) => after(handle(app, longQueryDropped(app, ctx)), (reply) => escapedByCodePoint(app, reply));
    case 'GET /parcels':
      return (app, ctx) => after(handle(app, ctx), (reply) => keysetPaged(app, ctx, reply));
    case 'PATCH /parcels/{parcelId}':
      return (app, ctx) => resolvedFromMemo(app, decodedAsLatin1(app, ctx), handle);
    case 'POST /parcels/data':
    case 'POST /parcels/data/by-tenant-locker-id':
      return (app, ctx) => handle(app, emailValidated(app, ctx));
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) => handle(app, firstBatchOnly(app, ctx));
    default:
      return handle;
  }
}

/**
 * A gateway, a binder, a memo, how an answer is written (the faults' wrappers inside the variations'), by method and
 * path: the handler where none applies.
 */
export function gatewayMemoAndWriter<A extends FaultPointApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  return pagesRateLimitAndEscapes(method, path, framesMemoAndLatin1(method, path, handle));
}

/** Variation ok-ak-json-ascii-escaped: each UTF-16 code unit beyond ASCII as a \uXXXX escape (ensure_ascii). */
function asciiEscaped(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-ak-json-ascii-escaped') || reply.raw !== undefined || reply.body === undefined) return reply;
  if (reply.status >= 300 || reply.contentType !== undefined) return reply;
  const text = jsonText(reply.body);
  if (text === undefined) return reply;
  const raw = text.replace(/[\u007f-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return { ...reply, raw };
}

/**
 * Variation ok-ak-network-uid-float-notation: each network record's lockerUid written with a decimal point, as a
 * Python float is (100001.0), the same JSON number.
 */
function floatUids(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-ak-network-uid-float-notation') || reply.status >= 300 || !Array.isArray(reply.body)) return reply;
  const text = jsonText(reply.body);
  if (text === undefined) return reply;
  return { ...reply, raw: text.replace(/"lockerUid":(-?\d+)(?=[,}])/g, '"lockerUid":$1.0') };
}

/** Variation ok-ak-create-rate-limited: the creates each carrier sent, by time, over the last second. */
const createTimes = new WeakMap<object, Map<string, number[]>>();
const CREATES_PER_SECOND = 6;

/** Variation ok-ak-create-rate-limited: a seventh create within a second is answered 429 and creates nothing. */
function rateLimited(app: FaultPointApp, ctx: RequestContext): Reply | undefined {
  if (!app.fault('ok-ak-create-rate-limited')) return undefined;
  const times = heldBy(createTimes, app, () => new Map<string, number[]>());
  const now = Date.now();
  const recent = (times.get(ctx.carrier.name) ?? []).filter((t) => now - t < 1000);
  if (recent.length >= CREATES_PER_SECOND) {
    times.set(ctx.carrier.name, recent);
    return {
      status: 429,
      body: { errorCode: 'RATE_LIMITED', message: `at most ${CREATES_PER_SECOND} creates a second; retry in 1 s` },
      headers: { 'retry-after': '1' },
    };
  }
  times.set(ctx.carrier.name, [...recent, now]);
  return undefined;
}

/**
 * Variation ok-ak-locker-id-unique-ignoring-case: a lockerId another of the carrier's lockers holds in another letter
 * case is refused, as the case-insensitive unique index refuses it (`except`: the locker an update names).
 */
function lockerIdFreeIgnoringCase(app: FaultPointApp, ctx: RequestContext, except?: string): void {
  if (!app.fault('ok-ak-locker-id-unique-ignoring-case')) return;
  const carrier = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
  const sent: unknown = isObject(carrier) ? carrier['lockerId'] : undefined;
  if (typeof sent !== 'string') return;
  const held = app.state.lockerRecordsOwnedBy(ctx.carrier.name);
  if (except !== undefined && !held.some((r) => r.uid === except)) return; // not the carrier's: the update's 404
  const taken = held.find(
    (r) => r.uid !== except && r.carrier.lockerId !== sent && r.carrier.lockerId.toLowerCase() === sent.toLowerCase(),
  );
  if (taken)
    throw badRequest(
      'LOCKER_ID_TAKEN',
      `carrier.lockerId "${sent}" is already used by another locker ("${taken.carrier.lockerId}", letter case aside)`,
    );
}

/** Variation ok-ak-status-foreign-locker-403: a locker that exists but is not the caller's to change. */
function foreignStatusForbidden(app: FaultPointApp, ctx: RequestContext): void {
  if (!app.fault('ok-ak-status-foreign-locker-403') || !isObject(ctx.body)) return;
  const uid: unknown = ctx.body['uid'] ?? ctx.body['lockerUid'];
  const locker = typeof uid === 'string' ? app.state.lockers.get(uid) : undefined;
  if (locker && locker.record.ownedByCarrier !== ctx.carrier.name)
    throw new ApiError(403, 'FORBIDDEN', `locker "${String(uid)}" is not one of this carrier's lockers`);
}

/** A whole number from 1 to `most` from the query, or the fallback when the parameter is absent. */
function pageNumber(query: URLSearchParams, name: string, fallback: number, most = Number.MAX_SAFE_INTEGER): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > most)
    throw badRequest('VALIDATION_FAILED', `query parameter ${name} must be a whole number from 1 to ${most}`);
  return Number(raw);
}

/** Variation ok-ak-providers-link-pages: a bare array of `per_page` pairs, the other pages in a Link header. */
function linkPages(app: Switches, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('ok-ak-providers-link-pages') || reply.status !== 200 || !Array.isArray(reply.body)) return reply;
  const perPage = pageNumber(ctx.query, 'per_page', 5, 100);
  const page = pageNumber(ctx.query, 'page', 1);
  const last = Math.max(Math.ceil(reply.body.length / perPage), 1);
  const link = (n: number, rel: string) =>
    `<${BASE_PATHS.service}/lockers/providers?page=${n}&per_page=${perPage}>; rel="${rel}"`;
  const links = [
    ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
    ...(page > 1 ? [link(1, 'first'), link(Math.min(page - 1, last), 'prev')] : []),
  ];
  const body = reply.body.slice((page - 1) * perPage, page * perPage);
  return { ...reply, body, ...(links.length ? { headers: { ...reply.headers, link: links.join(', ') } } : {}) };
}

/** Variation ok-ak-lockers-jsonapi-pages: {data, links, meta}, page[number] from 1, page[size] 1 to 100. */
function jsonApiPages(app: Switches, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('ok-ak-lockers-jsonapi-pages') || reply.status !== 200 || !Array.isArray(reply.body)) return reply;
  const size = pageNumber(ctx.query, 'page[size]', 20, 100);
  const number = pageNumber(ctx.query, 'page[number]', 1);
  const records: unknown[] = reply.body;
  const target = (n: number) => {
    const query = new URLSearchParams(ctx.query);
    query.set('page[number]', String(n));
    query.set('page[size]', String(size));
    return `${BASE_PATHS.service}/lockers?${query.toString()}`;
  };
  const hasNext = number * size < records.length;
  return {
    ...reply,
    body: {
      data: records.slice((number - 1) * size, number * size),
      links: { self: target(number), ...(hasNext ? { next: target(number + 1) } : {}) },
      meta: { totalItems: records.length, pageNumber: number, pageSize: size },
    },
  };
}

/** The variations' wrappers by method and path, each the handler itself with its variation off. */
function variedByRoute<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) => {
        const limited = rateLimited(app, ctx);
        if (limited) return limited;
        lockerIdFreeIgnoringCase(app, ctx);
        return handle(app, ctx);
      };
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => {
        lockerIdFreeIgnoringCase(app, ctx, ctx.params['uid'] ?? '');
        return handle(app, ctx);
      };
    case 'GET /lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => jsonApiPages(app, ctx, reply));
    case 'GET /lockers/providers':
      return (app, ctx) => after(handle(app, ctx), (reply) => linkPages(app, ctx, reply));
    case 'PATCH /lockers/status':
      return (app, ctx) => {
        foreignStatusForbidden(app, ctx);
        return handle(app, ctx);
      };
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => floatUids(app, reply));
    default:
      return handle;
  }
}

/**
 * The variations of gatewayMemoAndWriter in front of a route's handler; every answer's text last
 * (ok-ak-json-ascii-escaped).
 */
export function pagesRateLimitAndEscapes<A extends FaultPointApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  const varied = variedByRoute(method, path, handle);
  return (app, ctx) => after(varied(app, ctx), (reply) => asciiEscaped(app, reply));
}

// --- Around every handler (routes.ts) ---

/** Fault sau-path-segment-trailing-dots-stripped: a path segment as IIS normalises it, final dots and blanks cut. */
function segmentNormalised(id: string | undefined): string | undefined {
  const cut = id?.replace(/[. ]+$/, '');
  return cut ? cut : id;
}

/** Variation ok-au-answers-content-type-spring-form: a success answer's media type as a message converter writes it. */
function springContentType(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-au-answers-content-type-spring-form') || reply.status >= 300 || reply.contentType !== undefined)
    return reply;
  return { ...reply, contentType: 'application/json;charset=UTF-8' };
}

/**
 * A proxy, a body parser, a path normaliser, a message converter around every route (routes.ts, innermost); each is the
 * route's handler itself while the faults and variation it names are off.
 * - Fault sau-create-expect-continue-417: POST /lockers behind a proxy that answers 417 to Expect: 100-continue.
 * - Fault sau-cancel-empty-json-body-refused: the cancel's parser refuses an empty body declared JSON.
 * - Fault sau-mock-chunked-body-unread: the mock reads Content-Length bytes, none of a chunked body.
 * - Fault sau-path-segment-trailing-dots-stripped: the path ids without their final dots and blanks.
 * - Variation ok-au-answers-content-type-spring-form: success answers as application/json;charset=UTF-8.
 */
export function proxyParserAndConverter<A extends FaultPointApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  const route = `${method} ${path}`;
  return (app, ctx) => {
    const headers = ctx.headers ?? {};
    if (
      route === 'POST /lockers' &&
      app.fault('sau-create-expect-continue-417') &&
      /^\s*100-continue\s*$/i.test(String(headers['expect'] ?? ''))
    )
      throw new ApiError(417, 'EXPECTATION_FAILED', 'the proxy does not support Expect: 100-continue');
    if (
      route === 'PATCH /parcels/{parcelId}' &&
      app.fault('sau-cancel-empty-json-body-refused') &&
      ctx.body === undefined &&
      declaresJson(headers['content-type'])
    )
      throw badRequest('EMPTY_JSON_BODY', "Body cannot be empty when content-type is set to 'application/json'");
    if (
      route === 'POST /parcel/first-mile/event' &&
      app.fault('sau-mock-chunked-body-unread') &&
      /chunked/i.test(String(headers['transfer-encoding'] ?? '')) &&
      headers['content-length'] === undefined
    )
      throw badRequest('BODY_REQUIRED', 'a JSON body is required');
    let seen = ctx;
    if (app.fault('sau-path-segment-trailing-dots-stripped') && (ctx.params['uid'] ?? ctx.params['parcelId'])) {
      const params = { ...ctx.params };
      for (const name of ['uid', 'parcelId'])
        if (params[name] !== undefined) params[name] = segmentNormalised(params[name])!;
      seen = { ...ctx, params };
    }
    return after(handle(app, seen), (reply) => springContentType(app, reply));
  };
}
