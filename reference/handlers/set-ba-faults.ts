// The points where the faults and conformant variations of origin set-ba (filed by rule in reference/faults/) change
// the service: the validation and mapping layer between the wire and the service. Each point does what the service does
// with its fault off, and the fault's behaviour with it on. The faults that are a constraint not enforced also let a
// validation error through (their `relax`); the points here do what the service then does with the value.
// Called from create-points.ts (the body as read, its checks, its features and metadata), update-points.ts (the body
// as validated, its metadata and features, the answer), publish-points.ts (a booking mapped), push-points.ts
// (LockerUpdates, ParcelUpdates), parcel-list.ts (a listed parcel), view-points.ts (a locker as every place shows it)
// and trigger.ts (the trigger's carrier_name).
import { type Editable, isObject, type Switches } from './fault-point-state';

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
