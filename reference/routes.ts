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
  // Set V's list faults and variation (a CHAR(3) column, an embeddable, the gateway cache; own lockers first).
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

// Set W's wrappers (a binder, a gateway, a decorator in front of the handler), each the handler itself when its fault
// is off: handlers/set-w-faults.ts binderGatewayAndDecorator; set Y's around them (a guard, a binder, a cache):
// set-y-faults.ts guardBinderAndCache; set AA's around them (a binder, a not-found cache, a read model, how an answer
// is written): set-aa-faults.ts bindersCachesAndReadModel; set AC's around them (a schema pipe, a collation, a mapper):
// set-ac-faults.ts schemaPipeCollationAndMapper; set AE's outermost (a pool, a mapper, a union query, a hand-written
// answer): set-ae-faults.ts poolMapperAndUnionQuery; set AG's outermost (a binder, a registry, an error mapper, a
// serializer): set-ag-faults.ts registryAndErrorMapper. Set AT's innermost, around the parcel routes' handlers (a list
// cache, a dry run, a payment callback): set-at-faults.ts parcelCachesDryRunsAndCallbacks; set AU's inside it (a proxy,
// a body parser, a path normaliser, a message converter): set-au-faults.ts proxyParserAndConverter.
const au = (r: Route) => proxyParserAndConverter(r.method, r.path, r.handle);
export const ROUTES: readonly NamedRoute[] = DECLARED.map((r) =>
  named({
    ...r,
    // Set AK's outermost (a gateway, a binder, a memo, a writer): set-ak-faults.ts gatewayMemoAndWriter; set AI's
    // inside it (a binder, a repository, a serializer, a second service): set-ai-faults.ts repositoryAndSecondService.
    handle: gatewayMemoAndWriter(
      r.method,
      r.path,
      repositoryAndSecondService(
        r.method,
        r.path,
        registryAndErrorMapper(
          r.method,
          r.path,
          poolMapperAndUnionQuery(
            r.method,
            r.path,
            schemaPipeCollationAndMapper(
              r.method,
              r.path,
              bindersCachesAndReadModel(
                r.method,
                r.path,
                guardBinderAndCache(
                  r.method,
                  r.path,
                  binderGatewayAndDecorator(r.method, r.path, parcelCachesDryRunsAndCallbacks(r.method, r.path, au(r))),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  }),
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
