// The faults' behaviour of ParcelUpdates (push-points.ts parcelPushPoints; sendParcelUpdate, which every ParcelUpdates
// goes through). With its fault off each point does what the service does.
import { gzipSync } from 'node:zlib';
import { type Editable, isObject, perApp, type Switches } from '../../handlers/fault-point-state';
import type { StoredParcel } from '../../model';
import type { CarrierAccount } from '../../options';
import type { FaultPointApp as ReferenceApp } from '../../request-types';
import { type PushApp, pushTimestampWholeSeconds, secondCarrierSchemaVersion } from './pushes';
import {
  type AnswerApp,
  atMockOffset,
  bookedAt,
  byTenantBookings,
  cancelPathForm,
  cancelPublishing,
  CLOSED,
  closedRowsOf,
  CONFIRMATION_MS,
  deploymentOf,
  firstAnswer,
  keptOf,
  MOCK_PUBLISHED,
  mockPublishing,
  viaOriginClient,
} from './shared';

/** Fault sd-parcel-pushes-coalesced: pushes waiting in the debouncer, by shipmentUid. */
const debounced = new WeakMap<ReferenceApp, Map<string, { owner: CarrierAccount; body: unknown }>>();
const DEBOUNCE_MS = 500;

/** Sends a ParcelUpdates; under sd-parcel-pushes-coalesced, the parcel's last state within 500 ms of its first. */
export function sendParcelUpdate(app: ReferenceApp, owner: CarrierAccount, body: unknown, shipmentUid: string): void {
  // Fault saf-push-topic-dotted-parcel-id (a routing key no binding matches); ok-af-parcel-push-locker-snapshot.
  if (dottedRoutingKey(app, owner, body)) return;
  proto3DefaultOmitted(app, body); // Fault sab-push-proto3-default-omitted, variation ok-ab-parcel-push-change-kind.
  // Faults su-insert-push-null-timestamp, a rolled-back booking's push.
  if (rolledBackAndNullTimestamp(app, owner, body)) return;
  if (mutedInInactiveLocker(app, body)) return; // Fault ss-push-muted-in-inactive-locker: a locker not ACTIVE is muted.
  // Faults sq-mock-push-schema-v10, sq-push-to-locker-last-booker: the mock's 1.0 schema, the locker's last booker.
  if (mockSchemaAndLastBooker(app, owner, body)) return;
  // Faults so-push-dedup-by-parcel-id-status, so-push-cloudevents-pilot-carrier: a dedup key, a pilot's envelope.
  if (dedupAndCloudEvents(app, owner, body)) return;
  epochTimestampAndNullsOmitted(app, body);
  // Faults sm-push-signature-buffer, sm-push-aborted-without-email: the image as bytes, a job failed by its e-mail.
  if (signatureBufferAndAbortedJob(app, body)) return;
  if (sameStatusSuppressedAndLength(app, owner, body)) return;
  if (cancelDeltaRateAndTemplate(app, owner, body)) return;
  if (batchedOrOneLate(app, owner, body)) return;
  if (mockUtf8Bom(app, owner, body)) return; // Fault sx-mock-push-utf8-bom: the mock's writer puts a BOM first.
  // A BIGINT lockerUid, the outbox relay.
  if (lockerUidNumberAndOutboxRelay(app, owner, body, shipmentUid)) return;
  // Faults sad-webhook-client-per-origin (a client pooled per origin), sad-outbox-gzip-not-inflated (stored bytes).
  if (!app.fault('sd-parcel-pushes-coalesced'))
    return app.outbox.send(viaOriginClient(app, owner), body, storedPayload(app, body));
  const waiting = debounced.get(app) ?? new Map<string, { owner: CarrierAccount; body: unknown }>();
  debounced.set(app, waiting);
  const held = waiting.get(shipmentUid);
  if (held) return void Object.assign(held, { owner, body });
  waiting.set(shipmentUid, { owner, body });
  setTimeout(() => {
    const last = waiting.get(shipmentUid)!;
    waiting.delete(shipmentUid);
    app.outbox.send(last.owner, last.body);
  }, DEBOUNCE_MS).unref();
}

/** Fault sf-parcel-pushes-batched-array: the batch window of the parcel event publisher. */
const BATCH_MS = 300;

interface HeldPushes {
  /** Fault sf-parcel-pushes-batched-array: each carrier's batch. */
  batches: Map<string, unknown[]>;
  /** Fault sf-parcel-push-one-event-late: each carrier's event the relay has not sent yet. */
  unrelayed: Map<string, unknown>;
}

const held = new WeakMap<ReferenceApp, HeldPushes>();

/**
 * A ParcelUpdates as these faults send it; answers whether one of them took it (else it is sent as it is). Batched:
 * gathered per carrier for 300 ms, and two or more posted as one JSON array. One event late: the outbox relay runs
 * before the new event is written, so it sends the carrier's previous event and holds this one.
 */
export function batchedOrOneLate(app: ReferenceApp, owner: CarrierAccount, body: unknown): boolean {
  const batched = app.fault('sf-parcel-pushes-batched-array');
  const late = app.fault('sf-parcel-push-one-event-late');
  if (!batched && !late) return false;
  const pushes = held.get(app) ?? { batches: new Map<string, unknown[]>(), unrelayed: new Map<string, unknown>() };
  held.set(app, pushes);
  if (late) {
    if (pushes.unrelayed.has(owner.name)) app.outbox.send(owner, pushes.unrelayed.get(owner.name));
    pushes.unrelayed.set(owner.name, body);
    return true;
  }
  const batch = pushes.batches.get(owner.name);
  if (batch) return batch.push(body) > 0;
  pushes.batches.set(owner.name, [body]);
  setTimeout(() => {
    const bodies = pushes.batches.get(owner.name)!;
    pushes.batches.delete(owner.name);
    app.outbox.send(owner, bodies.length === 1 ? bodies[0] : bodies);
  }, BATCH_MS).unref();
  return true;
}

/** Whether the staging mock is publishing a trigger event's push right now (fault sx-mock-push-utf8-bom reads it). */
export const mockIsPublishing = (app: ReferenceApp): boolean => mockPublishing.has(app);

/** Drops the null members of every object in a value, as a NON_NULL mapper writes it (arrays keep their items). */
function withoutNulls(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(withoutNulls);
  if (value === null || typeof value !== 'object') return;
  const members = value as Record<string, unknown>;
  for (const [member, inner] of Object.entries(members)) {
    if (inner === null) delete members[member];
    else withoutNulls(inner);
  }
}

/** A ParcelUpdates body as these faults write it, before it is sent. */
export function epochTimestampAndNullsOmitted(app: ReferenceApp, body: unknown): void {
  if (body === null || typeof body !== 'object') return;
  const push = body as Record<string, unknown>;
  // Fault sh-trigger-push-epoch-timestamp: the mock's mapper writes the instant as epoch milliseconds.
  if (
    app.fault('sh-trigger-push-epoch-timestamp') &&
    mockPublishing.has(app) &&
    typeof push['eventTimestamp'] === 'string'
  )
    push['eventTimestamp'] = Date.parse(push['eventTimestamp']);
  // Fault sh-parcel-push-nulls-omitted: the publisher's mapper leaves null members out, nested ones too.
  if (app.fault('sh-parcel-push-nulls-omitted')) withoutNulls(push);
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

/** A ParcelUpdates as these faults send it; answers whether one of them took it (else it is sent as it is). */
export function cancelDeltaRateAndTemplate(app: ReferenceApp, owner: CarrierAccount, body: unknown): boolean {
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

/** Fault sk-push-suppressed-same-status-per-carrier: the last status pushed to each carrier. */
const lastStatusPerCarrier = new WeakMap<Switches, Map<string, unknown>>();

/** A ParcelUpdates as these faults send it; answers whether one of them took it (else it is sent as it is). */
export function sameStatusSuppressedAndLength(app: ReferenceApp, owner: CarrierAccount, body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const status = (body as Editable)['shipmentStatus'];
  if (app.fault('sk-push-suppressed-same-status-per-carrier')) {
    const last = lastStatusPerCarrier.get(app) ?? new Map<string, unknown>();
    lastStatusPerCarrier.set(app, last);
    if (last.has(owner.name) && last.get(owner.name) === status) return true;
    last.set(owner.name, status);
  }
  if (!app.fault('sk-push-content-length-in-chars')) return false;
  // Fault sk-push-content-length-in-chars: the receiver reads as many bytes as the text has UTF-16 code units.
  const text = JSON.stringify(body);
  const raw = Buffer.from(text, 'utf8').subarray(0, text.length).toString('utf8');
  if (raw === text) return false;
  app.outbox.send(owner, body, { raw });
  return true;
}

/** Whether an address the consignee e-mail step takes (fault sm-push-aborted-without-email). */
const ADDRESS = /^[^@\s]+@[^@\s]+$/;

/**
 * A ParcelUpdates as these faults send it; answers whether it is dropped.
 * Fault sm-push-signature-buffer: the signature image is held as bytes (a bytea read into a Buffer), and the webhook
 * publisher's JSON.stringify writes a Buffer as {"type": "Buffer", "data": [...]}.
 * Fault sm-push-aborted-without-email: the consignee e-mail and the carrier webhook are two steps of one notification
 * job, the e-mail step first; its address check throws where the consignee has no e-mail address, failing the job
 * before the webhook step.
 */
export function signatureBufferAndAbortedJob(app: Switches, body: unknown): boolean {
  if (!isObject(body)) return false;
  const signature = body['signature'];
  if (app.fault('sm-push-signature-buffer') && typeof signature?.imageBase64 === 'string')
    body['signature'] = { ...signature, imageBase64: Buffer.from(signature.imageBase64, 'base64') };
  const email = body['consignee']?.['email'];
  return app.fault('sm-push-aborted-without-email') && !(typeof email === 'string' && ADDRESS.test(email));
}

/** Fault so-push-dedup-by-parcel-id-status: the (carrierParcelId, shipmentStatus) pairs pushed, of every carrier. */
const pushedPairs = new WeakMap<ReferenceApp, Set<string>>();

/**
 * A ParcelUpdates as these faults send it: true where it is not sent.
 * Fault so-push-dedup-by-parcel-id-status: the sender drops an event whose idempotency key, carrierParcelId and
 * shipmentStatus, it has sent before (meant to drop redelivered events; the carrier and the shipmentUid are left out).
 * Fault so-push-cloudevents-pilot-carrier: the second carrier is in the pilot of the CloudEvents publisher (a feature
 * flag per carrier), which sends the record as `data` of a structured-mode CloudEvent.
 */
export function dedupAndCloudEvents(app: ReferenceApp, owner: CarrierAccount, body: unknown): boolean {
  if (!isObject(body)) return false;
  if (app.fault('so-push-dedup-by-parcel-id-status')) {
    const pairs = pushedPairs.get(app) ?? new Set<string>();
    pushedPairs.set(app, pairs);
    const pair = `${String(body['carrierParcelId'])} ${String(body['shipmentStatus'])}`;
    if (pairs.has(pair)) return true;
    pairs.add(pair);
  }
  if (app.fault('so-push-cloudevents-pilot-carrier') && owner === app.options.carriers[1]) {
    const data = { ...body };
    for (const member of Object.keys(body)) delete body[member];
    Object.assign(body, {
      specversion: '1.0',
      id: `${String(data['shipmentUid'])}-${String(data['eventTimestamp'])}`,
      source: '/carrier-integration/parcels',
      type: 'com.carrier-integration.parcel.updated',
      time: data['eventTimestamp'],
      datacontenttype: 'application/json',
      data,
    });
  }
  return false;
}

const confirming = new WeakMap<ReferenceApp, Set<string>>();

/**
 * Variation ok-q-booking-pending-confirmation: a pushed PENDING_CONFIRMATION is followed, once the provider has
 * confirmed the booking, by the push of the parcel BOOKED, unless it changed otherwise meanwhile.
 */
function confirmationPush(app: ReferenceApp, owner: CarrierAccount, push: Editable): void {
  const uid = push['shipmentUid'] as string;
  const waiting = confirming.get(app) ?? new Set<string>();
  confirming.set(app, waiting);
  if (waiting.has(uid)) return;
  waiting.add(uid);
  const timer = setTimeout(
    () => {
      waiting.delete(uid);
      const parcel = app.state.parcels.find((p) => p.record.shipmentUid === uid);
      if (parcel?.record.shipmentStatus !== 'BOOKED') return;
      app.outbox.send(owner, { ...structuredClone(parcel.record), eventTimestamp: new Date().toISOString() });
    },
    Math.max(0, bookedAt(push) + CONFIRMATION_MS - Date.now()),
  );
  timer.unref();
}

/**
 * A ParcelUpdates as these faults send it; true where it was sent (or dropped) here.
 * Fault sq-mock-push-schema-v10: the mock's publisher writes the 1.0 schema, without allocationType and eventTimestamp.
 * Fault sq-push-to-locker-last-booker: the recipient is the carrier of the locker's last booking (a column the door
 * controller keeps on the locker), not the parcel's carrier.
 */
export function mockSchemaAndLastBooker(app: ReferenceApp, owner: CarrierAccount, body: unknown): boolean {
  if (!isObject(body)) return false;
  if (body[MOCK_PUBLISHED as unknown as string]) {
    delete body['allocationType'];
    delete body['eventTimestamp'];
  }
  if (app.fault('ok-q-booking-pending-confirmation') && body['shipmentStatus'] === 'PENDING_CONFIRMATION')
    confirmationPush(app, owner, body);
  if (!app.fault('sq-push-to-locker-last-booker')) return false;
  const last = app.state.parcels.filter((p) => p.record.lockerUid === body['lockerUid']).at(-1)?.owner;
  const to = app.options.carriers.find((c) => c.name === last);
  if (!to || to === owner) return false;
  app.outbox.send(to, body);
  return true;
}

/**
 * Fault ss-push-muted-in-inactive-locker: the parcel notifier drops the events of a locker whose carrier.status is
 * not ACTIVE (a mute put in for decommissioned lockers). True where the push was dropped.
 */
export function mutedInInactiveLocker(app: ReferenceApp, body: unknown): boolean {
  if (!app.fault('ss-push-muted-in-inactive-locker') || !isObject(body)) return false;
  const locker = app.state.lockers.get(String(body['lockerUid']));
  return locker !== undefined && locker.record.carrier.status !== 'ACTIVE';
}

/**
 * A ParcelUpdates as these faults send it; true: not sent. The push of a booking rolled back (faults
 * su-accessible-null-unboxed, su-consignee-quote-sql-error) is not sent. Fault su-insert-push-null-timestamp:
 * eventTimestamp is read from the row's updated_at, which ON UPDATE CURRENT_TIMESTAMP without a DEFAULT leaves NULL
 * until the row's first update: a parcel's first push (its only event its creation) carries null.
 */
export function rolledBackAndNullTimestamp(app: ReferenceApp, owner: CarrierAccount, body: unknown): boolean {
  if (!isObject(body)) return false;
  if (keptOf(app).rollingBack.has(`${owner.name}|${String(body['carrierParcelId'])}`)) return true;
  if (app.fault('su-insert-push-null-timestamp') && Array.isArray(body['events']) && body['events'].length === 1)
    body['eventTimestamp'] = null;
  return false;
}

/**
 * A ParcelUpdates as this fault sends it; true: sent here. Fault sx-mock-push-utf8-bom: the staging mock's
 * publisher writes its body through a UTF-8 writer that puts a byte order mark first.
 */
export function mockUtf8Bom(app: ReferenceApp, owner: CarrierAccount, body: unknown): boolean {
  if (!app.fault('sx-mock-push-utf8-bom') || !mockIsPublishing(app)) return false;
  app.outbox.send(owner, body, { raw: '\uFEFF' + JSON.stringify(body) });
  return true;
}

/** Fault sz-outbox-marks-parcel-rows-sent: the rows waiting for the relay's next poll, the oldest per parcel. */
const RELAY_POLL_MS = 250;
const waiting = new WeakMap<Switches, Map<string, { owner: CarrierAccount; body: unknown }>>();

function relayed(app: ReferenceApp, owner: CarrierAccount, body: unknown, shipmentUid: string): void {
  let rows = waiting.get(app);
  if (!rows) waiting.set(app, (rows = new Map()));
  // A later row of a parcel already waiting is marked sent with the one the relay posts.
  if (rows.has(shipmentUid)) return;
  rows.set(shipmentUid, { owner, body });
  if (rows.size > 1) return;
  const polled = rows;
  setTimeout(
    () => {
      for (const row of polled.values()) app.outbox.send(row.owner, row.body);
      polled.clear();
    },
    RELAY_POLL_MS - (Date.now() % RELAY_POLL_MS),
  ).unref();
}

/**
 * A ParcelUpdates as these faults send it; true: sent here. Fault sz-parcel-push-locker-uid-number: the event is
 * built from the parcel row, whose locker_uid is a BIGINT the driver reads as a number. Fault
 * sz-outbox-marks-parcel-rows-sent: the relay posts the oldest waiting row of each parcel and marks every row of
 * that parcel sent.
 */
export function lockerUidNumberAndOutboxRelay(
  app: ReferenceApp,
  owner: CarrierAccount,
  body: unknown,
  shipmentUid: string,
): boolean {
  const uid = isObject(body) ? body['lockerUid'] : undefined;
  if (app.fault('sz-parcel-push-locker-uid-number') && typeof uid === 'string' && /^\d+$/.test(uid))
    (body as Editable)['lockerUid'] = Number(uid);
  if (!app.fault('sz-outbox-marks-parcel-rows-sent')) return false;
  relayed(app, owner, body, shipmentUid);
  return true;
}

/**
 * The ParcelUpdates body as these faults and variations send it. Fault sab-push-proto3-default-omitted: the event
 * is a protobuf message written with its JSON mapping, which leaves out an enum at its zero value, and allocationType
 * (added in 1.1 as an enum) has HARD_RESERVATION first.
 */
export function proto3DefaultOmitted(app: Switches, body: unknown): void {
  if (app.fault('sab-push-proto3-default-omitted') && isObject(body) && body['allocationType'] === 'HARD_RESERVATION')
    delete body['allocationType'];
  namedChange(app, body);
}

/**
 * Variation ok-ab-parcel-push-change-kind: every ParcelUpdates names what changed in an extra member, changeKind, the
 * kind of the parcel's newest history entry (BOOKING_CREATED, CANCELLED, CONSIGNEE_DELIVERED, COURIER_COLLECTED).
 */
export function namedChange(app: Switches, body: unknown): void {
  if (!app.fault('ok-ab-parcel-push-change-kind') || !isObject(body) || !Array.isArray(body['events'])) return;
  const newest: unknown = body['events'].at(-1);
  body['changeKind'] = isObject(newest) && typeof newest['type'] === 'string' ? newest['type'] : 'UPDATED';
}

const COMPRESSED_FROM_BYTES = 1024;

/**
 * How a ParcelUpdates is posted. Fault sad-outbox-gzip-not-inflated: the outbox stores a payload of 1 KiB or more
 * gzip-compressed, and the relay, which reads the compressed flag the migration added with default false, posts the
 * stored bytes as they are, declared application/json, with no Content-Encoding.
 */
export function storedPayload(app: Switches, body: unknown): { raw?: Buffer } {
  if (!app.fault('sad-outbox-gzip-not-inflated')) return {};
  const text = JSON.stringify(body);
  return Buffer.byteLength(text) >= COMPRESSED_FROM_BYTES ? { raw: gzipSync(text) } : {};
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
export function dottedRoutingKey(app: ReferenceApp, owner: CarrierAccount, body: unknown): boolean {
  lockerSnapshot(app, body);
  if (!app.fault('saf-push-topic-dotted-parcel-id') || !isObject(body)) return false;
  const routingKey = `parcel.${owner.name}.${String(body['carrierParcelId'])}.updated`;
  return !topicMatches(`parcel.${owner.name}.*.updated`, routingKey);
}

/** Variation ok-af-parcel-push-locker-snapshot: the parcel's locker, as the carrier's systems show it, on the push. */
export function lockerSnapshot(app: Pick<ReferenceApp, 'fault' | 'state'>, body: unknown): void {
  if (!app.fault('ok-af-parcel-push-locker-snapshot') || !isObject(body)) return;
  const uid: unknown = body['lockerUid'];
  const locker = typeof uid === 'string' ? app.state.lockers.get(uid) : undefined;
  if (!locker) return;
  const { carrier, provider, location } = locker.record;
  body['locker'] = {
    uid: locker.record.uid,
    carrierLockerId: carrier.lockerId,
    name: carrier.lockerName,
    providerName: provider.name,
    city: location['city'] ?? null,
    countryCode: location['countryCode'] ?? null,
  };
}

/**
 * A ParcelUpdates body as these faults send it; false: it is not sent.
 * - fault sah-locked-parcel-push-gated: a status change of a LOCKED parcel goes through the consignee gate;
 * - fault sah-push-dimension-status-singular: the payload class names the field dimensionStatus.
 */
export function lockedGateAndSingularField(
  app: Switches,
  parcel: StoredParcel,
  cause: 'booking' | 'cancel' | 'trigger',
  body: Record<string, unknown>,
): boolean {
  if (app.fault('sah-locked-parcel-push-gated') && cause !== 'booking' && parcel.record.lockStatus === 'LOCKED')
    return false;
  if (app.fault('sah-push-dimension-status-singular') && 'dimensionsStatus' in body) {
    body['dimensionStatus'] = body['dimensionsStatus'];
    delete body['dimensionsStatus'];
  }
  return true;
}

/** Fault saj-outbox-payload-varchar-truncated: the width of the outbox's payload column, in characters. */
const OUTBOX_PAYLOAD_WIDTH = 1024;

/**
 * A ParcelUpdates body about to go out, as these faults and variations write it; true: sent here (the caller sends
 * nothing).
 * - variations ok-aj-parcel-push-previous-status, ok-aj-parcel-push-epoch-millis-timestamp:
 *   previousStatusAndEpochMillis;
 * - fault saj-outbox-payload-varchar-truncated: parcel events go through an outbox table whose payload column is a
 *   VARCHAR(1024) of a MySQL in non-strict mode, which cuts a longer text to 1,024 characters with a warning, and the
 *   relay posts the column as it reads it: a record longer than that (long ids or names, a long history) arrives cut
 *   short, no JSON text.
 */
export function outboxPayloadTruncated(
  app: ReferenceApp,
  owner: CarrierAccount,
  parcel: StoredParcel,
  body: Record<string, unknown>,
): boolean {
  previousStatusAndEpochMillis(app, parcel, body);
  if (!app.fault('saj-outbox-payload-varchar-truncated')) return false;
  const characters = [...JSON.stringify(body)];
  if (characters.length <= OUTBOX_PAYLOAD_WIDTH) return false;
  app.outbox.send(owner, body, { raw: characters.slice(0, OUTBOX_PAYLOAD_WIDTH).join('') });
  return true;
}

/** Variation ok-aj-parcel-push-previous-status: the status each parcel was last pushed with. */
const previousStatusPushed = new WeakMap<StoredParcel, string>();

/**
 * A ParcelUpdates body as these variations write it:
 * - ok-aj-parcel-push-previous-status: previousShipmentStatus, the status the parcel was last pushed with (null at
 *   its first push);
 * - ok-aj-parcel-push-epoch-millis-timestamp: eventTimestamp as the text of the event's Unix time in milliseconds.
 */
export function previousStatusAndEpochMillis(app: Switches, parcel: StoredParcel, body: Editable): void {
  if (app.fault('ok-aj-parcel-push-previous-status')) {
    body['previousShipmentStatus'] = previousStatusPushed.get(parcel) ?? null;
    previousStatusPushed.set(parcel, parcel.record.shipmentStatus);
  }
  if (app.fault('ok-aj-parcel-push-epoch-millis-timestamp') && typeof body['eventTimestamp'] === 'string')
    body['eventTimestamp'] = String(Date.parse(body['eventTimestamp']));
}

// --- The ParcelUpdates push (app.ts) ---

/** A copy made by a deep walker over an object's own enumerable members, as a "strip undefined" helper does. */
function walked(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(walked);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, walked(v)]),
  );
}

/**
 * A ParcelUpdates body about to be sent. Fault sao-cancel-push-timestamp-deep-copied-object: the cancel's event is
 * built with eventTimestamp a Date, then cleaned of undefined members by a deep walker that copies an object's own
 * members, and a Date has none: the push of a cancellation carries eventTimestamp {}.
 */
export function cancelTimestampDeepCopied(app: Switches, cause: string, body: Record<string, unknown>): void {
  if (!app.fault('sao-cancel-push-timestamp-deep-copied-object') || cause !== 'cancel') return;
  const cleaned = walked({ ...body, eventTimestamp: new Date(String(body['eventTimestamp'])) }) as Editable;
  Object.assign(body, cleaned);
}

/**
 * A ParcelUpdates about to be sent to `owner`. Fault sap-cancel-by-parcel-id-push-v10-timestamp: a cancellation by
 * carrierParcelId is pushed by the 1.0 cancel handler's event, the time under timestamp.
 */
export function cancelByParcelIdV10(
  app: PushApp,
  owner: CarrierAccount,
  cause: 'booking' | 'cancel' | 'trigger',
  body: Record<string, unknown>,
): void {
  if (
    app.fault('sap-cancel-by-parcel-id-push-v10-timestamp') &&
    cause === 'cancel' &&
    cancelPathForm.get(app) === 'carrierParcelId'
  ) {
    body['timestamp'] = body['eventTimestamp'];
    delete body['eventTimestamp'];
  }
  secondCarrierSchemaVersion(app, owner, body);
}

// --- The ParcelUpdates push (push-points.ts, parcelPushPoints) ---

/** The staging mock's event bus relays its pushes this long after the event (ok-ar-mock-pushes-relayed-late). */
const MOCK_RELAY_MS = 1500;

/**
 * A ParcelUpdates about to be sent to `owner`; true where this point has sent it.
 * - Fault sar-second-carrier-push-consignee-minimised: the second carrier has e-mail notifications off in its
 *   settings, and the webhook mapper, minimising personal data for carriers that send no notification, writes the
 *   consignee null in its pushes; GET /parcels shows it.
 * - Variation ok-ar-mock-pushes-relayed-late: a push caused by a staging event goes out through the mock's event bus,
 *   1.5 s after the event.
 */
export function consigneeMinimisedAndRelayedLate(
  app: Pick<ReferenceApp, 'fault' | 'options' | 'outbox'>,
  owner: CarrierAccount,
  cause: 'booking' | 'cancel' | 'trigger',
  body: Record<string, unknown>,
): boolean {
  if (app.fault('sar-second-carrier-push-consignee-minimised') && owner.name === app.options.carriers[1]?.name)
    body['consignee'] = null;
  if (!app.fault('ok-ar-mock-pushes-relayed-late') || cause !== 'trigger') return false;
  app.outbox.send(owner, body, { delayMs: MOCK_RELAY_MS });
  return true;
}

// --- The ParcelUpdates push (push-points.ts built) ---

/** Fault sat-outbox-sequence-two-writers: each writer's count per carrier, and the numbers the outbox holds. */
interface OutboxNumbers {
  service: Map<string, number>;
  mock: Map<string, number>;
  held: Map<string, Set<number>>;
}
const outboxNumbers = new WeakMap<object, OutboxNumbers>();

/**
 * A ParcelUpdates about to be sent to `owner`; false where it is not sent.
 * - Fault sat-outbox-sequence-two-writers: numbered by its writer's own count (the mock's for trigger events); a
 *   number the outbox holds already is dropped.
 * - Variation ok-at-mock-times-local-offset: a trigger event's push stamped in the mock's zone.
 */
export function outboxSequenceTwoWriters(
  app: Switches,
  owner: CarrierAccount,
  cause: 'booking' | 'cancel' | 'trigger',
  body: Record<string, unknown>,
): boolean {
  if (cause === 'trigger' && app.fault('ok-at-mock-times-local-offset') && typeof body['eventTimestamp'] === 'string')
    body['eventTimestamp'] = atMockOffset(body['eventTimestamp']);
  if (!app.fault('sat-outbox-sequence-two-writers')) return true;
  const numbers = perApp(outboxNumbers, app, (): OutboxNumbers => ({
    service: new Map(),
    mock: new Map(),
    held: new Map(),
  }));
  const writer = cause === 'trigger' ? numbers.mock : numbers.service;
  const seq = (writer.get(owner.name) ?? 0) + 1;
  writer.set(owner.name, seq);
  const held = numbers.held.get(owner.name) ?? new Set<number>();
  numbers.held.set(owner.name, held);
  if (held.has(seq)) return false; // ON CONFLICT (carrier, seq) DO NOTHING
  held.add(seq);
  return true;
}

const refused = (status: number | 'no answer') => status === 'no answer' || status === 401 || status >= 500;

/** Variation ok-au-webhook-rewind-after-refusal: each carrier's deliveries acknowledged since the relay's commit. */
const COMMIT_EVERY = 5;
const relays = new WeakMap<object, Map<string, unknown[]>>();

/**
 * A ParcelUpdates handed to the outbox for `owner` (push-points.ts sent).
 * - Fault sau-booking-compensated-on-push-refusal: a booking whose push is first answered 401 or 5xx (or not) is
 *   deleted.
 * - Variation ok-au-webhook-rewind-after-refusal: a refused delivery makes the relay send again what was acknowledged
 *   since its last commit.
 * - Variation ok-au-webhook-unlisted-answer-retried: an answer the definitions do not list, no success, is retried
 *   once.
 */
export function compensatedOnRefusalAndRewind(
  app: AnswerApp,
  owner: CarrierAccount,
  parcel: StoredParcel,
  cause: string,
  body: unknown,
): void {
  if (!owner.webhookUrl) return;
  if (cause === 'booking' && app.fault('sau-booking-compensated-on-push-refusal'))
    void firstAnswer(app.outbox, body, (status) => {
      const at = app.state.parcels.indexOf(parcel);
      if (refused(status) && at >= 0 && parcel.record.shipmentStatus === 'BOOKED') app.state.parcels.splice(at, 1);
    });
  if (app.fault('ok-au-webhook-rewind-after-refusal')) {
    const relay = perApp(relays, app, () => new Map<string, unknown[]>());
    void firstAnswer(app.outbox, body, (status) => {
      const since = relay.get(owner.name) ?? [];
      if (status !== 'no answer' && status >= 200 && status < 300) {
        since.push(body);
        relay.set(owner.name, since.length >= COMMIT_EVERY ? [] : since);
      } else if (status === 'no answer' || status >= 500) {
        for (const again of since) app.outbox.send(owner, again);
      }
    });
  }
  if (app.fault('ok-au-webhook-unlisted-answer-retried'))
    void firstAnswer(app.outbox, body, (status) => {
      if (status === 'no answer' || (status >= 200 && status < 300) || status === 401 || status >= 500) return;
      setTimeout(() => app.outbox.send(owner, body), 200).unref();
    });
}

// --- The ParcelUpdates push (push-points.ts) ---

/** The notification gateway's quota: requests a second per tenant. */
const GATEWAY_PER_SECOND = 10;
const gatewayWindows = new WeakMap<object, Map<string, number[]>>();

/**
 * A ParcelUpdates to `owner`, sent by `send`.
 * - Fault sav-parcel-push-gateway-429-dropped: pushes go through the notification gateway, which takes 10 a second per
 *   carrier and answers 429 beyond; the relay retries a 5xx only and drops the event on a 4xx, as final.
 * - Variation ok-av-parcel-pushes-paced: the relay holds what the gateway would refuse until the second has passed.
 */
export function notificationGateway(app: Switches, owner: CarrierAccount, send: () => void): void {
  const drops = app.fault('sav-parcel-push-gateway-429-dropped');
  if (!drops && !app.fault('ok-av-parcel-pushes-paced')) return send();
  const windows = perApp(gatewayWindows, app, () => new Map<string, number[]>());
  const now = Date.now();
  const recent = (windows.get(owner.name) ?? []).filter((at) => now - at < 1000);
  windows.set(owner.name, recent);
  if (recent.length < GATEWAY_PER_SECOND) {
    recent.push(now);
    return send();
  }
  if (!drops) setTimeout(send, 1000 - (now - recent[0]!)).unref();
}

// --- A ParcelUpdates body (push-points.ts) ---

/** Variation ok-aw-parcel-push-without-pin: the collection PIN left out of the push, validUntil kept. */
export function pushWithoutPin(app: Switches, body: Record<string, unknown>): void {
  if (!app.fault('ok-aw-parcel-push-without-pin')) return;
  const codes = body['accessCodes'];
  const code = isObject(codes) ? codes['consigneeCollectionCode'] : undefined;
  if (!isObject(codes) || !isObject(code)) return;
  const kept = code['validUntil'] === undefined ? {} : { validUntil: code['validUntil'] };
  body['accessCodes'] = { ...codes, consigneeCollectionCode: kept };
}

// --- ParcelUpdates (push-points.ts pushed) ---

/**
 * Whether a ParcelUpdates is sent. Fault say-by-tenant-booking-topic-unsubscribed: the status changes that follow a
 * booking (a cancellation, a trigger event) go out on the topic the booking registered, and the by-tenant path
 * registers a topic of its 1.0 form that the dispatcher does not subscribe to.
 */
export function byTenantBookingPushed(app: Switches, parcel: StoredParcel, cause: string): boolean {
  return cause === 'booking' || byTenantBookings.get(app)?.has(parcel) !== true;
}

/** Fault saz-booking-push-generated-column-null: a booking's ParcelUpdates, from the entity before it is read again. */
export function generatedColumnNull(app: Switches, cause: string, body: Record<string, unknown>): void {
  if (app.fault('saz-booking-push-generated-column-null') && cause === 'booking') body['dimensionsStatus'] = null;
}

/** Fault sba-parcel-push-allocation-enum-value: the Python enum's values, the e-mail templates' display text. */
const ALLOCATION_VALUES: Readonly<Record<string, string>> = {
  HARD_RESERVATION: 'Hard reservation',
  SOFT_RESERVATION: 'Soft reservation',
};

/** A ParcelUpdates about to be sent. Fault sba-parcel-push-allocation-enum-value: allocationType by its enum value. */
export function allocationEnumValue(app: Switches, body: Record<string, unknown>): void {
  const allocation = body['allocationType'];
  if (!app.fault('sba-parcel-push-allocation-enum-value') || typeof allocation !== 'string') return;
  if (Object.hasOwn(ALLOCATION_VALUES, allocation)) body['allocationType'] = ALLOCATION_VALUES[allocation];
}

/** Fault sbb-parcel-outbox-copytruncate: the size at which the parcel outbox log is rotated. */
const OUTBOX_ROTATED_AT_BYTES = 16 * 1024;

/**
 * Whether a ParcelUpdates reaches its relay. Fault sbb-parcel-outbox-copytruncate: ParcelUpdates are appended to a
 * JSON-lines outbox log that a shipper tails; logrotate rotates it at 16 KiB with copytruncate, and the line appended
 * between the copy and the truncation, the one that took the log past the size, is in neither file.
 */
export function outboxCopytruncate(app: Switches, body: Record<string, unknown>): boolean {
  if (!app.fault('sbb-parcel-outbox-copytruncate')) return true;
  const state = deploymentOf(app);
  let line: string;
  try {
    line = JSON.stringify(body);
  } catch {
    return true;
  }
  state.outboxBytes += Buffer.byteLength(line) + 1;
  if (state.outboxBytes < OUTBOX_ROTATED_AT_BYTES) return true;
  state.outboxBytes = 0;
  return false;
}

// --- A parcel event (push-points.ts built) ---

/**
 * A parcel event (a ParcelUpdates about to be built): the projection's row of a parcel that closes now (fault
 * sbd-closed-parcel-projection-written-once).
 */
export function closedParcelProjected(app: Switches, parcel: StoredParcel): void {
  if (!app.fault('sbd-closed-parcel-projection-written-once') || !CLOSED.has(parcel.record.shipmentStatus)) return;
  const rows = closedRowsOf(app);
  if (!rows.has(parcel)) rows.set(parcel, structuredClone(parcel.record));
}

// --- A ParcelUpdates body as built (push-points.ts built) ---

/**
 * A ParcelUpdates body as built (the parcel record plus eventTimestamp), before it is sent. Fault
 * sbe-push-signature-null-before-delivery, variation ok-be-push-timestamp-whole-seconds.
 */
export function parcelPushSignatureAndTimestamp(app: Switches, body: Editable): void {
  // Fault sbe-push-signature-null-before-delivery: §6's "including … signature" read as a member every push carries.
  if (app.fault('sbe-push-signature-null-before-delivery') && body['signature'] === undefined) body['signature'] = null;
  pushTimestampWholeSeconds(app, body);
}

// --- A parcel's change pushed (push-points.ts parcelPushPoints) ---

/** Fault sbf-warn-log-freezes-incomplete-booking: the members of a parcel record a frozen one keeps. */
type FrozenMembers = Pick<StoredParcel['record'], 'shipmentStatus'> &
  Partial<Pick<StoredParcel['record'], 'signature'>>;
/** Fault sbf-warn-log-freezes-incomplete-booking: what each frozen record held when its booking was logged. */
const frozenRecords = new WeakMap<object, WeakMap<StoredParcel, FrozenMembers>>();

/**
 * Fault sbf-warn-log-freezes-incomplete-booking: called as a parcel's change is pushed (its booking, a cancel, a
 * trigger event). A booking with incomplete dimensions is logged at WARN and its record frozen; a later write of a
 * frozen record's own members (its status, its signature) did not take, so they read as they were at the booking.
 * Nothing where the fault is off.
 */
export function loggedBookingFrozen(app: Switches, parcel: StoredParcel, cause: string): void {
  if (!app.fault('sbf-warn-log-freezes-incomplete-booking')) return;
  const frozen = perApp(frozenRecords, app, () => new WeakMap<StoredParcel, FrozenMembers>());
  const { record } = parcel;
  if (cause === 'booking') {
    if (record.dimensionsStatus === 'INCOMPLETE' && !frozen.has(parcel))
      frozen.set(parcel, {
        shipmentStatus: record.shipmentStatus,
        ...(record.signature ? { signature: record.signature } : {}),
      });
    return;
  }
  const held = frozen.get(parcel);
  if (!held) return;
  record.shipmentStatus = held.shipmentStatus;
  if (held.signature) record.signature = held.signature;
  else delete record.signature;
}
