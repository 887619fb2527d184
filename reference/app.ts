// The reference service without its HTTP layer: state, webhook outbox and the choices it makes.
import { ListLag } from './list-lag';
import type { ErrorObject } from 'ajv';
import { BASE_PATHS, type Base } from './base-paths';
import type { ReferenceChoices } from './choices';
import { checkFaultNames, faultNamed, type FaultName } from './faults';
import type { Json, LockerRecord, StoredLocker, StoredParcel } from './model';
import { Outbox } from './outbox';
import type { CarrierAccount, ReferenceOptions } from './options';
import { listBody } from './lists';
import { listedMembersOnly } from './request-members';
import { validateBody, type RequestSchema } from './validation';
import { DebouncedPushes } from './handlers/set-c-faults';
import { sendParcelUpdate, setDParcelView, setZOutbox, webhookContentType } from './handlers/spec-set-d-points';
import { setHLockerView } from './handlers/set-h-faults';
import { deliveryAuth } from './handlers/set-i-faults';
import { echoedGroups, setJLockerPush, setJLockerView } from './handlers/set-j-faults';
import { setKParcelView } from './handlers/set-k-faults';
import { setLLockerPush, setLLockerView } from './handlers/set-l-faults';
import { setNLockerPush } from './handlers/set-n-faults';
import { lockerPushRecipient } from './handlers/set-r-faults';
import { setACPush } from './handlers/set-ac-faults';
import { setAELockerPush, viewedBySetAE } from './handlers/set-ae-faults';
import { deliveryHeaders } from './handlers/set-af-faults';
import { setAGLockerPush } from './handlers/set-ag-faults';
import { eventHeaders, setAHParcelPush, setAHParcelView } from './handlers/set-ah-faults';
import { lockerPushTiming, setAILockerPush, viewedBySetAI } from './handlers/set-ai-faults';
import { setAJOutbox, setAJParcelPush, setAJParcelView } from './handlers/set-aj-faults';
import { setAKOutbox } from './handlers/set-ak-faults';
import { pushedBySetAL } from './handlers/set-al-faults';
import { lockerViewBySetAL, parcelViewBySetAL } from './handlers/set-al-variations';
import { renderedAtFlushBySetAN, senderBySetAN } from './handlers/set-an-faults';
import { lockerPushBySetAM, lockerViewBySetAM, parcelViewBySetAM } from './handlers/set-am-faults';
import { lockerPushBySetAO, parcelPushBySetAO } from './handlers/set-ao-faults';
import { lockerViewBySetAO, parcelViewBySetAO } from './handlers/set-ao-variations';
import { lockerPushBySetAP, parcelPushBySetAP, parcelViewBySetAP } from './handlers/set-ap-faults';
import { ReferenceState } from './state';
import type { Reply } from './request-types';
export type { Reply, RequestContext } from './request-types';
import { RequestStats } from './stats';

// A record copy that faults and choices edit member by member, as a service's serializer would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Editable = Record<string, any>;

/** Create refuses a member with the chosen status (400 or 422): §7 lists none for create; update, publish keep 400. */
const REFUSABLE_WITH_CHOSEN_STATUS: ReadonlySet<RequestSchema> = new Set<RequestSchema>(['LockerCreateRequest']);

/**
 * Fault locker-webhook-legacy-provider: the provider object as the webhook publisher still builds it,
 * in the shape before 1.1 (providerName and lockerModelVersion in place of name and lockerVersion).
 */
function legacyProvider(provider: Editable): Editable {
  const { name, lockerVersion, ...rest } = provider;
  return { providerName: name, ...rest, lockerModelVersion: lockerVersion };
}

/** Conformant variation ok-b-shipment-status-labels: the status names another service uses (§2.4: not shown). */
const OK_B_STATUS_LABELS: Record<string, string> = {
  BOOKED: 'BOOKING_CONFIRMED',
  CANCELLED: 'CANCELED_BY_CARRIER',
  DELIVERED: 'DROPPED_OFF',
  COLLECTED: 'PICKED_UP_BY_COURIER',
};

export class ReferenceApp {
  readonly state: ReferenceState;
  readonly outbox: Outbox;
  readonly choices: ReferenceChoices;
  readonly stats = new RequestStats();
  private readonly faults: ReadonlySet<FaultName>;
  /** What the lists show of each record, listLagMs behind its writes. */
  readonly lag: ListLag;
  /** Fault status-push-first-only: lockers whose status change was pushed once. */
  private readonly statusPushed = new WeakSet<StoredLocker>();

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
      // Set Z's sender (set-z-faults.ts); variation ok-af-webhook-agent-correlation-id: its own headers besides.
      // Variation ok-ah-webhook-event-headers: X-CIS-Event and X-CIS-Delivery besides.
      // Set AJ's sender: fault saj-retry-client-bound-to-first-endpoint, variations ok-aj-webhook-hmac-signature and
      // ok-aj-webhook-retry-after-401.
      // Set AK's sender: faults sak-webhook-retry-bare-client and sak-webhook-single-worker-inline-retries,
      // variation ok-ak-webhook-parallel-senders.
      ...setAKOutbox(
        this,
        setAJOutbox(
          this,
          options.webhookKey,
          eventHeaders(
            this,
            options.webhookKey,
            deliveryHeaders(this, options.webhookKey, setZOutbox(this, deliveryAuth(this, options.webhookKey))),
          ),
        ),
      ),
    });
    // Fault san-webhook-flush-to-first-carrier, variation ok-an-webhook-job-batches: set AN's webhook sender.
    senderBySetAN(this);
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
    const sent = this.choices.unknownRequestMembers === 'ignored' ? listedMembersOnly(schema, body) : body;
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
    return { service: this.fault('base-path-v2') ? '/v2' : BASE_PATHS.service, mock: BASE_PATHS.mock };
  }

  now(): string {
    return new Date().toISOString();
  }

  carrierNamed(name: string): CarrierAccount | undefined {
    return this.options.carriers.find((c) => c.name === name);
  }

  carrierWithKey(apiKey: string): CarrierAccount | undefined {
    // Fault partial-key-compare: the key is compared as sent.startsWith(stored), a check meant for keys
    // sent with a suffix, so the real key with anything appended is taken as that carrier's.
    if (this.fault('partial-key-compare')) return this.options.carriers.find((c) => apiKey.startsWith(c.apiKey));
    // Fault prefix-key-compare: the other way round, so any non-empty beginning of a key is taken.
    if (this.fault('prefix-key-compare') && apiKey)
      return this.options.carriers.find((c) => c.apiKey.startsWith(apiKey));
    // Fault empty-key-accepted: a header present but empty is taken as the first carrier's (a default key of a test
    // set-up).
    if (this.fault('empty-key-accepted') && apiKey === '') return this.options.carriers[0];
    if (this.fault('case-insensitive-key'))
      return this.options.carriers.find((c) => c.apiKey.toLowerCase() === apiKey.toLowerCase());
    return this.options.carriers.find((c) => c.apiKey === apiKey);
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
    if (this.fault('locker-lat-as-string'))
      record['location'] = { ...record['location'], lat: String(record['location']['lat']) };
    if (this.fault('provider-legacy-fields')) record['provider']['providerName'] = record['provider']['name'];
    if (this.fault('carrier-legacy-name')) record['carrier']['name'] = record['carrier']['lockerName'];
    if (this.fault('oh-scheduled-without-schedule') && record['openingHours']?.['accessMode'] === 'SCHEDULED')
      delete record['openingHours']['weeklySchedule'];
    // Fault always-null-schedule: the serializer writes the absent weeklySchedule as null.
    if (this.fault('always-null-schedule') && record['openingHours']?.['accessMode'] === 'ALWAYS')
      record['openingHours']['weeklySchedule'] = null;
    setHLockerView(this, record);
    setJLockerView(this, locker, record);
    setLLockerView(this, record);
    viewedBySetAE(this, record); // Variation ok-ae-location-timezone: the location's IANA zone beside
    viewedBySetAI(this, record); // Variations ok-ai-opening-hours-not-shown, ok-ai-activation-date-trimmed-fraction
    lockerViewBySetAL(this, locker, record); // Variation ok-al-locker-active-bookings-count
    lockerViewBySetAM(this, locker, record); // Set AM: an activationDate's offset; sparse, complete, stamped records
    lockerViewBySetAO(this, record); // Variation ok-ao-activation-date-nanoseconds
    if (this.choices.extraFields)
      Object.assign(record, { createdBy: 'reference', links: { self: `/lockers/${record['uid']}` } });
    return (
      this.choices.echoLockerGroups ? { ...record, lockerGroups: echoedGroups(this, locker) } : record
    ) as LockerRecord;
  }

  parcelView(parcel: StoredParcel): StoredParcel['record'] {
    const record: Editable = structuredClone(parcel.record);
    setDParcelView(this, record);
    if (this.fault('parcel-locker-id-number')) record['carrierLockerId'] = 12345;
    if (this.fault('access-codes-legacy') && record['accessCodes'])
      record['accessCodes'] = { consigneeCollection: record['accessCodes']['consigneeCollectionCode'] };
    if (this.fault('signature-string') && record['signature']) record['signature'] = record['signature']['imageBase64'];
    if (this.fault('parcel-events-empty')) record['events'] = [];
    // Conformant variations (set B): other status names, other event entry fields (§2.4: not shown).
    if (this.fault('ok-b-shipment-status-labels'))
      record['shipmentStatus'] = OK_B_STATUS_LABELS[record['shipmentStatus']] ?? record['shipmentStatus'];
    if (this.fault('ok-b-event-entry-fields'))
      record['events'] = record['events'].map((e: Editable, i: number) => ({
        eventType: e['type'],
        occurredAt: e['timestamp'],
        sequence: i + 1,
        source: 'CARRIER_INTEGRATION_SERVICE',
      }));
    if (this.choices.extraFields)
      Object.assign(record, {
        trackingUrl: `https://track.invalid/${record['shipmentUid']}`,
        revision: record['events'].length,
      });
    setKParcelView(this, parcel, record);
    // Variations ok-ah-event-entries-status, ok-ah-parcel-record-echoes-parcel-data: set AH's view.
    setAHParcelView(this, parcel, record);
    // Variations ok-aj-access-code-valid-until-epoch, ok-aj-cancel-event-booking-cancelled
    setAJParcelView(this, record);
    parcelViewBySetAL(this, record); // Variation ok-al-event-entries-locker-context
    parcelViewBySetAM(this, parcel, record); // Set AM: carrierLockerId by a join, consignee rows, null members
    parcelViewBySetAO(this, record); // Variation ok-ao-history-ordered-by-mock-clock
    parcelViewBySetAP(this, record); // Set AP: 1.0 access codes, signature, pick-up log; variations
    return record as StoredParcel['record'];
  }

  /**
   * A parcel as a list shows it. Serialized at once, so without a fault or choice to apply it needs no
   * copy: copying every record of a long list on every read was most of the reference's time.
   */
  parcelListView(parcel: StoredParcel): StoredParcel['record'] {
    return this.faults.size > 0 || this.choices.extraFields ? this.parcelView(parcel) : parcel.record;
  }

  /** Fault sa-status-push-from-create-snapshot: each locker's event payload as its create pushed it. */
  private readonly createPayload = new WeakMap<StoredLocker, Record<string, unknown>>();

  /** The locker created last (fault locker-webhook-previous-locker). */
  private lastCreated?: StoredLocker;
  /** Fault sc-locker-push-debounced: each locker's pending push, replaced by a newer event of the locker. */
  private readonly debounced = new DebouncedPushes();

  /** `statusBefore`: a status change's, for the fault that pushes it instead of the new one. */
  emitLockerUpdate(locker: StoredLocker, cause: 'create' | 'status' | 'update', statusBefore?: string): void {
    this.lag.written(locker, locker.record);
    const owner = lockerPushRecipient(this, locker); // Fault sr-locker-push-routed-by-locker-id: by carrier.lockerId
    if (!owner) return;
    if (cause === 'create' && this.fault('no-locker-webhook-on-create')) return;
    if (cause === 'status' && this.fault('no-locker-webhook-on-status')) return;
    // Fault status-push-first-only: a locker's status changes are pushed the first time only.
    if (cause === 'status' && this.fault('status-push-first-only') && this.statusPushed.has(locker)) return;
    if (cause === 'status') this.statusPushed.add(locker);
    // Fault locker-webhook-previous-locker: a create's event is built from the locker created before (stale cache).
    const previous = cause === 'create' && this.fault('locker-webhook-previous-locker') ? this.lastCreated : undefined;
    if (cause === 'create') this.lastCreated = locker;
    const body: Record<string, unknown> = { ...this.lockerView(previous ?? locker), eventTimestamp: this.now() };
    // Fault sa-status-push-from-create-snapshot: the create's cached payload, only carrier.status set anew.
    const snapshot = this.fault('sa-status-push-from-create-snapshot');
    if (snapshot && cause === 'create') this.createPayload.set(locker, structuredClone(body));
    const cached = snapshot && cause === 'status' ? this.createPayload.get(locker) : undefined;
    if (cached) {
      for (const member of Object.keys(body)) delete body[member];
      Object.assign(body, structuredClone(cached), { eventTimestamp: this.now() });
      body['carrier'] = { ...(body['carrier'] as Editable), status: locker.record.carrier.status };
    }
    // Fault locker-webhook-provider-uid: the create's event mapper fills uid from the provider-side locker id.
    if (cause === 'create' && this.fault('locker-webhook-provider-uid')) body['uid'] = locker.record.provider.lockerUid;
    if (this.fault('locker-webhook-no-timestamp')) delete body['eventTimestamp'];
    if (this.fault('locker-webhook-legacy-provider')) body['provider'] = legacyProvider(body['provider'] as Editable);
    // Fault status-push-previous-status: the event is built from the record as it was loaded before the change.
    if (cause === 'status' && statusBefore !== undefined && this.fault('status-push-previous-status'))
      body['carrier'] = { ...(body['carrier'] as Editable), status: statusBefore };
    setAELockerPush(this, body); // Fault sae-push-location-geojson: the document's GeoJSON point in location
    setAGLockerPush(this, cause, body); // Fault sag-status-push-status-lowercased: the event enum's value
    setAILockerPush(this, cause, body, statusBefore); // Faults sai-create-push-owner-unset, sai-enable-push-...
    lockerPushBySetAM(this, body); // Fault sam-push-keyless-metadata-dropped, variation ok-am-locker-push-nulls-omitted
    lockerPushBySetAO(this, body); // Set AO: activationDate and schedule as the event mapper writes them
    if (!lockerPushBySetAP(this, locker, owner, cause, body)) return; // Set AP: 1.0 event builders, a compat alias
    // Faults sal-create-push-dedup-by-locker-id, sal-locker-push-event-reused-nulls-skipped: set AL's outbox.
    if (!pushedBySetAL(this, locker, cause, body)) return;
    // Faults of set J (network topics, the change only) and set N (metadata as a map, a narrow outbox column).
    if (!setJLockerPush(this, locker, cause, body) || !setNLockerPush(this, body) || !setACPush(this, body)) return;
    // Faults and a variation of set L: a status change in snake_case, pushes fanned out by provider topic.
    const alsoTo = setLLockerPush(this, locker, owner, cause, body);
    // Fault san-locker-push-rendered-at-flush: the relay renders the body 250 ms later, from the locker as it is then.
    const renderLater = () =>
      this.outbox.send(owner, { ...this.lockerView(locker), eventTimestamp: body['eventTimestamp'] });
    if (renderedAtFlushBySetAN(this, renderLater)) return;
    const late = cause === 'create' && this.fault('locker-webhook-late');
    if (this.fault('sc-locker-push-debounced')) this.debounced.hold(locker, () => this.outbox.send(owner, body));
    else this.outbox.send(owner, body, late ? { delayMs: 15_000 } : lockerPushTiming(this)); // ok-ai-...-polled-outbox
    for (const other of alsoTo) this.outbox.send(other, body);
    if (cause === 'create' && this.fault('webhook-malformed-json'))
      this.outbox.send(owner, undefined, { raw: '{"uid": "' + locker.record.uid });
  }

  /** `patch`: members a fault's push shows otherwise than the record (set B). */
  emitParcelUpdate(
    parcel: StoredParcel,
    cause: 'booking' | 'cancel' | 'trigger',
    patch: Record<string, unknown> = {},
  ): void {
    this.lag.written(parcel, parcel.record);
    // Fault sb-push-routed-by-locker-owner: the push goes to the carrier owning the parcel's locker (none for a
    // third-party locker), not to the parcel's carrier.
    const lockerOwner = this.state.lockers.get(parcel.record.lockerUid)?.record.ownedByCarrier ?? '';
    const owner = this.carrierNamed(this.fault('sb-push-routed-by-locker-owner') ? lockerOwner : parcel.owner);
    if (!owner) return;
    if (cause === 'cancel' && this.fault('no-parcel-webhook-on-cancel')) return;
    if (cause === 'trigger' && this.fault('trigger-no-push')) return;
    const body: Record<string, unknown> = { ...this.parcelView(parcel), ...patch, eventTimestamp: this.now() };
    if (this.fault('parcel-webhook-no-events')) delete body['events'];
    // Fault parcel-webhook-drops-signature: the webhook payload is trimmed of the signature image to keep it small.
    if (this.fault('parcel-webhook-drops-signature')) delete body['signature'];
    // Fault webhook-access-codes-flat: the webhook's serializer predates consigneeCollectionCode.
    const code = (body['accessCodes'] as Editable | null)?.['consigneeCollectionCode'];
    if (this.fault('webhook-access-codes-flat') && code) body['accessCodes'] = { ...code };
    if (cause === 'cancel' && this.fault('parcel-webhook-stale-status')) body['shipmentStatus'] = 'BOOKED';
    parcelPushBySetAO(this, cause, body); // Fault sao-cancel-push-timestamp-deep-copied-object
    parcelPushBySetAP(this, owner, cause, body); // Fault sap-cancel-by-parcel-id-push-v10-timestamp; a variation
    // Faults sah-locked-parcel-push-gated, sah-push-dimension-status-singular: set AH's push.
    if (!setAHParcelPush(this, parcel, cause, body)) return;
    // Fault saj-outbox-payload-varchar-truncated; variations ok-aj-parcel-push-previous-status and
    // ok-aj-parcel-push-epoch-millis-timestamp: set AJ's push.
    if (setAJParcelPush(this, owner, parcel, body)) return;
    sendParcelUpdate(this, owner, body, parcel.record.shipmentUid);
    const first = this.options.carriers[0];
    if (this.fault('webhook-cross-carrier') && first && first !== owner) this.outbox.send(first, body);
  }
}
