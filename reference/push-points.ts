// The points where faults change the pushes of §6, in the order app.ts's emitLockerUpdate() and emitParcelUpdate()
// reach them. With every fault off each point does what the specification has the service do (LockerUpdates on a
// create and a status change, the locker record plus eventTimestamp; ParcelUpdates on a status change, the parcel
// record plus eventTimestamp; each to the carrier the record belongs to), so the two read as the correct service.
import type { FaultPointApp } from './request-types';
import type { CarrierAccount } from './options';
import type { StoredLocker, StoredParcel } from './model';
import { perApp, type Editable } from './handlers/fault-point-state';
import { lockerPushMergedOntoLast } from './faults/behaviour/pushes-lockers-publisher';
import { DebouncedPushes } from './faults/behaviour/pushes';
import { providerBridgeV10Schema, statusPushV10Carrier } from './faults/behaviour/migration-leftovers';
import {
  activationNoDayCarry,
  contractUtcOnly,
  createDedupAndEventReused,
  createPushesBatched,
  createPushV10Mapping,
  keylessMetadataDropped,
  lazyMetadataNull,
  locationAsGeoJson,
  lockerEventsSeen,
  lockerPushGuardedAndCompacted,
  lockerPushRecipient,
  lockerPushStatusAndTimestamp,
  lockerPushTiming,
  metadataMapAndOutboxLimit,
  mockWriteBackAndExtendedJson,
  networkTopicAndDelta,
  ownerUnsetAndActivationNow,
  providerTopicAndSnakeCase,
  renderedAtFlush,
  sampledPushLate,
  searchDocumentAndRelay,
  statusLowerCased,
  subscriptionLazyLoad,
  turkishIAndTemplateLocale,
} from './faults/behaviour/pushes-lockers';
import {
  allocationEnumValue,
  byTenantBookingPushed,
  cancelByParcelIdV10,
  cancelTimestampDeepCopied,
  closedParcelProjected,
  compensatedOnRefusalAndRewind,
  consigneeMinimisedAndRelayedLate,
  generatedColumnNull,
  lockedGateAndSingularField,
  loggedBookingFrozen,
  notificationGateway,
  outboxCopytruncate,
  outboxPayloadTruncated,
  outboxSequenceTwoWriters,
  parcelPushSignatureAndTimestamp,
  pushWithoutPin,
  sendParcelUpdate,
} from './faults/behaviour/pushes-parcels';

/** What the push points need of the app: its faults and state, and the record views and clock the pushes show. */
type PushApp = FaultPointApp & {
  lockerView(locker: StoredLocker): object;
  now(): string;
  carrierNamed(name: string): CarrierAccount | undefined;
};

export type LockerPushCause = 'create' | 'status' | 'update';
export type ParcelPushCause = 'booking' | 'cancel' | 'trigger';

/** What the locker push faults keep, per reference. */
interface LockerPushState {
  /** Fault status-push-first-only: lockers whose status change was pushed once. */
  statusPushed: WeakSet<StoredLocker>;
  /** Fault sa-status-push-from-create-snapshot: each locker's event payload as its create pushed it. */
  createPayload: WeakMap<StoredLocker, Record<string, unknown>>;
  /** Fault locker-webhook-previous-locker: the locker created last. */
  lastCreated?: StoredLocker;
  /** Fault sc-locker-push-debounced: each locker's pending push, replaced by a newer event of the locker. */
  debounced: DebouncedPushes;
}
const lockerPushStates = new WeakMap<object, LockerPushState>();

/**
 * Fault locker-webhook-legacy-provider: the provider object as the webhook publisher still builds it,
 * in the shape before 1.1 (providerName and lockerModelVersion in place of name and lockerVersion).
 */
function legacyProvider(provider: Editable): Editable {
  const { name, lockerVersion, ...rest } = provider;
  return { providerName: name, ...rest, lockerModelVersion: lockerVersion };
}

export interface LockerPushPoints {
  /** The carrier the push goes to: the locker's owner. */
  recipient(): CarrierAccount | undefined;
  /** Whether the event is pushed: a create and a status change are (§6). */
  pushed(): boolean;
  /** The locker whose record the body shows: the one the event is about. */
  shown(): StoredLocker;
  /** The body as built (the locker record plus eventTimestamp), before it is sent; false where it is not sent. */
  built(owner: CarrierAccount, body: Record<string, unknown>): boolean;
  /** The body sent to `owner`: at once, once. */
  sent(owner: CarrierAccount, body: Record<string, unknown>): void;
}

/** `statusBefore`: a status change's, for the fault that pushes it instead of the new one. */
export function lockerPushPoints(
  app: PushApp,
  locker: StoredLocker,
  cause: LockerPushCause,
  statusBefore?: string,
): LockerPushPoints {
  const kept = perApp(lockerPushStates, app, (): LockerPushState => ({
    statusPushed: new WeakSet<StoredLocker>(),
    createPayload: new WeakMap<StoredLocker, Record<string, unknown>>(),
    debounced: new DebouncedPushes(),
  }));
  return {
    recipient: () => lockerPushRecipient(app, locker), // Fault sr-locker-push-routed-by-locker-id: by carrier.lockerId
    pushed: () => {
      if (cause === 'create' && app.fault('no-locker-webhook-on-create')) return false;
      if (cause === 'status' && app.fault('no-locker-webhook-on-status')) return false;
      // Fault status-push-first-only: a locker's status changes are pushed the first time only.
      if (cause === 'status' && app.fault('status-push-first-only') && kept.statusPushed.has(locker)) return false;
      if (cause === 'status') kept.statusPushed.add(locker);
      return true;
    },
    shown: () => {
      // Fault locker-webhook-previous-locker: a create's event is built from the locker created before (stale cache).
      const previous = cause === 'create' && app.fault('locker-webhook-previous-locker') ? kept.lastCreated : undefined;
      if (cause === 'create') kept.lastCreated = locker;
      return previous ?? locker;
    },
    built: (owner, body) => {
      // Fault sbb-create-push-subscription-lazy-load: the event that starts the subscription's lookup is dropped.
      if (!subscriptionLazyLoad(app, owner, cause)) return false;
      // Fault sbi-locker-push-merged-onto-last: merged onto the locker's last push, arrays concatenated.
      lockerPushMergedOntoLast(app, locker, body);
      // Faults sbc-create-no-metadata-returns-before-push, sbc-locker-push-compacted-by-truthiness: a create's
      // metadata step returns before the push where there is no entry; compact() drops every falsy member.
      if (!lockerPushGuardedAndCompacted(app, locker, cause, body)) return false;
      // Fault sa-status-push-from-create-snapshot: the create's cached payload, only carrier.status set anew.
      const snapshot = app.fault('sa-status-push-from-create-snapshot');
      if (snapshot && cause === 'create') kept.createPayload.set(locker, structuredClone(body));
      const cached = snapshot && cause === 'status' ? kept.createPayload.get(locker) : undefined;
      if (cached) {
        for (const member of Object.keys(body)) delete body[member];
        Object.assign(body, structuredClone(cached), { eventTimestamp: app.now() });
        body['carrier'] = { ...(body['carrier'] as Editable), status: locker.record.carrier.status };
      }
      // Fault locker-webhook-provider-uid: the create's event mapper fills uid from the provider-side locker id.
      if (cause === 'create' && app.fault('locker-webhook-provider-uid'))
        body['uid'] = locker.record.provider.lockerUid;
      if (app.fault('locker-webhook-no-timestamp')) delete body['eventTimestamp'];
      if (app.fault('locker-webhook-legacy-provider')) body['provider'] = legacyProvider(body['provider'] as Editable);
      statusPushV10Carrier(app, cause, body); // Fault sbk-status-push-v10-carrier-name: the 1.0 status event mapper
      // Fault status-push-previous-status: the event is built from the record as it was loaded before the change.
      if (cause === 'status' && statusBefore !== undefined && app.fault('status-push-previous-status'))
        body['carrier'] = { ...(body['carrier'] as Editable), status: statusBefore };
      if (!contractUtcOnly(app, cause, body)) return false; // Fault sba-create-push-contract-utc-only
      locationAsGeoJson(app, body); // Fault sae-push-location-geojson: the document's GeoJSON point in location
      statusLowerCased(app, cause, body); // Fault sag-status-push-status-lowercased: the event enum's value
      // Faults sai-create-push-owner-unset, sai-enable-push-activation-now, variation ok-ai-status-push-changes.
      ownerUnsetAndActivationNow(app, cause, body, statusBefore);
      // Fault sam-push-keyless-metadata-dropped, variation ok-am-locker-push-nulls-omitted.
      keylessMetadataDropped(app, body);
      activationNoDayCarry(app, body); // activationDate and schedule as the event mapper writes them
      turkishIAndTemplateLocale(app, body); // the mapper's tr_TR upper case, the template's number format
      lazyMetadataNull(app, cause, body); // Fault saz-status-push-lazy-metadata-null: a lazy collection never loaded
      if (!lockerEventsSeen(app, locker, owner, cause, body)) return false; // what the locker events feed
      if (!createPushV10Mapping(app, locker, owner, cause, body)) return false; // 1.0 event builders
      // Faults sal-create-push-dedup-by-locker-id, sal-locker-push-event-reused-nulls-skipped: the outbox.
      if (!createDedupAndEventReused(app, locker, cause, body)) return false;
      // The search index, the relay, a splice.
      if (!searchDocumentAndRelay(app, locker, owner, cause, body)) return false;
      // Faults sbe-status-push-enabled-words, sbe-member-status-push-network-record; variation
      // ok-be-push-timestamp-whole-seconds.
      lockerPushStatusAndTimestamp(app, locker, cause, body);
      // Network topics, the change only; metadata as a map, a narrow outbox column; the mock's copy of the locker.
      return (
        networkTopicAndDelta(app, locker, cause, body) &&
        metadataMapAndOutboxLimit(app, body) &&
        mockWriteBackAndExtendedJson(app, body)
      );
    },
    sent: (owner, body) => {
      // Fault sbd-create-push-batch-holds-last, variation ok-bd-create-pushes-batched-uid-order: the create batcher.
      if (createPushesBatched(app, owner, cause, body)) return;
      // A status change in snake_case, pushes fanned out by provider topic, an offset timestamp.
      const alsoTo = providerTopicAndSnakeCase(app, locker, owner, cause, body);
      // Fault san-locker-push-rendered-at-flush: the relay renders the body 250 ms later, from the locker as it is
      // then.
      const renderLater = () =>
        app.outbox.send(owner, { ...app.lockerView(locker), eventTimestamp: body['eventTimestamp'] });
      if (renderedAtFlush(app, renderLater)) return;
      const late = cause === 'create' && app.fault('locker-webhook-late');
      if (app.fault('sc-locker-push-debounced')) kept.debounced.hold(locker, () => app.outbox.send(owner, body));
      // ok-ai-...-polled-outbox; variation ok-bf-sampled-locker-pushes-late
      else app.outbox.send(owner, body, late ? { delayMs: 15_000 } : sampledPushLate(app, lockerPushTiming(app)));
      for (const other of alsoTo) app.outbox.send(other, body);
      if (cause === 'create' && app.fault('webhook-malformed-json'))
        app.outbox.send(owner, undefined, { raw: '{"uid": "' + locker.record.uid });
    },
  };
}

export interface ParcelPushPoints {
  /** The carrier the push goes to: the parcel's. */
  recipient(): CarrierAccount | undefined;
  /** Whether the change is pushed: every status change is (§6). */
  pushed(): boolean;
  /** The body as built (the parcel record plus eventTimestamp), before it is sent; false where it is not sent. */
  built(owner: CarrierAccount, body: Record<string, unknown>): boolean;
  /** The body sent to `owner`: at once, once. */
  sent(owner: CarrierAccount, body: Record<string, unknown>): void;
}

export function parcelPushPoints(app: PushApp, parcel: StoredParcel, cause: ParcelPushCause): ParcelPushPoints {
  loggedBookingFrozen(app, parcel, cause); // Fault sbf-warn-log-freezes-incomplete-booking: a frozen record's writes
  return {
    recipient: () => {
      // Fault sb-push-routed-by-locker-owner: the push goes to the carrier owning the parcel's locker (none for a
      // third-party locker), not to the parcel's carrier.
      const lockerOwner = app.state.lockers.get(parcel.record.lockerUid)?.record.ownedByCarrier ?? '';
      return app.carrierNamed(app.fault('sb-push-routed-by-locker-owner') ? lockerOwner : parcel.owner);
    },
    pushed: () =>
      !(cause === 'cancel' && app.fault('no-parcel-webhook-on-cancel')) &&
      !(cause === 'trigger' && app.fault('trigger-no-push')) &&
      byTenantBookingPushed(app, parcel, cause), // Fault say-by-tenant-booking-topic-unsubscribed
    built: (owner, body) => {
      closedParcelProjected(app, parcel); // Fault sbd-closed-parcel-projection-written-once: the listener's projection
      if (app.fault('parcel-webhook-no-events')) delete body['events'];
      // Fault sbe-push-signature-null-before-delivery, variation ok-be-push-timestamp-whole-seconds.
      parcelPushSignatureAndTimestamp(app, body);
      // Fault parcel-webhook-drops-signature: the webhook payload is trimmed of the signature image to keep it small.
      if (app.fault('parcel-webhook-drops-signature')) delete body['signature'];
      // Fault webhook-access-codes-flat: the webhook's serializer predates consigneeCollectionCode.
      const code = (body['accessCodes'] as Editable | null)?.['consigneeCollectionCode'];
      if (app.fault('webhook-access-codes-flat') && code) body['accessCodes'] = { ...code };
      if (cause === 'cancel' && app.fault('parcel-webhook-stale-status')) body['shipmentStatus'] = 'BOOKED';
      cancelTimestampDeepCopied(app, cause, body); // Fault sao-cancel-push-timestamp-deep-copied-object
      cancelByParcelIdV10(app, owner, cause, body); // Fault sap-cancel-by-parcel-id-push-v10-timestamp; a variation
      pushWithoutPin(app, body); // Variation ok-aw-parcel-push-without-pin: the collection PIN left out
      generatedColumnNull(app, cause, body); // Fault saz-booking-push-generated-column-null: a column never read back
      allocationEnumValue(app, body); // Fault sba-parcel-push-allocation-enum-value: the enum's display value
      providerBridgeV10Schema(app, parcel, body); // Fault sbk-third-party-push-bridge-v10-schema: the 1.0 bridge
      // A minimised consignee; the mock's relay.
      if (consigneeMinimisedAndRelayedLate(app, owner, cause, body)) return false;
      // The outbox's two counts; the mock's zone.
      if (!outboxSequenceTwoWriters(app, owner, cause, body)) return false;
      // Faults sah-locked-parcel-push-gated, sah-push-dimension-status-singular: a gate, a field's name.
      if (!lockedGateAndSingularField(app, parcel, cause, body)) return false;
      if (!outboxCopytruncate(app, body)) return false; // Fault sbb-parcel-outbox-copytruncate: a line lost
      // Fault saj-outbox-payload-varchar-truncated; variations ok-aj-parcel-push-previous-status and
      // ok-aj-parcel-push-epoch-millis-timestamp: the outbox's payload column.
      return !outboxPayloadTruncated(app, owner, parcel, body);
    },
    sent: (owner, body) => {
      // Fault sav-parcel-push-gateway-429-dropped, variation ok-av-parcel-pushes-paced: the notification gateway's
      // quota.
      notificationGateway(app, owner, () => sendParcelUpdate(app, owner, body, parcel.record.shipmentUid));
      // What the carrier's endpoint answered the push.
      compensatedOnRefusalAndRewind(app, owner, parcel, cause, body);
      const first = app.options.carriers[0];
      if (app.fault('webhook-cross-carrier') && first && first !== owner) app.outbox.send(first, body);
    },
  };
}
