// The points where the faults and variations of set U change the parcel paths: each does what the
// service does when its fault is off (nothing, or the value as given) and the fault's behaviour when on. Called from
// spec-set-d-points.ts (publish, view, pushes), parcel-list.ts, cancel.ts, trigger.ts, collections.ts and server.ts.

/**
 * Fault su-by-tenant-route-unversioned: the by-tenant controller sits in a module the versioned router does not
 * register, so it is served at /parcels/data/by-tenant-locker-id and not under the v1 base path.
 */
export function unversionedPath(app: { fault(name: string): boolean; basePaths: { service: string } }, path: string) {
  const route = '/parcels/data/by-tenant-locker-id';
  if (!app.fault('su-by-tenant-route-unversioned')) return path;
  if (path === route) return app.basePaths.service + route;
  return path === app.basePaths.service + route ? route : path;
}
