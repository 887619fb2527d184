// Where the service and the staging mock are served (§9: both under v1), and which paths §7 lists error statuses
// for. A module of its own so that
// the app, which moves the service base for a fault, need not import the routes, which import the
// handlers, which import the app.
export type Base = 'service' | 'mock';

export const BASE_PATHS: Record<Base, string> = { service: '/v1', mock: '/mock/v1' };

/** The operations §7 lists error statuses (401 among them) for, by route path: the others' are the service's choice. */
export const SECTION_7_PATHS: ReadonlySet<string> = new Set([
  '/parcels/data',
  '/parcels/data/by-tenant-locker-id',
  '/lockers/{uid}',
  '/parcels',
  '/parcels/{parcelId}',
]);
