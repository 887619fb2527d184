// The points where the faults and variations of set I change the service: each function does what the
// service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in cancel.ts, trigger.ts, parcel-list.ts, spec-set-d-points.ts, collections.ts, outbox.ts
// and app.ts.
import { randomUUID } from 'node:crypto';
import { BASE_PATHS } from '../base-paths';
import { onPrimaryOnly } from '../faults/behaviour/parcels';
import { cancelPublishing } from '../faults/behaviour/shared';
import type { ParcelEvent, ShipmentStatus, StoredParcel } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply } from '../request-types';
import type { Editable, Switches } from './fault-point-state';
import { signedDeliveries } from './set-s-faults';
import { carrierKeyAuth } from './set-x-faults';

/** Runs a cancellation's push through the change-event publisher (fault si-cancel-push-delta). */
export function asCancelEvent(app: Switches, push: () => void): void {
  cancelPublishing.add(app);
  try {
    push();
  } finally {
    cancelPublishing.delete(app);
  }
}

/** The members a change event of a cancellation carries: what identifies the parcel and what changed. */
const CANCEL_DELTA = ['shipmentUid', 'carrierParcelId', 'shipmentStatus', 'events', 'eventTimestamp'];

/** Fault si-parcel-push-rate-limited: each carrier's current window of the push limiter. */
const PUSH_WINDOW_MS = 1000;
const PUSHES_PER_WINDOW = 3;
const pushWindows = new WeakMap<Switches, Map<string, { from: number; sent: number }>>();

function overTheLimit(app: Switches, owner: CarrierAccount): boolean {
  const windows = pushWindows.get(app) ?? new Map<string, { from: number; sent: number }>();
  pushWindows.set(app, windows);
  const now = Date.now();
  const current = windows.get(owner.name);
  if (!current || now - current.from >= PUSH_WINDOW_MS) {
    windows.set(owner.name, { from: now, sent: 1 });
    return false;
  }
  return ++current.sent > PUSHES_PER_WINDOW;
}

/** Fault si-parcel-push-consignee-template: the body with its consignee block written by a string template. */
function templated(push: Editable): string | undefined {
  const consignee = push['consignee'] as Editable | null | undefined;
  if (consignee === null || typeof consignee !== 'object') return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value ?? null));
  const rest: Editable = { ...push };
  delete rest['consignee'];
  const others = JSON.stringify(rest);
  const block = `"consignee":{"name":${text(consignee['name'])},"email":${text(consignee['email'])}}`;
  return `{${block}${others === '{}' ? '' : ','}${others.slice(1)}`;
}

/** A ParcelUpdates as set I's faults send it; answers whether one of them took it (else it is sent as it is). */
export function setIParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const push = body as Editable;
  // Fault si-cancel-push-delta: a cancellation is published as a change event, the changed members only.
  if (app.fault('si-cancel-push-delta') && cancelPublishing.has(app)) {
    const events = push['events'];
    for (const member of Object.keys(push)) if (!CANCEL_DELTA.includes(member)) delete push[member];
    if (Array.isArray(events)) push['events'] = events.slice(-1);
  }
  // Fault si-parcel-push-rate-limited: pushes beyond the carrier's limit in a window are dropped, not queued.
  if (app.fault('si-parcel-push-rate-limited') && overTheLimit(app, owner)) return true;
  const raw = app.fault('si-parcel-push-consignee-template') ? templated(push) : undefined;
  if (raw === undefined) return false;
  app.outbox.send(owner, body, { raw });
  return true;
}

/** Fault si-trigger-event-mass-assigned: the mock's event is mapped onto the parcel, shipment_type included. */
export function eventMappedOnto(app: Switches, parcel: StoredParcel, shipmentType: string): void {
  if (app.fault('si-trigger-event-mass-assigned')) parcel.record.shipmentType = shipmentType;
}

/** Fault si-trigger-history-from-mock-copy: the history the staging mock keeps of each parcel it sent events for. */
const mockHistories = new WeakMap<StoredParcel, ParcelEvent[]>();

/** After a trigger event: under the fault, the mock's own copy of the history is written over the parcel's. */
export function eventsFromMockCopy(app: Switches, parcel: StoredParcel, created: boolean): void {
  if (!app.fault('si-trigger-history-from-mock-copy')) return;
  const events = parcel.record.events;
  const history = created ? [] : (mockHistories.get(parcel) ?? []);
  history.push(...(created ? events : events.slice(-1)).map((e) => ({ ...e })));
  mockHistories.set(parcel, history);
  parcel.record.events = history.map((e) => ({ ...e }));
}

/** Fault si-cancel-form-sniffed-by-prefix: the id forms a cancel path id is looked up as. */
export function cancelForms<T extends string>(app: Switches, id: string, forms: T[]): T[] {
  if (!app.fault('si-cancel-form-sniffed-by-prefix') || !/^SHP-/i.test(id)) return forms;
  return forms.filter((form) => form === 'shipmentUid');
}

/** Fault si-cancel-guard-reads-replica: how long the replica the status service reads lags the primary. */
const REPLICA_LAG_MS = 2000;

/** A CONSIGNEE_DELIVERED is written (on the primary): under the fault, the replica still shows the status before. */
export function deliveredOnPrimary(app: Switches, parcel: StoredParcel, before: ShipmentStatus | undefined): void {
  if (!app.fault('si-cancel-guard-reads-replica') || parcel.delivered || before === undefined) return;
  onPrimaryOnly.set(parcel, { at: Date.now(), status: before });
}

/** The status the cancel's delivery check reads where it differs from the parcel's (the replica is behind). */
export function replicaStatus(app: Switches, parcel: StoredParcel): ShipmentStatus | undefined {
  const write = app.fault('si-cancel-guard-reads-replica') ? onPrimaryOnly.get(parcel) : undefined;
  return write && Date.now() - write.at < REPLICA_LAG_MS ? write.status : undefined;
}

/**
 * Fault si-cancel-unknown-id-matches-all: an id that resolves to no parcel leaves the query's optional criterion null,
 * and `(:id IS NULL OR carrier_parcel_id = :id)` matches every booked parcel of the carrier: the newest is taken.
 */
export function unresolvedIdMatchesAll(
  app: FaultPointApp,
  carrier: string,
): { parcel: StoredParcel; form: 'carrierParcelId' } | undefined {
  if (!app.fault('si-cancel-unknown-id-matches-all')) return undefined;
  const parcel = app.state.latestParcel(carrier, (p) => p.record.shipmentStatus === 'BOOKED');
  return parcel && { parcel, form: 'carrierParcelId' };
}

/** Fault si-list-events-batch-fetch-limit: the lazy events collections one batch query initializes. */
const EVENTS_BATCH = 25;

/** The list's view of each record; under the fault, records past the batch are written with events null. */
export function eventsBatchFetched<T>(app: Switches, view: (item: T) => unknown): (item: T) => unknown {
  if (!app.fault('si-list-events-batch-fetch-limit')) return view;
  let written = 0;
  return (item) => {
    const record = view(item);
    if (++written > EVENTS_BATCH && record !== null && typeof record === 'object')
      (record as Editable)['events'] = null;
    return record;
  };
}

/** Fault si-collection-code-as-object: the access-code service's answer assigned where its code belongs. */
export function courierCode(app: Switches, code: string, stamp: number): unknown {
  if (!app.fault('si-collection-code-as-object')) return code;
  return { code, validUntil: new Date(stamp + 24 * 60 * 60 * 1000).toISOString() };
}

/** Which webhook a delivery body is (variation ok-i-webhook-application-key names it in a header). */
function webhookName(body: unknown): string {
  const members = (body ?? {}) as Editable;
  if ('courierAccessCode' in members) return 'CollectionNotification';
  return 'shipmentUid' in members || 'carrierParcelId' in members ? 'ParcelUpdates' : 'LockerUpdates';
}

/**
 * Variation ok-i-webhook-application-key: deliveries authenticate with the application key scheme (§5.2) and name
 * their webhook and delivery in headers of their own; without it, the key goes as X-API-Key where one is configured.
 */
export function deliveryAuth(
  app: Pick<FaultPointApp, 'fault' | 'options'>,
  webhookKey: string | undefined,
): { authHeaders?: (body: unknown, carrier: string) => Record<string, string> } {
  // Variation ok-s-webhook-hmac-signature: deliveries signed with an HMAC of their body; ok-x-webhook-carrier-key: the
  // receiving carrier's own key.
  if (!app.fault('ok-i-webhook-application-key')) return carrierKeyAuth(app) ?? signedDeliveries(app, webhookKey);
  return {
    authHeaders: (body) => ({
      ...(webhookKey ? { 'x-application-key': webhookKey } : {}),
      'x-event-type': webhookName(body),
      'x-delivery-id': randomUUID(),
    }),
  };
}

/** Variation ok-i-parcels-drf-pages: GET /parcels as Django REST framework's page-number pages. */
const DRF_PAGE_SIZE = 20;

export function drfPage<T>(
  app: FaultPointApp,
  items: readonly T[],
  query: URLSearchParams,
  view: (item: T) => unknown,
): Reply | undefined {
  if (!app.fault('ok-i-parcels-drf-pages') || app.options.choices.listEnvelope !== 'array') return undefined;
  const asked = query.get('page') ?? '1';
  const pages = Math.max(1, Math.ceil(items.length / DRF_PAGE_SIZE));
  const page = asked === 'last' ? pages : /^\d+$/.test(asked) ? Number(asked) : Number.NaN;
  if (!(page >= 1 && page <= pages)) return { status: 404, body: { detail: 'Invalid page.' } };
  const link = (n: number) => {
    const linked = new URLSearchParams(query);
    if (n === 1) linked.delete('page');
    else linked.set('page', String(n));
    const search = linked.toString();
    return `${BASE_PATHS.service}/parcels${search ? `?${search}` : ''}`;
  };
  const results = items.slice((page - 1) * DRF_PAGE_SIZE, page * DRF_PAGE_SIZE).map(view);
  const next = page < pages ? link(page + 1) : null;
  return { status: 200, body: { count: items.length, next, previous: page > 1 ? link(page - 1) : null, results } };
}

/** Variation ok-i-cancel-answer-summary: the cancel answer names the parcel and its new status, not the record. */
export function cancelAnswerBody(app: Switches, record: Editable): unknown {
  if (!app.fault('ok-i-cancel-answer-summary')) return record;
  const events = record['events'] as { timestamp?: unknown }[] | undefined;
  return {
    shipmentUid: record['shipmentUid'],
    carrierParcelId: record['carrierParcelId'],
    shipmentStatus: record['shipmentStatus'],
    cancelledAt: events?.at(-1)?.timestamp ?? new Date().toISOString(),
  };
}
