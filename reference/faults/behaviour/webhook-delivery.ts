// The faults' behaviour of the webhook sender as a whole (app.ts's outbox options and sender). With its fault off each
// point does what the service does.
import { createHmac, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type Editable, isObject, perApp, type Switches } from '../../handlers/fault-point-state';
import type { CarrierAccount } from '../../options';
import type { OutboxOptions } from '../../outbox';
import type { FaultPointApp } from '../../request-types';
import { later, type LogApp } from './shared';

/** Which webhook a delivery body is (variation ok-i-webhook-application-key names it in a header). */
function webhookName(body: unknown): string {
  const members = (body ?? {}) as Editable;
  if ('courierAccessCode' in members) return 'CollectionNotification';
  return 'shipmentUid' in members || 'carrierParcelId' in members ? 'ParcelUpdates' : 'LockerUpdates';
}

/**
 * Variation ok-i-webhook-application-key: deliveries authenticate with the application key scheme (§5.2) and name
 * their webhook and delivery in headers of their own; without it, the key goes as X-API-Key where one is configured.
 */
export function deliveryAuth(
  app: Pick<FaultPointApp, 'fault' | 'options'>,
  webhookKey: string | undefined,
): { authHeaders?: (body: unknown, carrier: string) => Record<string, string> } {
  // Variation ok-s-webhook-hmac-signature: deliveries signed with an HMAC of their body; ok-x-webhook-carrier-key: the
  // receiving carrier's own key.
  if (!app.fault('ok-i-webhook-application-key')) return carrierKeyAuth(app) ?? signedDeliveries(app, webhookKey);
  return {
    authHeaders: (body) => ({
      ...(webhookKey ? { 'x-application-key': webhookKey } : {}),
      'x-event-type': webhookName(body),
      'x-delivery-id': randomUUID(),
    }),
  };
}

/**
 * Variation ok-s-webhook-hmac-signature: every delivery is signed, an HMAC-SHA256 of its body under the webhook key
 * (a fixed secret where none is configured), in X-Signature beside X-Signature-Timestamp; X-API-Key as before.
 */
export function signedDeliveries(
  app: Pick<FaultPointApp, 'fault'>,
  webhookKey: string | undefined,
): { authHeaders?: (body: unknown) => Record<string, string> } {
  if (!app.fault('ok-s-webhook-hmac-signature')) return {};
  const secret = webhookKey ?? 'reference-webhook-signing-secret';
  return {
    authHeaders: (body) => ({
      ...(webhookKey ? { 'x-api-key': webhookKey } : {}),
      'x-signature': `sha256=${createHmac('sha256', secret).update(JSON.stringify(body)).digest('hex')}`,
      'x-signature-timestamp': String(Math.floor(Date.now() / 1000)),
    }),
  };
}

/**
 * Variation ok-x-webhook-carrier-key: each delivery authenticates with the receiving carrier's own API key in
 * X-API-Key (§5.2, the API key scheme), not the configured webhook key. Undefined: the sender's other choices.
 */
export function carrierKeyAuth(
  app: Pick<FaultPointApp, 'fault' | 'options'>,
): { authHeaders: (body: unknown, carrier: string) => Record<string, string> } | undefined {
  if (!app.fault('ok-x-webhook-carrier-key')) return undefined;
  return {
    authHeaders: (_body, carrier): Record<string, string> => {
      const key = app.options.carriers.find((c) => c.name === carrier)?.apiKey;
      return key ? { 'x-api-key': key } : {};
    },
  };
}

/**
 * The webhook sender's options: `others` with this fault's and variation's. Fault sz-webhook-200-not-success: a
 * delivery counts as done only when answered 202 or 204, so a 200 is retried as a failure. Variation
 * ok-z-webhook-chunked-body: bodies streamed.
 */
export function successOnlyOn202<T extends object>(
  app: Switches,
  others: T,
): T & Pick<OutboxOptions, 'retryAnswered' | 'wireBody'> {
  const wireBody = chunkedBody(app);
  return {
    ...others,
    ...(app.fault('sz-webhook-200-not-success') ? { retryAnswered: (s: number) => s !== 202 && s !== 204 } : {}),
    ...(wireBody ? { wireBody } : {}),
  };
}

/**
 * Variation ok-z-webhook-chunked-body: the sender streams each body (Transfer-Encoding: chunked, no
 * Content-Length), as a streaming JSON writer does. Undefined: the body is sent whole.
 */
export function chunkedBody(app: Switches): ((payload: string | Buffer) => Readable) | undefined {
  if (!app.fault('ok-z-webhook-chunked-body')) return undefined;
  return (payload) => {
    const bytes = Buffer.from(payload);
    const half = Math.ceil(bytes.length / 2);
    return Readable.from([bytes.subarray(0, half), bytes.subarray(half)]);
  };
}

/** Variation ok-ad-webhook-content-type-charset: deliveries declare the charset of their JSON text. */
export function webhookContentType(app: Switches): { contentType?: string } {
  return app.fault('ok-ad-webhook-content-type-charset') ? { contentType: 'application/json; charset=utf-8' } : {};
}

/**
 * Variation ok-af-webhook-agent-correlation-id: deliveries name their sender and carry a correlation id that their
 * retries repeat (the headers are made once per delivery), beside the authentication they had.
 */
export function deliveryHeaders<T extends Pick<OutboxOptions, 'authHeaders'>>(
  app: Switches,
  webhookKey: string | undefined,
  others: T,
): T {
  if (!app.fault('ok-af-webhook-agent-correlation-id')) return others;
  const authenticated = others.authHeaders;
  return {
    ...others,
    authHeaders: (body: unknown, carrier: string) => ({
      ...(authenticated ? authenticated(body, carrier) : webhookKey ? { 'x-api-key': webhookKey } : {}),
      'user-agent': 'CIS-Webhooks/1.1.0',
      'x-correlation-id': randomUUID(),
    }),
  };
}

/** Variation ok-ah-webhook-event-headers: which of the three webhooks a body is. */
function eventOf(body: unknown): string {
  if (isObject(body) && 'courierAccessCode' in body) return 'CollectionNotification';
  if (isObject(body) && 'shipmentUid' in body) return 'ParcelUpdates';
  return 'LockerUpdates';
}

/**
 * Variation ok-ah-webhook-event-headers: every delivery names its webhook (X-CIS-Event) and itself (X-CIS-Delivery,
 * made once per delivery, so its retries repeat it), beside the headers the sender sends otherwise.
 */
export function eventHeaders<T extends Pick<OutboxOptions, 'authHeaders'>>(
  app: Switches,
  webhookKey: string | undefined,
  others: T,
): T {
  if (!app.fault('ok-ah-webhook-event-headers')) return others;
  const authenticated = others.authHeaders;
  return {
    ...others,
    authHeaders: (body: unknown, carrier: string) => ({
      ...(authenticated ? authenticated(body, carrier) : webhookKey ? { 'x-api-key': webhookKey } : {}),
      'x-cis-event': eventOf(body),
      'x-cis-delivery': randomUUID(),
    }),
  };
}

/**
 * The webhook sender's options as this fault and these variations set them:
 * - fault saj-retry-client-bound-to-first-endpoint: retries go through one retry client, made at start with the
 *   first subscription's endpoint as its base URL, so a retry of a delivery to another carrier is posted to the first
 *   carrier's URL;
 * - variations ok-aj-webhook-hmac-signature, ok-aj-webhook-retry-after-401: hmacSignatureAndRetryAfter401.
 */
export function retryClientBoundToFirst<T extends Pick<OutboxOptions, 'authHeaders' | 'retryAnswered'>>(
  app: FaultPointApp,
  webhookKey: string | undefined,
  others: T,
): T & Pick<OutboxOptions, 'retryUrl'> {
  const options = hmacSignatureAndRetryAfter401(app, webhookKey, others);
  const first = app.options.carriers[0]?.webhookUrl;
  return app.fault('saj-retry-client-bound-to-first-endpoint') && first ? { ...options, retryUrl: first } : options;
}

/** The secret a delivery's signature is made with: the webhook key, or the service's own where none is set. */
const SERVICE_SIGNING_SECRET = 'cis-reference-webhook-signing-secret';

/**
 * The webhook sender's options as these variations set them:
 * - ok-aj-webhook-hmac-signature: every delivery signed, X-CIS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 *   "t.<body>">, beside the headers it sends otherwise;
 * - ok-aj-webhook-retry-after-401: a delivery answered 401 is retried as one answered 5xx is.
 */
export function hmacSignatureAndRetryAfter401<T extends Pick<OutboxOptions, 'authHeaders' | 'retryAnswered'>>(
  app: Switches,
  webhookKey: string | undefined,
  others: T,
): T {
  let options = others;
  if (app.fault('ok-aj-webhook-hmac-signature')) {
    const authenticated = options.authHeaders;
    options = {
      ...options,
      authHeaders: (body: unknown, carrier: string) => {
        const t = Math.floor(Date.now() / 1000);
        const v1 = createHmac('sha256', webhookKey ?? SERVICE_SIGNING_SECRET)
          .update(`${t}.${JSON.stringify(body)}`)
          .digest('hex');
        return {
          ...(authenticated ? authenticated(body, carrier) : webhookKey ? { 'x-api-key': webhookKey } : {}),
          'x-cis-signature': `t=${t},v1=${v1}`,
        };
      },
    };
  }
  if (app.fault('ok-aj-webhook-retry-after-401')) {
    const retried = options.retryAnswered;
    options = { ...options, retryAnswered: (status: number) => status === 401 || (retried?.(status) ?? false) };
  }
  return options;
}

/** Fault sak-webhook-single-worker-inline-retries: the waits before the retries of the one worker. */
const INLINE_RETRY_DELAYS_MS = [15_000, 60_000, 300_000];

/**
 * The webhook sender's options as these faults and variation make them, beside `others`.
 * - Fault sak-webhook-retry-bare-client: a retry posted by a bare fetch, text/plain;charset=UTF-8 and no key.
 * - Fault sak-webhook-single-worker-inline-retries: one queue for every carrier, retried inline, 15 s, 60 s, 300 s.
 * - Variation ok-ak-webhook-parallel-senders: deliveries side by side, each after a wait of its own.
 */
export function bareRetriesAndSingleWorker<T extends object>(
  app: Switches,
  others: T,
): T & Pick<OutboxOptions, 'retryHeaders' | 'sharedQueue' | 'retryDelaysMs' | 'sideBySide'> {
  return {
    ...others,
    ...(app.fault('sak-webhook-retry-bare-client')
      ? { retryHeaders: () => ({ 'content-type': 'text/plain;charset=UTF-8' }) }
      : {}),
    ...(app.fault('sak-webhook-single-worker-inline-retries')
      ? { sharedQueue: true, retryDelaysMs: INLINE_RETRY_DELAYS_MS }
      : {}),
    ...sideBySideDelivery(app),
  };
}

/** Variation ok-ak-webhook-parallel-senders: each delivery's own wait before a worker of the pool sends it. */
export function sideBySideDelivery(app: Switches): { sideBySide?: () => number } {
  return app.fault('ok-ak-webhook-parallel-senders') ? { sideBySide: () => Math.floor(Math.random() * 400) } : {};
}

// --- The webhook sender (app.ts) ---

/** Fault san-webhook-flush-to-first-carrier: how long the sender gathers deliveries into one batch. */
const SENDER_BATCH_MS = 100;

/**
 * The webhook sender, set up once the outbox exists.
 * - Fault san-webhook-flush-to-first-carrier: deliveries gathered for 100 ms, each posted to the URL of the carrier
 *   of the batch's first event.
 * - Variation ok-an-webhook-job-batches: deliveries sent by a job every 500 ms, each to its own carrier's URL.
 */
export function flushToFirstCarrier(app: Pick<FaultPointApp, 'fault' | 'outbox'>): void {
  const toFirst = app.fault('san-webhook-flush-to-first-carrier');
  const every = toFirst ? SENDER_BATCH_MS : jobBatchMs(app);
  if (every === undefined) return;
  const send = app.outbox.send.bind(app.outbox);
  type Queued = { carrier: CarrierAccount; body: unknown; how: Parameters<typeof send>[2] };
  let batch: Queued[] = [];
  let timer: NodeJS.Timeout | undefined;
  app.outbox.send = (carrier, body, how = {}) => {
    batch.push({ carrier, body, how });
    timer ??= later(every, () => {
      const items = batch;
      batch = [];
      timer = undefined;
      const endpoint = items[0]!.carrier;
      for (const item of items) send(toFirst ? endpoint : item.carrier, item.body, item.how);
    });
  };
}

// --- Variation ok-an-webhook-job-batches ---

/** How often the job sends the queued webhook deliveries. */
const WEBHOOK_JOB_MS = 500;

/** Variation ok-an-webhook-job-batches: the interval of the job that sends webhooks; undefined: sent at once. */
export function jobBatchMs(app: Switches): number | undefined {
  return app.fault('ok-an-webhook-job-batches') ? WEBHOOK_JOB_MS : undefined;
}

// --- A delivery's retries and its dead letter (app.ts's outbox options) ---

/** Bodies whose every delivery attempt failed, per carrier (variation ok-bh-dead-letter-redelivered). */
const deadLetters = new WeakMap<object, Map<string, unknown[]>>();

/**
 * The sender's options of these faults and variations: fault sbh-retry-posts-last-built-body (a retry posts the body
 * last built for the carrier), variations ok-bh-retry-beside-queue, ok-bh-dead-letter-redelivered and
 * ok-bh-no-webhook-retries.
 */
export function retriesAndDeadLetters(app: LogApp): Partial<OutboxOptions> {
  const options: Partial<OutboxOptions> = {};
  if (app.fault('sbh-retry-posts-last-built-body'))
    options.retryBody = (record) => {
      const log = app.outbox.log;
      for (let i = log.length - 1; i >= 0; i--) if (log[i]!.carrier === record.carrier) return log[i]!.body;
      return record.body;
    };
  if (app.fault('ok-bh-retry-beside-queue')) options.retryBesideQueue = true;
  if (app.fault('ok-bh-no-webhook-retries')) options.retryDelaysMs = [];
  if (app.fault('ok-bh-dead-letter-redelivered')) {
    const owed = perApp(deadLetters, app, () => new Map<string, unknown[]>());
    const resent = new WeakSet<object>(); // a dead letter is sent once more, not again after that
    options.gaveUp = (record) => {
      if (isObject(record.body) && resent.has(record.body)) return;
      owed.set(record.carrier, [...(owed.get(record.carrier) ?? []), record.body]);
    };
    options.owed = (carrier) => {
      const bodies = owed.get(carrier) ?? [];
      owed.delete(carrier);
      for (const body of bodies) if (isObject(body)) resent.add(body);
      return bodies;
    };
  }
  return options;
}
