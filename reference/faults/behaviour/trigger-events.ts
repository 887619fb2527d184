// The faults' behaviour of an event the staging trigger applies (trigger.ts applyEvent). With its fault off each point
// does what the service does.
import { ApiError } from '../../errors';
import { type Editable, isObject, perApp, type Switches } from '../../handlers/fault-point-state';
import type { ParcelEvent, ShipmentStatus, StoredLocker, StoredParcel, TriggerBody } from '../../model';
import type { FaultPointApp, Reply } from '../../request-types';
import { SIGNATURE_PNG } from '../../seed';
import {
  labelless,
  occupancyOf,
  onPrimaryOnly,
  pickupFlags,
  rewritten,
  rowVersions,
  triggerMade,
  waitingCounts,
  waitsForCourier,
  type WriteApp,
} from './parcels';
import {
  atMockOffset,
  consumedByMock,
  historiesInSets,
  MOCK_PUBLISHED,
  mockPublishing,
  SERVICE_ZONE,
  zoneOffsetMinutes,
} from './shared';

export function madeByTrigger(parcel: StoredParcel): StoredParcel {
  triggerMade.add(parcel);
  return parcel;
}

/** Runs a trigger event's push through the staging mock's event bus (its own JSON mapper). */
export function viaMockEventBus(app: FaultPointApp, push: () => void): void {
  mockPublishing.add(app);
  try {
    push();
  } finally {
    mockPublishing.delete(app);
  }
}

/** Variation ok-h-trigger-answer-message-only: the trigger answer without event_type. */
export function triggerAnswer(app: FaultPointApp, message: unknown, eventType: string): Record<string, unknown> {
  return app.fault('ok-h-trigger-answer-message-only') ? { message } : { message, event_type: eventType };
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

/** A CONSIGNEE_DELIVERED is written (on the primary): under the fault, the replica still shows the status before. */
export function deliveredOnPrimary(app: Switches, parcel: StoredParcel, before: ShipmentStatus | undefined): void {
  if (!app.fault('si-cancel-guard-reads-replica') || parcel.delivered || before === undefined) return;
  onPrimaryOnly.set(parcel, { at: Date.now(), status: before });
}

/** The staging mock wrote an event to an existing parcel: the row's version moves on, the cache does not see it. */
export function writtenByMock(app: Switches, parcel: StoredParcel): void {
  if (app.fault('sk-cancel-stale-version-after-trigger')) rowVersions.set(parcel, (rowVersions.get(parcel) ?? 1) + 1);
}

/** Fault sk-trigger-event-on-last-inserted-parcel: the history an event row is written to (currval's parcel). */
export function eventRowsOf(app: FaultPointApp, parcel: StoredParcel): ParcelEvent[] {
  if (!app.fault('sk-trigger-event-on-last-inserted-parcel')) return parcel.record.events;
  return (app.state.parcels.at(-1) ?? parcel).record.events;
}

export function historyKeptAsSet(app: Switches, parcel: StoredParcel): void {
  if (app.fault('sk-trigger-history-as-set')) historiesInSets.add(parcel);
}

/**
 * Fault sm-mock-access-code-bare-pin: the staging mock writes the collection code in its own form, the bare PIN, into
 * the accessCodes column it shares with the service, whenever it applies an event to a parcel that has a code.
 */
export function mockAccessCode(app: Switches, parcel: StoredParcel): void {
  const codes = parcel.record.accessCodes as Editable | null;
  const code = codes?.['consigneeCollectionCode'];
  if (app.fault('sm-mock-access-code-bare-pin') && isObject(code) && typeof code['code'] === 'string')
    codes!['consigneeCollectionCode'] = code['code'];
}

/** Fault sq-mock-push-schema-v10: the trigger's push goes out through the mock's publisher, pinned to schema 1.0. */
export function publishedByMock(app: FaultPointApp, patch: object): void {
  if (app.fault('sq-mock-push-schema-v10'))
    Object.defineProperty(patch, MOCK_PUBLISHED, { value: true, enumerable: true });
}

/**
 * A trigger event as these faults apply it, once the parcel has taken it.
 * Fault sq-courier-signature-overwrites: COURIER_COLLECTED writes the courier's hand-over signature, whose event has
 * no format, over the parcel's signature.
 * Fault sq-collection-flag-cleared-by-any-pickup: a drop-off sets the locker's pick-up flag, any collection clears it.
 */
export function signatureAndPickupFlag(
  app: FaultPointApp,
  carrier: string,
  parcel: StoredParcel,
  eventType: string,
): void {
  if (app.fault('sq-courier-signature-overwrites') && eventType === 'COURIER_COLLECTED')
    Object.assign(parcel.record, { signature: { imageBase64: SIGNATURE_PNG, format: null } });
  if (!app.fault('sq-collection-flag-cleared-by-any-pickup')) return;
  const flags = pickupFlags.get(app) ?? new Map<string, boolean>();
  pickupFlags.set(app, flags);
  const key = `${carrier} ${parcel.record.lockerUid}`;
  if (eventType === 'CONSIGNEE_DELIVERED') flags.set(key, true);
  if (eventType === 'COURIER_COLLECTED') flags.set(key, false);
}

/**
 * Variation ok-q-trigger-created-201: a BOOKING_CREATED that made a parcel is answered 201, naming the new parcel's
 * shipmentUid beside message and event_type; other events are answered as before.
 */
export function createdAnswer(app: FaultPointApp, created: StoredParcel | undefined, reply: Reply): Reply {
  if (!app.fault('ok-q-trigger-created-201') || !created || !isObject(reply.body)) return reply;
  return { status: 201, body: { ...reply.body, shipmentUid: created.record.shipmentUid } };
}

/** The signature pad's vector image (variation ok-ab-signature-svg). */
const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><path d="M5 30 C25 5 45 35 65 15 S105 25 115 10" ' +
  'fill="none" stroke="black" stroke-width="2"/></svg>';

/**
 * Variation ok-ab-signature-svg: the consignee's signature as the signature pad records it, an SVG image, base64, with
 * format SVG, where the reference stores a PNG.
 */
export function signatureImage(app: Switches, png: string): { imageBase64: string; format: string } {
  if (!app.fault('ok-ab-signature-svg')) return { imageBase64: png, format: 'PNG' };
  return { imageBase64: Buffer.from(SIGNATURE_SVG, 'utf8').toString('base64'), format: 'SVG' };
}

/**
 * Fault sac-mock-writes-back-pushed-locker: after each event the staging mock reports the locker's compartments back
 * with a PUT of the whole locker as it last consumed it from LockerUpdates, which an update does not push: the members
 * an update changed since are put back.
 */
export function mockReportedOccupancy(app: FaultPointApp, locker: StoredLocker): void {
  const copy = app.fault('sac-mock-writes-back-pushed-locker') ? consumedByMock.get(locker) : undefined;
  if (!copy) return;
  locker.record = { ...structuredClone(copy), compartmentTypes: structuredClone(locker.record.compartmentTypes) };
  app.lag.written(locker, locker.record);
}

/**
 * Fault sad-collected-push-outside-transaction: parcel events are published by an after-commit listener (Spring's
 * @TransactionalEventListener without fallbackExecution), and the mock's COURIER_COLLECTED handler, one UPDATE through
 * JdbcTemplate, runs in no transaction: its event is discarded. True: the event's ParcelUpdates goes out.
 */
export function pushedAfterCommit(app: Switches, eventType: string): boolean {
  return !(app.fault('sad-collected-push-outside-transaction') && eventType === 'COURIER_COLLECTED');
}

/** Variation ok-ad-trigger-answer-names-parcel: the trigger's answer also names the parcel the event acted on. */
export function triggerAnswerNamesParcel(
  app: Switches,
  answer: Record<string, unknown>,
  parcel: StoredParcel,
): Record<string, unknown> {
  if (!app.fault('ok-ad-trigger-answer-names-parcel')) return answer;
  const { carrierParcelId, shipmentUid, shipmentStatus } = parcel.record;
  return { ...answer, parcel_id: carrierParcelId, shipment_uid: shipmentUid, shipment_status: shipmentStatus };
}

/**
 * Fault sah-trigger-event-same-second-dropped: whether the mock's history takes an event at `timestamp`; its key is
 * (shipment, occurred_at) at whole seconds, inserted with ON CONFLICT DO NOTHING.
 */
export function eventRecorded(app: Switches, parcel: StoredParcel, timestamp: string): boolean {
  if (!app.fault('sah-trigger-event-same-second-dropped')) return true;
  const second = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  return !parcel.record.events.some((e) => second(e.timestamp) === second(timestamp));
}

// --- A trigger event ---

/**
 * A trigger event applied to a parcel the mock had (`wasThere`). Fault sal-reannounce-replaces-history: a
 * BOOKING_CREATED saves the parcel with a fresh history, its new entry alone.
 */
export function reannounceReplacesHistory(
  app: Switches,
  parcel: StoredParcel,
  eventType: string,
  wasThere: boolean,
): void {
  if (!wasThere || eventType !== 'BOOKING_CREATED' || !app.fault('sal-reannounce-replaces-history')) return;
  parcel.record.events = parcel.record.events.slice(-1);
}

/**
 * An event the staging mock adds to a parcel's history (`events`, as it is held). Fault
 * sam-mock-history-jsonb-set-last: the mock writes the history, a JSONB array, with
 * jsonb_set(events, '{-1}', :event), which replaces the last element instead of adding one (jsonb_insert with
 * insert_after was meant): each event takes the place of the one before it.
 */
export function historyJsonbSetLast(app: Switches, events: ParcelEvent[], event: ParcelEvent): void {
  if (app.fault('sam-mock-history-jsonb-set-last') && events.length > 0) events[events.length - 1] = event;
  else events.push(event);
}

/** A CONSIGNEE_DELIVERED the mock applied. Fault san-cancel-release-occupancy-counter: the counter goes down. */
export function occupancyDownOnDelivery(app: Switches, parcel: StoredParcel): void {
  if (!app.fault('san-cancel-release-occupancy-counter')) return;
  const occupancy = occupancyOf(app);
  occupancy.set(parcel.record.lockerUid, (occupancy.get(parcel.record.lockerUid) ?? 0) - 1);
}

// --- Variation ok-an-trigger-answer-event-count ---

/** Variation ok-an-trigger-answer-event-count: the answer also counts the entries of the parcel's history. */
export function triggerAnswerEventCount(
  app: Switches,
  answer: Record<string, unknown>,
  parcel: StoredParcel,
): Record<string, unknown> {
  if (!app.fault('ok-an-trigger-answer-event-count')) return answer;
  return { ...answer, parcelEventCount: parcel.record.events.length };
}

// --- The staging mock's clock (trigger.ts) and the history listed (parcel-list.ts) ---

/**
 * The time the staging mock stamps an event with. Fault sao-trigger-events-future-hidden: the mock's container writes
 * the wall-clock time of the service's zone (Europe/Berlin) labelled Z, an hour or two ahead. Variation
 * ok-ao-history-ordered-by-mock-clock: its clock 5 s behind.
 */
export function mockClockAhead(app: Switches, now: string): string {
  const variation = mockClockOrdered(app, now);
  if (variation !== undefined) return variation;
  if (!app.fault('sao-trigger-events-future-hidden')) return now;
  const ms = Date.parse(now);
  return new Date(ms + zoneOffsetMinutes(SERVICE_ZONE, ms) * 60_000).toISOString();
}

/** Variation ok-ao-history-ordered-by-mock-clock: how far the mock's clock is behind the service's. */
const MOCK_CLOCK_BEHIND_MS = 5_000;

/** The time the staging mock stamps an event with, where a variation sets its clock; undefined: the service's. */
export function mockClockOrdered(app: Switches, now: string): string | undefined {
  if (!app.fault('ok-ao-history-ordered-by-mock-clock')) return undefined;
  return new Date(Date.parse(now) - MOCK_CLOCK_BEHIND_MS).toISOString();
}

/**
 * What a staging event changes besides the parcel's status and its new history entry; `existed` whether the parcel
 * was there before the event.
 * - Fault sar-collection-skips-labelless: a parcel made label-less is recorded so (the job's selection reads it).
 * - Fault sar-reannounce-resets-booking-defaults: a BOOKING_CREATED for a parcel that exists is an upsert of the mock's
 *   parcel row, which writes the columns its DTO lacks with their defaults: consignee null, HARD_RESERVATION.
 * - Fault sar-history-touched-on-save: the event is saved through the parcel aggregate, whose history entries carry
 *   an update timestamp: every entry the parcel had is stamped with this event's time.
 * - Fault sar-dropoff-bumps-soft-reservation: a first-mile or return parcel dropped off takes a compartment, and the
 *   allocator, overbooked, releases the carrier's oldest SOFT_RESERVATION booking in that locker in its own table
 *   (status CANCELLED, a CANCELLED entry), with no ParcelUpdates for it.
 */
export function eventRewritesParcel(
  app: WriteApp,
  body: TriggerBody,
  parcel: StoredParcel,
  existed: boolean,
  timestamp: string,
): void {
  const { record } = parcel;
  if (!existed && body.labelless === true) labelless.add(parcel);
  if (app.fault('sar-reannounce-resets-booking-defaults') && existed && body.event_type === 'BOOKING_CREATED') {
    record.consignee = null;
    record.allocationType = 'HARD_RESERVATION';
  }
  if (app.fault('sar-history-touched-on-save') && existed)
    record.events = record.events.map((e) => ({ ...e, timestamp }));
  if (
    app.fault('sar-dropoff-bumps-soft-reservation') &&
    body.event_type === 'CONSIGNEE_DELIVERED' &&
    waitsForCourier(record)
  ) {
    const soft = app.state.parcels.find(
      (p) =>
        p !== parcel &&
        p.owner === parcel.owner &&
        p.record.lockerUid === record.lockerUid &&
        p.record.shipmentStatus === 'BOOKED' &&
        p.record.allocationType === 'SOFT_RESERVATION',
    );
    if (soft) {
      soft.record.shipmentStatus = 'CANCELLED';
      soft.record.events.push({ type: 'CANCELLED', timestamp });
      rewritten(app, soft);
    }
  }
}

/**
 * The time the mock writes a history entry with. Fault sat-list-status-by-event-text-order and variation
 * ok-at-mock-times-local-offset: in the mock's zone, its offset written (the same instant).
 */
export function mockClockLocalOffset(app: Switches, now: string): string {
  return app.fault('sat-list-status-by-event-text-order') || app.fault('ok-at-mock-times-local-offset')
    ? atMockOffset(now)
    : now;
}

// --- A staging event applied (trigger.ts) and the lockers a CollectionNotification names (collections.ts) ---

const AWAITING_COURIER = new Set(['FIRST_MILE', 'RETURN']);

/**
 * Fault sav-collection-waiting-counter-drift: the collection job reads a counter per (carrier, locker) kept beside the
 * parcels, which a drop-off (CONSIGNEE_DELIVERED) of a first-mile or return parcel raises and every COURIER_COLLECTED
 * in the locker lowers, whatever the parcel collected was.
 */
export function pickupCounterDrift(app: Switches, carrier: string, parcel: StoredParcel, event: string): void {
  if (!app.fault('sav-collection-waiting-counter-drift')) return;
  const byCarrier = perApp(waitingCounts, app, () => new Map<string, Map<string, number>>());
  const counts = byCarrier.get(carrier) ?? new Map<string, number>();
  byCarrier.set(carrier, counts);
  const held = counts.get(parcel.record.lockerUid) ?? 0;
  if (event === 'CONSIGNEE_DELIVERED' && AWAITING_COURIER.has(parcel.record.shipmentType))
    counts.set(parcel.record.lockerUid, held + 1);
  if (event === 'COURIER_COLLECTED') counts.set(parcel.record.lockerUid, held - 1);
}

// --- A trigger event applied (trigger.ts) ---

/**
 * Variation ok-az-trigger-status-audit-entry: the audit trigger on UPDATE OF status adds its entry after the event's,
 * where the event changed the status of a parcel already held.
 */
export function statusAuditEntry(
  app: Switches,
  parcel: StoredParcel,
  statusBefore: string | undefined,
  timestamp: string,
): void {
  if (!app.fault('ok-az-trigger-status-audit-entry') || statusBefore === undefined) return;
  if (parcel.record.shipmentStatus !== statusBefore)
    parcel.record.events.push({ type: 'SHIPMENT_STATUS_CHANGED', timestamp });
}

// --- A staging event's push and answer (trigger.ts applyEvent) ---

/**
 * Whether the event's handler returned before its ParcelUpdates was published.
 * - Fault sbc-delivery-guard-returns-before-push: the code-revoking step of a CONSIGNEE_DELIVERED opens with
 *   `if (!parcel.accessCodes) return reply`.
 */
export function deliveryGuardReturnedBeforePush(app: Switches, body: TriggerBody, parcel: StoredParcel): boolean {
  return (
    app.fault('sbc-delivery-guard-returns-before-push') &&
    body.event_type === 'CONSIGNEE_DELIVERED' &&
    !parcel.record.accessCodes
  );
}

/**
 * The body of a staging event's answer.
 * - Variation ok-bc-trigger-answer-empty-object: {} (both members may be present, neither must).
 */
export function triggerAnswerEmptyObject<T>(app: Switches, body: T): T {
  return app.fault('ok-bc-trigger-answer-empty-object') ? ({} as T) : body;
}

// --- The staging trigger's answer (trigger.ts applyEvent) ---

/**
 * The trigger's answer. Fault sbe-trigger-created-event-type-null: event_type null where the event made the parcel
 * (`created`). Variation ok-be-trigger-answer-camel-case: the answer in camelCase, eventType.
 */
export function triggerAnswerEventType(
  app: Switches,
  body: Record<string, unknown>,
  created: boolean,
): Record<string, unknown> {
  if (!('event_type' in body)) return body;
  if (app.fault('sbe-trigger-created-event-type-null') && created) return { ...body, event_type: null };
  if (!app.fault('ok-be-trigger-answer-camel-case')) return body;
  const { event_type: eventType, ...rest } = body;
  return { ...rest, eventType };
}

// --- A trigger event applied (trigger.ts applyEvent) ---

/** Variation ok-bh-trigger-repeat-delivery-refused: a drop-off of a parcel shown delivered is refused 409. */
export function repeatedDropOffRefused(app: Switches, body: TriggerBody, parcel: StoredParcel | undefined): void {
  if (
    body.event_type === 'CONSIGNEE_DELIVERED' &&
    parcel?.record.shipmentStatus === 'DELIVERED' &&
    app.fault('ok-bh-trigger-repeat-delivery-refused')
  )
    throw new ApiError(409, 'ALREADY_DELIVERED', `parcel "${body.parcel_id}" is already delivered`);
}

/** Fault sbg-locked-parcel-trigger-history: whether the event enters the history (the consignee timeline's writer). */
export function recordedIfUnlocked(app: FaultPointApp, parcel: StoredParcel): boolean {
  return !(app.fault('sbg-locked-parcel-trigger-history') && parcel.record.lockStatus === 'LOCKED');
}

// --- The trigger's answer (trigger.ts applyEvent) ---

/** Fault sbi-trigger-messages-accumulated: per reference, the messages of the events each parcel took. */
const triggerMessages = new WeakMap<object, WeakMap<StoredParcel, unknown[]>>();

/**
 * Fault sbi-trigger-messages-accumulated: the mock's answer takes its message from the parcel's notes, to which each
 * event adds one, written `notes.length === 1 ? notes[0] : notes`: the first event of a parcel is answered with a
 * message text, every later one with the list of them.
 */
export function triggerMessageOfNotes(app: FaultPointApp, parcel: StoredParcel, message: unknown): unknown {
  if (!app.fault('sbi-trigger-messages-accumulated')) return message;
  const messages = perApp(triggerMessages, app, () => new WeakMap<StoredParcel, unknown[]>());
  const notes = perApp(messages, parcel, () => [] as unknown[]);
  notes.push(message);
  return notes.length === 1 ? notes[0] : [...notes];
}
