// The points where the faults of set AF change the parcel side and its webhooks: each does what the service does with
// its fault off, and the fault's behaviour with it on; its variations are set-af-variations.ts (passed on from here to
// app.ts, server.ts, trigger.ts and cancel.ts). Called from publish-points.ts (around the publish, the validation, the
// duplicate guard), parcel-list.ts, cancel.ts, collections.ts and spec-set-d-points.ts (the ParcelUpdates sender).
import { badRequest } from '../errors';
import { cashOnDelivery } from '../faults/behaviour/parcels';
import type { StoredParcel } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { lockerSnapshot } from './set-af-variations';

/**
 * Fault saf-cod-cancel-needs-idempotency-key: the cancel of a cash-on-delivery parcel reverses its payment, and the
 * payment client requires the Idempotency-Key header the cancel passes on.
 */
export function refuseCodCancelWithoutKey(app: Switches, ctx: RequestContext, parcel: StoredParcel): void {
  if (!app.fault('saf-cod-cancel-needs-idempotency-key') || !cashOnDelivery.has(parcel)) return;
  const key = ctx.headers?.['idempotency-key'];
  if (typeof key === 'string' && key.trim() !== '') return;
  throw badRequest(
    'IDEMPOTENCY_KEY_REQUIRED',
    'payment-service: an Idempotency-Key header is required to reverse a cash-on-delivery payment',
  );
}

/**
 * Fault saf-cancel-body-dispatched-as-update: PATCH /parcels/{parcelId} with a body is the parcel update, which applies
 * lockStatus, ignores other members and answers the record; a parcel no longer booked is not editable. Undefined: no
 * body, the cancel goes on.
 */
export function cancelTakenAsUpdate(
  app: Switches & { parcelView(parcel: StoredParcel): unknown },
  ctx: RequestContext,
  parcel: StoredParcel,
): Reply | undefined {
  if (!app.fault('saf-cancel-body-dispatched-as-update') || ctx.body === undefined) return undefined;
  const status = parcel.record.shipmentStatus;
  if (status !== 'BOOKED')
    throw badRequest('PARCEL_NOT_EDITABLE', `parcel "${ctx.params['parcelId']}" is ${status}; it cannot be updated`);
  const lock: unknown = isObject(ctx.body) ? ctx.body['lockStatus'] : undefined;
  if (lock === 'LOCKED' || lock === 'UNLOCKED') parcel.record.lockStatus = lock;
  return { status: 200, body: app.parcelView(parcel) };
}

/**
 * GET /parcels' record view. Fault saf-list-consignee-json-refs: the list's serializer preserves references of the
 * Contact type, found or created by name and email: within one answer, the first consignee of a contact carries an
 * "$id", and every later one is written {"$ref": id}. Made once per answer.
 */
export function setAFListView<T extends StoredParcel>(app: Switches, view: (p: T) => unknown): (p: T) => unknown {
  if (!app.fault('saf-list-consignee-json-refs')) return view;
  const written = new Map<string, string>();
  return (parcel) => {
    const shown = view(parcel);
    if (!isObject(shown) || !isObject(shown['consignee'])) return shown;
    const contact: Editable = shown['consignee'];
    const key = JSON.stringify([contact['name'] ?? null, contact['email'] ?? null]);
    const id = written.get(key);
    if (id !== undefined) return { ...shown, consignee: { $ref: id } };
    const next = String(written.size + 1);
    written.set(key, next);
    return { ...shown, consignee: { $id: next, ...contact } };
  };
}

const PAGING_PARAMETERS = ['page', 'size', 'limit', 'offset', 'pageSize', 'per_page'] as const;
const OPERATOR_PAGE_SIZE = 20;
const OPERATOR_MAX_PAGE_SIZE = 100;

/** A whole number of the query, or undefined where the parameter is absent or no whole number. */
function wholeParameter(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  return raw !== null && /^\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined;
}

/**
 * Fault saf-paged-list-drops-owner: with a paging parameter, GET /parcels calls findAll(pageable), which has no owner
 * criterion: the page of every carrier's parcels (the list envelope pages it where it pages). Undefined: the
 * carrier's own parcels, as before.
 */
export function pagedAcrossCarriers(app: FaultPointApp, query: URLSearchParams): StoredParcel[] | undefined {
  if (!app.fault('saf-paged-list-drops-owner') || !PAGING_PARAMETERS.some((p) => query.has(p))) return undefined;
  const every = app.state.parcels;
  if (app.options.choices.listEnvelope !== 'array') return every;
  const asked = ['size', 'limit', 'pageSize', 'per_page'].map((p) => wholeParameter(query, p)).find((n) => n);
  const size = Math.min(asked ?? OPERATOR_PAGE_SIZE, OPERATOR_MAX_PAGE_SIZE);
  const offset = wholeParameter(query, 'offset') ?? (wholeParameter(query, 'page') ?? 0) * size;
  return every.slice(offset, offset + size);
}

/**
 * Fault saf-collection-loop-returns-early: the collection job leaves its carrier loop with `return` at the first
 * carrier with no locker to name. True: the run ends here.
 */
export function collectionRunEnds(app: Switches, lockersToName: number): boolean {
  return app.fault('saf-collection-loop-returns-early') && lockersToName === 0;
}

/** Whether the AMQP topic binding matches the routing key: "*" one word, "#" zero or more, words split on ".". */
function topicMatches(binding: string, routingKey: string): boolean {
  const bound = binding.split('.');
  const words = routingKey.split('.');
  const match = (b: number, w: number): boolean => {
    if (b === bound.length) return w === words.length;
    if (bound[b] === '#') return match(b + 1, w) || (w < words.length && match(b, w + 1));
    return w < words.length && (bound[b] === '*' || bound[b] === words[w]) && match(b + 1, w + 1);
  };
  return match(0, 0);
}

/**
 * Before a ParcelUpdates is sent. Fault saf-push-topic-dotted-parcel-id: the event is published with the routing key
 * parcel.<carrier>.<carrierParcelId>.updated, and the carrier's relay is bound with parcel.<carrier>.*.updated: a key
 * no binding matches is dropped by the broker. True: nothing is sent. Variation ok-af-parcel-push-locker-snapshot.
 */
export function setAFParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown): boolean {
  lockerSnapshot(app, body);
  if (!app.fault('saf-push-topic-dotted-parcel-id') || !isObject(body)) return false;
  const routingKey = `parcel.${owner.name}.${String(body['carrierParcelId'])}.updated`;
  return !topicMatches(`parcel.${owner.name}.*.updated`, routingKey);
}
