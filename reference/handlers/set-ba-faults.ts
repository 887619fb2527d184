// The points where the faults and conformant variations of origin set-ba (filed by rule in reference/faults/) change
// the service: the validation and mapping layer between the wire and the service. Each point does what the service does
// with its fault off, and the fault's behaviour with it on. The faults that are a constraint not enforced also let a
// validation error through (their `relax`); the points here do what the service then does with the value.
// Called from create-points.ts (the body as read, its checks, its features and metadata), update-points.ts (the body
// as validated, its metadata and features, the answer), publish-points.ts (a booking mapped), push-points.ts
// (LockerUpdates, ParcelUpdates), parcel-list.ts (a listed parcel), view-points.ts (a locker as every place shows it)
// and trigger.ts (the trigger's carrier_name).
import { badRequest } from '../errors';
import type { Features } from '../faults/behaviour/locker-writes';
import type { Json, LockerWriteBody } from '../model';
import { type Editable, isObject, type Switches } from './fault-point-state';

// --- The create (create-points.ts) ---

/**
 * The create body as read. Fault sba-create-activation-dynamic-default: the validator's dynamic default fills a
 * carrier.activationDate left out, null or empty with the time of the request (the validation error let through).
 */
export function createReadBySetBA(app: Switches, body: LockerWriteBody): LockerWriteBody {
  if (!app.fault('sba-create-activation-dynamic-default') || !isObject(body.carrier)) return body;
  const carrier = body.carrier as Editable;
  const sent: unknown = carrier['activationDate'];
  if (sent === undefined || sent === null || sent === '') carrier['activationDate'] = new Date().toISOString();
  return body;
}

/**
 * The create's own checks beside the schema's: none. Fault sba-create-coordinate-ranges-swapped: @Range(-180, 180) on
 * lat and @Range(-90, 90) on lon, the bounds on the wrong members.
 */
export function createCheckedBySetBA(app: Switches, body: LockerWriteBody): void {
  if (!app.fault('sba-create-coordinate-ranges-swapped')) return;
  const lat = body.location?.['lat'];
  const lon = body.location?.['lon'];
  if (typeof lat === 'number' && (lat < -180 || lat > 180))
    throw badRequest('VALIDATION_FAILED', '/location/lat must be between -180 and 180');
  if (typeof lon === 'number' && (lon < -90 || lon > 90))
    throw badRequest('VALIDATION_FAILED', '/location/lon must be between -90 and 90');
}

/**
 * The metadata a create stores: the entries sent. Fault sba-create-metadata-entry-array-shape: an entry written as an
 * array is read by position, [key, value] (the validation error let through).
 */
export function createMetadataBySetBA(app: Switches, sent: Json[]): Json[] {
  if (!app.fault('sba-create-metadata-entry-array-shape')) return sent;
  return sent.map((entry) => (Array.isArray(entry) ? { key: entry[0] ?? null, value: entry[1] ?? null } : entry));
}

/** Variation ok-ba-create-features-default-false: features left out are the schema's default, each false. */
export function createFeaturesBySetBA(app: Switches, sent: Features | undefined): Features | undefined {
  if (sent !== undefined || !app.fault('ok-ba-create-features-default-false')) return sent;
  return { hasScreen: false, hasPinPad: false, hasPinBarcodeReader: false };
}

// --- The update (update-points.ts) ---

const UPDATE_MEMBERS = ['carrier', 'location', 'metadata', 'features', 'lockerGroups'] as const;

/**
 * The update body as validated. Variation ok-ba-update-null-members-omitted: a member sent null (let through by its
 * `relax`) is read as one left out.
 */
export function updateBodyBySetBA(app: Switches, body: LockerWriteBody): LockerWriteBody {
  if (!app.fault('ok-ba-update-null-members-omitted')) return body;
  const editable = body as Editable;
  for (const member of UPDATE_MEMBERS) if (editable[member] === null) delete editable[member];
  return body;
}

/** A value bound into a text column: text and null as they are, an object as its JSON, anything else as its text. */
function asText(value: unknown): unknown {
  if (value === null || value === undefined || typeof value === 'string') return value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The metadata an update writes: the entries sent. Fault sba-update-metadata-items-tuple: the entries after the first
 * were never checked (the validation errors let through) and are bound into the metadata table's text columns.
 */
export function updateMetadataBySetBA(app: Switches, sent: Json[]): Json[] {
  if (!app.fault('sba-update-metadata-items-tuple')) return sent;
  return sent.map((entry, i): Json => {
    if (i === 0) return entry;
    if (!isObject(entry)) return { key: null, value: null };
    const bound: Editable = { ...entry };
    for (const member of ['key', 'value']) if (member in bound) bound[member] = asText(bound[member]);
    return bound as Json;
  });
}

/** The features an update writes: those sent. Variation ok-ba-update-features-merged: copied onto the held ones. */
export function updateFeaturesBySetBA(app: Switches, held: Features, sent: Features): Features {
  return app.fault('ok-ba-update-features-merged') ? { ...held, ...sent } : sent;
}

/**
 * The 200 record of an update, edited in place. Fault sba-update-answer-raw-body-spread: { ...record, ...req.body },
 * the raw body spread last.
 */
export function updateAnswerBySetBA(app: Switches, raw: unknown, view: object): void {
  if (app.fault('sba-update-answer-raw-body-spread') && isObject(raw)) Object.assign(view, raw);
}

// --- The pushes (push-points.ts) ---

/** The event contract's activationDate (fault sba-create-push-contract-utc-only): UTC, written with Z. */
const CONTRACT_UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * Whether a LockerUpdates about to be sent is sent: yes. Fault sba-create-push-contract-utc-only: a create's event is
 * validated against the event contract first and dropped where its activationDate is not written in UTC with Z.
 */
export function lockerPushBySetBA(app: Switches, cause: string, body: Record<string, unknown>): boolean {
  if (!app.fault('sba-create-push-contract-utc-only') || cause !== 'create') return true;
  const carrier = body['carrier'];
  const date: unknown = isObject(carrier) ? carrier['activationDate'] : undefined;
  return typeof date === 'string' && CONTRACT_UTC_DATE_TIME.test(date);
}

/** Fault sba-parcel-push-allocation-enum-value: the Python enum's values, the e-mail templates' display text. */
const ALLOCATION_VALUES: Readonly<Record<string, string>> = {
  HARD_RESERVATION: 'Hard reservation',
  SOFT_RESERVATION: 'Soft reservation',
};

/** A ParcelUpdates about to be sent. Fault sba-parcel-push-allocation-enum-value: allocationType by its enum value. */
export function parcelPushBySetBA(app: Switches, body: Record<string, unknown>): void {
  const allocation = body['allocationType'];
  if (!app.fault('sba-parcel-push-allocation-enum-value') || typeof allocation !== 'string') return;
  if (Object.hasOwn(ALLOCATION_VALUES, allocation)) body['allocationType'] = ALLOCATION_VALUES[allocation];
}

// --- A locker as every place shows it (view-points.ts) ---

/** Variation ok-ba-compartment-size-codes: the provider's size codes, the size enum's values. */
const SIZE_CODES: Readonly<Record<string, string>> = {
  SMALL: 'S',
  MEDIUM: 'M',
  LARGE: 'L',
  XLARGE: 'XL',
  EXTRA_LARGE: 'XL',
};

/** A locker as shown, `record` a copy of the stored one. Variation ok-ba-compartment-size-codes. */
export function lockerViewBySetBA(app: Switches, record: Editable): void {
  const compartments = record['compartmentTypes'];
  if (!app.fault('ok-ba-compartment-size-codes') || !Array.isArray(compartments)) return;
  record['compartmentTypes'] = compartments.map((c: unknown) => {
    if (!isObject(c) || typeof c['size'] !== 'string' || !Object.hasOwn(SIZE_CODES, c['size'])) return c;
    return { ...c, size: SIZE_CODES[c['size']] };
  });
}
