// The points where faults and conformant variations change how the service shows a record (an answer, a list, a
// push): each edits the copy app.ts's lockerView() and parcelView() made of the stored record, member by member, as a
// serializer would. With every fault off they change nothing, so the views read as the records of §2.1 and §2.4.
import type { FaultPointApp } from './request-types';

/** What the view points need of the app: its faults and state, and its clock. */
type ViewApp = FaultPointApp & { now(): string };
import type { StoredLocker, StoredParcel } from './model';
import type { Editable } from './handlers/fault-point-state';
import { localityRowJoined, modelRowJoined } from './faults/behaviour/views-lockers-joined';
import { codeRowsMapped, shipmentStateMappedDown } from './faults/behaviour/views-parcels-mapped';
import { mockDocumentStatusShown, seededLocationTypeV10 } from './faults/behaviour/migration-leftovers';
import {
  activationKolkataOffset,
  activationLowerCaseSeparators,
  activationNanoseconds,
  activationOffsetOfToday,
  activeBookingsCount,
  compartmentsAndRecordForms,
  compartmentSizeCodes,
  groupHoursInherited,
  hoursHiddenAndNanoDates,
  locationTimezoneShown,
  lockerDeletedAtNull,
  lockerHousekeeping,
  ownerIsApiKey,
  seededLockersUnmigrated,
} from './faults/behaviour/views-lockers';
import {
  consigneeRetentionFromBooking,
  entriesLockerContext,
  entryStatusAndParcelData,
  epochValidUntilAndCancelEntry,
  eventEntriesRequestId,
  historyAsSetAndMeasured,
  historyByMockClock,
  historyTrimmedByDraftTtl,
  lastNotificationShown,
  lockerIdJoinAndConsigneeRows,
  mockDefaultsAndDeletedAt,
  mockEntriesSourceAndHoursNote,
  parcelRecordEventTimestamp,
  parcelShownEverywhere,
  v10MembersAndPickups,
} from './faults/behaviour/views-parcels';

/** Conformant variation ok-b-shipment-status-labels: the status names another service uses (§2.4: not shown). */
const OK_B_STATUS_LABELS: Record<string, string> = {
  BOOKED: 'BOOKING_CONFIRMED',
  CANCELLED: 'CANCELED_BY_CARRIER',
  DELIVERED: 'DROPPED_OFF',
  COLLECTED: 'PICKED_UP_BY_COURIER',
};

/** A locker as shown: `record` is a copy of the stored record. */
export function lockerShown(app: ViewApp, locker: StoredLocker, record: Editable): void {
  lockerHousekeeping(app, locker, record); // Faults sbf-group-sweeper-unknown-types, sbf-country-code-repair-job: jobs
  if (app.fault('locker-lat-as-string'))
    record['location'] = { ...record['location'], lat: String(record['location']['lat']) };
  if (app.fault('provider-legacy-fields')) record['provider']['providerName'] = record['provider']['name'];
  if (app.fault('carrier-legacy-name')) record['carrier']['name'] = record['carrier']['lockerName'];
  if (app.fault('oh-scheduled-without-schedule') && record['openingHours']?.['accessMode'] === 'SCHEDULED')
    delete record['openingHours']['weeklySchedule'];
  // Fault always-null-schedule: the serializer writes the absent weeklySchedule as null.
  if (app.fault('always-null-schedule') && record['openingHours']?.['accessMode'] === 'ALWAYS')
    record['openingHours']['weeklySchedule'] = null;
  ownerIsApiKey(app, record);
  compartmentsAndRecordForms(app, locker, record);
  seededLockersUnmigrated(app, record);
  locationTimezoneShown(app, record); // Variation ok-ae-location-timezone: the location's IANA zone beside
  // Variations ok-ai-opening-hours-not-shown, ok-ai-activation-date-trimmed-fraction
  hoursHiddenAndNanoDates(app, record);
  activeBookingsCount(app, locker, record); // Variation ok-al-locker-active-bookings-count
  activationOffsetOfToday(app, locker, record); // An activationDate's offset; sparse, complete, stamped records
  activationNanoseconds(app, record); // Variation ok-ao-activation-date-nanoseconds
  activationLowerCaseSeparators(app, record); // Variation ok-as-activation-date-lower-case-separators
  activationKolkataOffset(app, record); // Variation ok-ax-activation-date-kolkata-offset
  lockerDeletedAtNull(app, record); // Variation ok-az-records-deleted-at-null
  compartmentSizeCodes(app, record); // Variation ok-ba-compartment-size-codes
  groupHoursInherited(app, locker, record); // Fault sbg-group-hours-inherited: the group's hours
  modelRowJoined(app, record); // Fault sbj-model-row-keyed-without-version: lockerVersion from the model row
  localityRowJoined(app, record); // Fault sbj-city-from-postal-code-row: the city from the locality row
  seededLocationTypeV10(app, record); // Variation ok-sbk-seeded-location-type-v10-words: the backfill left type
}

/** A parcel as shown, before the reference's choices add to it: `record` is a copy of the stored record. */
export function parcelShown(app: ViewApp, record: Editable): void {
  parcelShownEverywhere(app, record);
  // Fault sbj-return-received-state-unmapped, variation ok-bj-return-received-status: the internal state mapped down.
  shipmentStateMappedDown(app, record);
  // Fault sbj-dropoff-code-kind-unmapped, variation ok-bj-soft-reservation-no-code-row: accessCodes from the code rows.
  codeRowsMapped(app, record);
  lastNotificationShown(app, record); // Variation ok-bh-parcel-last-notification
  // Fault sat-history-trimmed-by-draft-ttl: entries past the drafts' lifetime gone
  historyTrimmedByDraftTtl(app, record);
  // Variations ok-az-trigger-parcels-soft-reservation, ok-az-records-deleted-at-null
  mockDefaultsAndDeletedAt(app, record);
  if (app.fault('parcel-locker-id-number')) record['carrierLockerId'] = 12345;
  if (app.fault('access-codes-legacy') && record['accessCodes'])
    record['accessCodes'] = { consigneeCollection: record['accessCodes']['consigneeCollectionCode'] };
  if (app.fault('signature-string') && record['signature']) record['signature'] = record['signature']['imageBase64'];
  if (app.fault('parcel-events-empty')) record['events'] = [];
  // Conformant variations: other status names, other event entry fields (§2.4: not shown).
  if (app.fault('ok-b-shipment-status-labels'))
    record['shipmentStatus'] = OK_B_STATUS_LABELS[record['shipmentStatus']] ?? record['shipmentStatus'];
  if (app.fault('ok-b-event-entry-fields'))
    record['events'] = record['events'].map((e: Editable, i: number) => ({
      eventType: e['type'],
      occurredAt: e['timestamp'],
      sequence: i + 1,
      source: 'CARRIER_INTEGRATION_SERVICE',
    }));
}

/** A parcel as shown, once the reference's choices added to it. */
export function parcelShownAfterChoices(app: ViewApp, parcel: StoredParcel, record: Editable): void {
  historyAsSetAndMeasured(app, parcel, record);
  // Variations ok-ah-event-entries-status, ok-ah-parcel-record-echoes-parcel-data: the view.
  entryStatusAndParcelData(app, parcel, record);
  // Variations ok-aj-access-code-valid-until-epoch, ok-aj-cancel-event-booking-cancelled
  epochValidUntilAndCancelEntry(app, record);
  entriesLockerContext(app, record); // Variation ok-al-event-entries-locker-context
  lockerIdJoinAndConsigneeRows(app, parcel, record); // CarrierLockerId by a join, consignee rows, null members
  historyByMockClock(app, record); // Variation ok-ao-history-ordered-by-mock-clock
  v10MembersAndPickups(app, record); // 1.0 access codes, signature, pick-up log; variations
  consigneeRetentionFromBooking(app, parcel, record); // Fault sav-consignee-retention-from-booking
  parcelRecordEventTimestamp(app, record); // Variation ok-be-parcel-record-event-timestamp
  eventEntriesRequestId(app, parcel, record); // Variation ok-bf-event-entries-request-id
  // Variations ok-bg-trigger-entries-source, ok-bg-code-opening-hours-note: the mock's entries, a code's note
  mockEntriesSourceAndHoursNote(app, parcel, record);
  mockDocumentStatusShown(app, record); // Fault sbk-mock-parcel-cancel-old-status-column: the mock document's status
}
