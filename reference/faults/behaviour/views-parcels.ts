// The faults' behaviour of a parcel record as every place shows it, the list, the cancel answer and the pushes
// (view-points.ts parcelShown, parcelShownAfterChoices). With its fault off each point does what the service does.
import { createHash, randomInt } from 'node:crypto';
import { type Editable, isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { StoredParcel } from '../../model';
import type { DeliveryRecord } from '../../outbox';
import type { FaultPointApp as ReferenceApp } from '../../request-types';
import {
  attemptFailed,
  bookedAt,
  bookingByUid,
  CONFIRMATION_MS,
  consigneeRows,
  freeLockText,
  historiesInSets,
  keptOf,
  lockerLocks,
  type LogApp,
  MOCK_SHIPMENT_TYPES,
  parcelData,
} from './shared';

const ACCESS_CODE_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;
const RECENT_EVENTS = 3;

/** A parcel record as every place shows it (list, cancel answer, push), before the other views' changes. */
export function parcelShownEverywhere(app: ReferenceApp, record: Editable): void {
  // Fault sd-events-recent-window: the events come from the recent-events query, the newest three.
  if (app.fault('sd-events-recent-window')) record['events'] = record['events'].slice(-RECENT_EVENTS);
  // Fault sd-access-code-minted-per-read: the mapper generates the collection code instead of reading it.
  if (app.fault('sd-access-code-minted-per-read') && record['accessCodes']?.['consigneeCollectionCode'])
    record['accessCodes'] = {
      consigneeCollectionCode: {
        code: String(randomInt(100000, 1000000)),
        validUntil: new Date(Date.now() + ACCESS_CODE_VALIDITY_MS + randomInt(1, 1000)).toISOString(),
      },
    };
  // Variation ok-d-access-codes-null-when-closed: a parcel no longer booked has no collection code.
  if (app.fault('ok-d-access-codes-null-when-closed') && record['shipmentStatus'] !== 'BOOKED')
    record['accessCodes'] = null;
  // Variation ok-d-events-newest-first: the history newest first.
  if (app.fault('ok-d-events-newest-first')) record['events'] = [...record['events']].reverse();
  signatureDataUrlAndLockedCode(app, record);
  currentLockerIdAndCodeShape(app, record);
  lockStatePerLocker(app, record);
  // Fault sq-access-codes-list-unwrapped, variation ok-q-booking-pending-confirmation: the view.
  codesUnwrappedAndPending(app, record);
  // Faults ss-third-party-allocation-provider-words, ss-shipment-type-derived-from-consignee,
  // ss-cancel-clears-locker-uid and variation ok-s-access-codes-courier-code: the view.
  providerWordsAndDerivedTypes(app, record);
  // Fault su-signature-empty-composite, variation ok-u-consignee-empty-composite: the view.
  emptyComposites(app, record);
  // Faults sx-lock-status-free-text, sx-locked-code-withheld-inner-null: the view.
  lockTextAndWithheldCode(app, record);
  bookingInFlightShown(app, record); // Variation ok-z-parcel-locker-id-null-on-uid-path: the booking in flight.
  lockStateHidden(app, record); // Variation ok-ad-lock-state-not-shown: the lock state kept, not shown.
}

/** A parcel record as every place shows it (list, cancel answer, push): the view faults and variations. */
export function signatureDataUrlAndLockedCode(app: ReferenceApp, record: Editable): void {
  // Fault sf-signature-data-url: the image is written as the data URL the signature pad produced.
  const signature = record['signature'] as Editable | undefined;
  if (app.fault('sf-signature-data-url') && signature && typeof signature['imageBase64'] === 'string')
    record['signature'] = {
      ...signature,
      imageBase64: `data:image/${String(signature['format']).toLowerCase()};base64,${signature['imageBase64']}`,
    };
  // Variation ok-f-locked-without-access-code: a LOCKED parcel's collection code is not issued.
  if (app.fault('ok-f-locked-without-access-code') && record['lockStatus'] === 'LOCKED') record['accessCodes'] = null;
}

/** A parcel record as every place shows it (list, cancel answer, push): the variations. */
export function currentLockerIdAndCodeShape(app: ReferenceApp, record: Editable): void {
  // Variation ok-g-parcel-locker-id-current: carrierLockerId joined from the locker as it is now.
  const locker = app.fault('ok-g-parcel-locker-id-current') ? app.state.lockers.get(record['lockerUid']) : undefined;
  if (locker && typeof record['carrierLockerId'] === 'string')
    record['carrierLockerId'] = locker.record.carrier.lockerId;
  // Variation ok-g-access-code-shape: the collection code as a PIN and a barcode value, without validUntil.
  const code = record['accessCodes']?.['consigneeCollectionCode'];
  if (app.fault('ok-g-access-code-shape') && code && typeof code['code'] === 'string')
    record['accessCodes'] = { consigneeCollectionCode: { pin: code['code'], barcode: `AC${code['code']}` } };
}

/** A parcel record as every place shows it (list, cancel answer, push): the view faults. */
export function lockStatePerLocker(app: ReferenceApp, record: Editable): void {
  // Fault sh-lock-state-per-locker: the lock state is read from the locker, the last booking's.
  const lock = lockerLocks.get(app)?.get(String(record['lockerUid']));
  if (app.fault('sh-lock-state-per-locker') && lock !== undefined) record['lockStatus'] = lock;
}

/** A parcel record as every place shows it, once the other views are applied: the view faults. */
export function historyAsSetAndMeasured(app: Switches, parcel: StoredParcel, record: Editable): void {
  // Fault sk-trigger-history-as-set: JSON.stringify writes a Set as {}, whatever it holds.
  if (app.fault('sk-trigger-history-as-set') && historiesInSets.has(parcel))
    record['events'] = JSON.parse(JSON.stringify(new Set(record['events'])));
  // Variation ok-m-dimensions-status-measured: NOT_MEASURED until delivered, MEASURED from then on.
  dimensionsMeasured(app, parcel, record);
}

/**
 * A parcel record as every place shows it: the view points, given the stored parcel. Variation
 * ok-m-dimensions-status-measured: dimensionsStatus tells whether the locker measured the parcel, NOT_MEASURED until
 * it is delivered into a compartment, MEASURED from then on.
 */
export function dimensionsMeasured(app: Switches, parcel: StoredParcel, record: Editable): void {
  if (app.fault('ok-m-dimensions-status-measured'))
    record['dimensionsStatus'] = parcel.delivered ? 'MEASURED' : 'NOT_MEASURED';
}

/**
 * A parcel record as every place shows it (list, cancel answer, push): the view.
 * Fault sq-access-codes-list-unwrapped: the collection codes are rows keyed by (carrier, carrierParcelId), read into a
 * list that the serializer writes with single-element arrays unwrapped: two codes of one id are written as an array.
 * Variation ok-q-booking-pending-confirmation: a new parcel is PENDING_CONFIRMATION until the provider confirms it.
 */
export function codesUnwrappedAndPending(app: ReferenceApp, record: Editable): void {
  const code = record['accessCodes']?.['consigneeCollectionCode'];
  if (app.fault('sq-access-codes-list-unwrapped') && code) {
    const self = app.state.parcels.find((p) => p.record.shipmentUid === record['shipmentUid']);
    const codes = app.state.parcels
      .filter((p) => p.owner === self?.owner && p.record.carrierParcelId === self.record.carrierParcelId)
      .flatMap((p) =>
        p.record.accessCodes?.consigneeCollectionCode ? [p.record.accessCodes.consigneeCollectionCode] : [],
      );
    if (codes.length > 1)
      record['accessCodes'] = { ...record['accessCodes'], consigneeCollectionCode: structuredClone(codes) };
  }
  const pending = Date.now() - bookedAt(record) < CONFIRMATION_MS;
  if (app.fault('ok-q-booking-pending-confirmation') && record['shipmentStatus'] === 'BOOKED' && pending)
    record['shipmentStatus'] = 'PENDING_CONFIRMATION';
}

/** Fault ss-third-party-allocation-provider-words: the provider allocation API's words, echoed in its confirmation. */
const PROVIDER_WORDS: Record<string, string> = { HARD_RESERVATION: 'HARD', SOFT_RESERVATION: 'SOFT' };

/** Fault ss-shipment-type-derived-from-consignee: the types the entity's getter derives. */
const DERIVED_TYPES = new Set(['LAST_MILE', 'ALTERNATIVE_DELIVERY']);

/** Variation ok-s-access-codes-courier-code: a six-digit code derived from the parcel (stable between reads). */
const courierCode = (shipmentUid: string) =>
  String(100000 + (parseInt(createHash('sha256').update(shipmentUid).digest('hex').slice(0, 8), 16) % 900000));

/**
 * A parcel record as every place shows it (list, cancel answer, push): the view.
 * Fault ss-third-party-allocation-provider-words: parcels in third-party lockers carry the provider's words.
 * Fault ss-shipment-type-derived-from-consignee: a last-mile type is derived from whether there is a consignee.
 * Fault ss-cancel-clears-locker-uid: lockerUid is read through the parcel's compartment, released on cancel and on
 * collection.
 * Variation ok-s-access-codes-courier-code: a booked last-mile parcel also carries the courier's drop-off code.
 */
export function providerWordsAndDerivedTypes(app: ReferenceApp, record: Editable): void {
  const thirdParty = app.state.lockers.get(record['lockerUid'])?.record.ownedByCarrier === null;
  if (app.fault('ss-third-party-allocation-provider-words') && thirdParty)
    record['allocationType'] = PROVIDER_WORDS[record['allocationType']] ?? record['allocationType'];
  if (app.fault('ss-shipment-type-derived-from-consignee') && DERIVED_TYPES.has(record['shipmentType']))
    record['shipmentType'] = record['consignee'] ? 'LAST_MILE' : 'ALTERNATIVE_DELIVERY';
  const released = record['shipmentStatus'] === 'CANCELLED' || record['shipmentStatus'] === 'COLLECTED';
  if (app.fault('ss-cancel-clears-locker-uid') && released) record['lockerUid'] = null;
  const code = record['accessCodes']?.['consigneeCollectionCode'];
  const booked = record['shipmentStatus'] === 'BOOKED' && DERIVED_TYPES.has(record['shipmentType']);
  if (app.fault('ok-s-access-codes-courier-code') && isObject(code) && booked)
    record['accessCodes'] = {
      ...record['accessCodes'],
      courierDropOffCode: { code: courierCode(String(record['shipmentUid'])), validUntil: code['validUntil'] },
    };
}

/**
 * A parcel record as every place shows it. Fault su-signature-empty-composite: the signature is an embedded value
 * read with empty composites created, so a parcel without one shows {imageBase64: null, format: null}. Variation
 * ok-u-consignee-empty-composite: the consignee columns read the same way where the booking sent no consignee.
 */
export function emptyComposites(app: ReferenceApp, record: Editable): void {
  if (app.fault('su-signature-empty-composite') && record['signature'] === undefined)
    record['signature'] = { imageBase64: null, format: null };
  const held = keptOf(app).nullConsignee;
  const sentNull = held.has(record['shipmentUid']) || held.has(`id:${record['carrierParcelId']}`);
  if (app.fault('ok-u-consignee-empty-composite') && record['consignee'] === null && !sentNull)
    record['consignee'] = { name: null, email: null };
}

/**
 * A parcel record as every place shows it. Fault sx-lock-status-free-text: the text a booking in flight sent. Fault
 * sx-locked-code-withheld-inner-null: a LOCKED parcel's collection code is withheld by setting it to null, and the
 * serializer writes the null: accessCodes {consigneeCollectionCode: null}.
 */
export function lockTextAndWithheldCode(app: Switches, record: Editable): void {
  const pending = freeLockText.get(app);
  if (pending && record['carrierParcelId'] === pending.carrierParcelId) record['lockStatus'] = pending.text;
  const codes = record['accessCodes'];
  if (app.fault('sx-locked-code-withheld-inner-null') && record['lockStatus'] === 'LOCKED' && isObject(codes))
    record['accessCodes'] = { ...codes, consigneeCollectionCode: null };
}

/** Variation ok-z-parcel-locker-id-null-on-uid-path: the record of the BOOKING in flight, as its push shows it. */
export function bookingInFlightShown(app: Switches, record: Editable): void {
  const pending = bookingByUid.get(app);
  if (pending !== undefined && record['carrierParcelId'] === pending) record['carrierLockerId'] = null;
}

/** Variation ok-ad-lock-state-not-shown: the lock state is kept, not shown in the parcel record (§2.4 lists none). */
export function lockStateHidden(app: Switches, record: Editable): void {
  if (app.fault('ok-ad-lock-state-not-shown')) delete record['lockStatus'];
}

/** Variation ok-ah-event-entries-status: the status each kind of event leaves a parcel in. */
const STATUS_AFTER_EVENT: Record<string, string> = {
  BOOKING_CREATED: 'BOOKED',
  CANCELLED: 'CANCELLED',
  CONSIGNEE_DELIVERED: 'DELIVERED',
  COURIER_COLLECTED: 'COLLECTED',
};

/**
 * A parcel record as every place shows it (list, cancel answer, push): variation ok-ah-event-entries-status (each
 * entry with the status its event left), variation ok-ah-parcel-record-echoes-parcel-data (the data sent).
 */
export function entryStatusAndParcelData(app: Switches, parcel: StoredParcel, record: Editable): void {
  if (app.fault('ok-ah-event-entries-status') && Array.isArray(record['events']))
    record['events'] = record['events'].map((entry: unknown) => {
      const status = isObject(entry) ? STATUS_AFTER_EVENT[entry['type'] as string] : undefined;
      return status && isObject(entry) ? { ...entry, shipmentStatus: status } : entry;
    });
  if (app.fault('ok-ah-parcel-record-echoes-parcel-data')) {
    const data = parcelData.get(app)?.get(parcel.record.shipmentUid);
    if (data) Object.assign(record, structuredClone(data));
  }
}

/**
 * A parcel record as every place shows it (list, cancel answer, push):
 * - variation ok-aj-access-code-valid-until-epoch: validUntil as Unix seconds, a number;
 * - variation ok-aj-cancel-event-booking-cancelled: the cancellation's history entry as the booking module writes it.
 */
export function epochValidUntilAndCancelEntry(app: Switches, record: Editable): void {
  const code: unknown = record['accessCodes']?.['consigneeCollectionCode'];
  if (app.fault('ok-aj-access-code-valid-until-epoch') && isObject(code) && typeof code['validUntil'] === 'string') {
    const at = Date.parse(code['validUntil']);
    if (!Number.isNaN(at))
      record['accessCodes'] = {
        ...record['accessCodes'],
        consigneeCollectionCode: { ...code, validUntil: Math.floor(at / 1000) },
      };
  }
  if (app.fault('ok-aj-cancel-event-booking-cancelled') && Array.isArray(record['events']))
    record['events'] = record['events'].map((entry: unknown) =>
      isObject(entry) && entry['type'] === 'CANCELLED'
        ? { ...entry, type: 'BOOKING_CANCELLED', initiatedBy: 'CARRIER' }
        : entry,
    );
}

/** Variation ok-al-event-entries-locker-context: each history entry names the locker the parcel was in. */
export function entriesLockerContext(app: Switches, record: Editable): void {
  if (!app.fault('ok-al-event-entries-locker-context') || !Array.isArray(record['events'])) return;
  record['events'] = record['events'].map((entry: unknown) =>
    isObject(entry) ? { ...entry, lockerUid: record['lockerUid'], carrierLockerId: record['carrierLockerId'] } : entry,
  );
}

/**
 * A parcel as the list, the cancel answer and the push show it (`record`, a copy app.ts made).
 * - Fault sam-parcel-locker-id-own-lockers-join: carrierLockerId is read by a LEFT JOIN with the carrier's own lockers
 *   (carrier_lockers): a parcel in a third-party locker, which only the provider feed holds, shows null.
 * - Fault sam-consignee-rows-by-parcel-id: consignee is joined from the consignee table on carrierParcelId.
 * - The variation consigneeNullsOmitted writes.
 */
export function lockerIdJoinAndConsigneeRows(app: StateApp, parcel: StoredParcel, record: Editable): void {
  if (app.fault('sam-parcel-locker-id-own-lockers-join')) {
    const locker = app.state.lockers.get(parcel.record.lockerUid);
    record['carrierLockerId'] =
      locker && locker.record.ownedByCarrier === parcel.owner ? locker.record.carrier.lockerId : null;
  }
  const rows = consigneeRows.get(app);
  if (app.fault('sam-consignee-rows-by-parcel-id') && rows?.has(parcel.record.carrierParcelId))
    record['consignee'] = structuredClone(rows.get(parcel.record.carrierParcelId)!);
  consigneeNullsOmitted(app, record);
}

/**
 * A parcel as the list, the cancel answer and the push show it. Variation ok-am-consignee-null-members-omitted: the
 * consignee is written without its null members ({name: "X"} where the email is null, {} where both are); a consignee
 * that is null stays null.
 */
export function consigneeNullsOmitted(app: Switches, record: Editable): void {
  if (!app.fault('ok-am-consignee-null-members-omitted') || !isObject(record['consignee'])) return;
  record['consignee'] = Object.fromEntries(Object.entries(record['consignee']).filter(([, v]) => v !== null));
}

// --- The parcel view: the order of the history ---

/**
 * Variation ok-ao-history-ordered-by-mock-clock: a parcel's history is read ordered by each entry's time
 * (ORDER BY occurred_at), and the staging mock stamps its events with its own clock, 5 s behind the service's.
 */
export function historyByMockClock(app: Switches, record: Editable): void {
  if (!app.fault('ok-ao-history-ordered-by-mock-clock') || !Array.isArray(record['events'])) return;
  const at = (e: unknown) => (isObject(e) && typeof e['timestamp'] === 'string' ? Date.parse(e['timestamp']) : 0);
  record['events'] = [...record['events']].sort((a, b) => at(a) - at(b));
}

// --- A parcel as every place shows it (app.ts parcelView: GET /parcels, the cancel answer, ParcelUpdates) ---

/**
 * - Fault sap-alt-delivery-code-v10-member: an ALTERNATIVE_DELIVERY booking's code as the 1.0 redirection adapter
 *   issues it, under consigneeCollection.
 * - Fault sap-return-signature-string: a RETURN parcel's signature as the 1.0 returns module keeps it, the base64 text.
 * - Fault sap-courier-pickup-kept-apart: COURIER_COLLECTED entries live in the pick-up log the reader never joined.
 */
export function v10MembersAndPickups(app: Switches, record: Editable): void {
  const codes = record['accessCodes'];
  if (
    app.fault('sap-alt-delivery-code-v10-member') &&
    record['shipmentType'] === 'ALTERNATIVE_DELIVERY' &&
    isObject(codes) &&
    codes['consigneeCollectionCode'] !== undefined
  )
    record['accessCodes'] = { consigneeCollection: codes['consigneeCollectionCode'] };
  if (app.fault('sap-return-signature-string') && record['shipmentType'] === 'RETURN' && isObject(record['signature']))
    record['signature'] = record['signature']['imageBase64'];
  if (app.fault('sap-courier-pickup-kept-apart') && Array.isArray(record['events']))
    record['events'] = record['events'].filter((e: unknown) => !(isObject(e) && e['type'] === 'COURIER_COLLECTED'));
  codesSignaturesAndMockEntries(app, record);
}

/** Shipment types only the staging mock makes (a BOOKING_CREATED for a new parcel_id). */
const MADE_BY_MOCK = new Set(['FIRST_MILE', 'RETURN']);
/** Events only the staging mock reports. */
const MOCK_EVENTS = new Set(['CONSIGNEE_DELIVERED', 'COURIER_COLLECTED']);

/**
 * Variation ok-ap-mock-event-entry-fields: whether the staging mock wrote the `index`th entry of a parcel's events: all
 * of a parcel it made (but a cancellation's), and of a booking the events it reports and a BOOKING_CREATED after the
 * booking's own.
 */
function writtenByMock(shipmentType: unknown, entry: Editable, index: number): boolean {
  if (entry['type'] === 'CANCELLED') return false;
  if (MADE_BY_MOCK.has(String(shipmentType)) || MOCK_EVENTS.has(String(entry['type']))) return true;
  return entry['type'] === 'BOOKING_CREATED' && index > 0;
}

/**
 * A parcel as every place shows it (`record`, a copy).
 * - Variation ok-ap-alternative-delivery-no-access-codes: an alternative delivery's code comes when the parcel
 *   reaches the locker, so its booking carries accessCodes null.
 * - Variation ok-ap-return-signature-media-type: a RETURN parcel's signature format is its media type.
 * - Variation ok-ap-mock-parcels-soft-reservation: a parcel the mock made holds a soft reservation.
 * - Variation ok-ap-mock-event-entry-fields: the mock's history entries in its own form.
 */
export function codesSignaturesAndMockEntries(app: Switches, record: Editable): void {
  if (app.fault('ok-ap-alternative-delivery-no-access-codes') && record['shipmentType'] === 'ALTERNATIVE_DELIVERY')
    record['accessCodes'] = null;
  if (
    app.fault('ok-ap-return-signature-media-type') &&
    record['shipmentType'] === 'RETURN' &&
    isObject(record['signature'])
  )
    record['signature'] = { ...record['signature'], format: 'image/png' };
  if (app.fault('ok-ap-mock-parcels-soft-reservation') && MADE_BY_MOCK.has(String(record['shipmentType'])))
    record['allocationType'] = 'SOFT_RESERVATION';
  if (app.fault('ok-ap-mock-event-entry-fields') && Array.isArray(record['events']))
    record['events'] = record['events'].map((entry: unknown, i: number) =>
      isObject(entry) && writtenByMock(record['shipmentType'], entry, i)
        ? { eventType: entry['type'], occurredAt: entry['timestamp'], source: 'STAGING_MOCK' }
        : entry,
    );
}

// --- A parcel as every place shows it (view-points.ts), the list's records (parcel-list.ts) ---

/** The check module's draft lifetime, which fault sat-history-trimmed-by-draft-ttl trims the history by. */
const DRAFT_TTL_MS = 5000;

/** A parcel as shown. Fault sat-history-trimmed-by-draft-ttl: entries older than the drafts' lifetime are gone. */
export function historyTrimmedByDraftTtl(app: Switches, record: Editable): void {
  if (!app.fault('sat-history-trimmed-by-draft-ttl') || !Array.isArray(record['events'])) return;
  const oldest = Date.now() - DRAFT_TTL_MS;
  record['events'] = record['events'].filter(
    (e: unknown) => !isObject(e) || !(Date.parse(String(e['timestamp'])) < oldest),
  );
}

// --- A parcel as every place shows it (view-points.ts) ---

/** Fault sav-consignee-retention-from-booking: how long a consignee's personal data is kept on staging. */
const CONSIGNEE_RETENTION_MS = 10_000;

/**
 * A parcel as shown, `record` a copy of the stored one. Fault sav-consignee-retention-from-booking: the retention job
 * erases a consignee once the retention has passed, counted from the booking (the parcel's first event) where the end
 * of the parcel's life was meant.
 */
export function consigneeRetentionFromBooking(app: Switches, parcel: StoredParcel, record: Editable): void {
  if (!app.fault('sav-consignee-retention-from-booking') || record['consignee'] === null) return;
  const booked = Date.parse(parcel.record.events[0]?.timestamp ?? '');
  if (Number.isFinite(booked) && Date.now() - booked >= CONSIGNEE_RETENTION_MS) record['consignee'] = null;
}

/**
 * - Variation ok-az-trigger-parcels-soft-reservation: the mock's parcels take the column default SOFT_RESERVATION.
 * - Variation ok-az-records-deleted-at-null: the soft-delete column beside the record's members.
 */
export function mockDefaultsAndDeletedAt(app: Switches, record: Editable): void {
  if (app.fault('ok-az-trigger-parcels-soft-reservation') && MOCK_SHIPMENT_TYPES.has(record['shipmentType']))
    record['allocationType'] = 'SOFT_RESERVATION';
  if (app.fault('ok-az-records-deleted-at-null')) record['deletedAt'] = null;
}

// --- A parcel as every place shows it (view-points.ts) ---

/** Variation ok-be-parcel-record-event-timestamp: a parcel record shows eventTimestamp, its newest entry's time. */
export function parcelRecordEventTimestamp(app: Switches, record: Editable): void {
  if (!app.fault('ok-be-parcel-record-event-timestamp')) return;
  const events: unknown = record['events'];
  const newest: unknown = Array.isArray(events) ? events[events.length - 1] : undefined;
  if (isObject(newest) && typeof newest['timestamp'] === 'string') record['eventTimestamp'] = newest['timestamp'];
}

/**
 * Variation ok-bf-event-entries-request-id: each listed event entry names the request that wrote it (an id derived
 * from the entry, the same at every read). `record` is the parcel's copy as shown; nothing where the variation is off.
 */
export function eventEntriesRequestId(app: Switches, parcel: StoredParcel, record: Editable): void {
  if (!app.fault('ok-bf-event-entries-request-id') || !Array.isArray(record['events'])) return;
  (record['events'] as unknown[]).forEach((entry, i) => {
    if (!isObject(entry)) return;
    const source =
      `${parcel.record.shipmentUid}\u0000${i}\u0000` + `${String(entry['type'])}\u0000${String(entry['timestamp'])}`;
    entry['requestId'] = `req-${createHash('sha1').update(source).digest('hex').slice(0, 16)}`;
  });
}

// --- A parcel shown (view-points.ts parcelShown) ---

/** Variation ok-bh-parcel-last-notification: the newest ParcelUpdates of each shipmentUid, read from the log. */
const notified = new WeakMap<object, { seen: number; last: Map<string, DeliveryRecord> }>();

/** Variation ok-bh-parcel-last-notification: the state of the parcel's newest ParcelUpdates, and its attempts. */
export function lastNotificationShown(app: LogApp, record: Record<string, unknown>): void {
  if (!app.fault('ok-bh-parcel-last-notification')) return;
  const index = perApp(notified, app, () => ({ seen: 0, last: new Map<string, DeliveryRecord>() }));
  const log = app.outbox.log;
  for (; index.seen < log.length; index.seen++) {
    const body = log[index.seen]!.body;
    if (isObject(body) && typeof body['shipmentUid'] === 'string')
      index.last.set(body['shipmentUid'], log[index.seen]!);
  }
  const delivery = index.last.get(String(record['shipmentUid']));
  const last = delivery?.statuses.at(-1);
  record['lastNotification'] = delivery
    ? {
        state: last === undefined ? 'PENDING' : attemptFailed(last) ? 'FAILED' : 'ACKNOWLEDGED',
        attempts: delivery.statuses.length,
      }
    : null;
}

// --- A parcel shown, after the reference's choices (view-points.ts parcelShownAfterChoices) ---

/** The history entries the staging mock adds (variation ok-bg-trigger-entries-source). */
const TRIGGER_EVENTS = new Set(['BOOKING_CREATED', 'COURIER_COLLECTED', 'CONSIGNEE_DELIVERED']);

/**
 * Variation ok-bg-trigger-entries-source: history entries the staging mock added after the first carry source
 * STAGING_MOCK. Variation ok-bg-code-opening-hours-note: the collection code of a parcel in a SCHEDULED locker says
 * it opens the compartment during opening hours only.
 */
export function mockEntriesSourceAndHoursNote(app: ReferenceApp, parcel: StoredParcel, record: Editable): void {
  if (app.fault('ok-bg-trigger-entries-source') && Array.isArray(record['events']))
    record['events'] = record['events'].map((e: unknown, i: number) =>
      i > 0 && isObject(e) && TRIGGER_EVENTS.has(e['type']) ? { ...e, source: 'STAGING_MOCK' } : e,
    );
  if (app.fault('ok-bg-code-opening-hours-note')) {
    const code = isObject(record['accessCodes']) ? record['accessCodes']['consigneeCollectionCode'] : undefined;
    const hours = app.state.lockers.get(parcel.record.lockerUid)?.record.openingHours;
    if (isObject(code) && hours?.['accessMode'] === 'SCHEDULED') code['openingHoursOnly'] = true;
  }
}
