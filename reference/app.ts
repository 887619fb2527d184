// The reference service without its HTTP layer: state, webhook outbox and the choices it makes.
import { ListLag } from './list-lag';
import type { ErrorObject } from 'ajv';
import { scalarsCoerced } from './faults/behaviour/coercion';
import { BASE_PATHS, type Base } from './base-paths';
import type { ReferenceChoices } from './choices';
import { checkFaultNames, faultNamed, type FaultName } from './faults';
import type { Json, LockerRecord, StoredLocker, StoredParcel } from './model';
import { Outbox } from './outbox';
import type { CarrierAccount, ReferenceOptions } from './options';
import { listBody } from './lists';
import { listedMembersOnly } from './request-members';
import { validateBody, type RequestSchema } from './validation';
import { mockBaseMinorVersion } from './faults/behaviour/requests';
import { groupsEchoedAsKeyMap } from './faults/behaviour/views-lockers';
import {
  bareRetriesAndSingleWorker,
  deliveryAuth,
  deliveryHeaders,
  eventHeaders,
  flushToFirstCarrier,
  retriesAndDeadLetters,
  retryClientBoundToFirst,
  successOnlyOn202,
  webhookContentType,
} from './faults/behaviour/webhook-delivery';
import { carrierOfKey } from './key-points';
import { lockerPushPoints, parcelPushPoints, type LockerPushCause, type ParcelPushCause } from './push-points';
import { lockerShown, parcelShown, parcelShownAfterChoices } from './view-points';
import { ReferenceState } from './state';
import type { Reply } from './request-types';
export type { Reply, RequestContext } from './request-types';
import { RequestStats } from './stats';
import { lockerPushStatusSequence } from './faults/behaviour/pushes-lockers-publisher';
import { parcelPushSubscriber } from './faults/behaviour/pushes-parcels-sent';
import { formerLockerIdsShown } from './faults/behaviour/views-lockers-joined';

// A record copy that faults and choices edit member by member, as a service's serializer would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Editable = Record<string, any>;

/** Create refuses a member with the chosen status (400 or 422): §7 lists none for create; update, publish keep 400. */
const REFUSABLE_WITH_CHOSEN_STATUS: ReadonlySet<RequestSchema> = new Set<RequestSchema>(['LockerCreateRequest']);

export class ReferenceApp {
  readonly state: ReferenceState;
  readonly outbox: Outbox;
  readonly choices: ReferenceChoices;
  readonly stats = new RequestStats();
  private readonly faults: ReadonlySet<FaultName>;
  /** What the lists show of each record, listLagMs behind its writes. */
  readonly lag: ListLag;

  constructor(readonly options: ReferenceOptions) {
    checkFaultNames(options.faults);
    this.faults = new Set(options.faults);
    this.choices = options.choices;
    this.lag = new ListLag(options.choices.listLagMs);
    this.state = new ReferenceState(options.carriers, {
      thirdPartyLockers: this.choices.seededThirdPartyLockers,
      parcelsPerCarrier: this.choices.seededParcelsPerCarrier,
      awaitingCourier: this.choices.seededAwaitingCourier ?? false,
      int64Uids: this.choices.int64Uids,
    });
    this.outbox = new Outbox({
      retries: options.webhookRetries,
      baseDelayMs: options.webhookRetryBaseDelayMs,
      newestFirst: options.choices.webhookOrder === 'newest-first',
      duplicates: options.choices.webhookDuplicates,
      latencyMs: options.choices.webhookLatencyMs,
      reversedMembers: options.choices.memberOrder === 'reversed',
      ...(options.webhookKey ? { webhookKey: options.webhookKey } : {}),
      // Faults of the sender as a whole: a misconfigured serializer header, a sender switched off.
      ...(this.faults.has('webhook-text-plain') ? { contentType: 'text/plain' } : webhookContentType(this)),
      ...(this.faults.has('no-webhooks') ? { sendsNothing: true } : {}),
      ...(this.faults.has('x45-webhook-retry-double-encoded') ? { retryDoubleEncoded: true } : {}),
      ...(this.faults.has('sd-webhook-queue-halts-after-refusal') ? { haltsAfterRefusal: true } : {}),
      ...retriesAndDeadLetters(this), // A retry's body, retries beside the queue, dead letters, no retries
      // Fault sz-webhook-200-not-success, variation ok-z-webhook-chunked-body: what counts as delivered, streamed
      // bodies; variation ok-af-webhook-agent-correlation-id: its own headers besides. Variation
      // ok-ah-webhook-event-headers: X-CIS-Event and X-CIS-Delivery besides. Fault
      // saj-retry-client-bound-to-first-endpoint, variations ok-aj-webhook-hmac-signature and
      // ok-aj-webhook-retry-after-401. Faults sak-webhook-retry-bare-client and
      // sak-webhook-single-worker-inline-retries, variation ok-ak-webhook-parallel-senders.
      ...bareRetriesAndSingleWorker(
        this,
        retryClientBoundToFirst(
          this,
          options.webhookKey,
          eventHeaders(
            this,
            options.webhookKey,
            deliveryHeaders(this, options.webhookKey, successOnlyOn202(this, deliveryAuth(this, options.webhookKey))),
          ),
        ),
      ),
    });
    // Fault san-webhook-flush-to-first-carrier, variation ok-an-webhook-job-batches: the webhook sender.
    flushToFirstCarrier(this);
  }

  /** Whether a named fault (faults.ts) is switched on. */
  fault(name: FaultName): boolean {
    return this.faults.has(name);
  }

  /**
   * Validates a request body, letting through what a switched-on fault stops enforcing (its `relax`, or
   * `letThrough` where a fault relaxes a schema in one place only), and returns
   * the body the handler is to act on: without the members the request tables do not list, when the
   * choice is to ignore them.
   */
  validate(
    schema: RequestSchema,
    body: unknown,
    at = '',
    letThrough: (e: ErrorObject) => boolean = () => false,
  ): unknown {
    const relaxed = [...this.faults].map((n) => faultNamed(n)?.relax).filter((r) => r?.schema === schema);
    const listed = this.choices.unknownRequestMembers === 'ignored' ? listedMembersOnly(schema, body) : body;
    const sent = scalarsCoerced(this, schema, listed);
    const status = REFUSABLE_WITH_CHOSEN_STATUS.has(schema) ? this.choices.refusedRequestStatus : 400;
    validateBody(schema, sent, {
      at,
      status,
      ignore: (e: ErrorObject) => letThrough(e) || relaxed.some((r) => r!.error(e, sent)),
    });
    return sent;
  }

  /** Where the service and the mock are served (§9: both under v1). */
  get basePaths(): Record<Base, string> {
    // Fault say-mock-base-minor-version: the mock's prefix from the interface's major and minor version.
    return {
      service: this.fault('base-path-v2') ? '/v2' : BASE_PATHS.service,
      mock: mockBaseMinorVersion(this, BASE_PATHS.mock),
    };
  }

  now(): string {
    return new Date().toISOString();
  }

  carrierNamed(name: string): CarrierAccount | undefined {
    return this.options.carriers.find((c) => c.name === name);
  }

  carrierWithKey(apiKey: string): CarrierAccount | undefined {
    return carrierOfKey(this, this.options.carriers, apiKey); // Faults of the key check: key-points.ts
  }

  /**
   * A key no carrier has that is a near miss of one that a carrier has: that key with characters
   * appended, a non-empty prefix of it, it in another letter case, or it with whitespace around it.
   */
  isNearMissOfKey(apiKey: string): boolean {
    const sent = apiKey.trim().toLowerCase();
    if (sent === '' || this.carrierWithKey(apiKey)) return false;
    return this.options.carriers.some((c) => {
      const real = c.apiKey.toLowerCase();
      return sent.startsWith(real) || real.startsWith(sent);
    });
  }

  /**
   * A list answer in the envelope this reference chose (§4.2, §4.8: envelope not shown); `view` makes
   * each listed record's answer form, only for the records a page holds.
   */
  list<T>(items: readonly T[], query: URLSearchParams, view?: (item: T) => unknown): Reply {
    return { status: 200, body: listBody(this.choices, items, query, view, this) };
  }

  lockerView(locker: StoredLocker): LockerRecord & { lockerGroups?: Json[] } {
    const record: Editable = structuredClone(locker.record);
    lockerShown(this, locker, record); // Faults and variations of the view: view-points.ts
    formerLockerIdsShown(this, locker, record); // Variation ok-bi-former-locker-ids-member
    if (this.choices.extraFields)
      Object.assign(record, { createdBy: 'reference', links: { self: `/lockers/${record['uid']}` } });
    return (
      this.choices.echoLockerGroups ? { ...record, lockerGroups: groupsEchoedAsKeyMap(this, locker) } : record
    ) as LockerRecord;
  }

  parcelView(parcel: StoredParcel): StoredParcel['record'] {
    const record: Editable = structuredClone(parcel.record);
    parcelShown(this, record); // Faults and variations of the view: view-points.ts
    if (this.choices.extraFields)
      Object.assign(record, {
        trackingUrl: `https://track.invalid/${record['shipmentUid']}`,
        revision: record['events'].length,
      });
    parcelShownAfterChoices(this, parcel, record);
    return record as StoredParcel['record'];
  }

  /**
   * A parcel as a list shows it. Serialized at once, so without a fault or choice to apply it needs no
   * copy: copying every record of a long list on every read was most of the reference's time.
   */
  parcelListView(parcel: StoredParcel): StoredParcel['record'] {
    return this.faults.size > 0 || this.choices.extraFields ? this.parcelView(parcel) : parcel.record;
  }

  /** §6: LockerUpdates, on a create and a status change. `statusBefore`: a status change's. Faults: push-points.ts. */
  emitLockerUpdate(locker: StoredLocker, cause: LockerPushCause, statusBefore?: string): void {
    this.lag.written(locker, locker.record);
    const at = lockerPushPoints(this, locker, cause, statusBefore);
    const owner = at.recipient();
    if (!owner || !at.pushed()) return;
    const body: Record<string, unknown> = {
      ...this.lockerView(at.shown()),
      eventTimestamp: this.now(),
      ...lockerPushStatusSequence(this, locker, cause), // Variation ok-bi-locker-push-status-sequence
    };
    if (at.built(owner, body)) at.sent(owner, body);
  }

  /** §6: ParcelUpdates, on a status change. `patch`: members a fault's push shows otherwise than the record. */
  emitParcelUpdate(parcel: StoredParcel, cause: ParcelPushCause, patch: Record<string, unknown> = {}): void {
    this.lag.written(parcel, parcel.record);
    const at = parcelPushPoints(this, parcel, cause);
    // Fault sbi-parcel-push-subscription-by-parcel-id: the carrier subscribed to the id by its last booking.
    const owner = parcelPushSubscriber(this, parcel, cause, at.recipient());
    if (!owner || !at.pushed()) return;
    const body: Record<string, unknown> = { ...this.parcelView(parcel), ...patch, eventTimestamp: this.now() };
    if (at.built(owner, body)) at.sent(owner, body);
  }
}
