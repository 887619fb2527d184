// The faults' behaviour of a locker record as every place shows it, joined back from rows the service keeps beside it
// (view-points.ts lockerShown, app.ts lockerView): its model row, its locality row and its former lockerIds, each
// written by a create or an update (lockers.ts createLocker, locker-update.ts updateLocker). With its fault off each
// point does what the service does.
import { type Editable, isObject, perApp, type Switches } from '../../handlers/fault-point-state';
import type { JsonObject, LockerRecord, StoredLocker } from '../../model';
import type { FaultPointApp } from '../../request-types';
import { PROVIDER_MODELS } from '../../seed';

// --- The model row ---

/** Fault sbj-model-row-keyed-without-version: the model rows, (provider, lockerModel) -> the version of the row. */
const modelRows = new WeakMap<object, Map<string, string>>();
const modelKey = (provider: { name: string; lockerModel: string }) => `${provider.name}\u0000${provider.lockerModel}`;

/** The model table, filled by the catalogue's migration: the first version listed of each model. */
function modelTable(app: object): Map<string, string> {
  return perApp(modelRows, app, () => {
    const rows = new Map<string, string>();
    for (const pair of PROVIDER_MODELS) {
      const key = modelKey({ name: pair.providerName, lockerModel: pair.lockerModel });
      if (!rows.has(key)) rows.set(key, pair.lockerVersion);
    }
    return rows;
  });
}

/** A create inserts the locker's model row where none of its provider and model is there (ON CONFLICT DO NOTHING). */
export function modelRowInserted(app: Switches, record: LockerRecord): void {
  if (!app.fault('sbj-model-row-keyed-without-version')) return;
  const rows = modelTable(app);
  const key = modelKey(record.provider);
  if (!rows.has(key)) rows.set(key, record.provider.lockerVersion);
}

/** A locker as shown takes provider.lockerVersion from its model row (the join); correct: the version it was sent. */
export function modelRowJoined(app: Switches, record: Editable): void {
  if (!app.fault('sbj-model-row-keyed-without-version') || !isObject(record['provider'])) return;
  const version = modelTable(app).get(modelKey(record['provider'] as { name: string; lockerModel: string }));
  if (version !== undefined) record['provider']['lockerVersion'] = version;
}

// --- The locality row ---

/** Fault sbj-city-from-postal-code-row: the locality rows, (countryCode, postalCode) -> city. */
const localityRows = new WeakMap<object, Map<string, string>>();
const localityKey = (location: Editable) => `${String(location['countryCode'])}\u0000${String(location['postalCode'])}`;

/** A create, or an update that sends location, upserts the locality row of its postal code with the city sent. */
export function localityRowUpserted(app: Switches, location: JsonObject | undefined): void {
  if (!app.fault('sbj-city-from-postal-code-row') || location === undefined) return;
  if (typeof location['city'] !== 'string') return;
  perApp(localityRows, app, () => new Map<string, string>()).set(localityKey(location), location['city']);
}

/** A locker as shown takes its city from the locality row of its postal code; correct: the city it was sent. */
export function localityRowJoined(app: Switches, record: Editable): void {
  if (!app.fault('sbj-city-from-postal-code-row') || !isObject(record['location'])) return;
  const city = localityRows.get(app)?.get(localityKey(record['location']));
  if (city !== undefined) record['location']['city'] = city;
}

// --- The former lockerIds ---

/** Variation ok-bi-former-locker-ids-member: each locker's former carrier.lockerIds. */
const formerIdsOf = new WeakMap<StoredLocker, string[]>();

/** Variation ok-bi-former-locker-ids-member: an id an accepted update replaced. */
export function formerLockerIdListed(app: FaultPointApp, locker: StoredLocker, before: string, after: string): void {
  if (!app.fault('ok-bi-former-locker-ids-member') || before === after) return;
  formerIdsOf.set(locker, [...(formerIdsOf.get(locker) ?? []).filter((id) => id !== before), before]);
}

/**
 * Variation ok-bi-former-locker-ids-member: every locker record carries formerLockerIds, the carrier.lockerIds an
 * update took from it, oldest first (for labels printed before a change). Called on a copy of the record.
 */
export function formerLockerIdsShown(app: FaultPointApp, locker: StoredLocker, record: Editable): void {
  if (!app.fault('ok-bi-former-locker-ids-member')) return;
  record['formerLockerIds'] = [...(formerIdsOf.get(locker) ?? [])];
}
