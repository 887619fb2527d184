// The points where the faults of set AB change the parcel side and its webhooks: each does what the
// service does with its fault off, and the fault's behaviour with it on; its variations are set-ab-variations.ts.
// Called from parcels.ts (the publish, the by-tenant lookup), parcel-list.ts, cancel.ts, spec-set-d-points.ts (the
// ParcelUpdates) and collections.ts.
import { isObject, type Switches } from './fault-point-state';
import { namedChange } from './set-ab-variations';

/**
 * The ParcelUpdates body as set AB's faults and variations send it. Fault sab-push-proto3-default-omitted: the event
 * is a protobuf message written with its JSON mapping, which leaves out an enum at its zero value, and allocationType
 * (added in 1.1 as an enum) has HARD_RESERVATION first.
 */
export function setABParcelPush(app: Switches, body: unknown): void {
  if (app.fault('sab-push-proto3-default-omitted') && isObject(body) && body['allocationType'] === 'HARD_RESERVATION')
    delete body['allocationType'];
  namedChange(app, body);
}
