// The reference service without its HTTP layer: state, webhook outbox and the choices it makes.
import type { ErrorObject } from 'ajv';
import { BASE_PATHS, type Base } from './base-paths';
import type { ReferenceChoices } from './choices';
import { checkFaultNames, faultNamed } from './faults';
import type { Json, LockerRecord, StoredLocker, StoredParcel } from './model';
import { Outbox } from './outbox';
import type { CarrierAccount, ReferenceOptions } from './options';
import { validateBody, type RequestSchema } from './validation';
import { ReferenceState } from './state';
import { RequestStats } from './stats';

// A record copy that faults and choices edit member by member, as a service's serializer would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Editable = Record<string, any>;

export interface RequestContext {
  carrier: CarrierAccount;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body; undefined when the request had none. */
  body: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
}

export class ReferenceApp {
  readonly state: ReferenceState;
  readonly outbox: Outbox;
  readonly choices: ReferenceChoices;
  readonly stats = new RequestStats();
  private readonly faults: Set<string>;

  constructor(readonly options: ReferenceOptions) {
    checkFaultNames(options.faults);
    this.faults = new Set(options.faults);
    this.state = new ReferenceState(options.carriers);
    this.choices = options.choices;
    this.outbox = new Outbox({
      retries: options.webhookRetries,
      baseDelayMs: options.webhookRetryBaseDelayMs,
      newestFirst: options.choices.webhookOrder === 'newest-first',
      ...(options.webhookKey ? { webhookKey: options.webhookKey } : {}),
    });
  }

  /** Whether a named fault (faults.ts) is switched on. */
  fault(name: string): boolean {
    return this.faults.has(name);
  }

  /** Validates a request body, letting through what a switched-on fault stops enforcing. */
  validate(schema: RequestSchema, body: unknown, at = ''): void {
    const relaxed = [...this.faults].map((n) => faultNamed(n)?.relax).filter((r) => r?.schema === schema);
    validateBody(schema, body, at, (e: ErrorObject) => relaxed.some((r) => r!.error(e)));
  }

  /** Where the service and the mock are served (§9: both under v1). */
  get basePaths(): Record<Base, string> {
    return { service: this.fault('base-path-v2') ? '/v2' : BASE_PATHS.service, mock: BASE_PATHS.mock };
  }

  now(): string {
    return new Date().toISOString();
  }

  carrierNamed(name: string): CarrierAccount | undefined {
    return this.options.carriers.find((c) => c.name === name);
  }

  carrierWithKey(apiKey: string): CarrierAccount | undefined {
    return this.options.carriers.find((c) => c.apiKey === apiKey);
  }

  /** A list answer in the envelope this reference chose (§4.2, §4.8: envelope not shown). */
  list(items: unknown[]): Reply {
    const body = this.choices.listEnvelope === 'array' ? items : { content: items, page: { number: 0, size: items.length, totalElements: items.length } };
    return { status: 200, body };
  }

  lockerView(locker: StoredLocker): LockerRecord & { lockerGroups?: Json[] } {
    const record: Editable = structuredClone(locker.record);
    if (this.fault('locker-lat-as-string')) record['location'] = { ...record['location'], lat: String(record['location']['lat']) };
    if (this.fault('provider-legacy-fields')) record['provider']['providerName'] = record['provider']['name'];
    if (this.fault('carrier-legacy-name')) record['carrier']['name'] = record['carrier']['lockerName'];
    if (this.fault('oh-scheduled-without-schedule') && record['openingHours']?.['accessMode'] === 'SCHEDULED') delete record['openingHours']['weeklySchedule'];
    if (this.choices.extraFields) Object.assign(record, { createdBy: 'reference', links: { self: `/lockers/${record['uid']}` } });
    return (this.choices.echoLockerGroups ? { ...record, lockerGroups: locker.lockerGroups.map((g) => ({ ...g })) } : record) as LockerRecord;
  }

  parcelView(parcel: StoredParcel): StoredParcel['record'] {
    const record: Editable = structuredClone(parcel.record);
    if (this.fault('parcel-locker-id-number')) record['carrierLockerId'] = 12345;
    if (this.fault('access-codes-legacy') && record['accessCodes']) record['accessCodes'] = { consigneeCollection: record['accessCodes']['consigneeCollectionCode'] };
    if (this.fault('signature-string') && record['signature']) record['signature'] = record['signature']['imageBase64'];
    if (this.choices.extraFields) Object.assign(record, { trackingUrl: `https://track.invalid/${record['shipmentUid']}`, revision: record['events'].length });
    return record as StoredParcel['record'];
  }

  emitLockerUpdate(locker: StoredLocker, cause: 'create' | 'status'): void {
    const owner = locker.record.ownedByCarrier && this.carrierNamed(locker.record.ownedByCarrier);
    if (!owner) return;
    if (cause === 'create' && this.fault('no-locker-webhook-on-create')) return;
    if (cause === 'status' && this.fault('no-locker-webhook-on-status')) return;
    const body: Record<string, unknown> = { ...this.lockerView(locker), eventTimestamp: this.now() };
    if (this.fault('locker-webhook-no-timestamp')) delete body['eventTimestamp'];
    const late = cause === 'create' && this.fault('locker-webhook-late');
    this.outbox.send(owner, body, late ? { delayMs: 15_000 } : {});
    if (cause === 'create' && this.fault('webhook-malformed-json')) this.outbox.send(owner, undefined, { raw: '{"uid": "' + locker.record.uid });
  }

  emitParcelUpdate(parcel: StoredParcel, cause: 'booking' | 'cancel' | 'trigger'): void {
    const owner = this.carrierNamed(parcel.owner);
    if (!owner) return;
    if (cause === 'cancel' && this.fault('no-parcel-webhook-on-cancel')) return;
    const body: Record<string, unknown> = { ...this.parcelView(parcel), eventTimestamp: this.now() };
    if (this.fault('parcel-webhook-no-events')) delete body['events'];
    if (cause === 'cancel' && this.fault('parcel-webhook-stale-status')) body['shipmentStatus'] = 'BOOKED';
    this.outbox.send(owner, body);
  }
}
