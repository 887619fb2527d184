// The reference service without its HTTP layer: state, webhook outbox and the choices it makes.
import type { ReferenceChoices } from './choices';
import type { Json, LockerRecord, StoredLocker, StoredParcel } from './model';
import { Outbox } from './outbox';
import type { CarrierAccount, ReferenceOptions } from './options';
import { ReferenceState } from './state';

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

  constructor(readonly options: ReferenceOptions) {
    this.state = new ReferenceState(options.carriers);
    this.choices = options.choices;
    this.outbox = new Outbox({
      retries: options.webhookRetries,
      baseDelayMs: options.webhookRetryBaseDelayMs,
      ...(options.webhookKey ? { webhookKey: options.webhookKey } : {}),
    });
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
    const body = this.choices.listEnvelope === 'array' ? items : { content: items, totalElements: items.length };
    return { status: 200, body };
  }

  lockerView(locker: StoredLocker): LockerRecord & { lockerGroups?: Json[] } {
    const record = structuredClone(locker.record);
    return this.choices.echoLockerGroups
      ? { ...record, lockerGroups: locker.lockerGroups.map((g) => ({ ...g })) }
      : record;
  }

  parcelView(parcel: StoredParcel): StoredParcel['record'] {
    return structuredClone(parcel.record);
  }

  emitLockerUpdate(locker: StoredLocker): void {
    const owner = locker.record.ownedByCarrier && this.carrierNamed(locker.record.ownedByCarrier);
    if (owner) this.outbox.send(owner, { ...this.lockerView(locker), eventTimestamp: this.now() });
  }

  emitParcelUpdate(parcel: StoredParcel): void {
    const owner = this.carrierNamed(parcel.owner);
    if (owner) this.outbox.send(owner, { ...this.parcelView(parcel), eventTimestamp: this.now() });
  }
}
