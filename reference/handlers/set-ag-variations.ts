// The points where the conformant variations of set AG (`ok-ag-*`) change the locker side and what surrounds it: each
// does what the service does with its variation off. variedBySetAG wraps a route's handler (through set-ag-faults.ts
// bySetAG, in routes.ts); mockKeyRefused is called from server.ts (a refused key on the staging mock).
import { ApiError } from '../errors';
import type { Handler } from '../faults/behaviour/shared';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import type { RequestSchema } from '../validation';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { onRefusal } from './partial-writes';
import { after } from './set-v-faults';

/** What set AG's wrappers use of the app beyond the fault points' shape (the reference app has it all). */
export interface AGApp extends FaultPointApp {
  validate(schema: RequestSchema, body: unknown): unknown;
}

/**
 * Variation ok-ag-created-locker-scheduled-hours: a locker created without openingHours opens on the provider's
 * standard hours, Monday to Saturday 07:00 to 22:00.
 */
const STANDARD_HOURS = {
  accessMode: 'SCHEDULED',
  weeklySchedule: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'].map((day) => ({
    day,
    from: '07:00',
    to: '22:00',
  })),
  exceptions: [],
};

function scheduledByDefault(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('ok-ag-created-locker-scheduled-hours') || !isObject(ctx.body)) return ctx;
  if (ctx.body['openingHours'] !== undefined) return ctx;
  return { ...ctx, body: { ...ctx.body, openingHours: structuredClone(STANDARD_HOURS) } };
}

/** Variation ok-ag-create-locker-id-taken-409: a create under a carrier.lockerId the carrier holds is a conflict. */
function takenAsConflict<A extends AGApp>(app: A, ctx: RequestContext, handle: Handler<A>): Reply | Promise<Reply> {
  if (!app.fault('ok-ag-create-locker-id-taken-409')) return handle(app, ctx);
  return onRefusal(app, ctx, handle, (error) => {
    if (!(error instanceof ApiError) || error.errorCode !== 'LOCKER_ID_TAKEN') throw error;
    throw new ApiError(409, 'LOCKER_ID_CONFLICT', error.message);
  });
}

/**
 * Variation ok-ag-update-ignores-carrier-status: an update's carrier.status (a member the update table does not list)
 * is ignored; the carrier side's status changes through PATCH /lockers/status only.
 */
function carrierStatusIgnored(app: Switches, ctx: RequestContext): RequestContext {
  const carrier = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
  if (!app.fault('ok-ag-update-ignores-carrier-status') || !isObject(carrier) || !('status' in carrier)) return ctx;
  const { status: _ignored, ...kept } = carrier;
  return { ...ctx, body: { ...(ctx.body as Editable), carrier: kept } };
}

/** Variation ok-ag-providers-catalogue-envelope: the catalogue answered in an object of its own. */
function catalogueEnvelope(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-ag-providers-catalogue-envelope') || reply.status >= 300 || !Array.isArray(reply.body))
    return reply;
  return { ...reply, body: { providers: reply.body, count: reply.body.length } };
}

/** Variation ok-ag-network-of-other-carrier-403: a network another carrier owns is forbidden, not unknown. */
function otherCarriersNetwork(app: FaultPointApp, ctx: RequestContext): void {
  const raw = ctx.params['uid'] ?? '';
  if (!app.fault('ok-ag-network-of-other-carrier-403') || !/^\d{1,15}$/.test(raw)) return;
  const network = app.state.networks.get(Number(raw));
  if (network && network.owner !== ctx.carrier.name)
    throw new ApiError(403, 'NETWORK_FORBIDDEN', `network ${raw} belongs to another carrier`);
}

/** Variation ok-ag-trigger-answer-event-topic: the trigger answers the topic the mock published the event on. */
function eventTopic(app: Switches, reply: Reply): Reply {
  const body = reply.body;
  if (!app.fault('ok-ag-trigger-answer-event-topic') || reply.status >= 300 || !isObject(body)) return reply;
  if (typeof body['event_type'] !== 'string') return reply;
  const topic = `parcel.first-mile.${body['event_type'].toLowerCase().replace(/_/g, '-')}`;
  return { ...reply, body: { ...body, event_type: topic } };
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
function germanMessages<A extends AGApp>(app: A, ctx: RequestContext, handle: Handler<A>): Reply | Promise<Reply> {
  if (!app.fault('ok-ag-error-messages-german')) return handle(app, ctx);
  return onRefusal(app, ctx, handle, (error) => {
    if (!(error instanceof ApiError)) throw error;
    const message = GERMAN[error.errorCode] ?? `Die Anfrage wurde abgelehnt (${error.errorCode}).`;
    throw new ApiError(error.status, error.errorCode, message, error.details);
  });
}

/**
 * Variation ok-ag-mock-refused-key-403: the staging mock, behind a gateway of its own, answers a missing or refused key
 * 403 FORBIDDEN (called where the reference refuses a key, before its own status).
 */
export function mockKeyRefused(app: Switches, base: string): void {
  if (app.fault('ok-ag-mock-refused-key-403') && base === 'mock')
    throw new ApiError(403, 'FORBIDDEN', 'the staging mock does not accept this X-API-Key');
}

/** The variations' wrappers by method and path (every route: the German messages). */
export function variedBySetAG<A extends AGApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
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
