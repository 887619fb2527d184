// Where the service and the staging mock are served (§9: both under v1). A module of its own so that
// the app, which moves the service base for a fault, need not import the routes, which import the
// handlers, which import the app.
export type Base = 'service' | 'mock';

export const BASE_PATHS: Record<Base, string> = { service: '/v1', mock: '/mock/v1' };
