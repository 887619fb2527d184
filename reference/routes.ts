// The operations of §4, by base (service {base_url} or staging mock {mock_base_url}) and path.
import type { ReferenceApp, Reply, RequestContext } from './app';
import { BASE_PATHS, type Base } from './base-paths';
import { updateLocker, updateLockerStatus } from './handlers/locker-update';
import { createLocker, listLockers } from './handlers/lockers';
import { addNetworkLockers } from './handlers/networks';
import { cancelParcel } from './handlers/cancel';
import { listParcels } from './handlers/parcel-list';
import { publishByCarrierLockerId, publishByLockerUid } from './handlers/parcels';
import { listProviders } from './handlers/providers';
import { gatewayRetriedCreate } from './faults/behaviour/requests-locker-create';
import { legacyRouted, listColumnsAndGatewayCache } from './faults/behaviour/requests-locker-list';
import { compensatedStatusChange } from './faults/behaviour/requests-locker-status';
import { memberwise } from './faults/behaviour/requests-locker-update';
import { parcelCachesDryRunsAndCallbacks } from './faults/behaviour/requests-parcels';
import { catalogueCacheUnparsed } from './faults/behaviour/requests-providers';
import {
  binderGatewayAndDecorator,
  bindersCachesAndReadModel,
  gatewayMemoAndWriter,
  guardBinderAndCache,
  poolMapperAndUnionQuery,
  proxyParserAndConverter,
  registryAndErrorMapper,
  repositoryAndSecondService,
  schemaPipeCollationAndMapper,
} from './faults/behaviour/requests-wrappers';
import { triggerFirstMileEvent } from './handlers/trigger';
import { operations } from '../spec/operations';

export interface Route {
  base: Base;
  method: string;
  path: string;
  /** required: a JSON body must be sent; optional: one may be. */
  body: 'none' | 'required' | 'optional';
  /** A handler that awaits (a fault's slow write) answers a promise. */
  handle: (app: ReferenceApp, ctx: RequestContext) => Reply | Promise<Reply>;
}

/** A route with the operationId the OpenAPI document gives its method and path (`--stall`, the stats route). */
export type NamedRoute = Route & { operationId: string };

function named(route: Route): NamedRoute {
  const op = operations.find((o) => o.base === route.base && o.method === route.method && o.path === route.path);
  if (!op) throw new Error(`the OpenAPI document has no operation ${route.method} ${route.path} (${route.base})`);
  return { ...route, operationId: op.operationId };
}

// Static paths come before parameterised ones: /lockers/status is not a locker uid.
const DECLARED: Route[] = [
  // Faults sv-create-gateway-retry-conflict (the gateway's retry), sv-create-push-features-npe (the event mapper).
  { base: 'service', method: 'POST', path: '/lockers', body: 'required', handle: gatewayRetriedCreate(createLocker) },
  // Fault sp-legacy-params-route-to-v10-list: a list with carrierId or providerId goes to the 1.0 list controller.
  // The list's columns and the gateway's cache (a CHAR(3) column, an embeddable, the cache; own lockers first).
  {
    base: 'service',
    method: 'GET',
    path: '/lockers',
    body: 'none',
    handle: listColumnsAndGatewayCache(legacyRouted(listLockers)),
  },
  // Fault sv-providers-cache-entries-unparsed: a cache-aside decorator whose reader does not parse the entries.
  {
    base: 'service',
    method: 'GET',
    path: '/lockers/providers',
    body: 'none',
    handle: catalogueCacheUnparsed(listProviders),
  },
  // Fault sv-status-concurrent-compensation, variation ok-v-provider-status-follows.
  {
    base: 'service',
    method: 'PATCH',
    path: '/lockers/status',
    body: 'required',
    handle: compensatedStatusChange(updateLockerStatus),
  },
  // Fault sv-update-applied-member-by-member: each member handled on its own, in the order the body writes them.
  { base: 'service', method: 'PATCH', path: '/lockers/{uid}', body: 'required', handle: memberwise(updateLocker) },
  { base: 'service', method: 'POST', path: '/parcels/data', body: 'required', handle: publishByLockerUid },
  {
    base: 'service',
    method: 'POST',
    path: '/parcels/data/by-tenant-locker-id',
    body: 'required',
    handle: publishByCarrierLockerId,
  },
  { base: 'service', method: 'GET', path: '/parcels', body: 'none', handle: listParcels },
  { base: 'service', method: 'PATCH', path: '/parcels/{parcelId}', body: 'optional', handle: cancelParcel },
  { base: 'service', method: 'POST', path: '/networks/{uid}/lockers', body: 'required', handle: addNetworkLockers },
  { base: 'mock', method: 'POST', path: '/parcel/first-mile/event', body: 'required', handle: triggerFirstMileEvent },
];

/** A wrapper in front of a route's handler: the handler itself where none of its faults applies or is on. */
type RouteWrapper = (method: string, path: string, handle: Route['handle']) => Route['handle'];

// The wrappers in front of every route's handler, outermost first, each named for the mechanisms it simulates and the
// handler itself while their faults are off (faults/behaviour/requests-wrappers.ts; what each does around one route,
// faults/behaviour/requests-<route>.ts).
const WRAPPERS: readonly RouteWrapper[] = [
  gatewayMemoAndWriter, // a gateway, a binder, a memo, how an answer is written
  repositoryAndSecondService, // a binder, a repository, a serializer, a second service
  registryAndErrorMapper, // a binder, a registry, an error mapper, a serializer
  poolMapperAndUnionQuery, // a connection pool, a mapper, a union query, a hand-written answer
  schemaPipeCollationAndMapper, // a schema pipe, a collation, a mapper
  bindersCachesAndReadModel, // a binder, a not-found cache, a read model, how an answer is written
  guardBinderAndCache, // a guard, a binder, a cache
  binderGatewayAndDecorator, // a binder, a gateway, a decorator in front of the handler
  parcelCachesDryRunsAndCallbacks, // around the parcel routes: a list cache, a dry run, a payment callback
  proxyParserAndConverter, // a proxy, a body parser, a path normaliser, a message converter
];

export const ROUTES: readonly NamedRoute[] = DECLARED.map((r) =>
  named({ ...r, handle: WRAPPERS.reduceRight((handle, wrap) => wrap(r.method, r.path, handle), r.handle) }),
);

/** The operationIds the reference serves, in route order. */
export const OPERATION_IDS: readonly string[] = ROUTES.map((r) => r.operationId);

export interface RouteMatch {
  route: NamedRoute;
  params: Record<string, string>;
}

function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith('{')) {
      if (g === '') return undefined;
      params[w.slice(1, -1)] = g;
    } else if (w !== g) {
      return undefined;
    }
  }
  return params;
}

/** The route for a method and raw path, or the methods the path allows when only the method is wrong. */
export function findRoute(
  method: string,
  rawPath: string,
  basePaths: Record<Base, string> = BASE_PATHS,
): RouteMatch | { allowed: string[] } | undefined {
  const base = (Object.keys(basePaths) as Base[]).find(
    (b) => rawPath === basePaths[b] || rawPath.startsWith(basePaths[b] + '/'),
  );
  if (!base) return undefined;
  const path = rawPath.slice(basePaths[base].length);
  const allowed: string[] = [];
  for (const route of ROUTES) {
    if (route.base !== base) continue;
    const params = matchPath(route.path, path);
    if (!params) continue;
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  return allowed.length ? { allowed } : undefined;
}
