// The faults' behaviour of how a publish is answered (publish-points.ts answered; parcels.ts's refusal, the time it
// answers and a PRE_CHECK's answer kept). With its fault off each point does what the service does.
import { validatorFor } from '../../../spec/ajv';
import { isWrapperError } from '../../../spec/attribution';
import { ApiError } from '../../errors';
import { type Editable, isObject, perApp, type Switches } from '../../handlers/fault-point-state';
import type { StoredLocker } from '../../model';
import type { FaultPointApp, Reply } from '../../request-types';
import type { RequestSchema } from '../../validation';
import { LANGUAGE_OF, pad, secondInstance, toWholeSecond } from './shared';

/** Variation ok-h-publish-status-words: the words the publish answer's status uses. */
const STATUS_WORDS: Record<string, string> = { BOOKED: 'CONFIRMED', ACCEPTED: 'AVAILABLE' };

export function publishStatusWord(app: FaultPointApp, status: string): string {
  return app.fault('ok-h-publish-status-words') ? (STATUS_WORDS[status] ?? status) : status;
}

/** Fault sk-publish-timestamp-month-zero-based: the instant written by hand, getUTCMonth() taken for the month. */
function handFormatted(timestamp: string): string {
  const d = new Date(timestamp);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth())}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${day}T${time}.${pad(d.getUTCMilliseconds(), 3)}Z`;
}

/**
 * A publish answer as these faults and variations write it; `kind` is what the publish did before any other wording
 * (BOOKED for a booking, ACCEPTED for a check).
 */
export function handWrittenPublishReply(app: Switches, kind: string, reply: Reply): Reply {
  const body = reply.body as Editable;
  if (app.fault('sk-publish-timestamp-month-zero-based') && typeof body['timestamp'] === 'string')
    body['timestamp'] = handFormatted(body['timestamp']);
  // Variation ok-k-publish-201-for-booking: a booking is a resource created; a check creates nothing.
  if (app.fault('ok-k-publish-201-for-booking') && reply.status === 200 && kind === 'BOOKED') reply.status = 201;
  // Fault sk-publish-answer-wrapped: the controller's response interceptor wraps every answer it returns.
  if (app.fault('sk-publish-answer-wrapped')) reply.body = { data: body };
  return reply;
}

/**
 * The publish answer as these faults write it (`kind`: ACCEPTED for a PRE_CHECK, BOOKED for a BOOKING; `byTenant`: on
 * /parcels/data/by-tenant-locker-id):
 * - fault sah-precheck-status-boolean: a PRE_CHECK answers the provider's availability, status true;
 * - fault sah-by-tenant-timestamp-date-string: the by-tenant path's timestamp from a template literal of a Date;
 * - variation ok-ah-publish-timestamp-microseconds: the timestamp with microseconds and +00:00.
 */
export function precheckBooleanAndDateString(app: Switches, byTenant: boolean, kind: string, reply: Reply): Reply {
  const body = reply.body;
  if (!isObject(body)) return reply;
  if (app.fault('sah-precheck-status-boolean') && kind === 'ACCEPTED') body['status'] = true;
  if (typeof body['timestamp'] === 'string') body['timestamp'] = microsecondTimestamp(app, body['timestamp']);
  const timestamp: unknown = body['timestamp'];
  if (app.fault('sah-by-tenant-timestamp-date-string') && byTenant && typeof timestamp === 'string') {
    const processedAt = new Date(timestamp);
    body['timestamp'] = `${processedAt}`;
  }
  return reply;
}

/** Variation ok-ah-publish-timestamp-microseconds: an ISO instant written with microseconds and +00:00. */
export function microsecondTimestamp(app: Switches, timestamp: unknown): unknown {
  if (!app.fault('ok-ah-publish-timestamp-microseconds') || typeof timestamp !== 'string') return timestamp;
  const micros = String(Math.floor((performance.now() % 1) * 1000)).padStart(3, '0');
  return timestamp.replace(/\.(\d{3})Z$/, `.$1${micros}+00:00`);
}

/** Fault saj-error-code-table-no-pattern: the errorCode of each validation keyword, as the publish router maps it. */
const ERROR_CODES: Record<string, string> = {
  required: 'MISSING_FIELD',
  type: 'INVALID_TYPE',
  enum: 'INVALID_VALUE',
  const: 'INVALID_VALUE',
  not: 'FIELD_NOT_ALLOWED',
  additionalProperties: 'UNKNOWN_FIELD',
  minimum: 'OUT_OF_RANGE',
  maximum: 'OUT_OF_RANGE',
  format: 'INVALID_FORMAT',
};

/**
 * A publish refused by its schema, as the answer goes out. Fault saj-error-code-table-no-pattern: the router's error
 * mapper takes the errorCode from a table of validation keywords that has no entry for `pattern` (codCurrency's
 * check), so that refusal's errorCode is undefined and the serializer leaves the member out.
 */
export function errorCodeTableRefusal(app: Switches, schema: RequestSchema, sent: unknown, error: unknown): unknown {
  if (!app.fault('saj-error-code-table-no-pattern')) return error;
  if (!(error instanceof ApiError) || error.errorCode !== 'VALIDATION_FAILED') return error;
  const validate = validatorFor(schema);
  if (validate(sent)) return error;
  const errors = (validate.errors ?? []).filter((e) => !isWrapperError(e));
  const first = [...errors].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
  if (!first) return error;
  return new ApiError(error.status, ERROR_CODES[first.keyword] as string, error.message, error.details);
}

/**
 * The answer of a successful publish. Variation ok-am-publish-timestamp-whole-seconds: timestamp is the event store's
 * processed_at, a TIMESTAMP(0) column, so it is written to the whole second (truncated): 10:15:30Z, not 10:15:30.734Z.
 */
export function timestampWholeSeconds(app: Switches, reply: Reply): Reply {
  const body = reply.body;
  if (!app.fault('ok-am-publish-timestamp-whole-seconds') || !isObject(body) || typeof body['timestamp'] !== 'string')
    return reply;
  const ms = Date.parse(body['timestamp']);
  if (!Number.isNaN(ms)) body['timestamp'] = toWholeSecond(ms);
  return reply;
}

// --- A publish answer's time (parcels.ts) ---

const lastEventAt = new WeakMap<object, WeakMap<StoredLocker, string>>();

/**
 * The time a publish answer gives as the time the event was processed (`now`). Fault
 * sao-publish-timestamp-locker-last-event: the handler reads the locker row's last_event_at (set to its activation date
 * when the locker was registered), moves it to now and answers the value it read: the first PRE_CHECK or BOOKING into a
 * locker answers its activationDate, each later one the time of the one before.
 */
export function lockerLastEventTime(app: Switches, locker: StoredLocker, now: string): string {
  if (!app.fault('sao-publish-timestamp-locker-last-event')) return now;
  const held = perApp(lastEventAt, app, () => new WeakMap<StoredLocker, string>());
  const read = held.get(locker) ?? locker.record.carrier.activationDate;
  held.set(locker, now);
  return read;
}

// --- A publish answered (publish-points.ts) ---

/**
 * The answer of a publish, `sent` the request body. Fault sap-cod-precheck-answer-v10: a PRE_CHECK carrying codAmount
 * answered with the 1.0 COD pre-authorisation's result, {status, message, checkedAt}.
 */
export function codPrecheckAnswerV10(
  app: Switches,
  sent: unknown,
  byTenant: boolean,
  kind: string,
  reply: Reply,
): Reply {
  const body = reply.body;
  const cod = isObject(sent) && sent['codAmount'] !== undefined && sent['codAmount'] !== null;
  if (app.fault('sap-cod-precheck-answer-v10') && kind === 'ACCEPTED' && cod && isObject(body)) {
    const { timestamp, ...rest } = body;
    return { ...reply, body: { ...rest, checkedAt: timestamp } };
  }
  return byTenantStatusWords(app, byTenant, kind, reply);
}

/** Variation ok-ap-by-tenant-status-words: the by-tenant module's words for the outcome. */
const BY_TENANT_WORDS: Record<string, string> = { BOOKED: 'BOOKING_CREATED', ACCEPTED: 'CHECK_PASSED' };

/** A publish answered, `kind` its outcome (BOOKED or ACCEPTED). Variation ok-ap-by-tenant-status-words. */
export function byTenantStatusWords(app: Switches, byTenant: boolean, kind: string, reply: Reply): Reply {
  if (!app.fault('ok-ap-by-tenant-status-words') || !byTenant || !isObject(reply.body)) return reply;
  return { ...reply, body: { ...reply.body, status: BY_TENANT_WORDS[kind] ?? reply.body['status'] } };
}

/** The access code's validity, which fault sat-booking-timestamp-date-aliased moves the processing instant by. */
const CODE_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A publish answered (publish-points.ts answered), its body edited in place; `kind` is BOOKED or ACCEPTED. Fault
 * sat-booking-timestamp-date-aliased: a BOOKING's timestamp written from the Date its access code's validUntil moved.
 */
export function bookingTimestampAliased(app: Switches, kind: string, reply: Reply): void {
  if (!app.fault('sat-booking-timestamp-date-aliased') || kind !== 'BOOKED' || !isObject(reply.body)) return;
  const at = Date.parse(String(reply.body['timestamp']));
  if (!Number.isNaN(at)) reply.body['timestamp'] = new Date(at + CODE_VALIDITY_MS).toISOString();
}

/**
 * A publish answer. Fault saw-publish-timestamp-client-clock: its timestamp is the body's eventTimestamp, else its
 * timestamp, where one is a date-time (the 1.0 clients' scan time), in UTC.
 */
export function timestampFromClientClock(app: Switches, sent: unknown, reply: Reply): Reply {
  if (!app.fault('saw-publish-timestamp-client-clock') || !isObject(sent) || !isObject(reply.body)) return reply;
  const given = sent['eventTimestamp'] ?? sent['timestamp'];
  if (typeof given !== 'string' || Number.isNaN(Date.parse(given))) return reply;
  return { ...reply, body: { ...reply.body, timestamp: new Date(Date.parse(given)).toISOString() } };
}

// --- A publish answered (publish-points.ts) ---

/** Fault sbb-publish-node-clock-behind: how far node 2's clock is behind (its time sync was never switched on). */
const NODE_2_CLOCK_BEHIND_MS = 200_000;

/**
 * A publish answer, edited in place.
 * - Fault sbb-publish-node-clock-behind: publishes are taken by two nodes in turn, and the second one's clock is
 *   200 s behind: the timestamp it writes is the time its clock shows.
 * - Variation ok-bb-publish-status-per-release: the release rolled out to one of two pods answers 201 (the other
 *   still answers the status it did).
 */
export function nodeClockAndReleaseStatus(app: Switches, reply: Reply): void {
  const body = reply.body;
  if (app.fault('sbb-publish-node-clock-behind') && secondInstance(app, 'publish-node') && isObject(body)) {
    const processed = typeof body['timestamp'] === 'string' ? Date.parse(body['timestamp']) : NaN;
    if (!Number.isNaN(processed)) body['timestamp'] = new Date(processed - NODE_2_CLOCK_BEHIND_MS).toISOString();
  }
  if (app.fault('ok-bb-publish-status-per-release') && secondInstance(app, 'publish-release'))
    reply.status = reply.status === 201 ? 200 : 201;
}

// --- A publish answered (publish-points.ts answered) ---

/**
 * A publish answer, edited in place.
 * - Variation ok-bc-publish-message-empty: message "" on success.
 */
export function publishMessageEmpty(app: Switches, reply: Reply): void {
  if (app.fault('ok-bc-publish-message-empty') && isObject(reply.body) && reply.status < 300)
    reply.body['message'] = '';
}

// --- A publish's message (parcels.ts) ---

/** Variation ok-bf-publish-message-in-locker-language: the two messages of a publish, by language. */
const PUBLISH_MESSAGES: Record<string, [RegExp, (id: string) => string][]> = {
  de: [
    [/^Parcel can be accepted in locker (.*)$/, (id) => `Paket kann im Schließfach ${id} angenommen werden`],
    [/^Booking (.*) created$/, (id) => `Buchung ${id} angelegt`],
  ],
  fr: [
    [/^Parcel can be accepted in locker (.*)$/, (id) => `Le colis peut être accepté dans le casier ${id}`],
    [/^Booking (.*) created$/, (id) => `Réservation ${id} créée`],
  ],
  nl: [
    [/^Parcel can be accepted in locker (.*)$/, (id) => `Pakket kan in kluis ${id} worden aangenomen`],
    [/^Booking (.*) created$/, (id) => `Boeking ${id} aangemaakt`],
  ],
};
const MESSAGE_LANGUAGE_OF: Record<string, string> = { ...LANGUAGE_OF, BE: 'fr' };

/**
 * Variation ok-bf-publish-message-in-locker-language: a publish's message in the language of the locker's country,
 * from its English template. The English message where the variation is off.
 */
export function publishMessageInLockerLanguage(app: Switches, locker: StoredLocker, english: string): string {
  if (!app.fault('ok-bf-publish-message-in-locker-language')) return english;
  const language = MESSAGE_LANGUAGE_OF[String(locker.record.location['countryCode']).trim().toUpperCase()];
  for (const [template, localised] of PUBLISH_MESSAGES[language ?? ''] ?? []) {
    const id = template.exec(english)?.[1];
    if (id !== undefined) return localised(id);
  }
  return english;
}

// --- A PRE_CHECK's answer (parcels.ts publish) ---

/** Variation ok-bi-precheck-answer-cached: per reference, each PRE_CHECK answer, by the request asking, and when. */
const precheckAnswers = new WeakMap<object, Map<string, { reply: Reply; at: number }>>();

/** How long a PRE_CHECK's answer is served again to the same request. */
const PRECHECK_ANSWER_TTL_MS = 30_000;

/**
 * Variation ok-bi-precheck-answer-cached: the check's answer to a request is kept 30 s, and the same PRE_CHECK (value
 * for value) within that time is answered with it, its timestamp the time the check was processed.
 */
export function precheckAnswerCached(
  app: FaultPointApp,
  carrier: string,
  path: string,
  body: unknown,
  answer: () => Reply,
): Reply {
  if (!app.fault('ok-bi-precheck-answer-cached')) return answer();
  const answers = perApp(precheckAnswers, app, () => new Map<string, { reply: Reply; at: number }>());
  const key = `${carrier}\u0000${path}\u0000${canonicalJson(body)}`;
  const now = Date.now();
  const held = answers.get(key);
  if (held && now - held.at < PRECHECK_ANSWER_TTL_MS) return structuredClone(held.reply);
  const reply = answer();
  if (reply.status < 300) answers.set(key, { reply: structuredClone(reply), at: now });
  return reply;
}

/** JSON text with every object's members in name order: one text per value. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
