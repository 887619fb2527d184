// What a run leaves on the target, counted from its exchanges: the spec has no delete operation, so
// every locker, booking and network entry a run makes stays on a long-lived staging, and the next run
// pays for it. The certificate states it, so a nightly run's growth is seen where its verdict is read.
import type { RecordedExchange } from '../evidence/exchanges';

export interface TargetFootprint {
  /** createLocker answered 2xx. */
  lockersCreated: number;
  /** Parcels booked (publishParcel / publishParcelByCarrierLockerId, eventType BOOKING, answered 2xx), once per
   * carrierParcelId. */
  bookingsMade: number;
  /** Parcels a 2xx cancelParcel cancelled, once per id in its path. */
  bookingsCancelled: number;
  /** Network locker records addNetworkLockers answered as newly added. */
  networkEntriesAdded: number;
  /** Requests sent to the target and its trigger base, 429s sent again included. */
  requestsSent: number;
  /**
   * List pages read (GET /lockers, /lockers/providers, /parcels answered): what a run pays for the
   * target's history, flat from run to run where the paging lets it skip (absent in older reports).
   */
  listPagesRead?: number;
  webhookDeliveriesReceived: number;
}

const LIST_OPERATIONS = new Set(['listLockers', 'listProviders', 'listParcels']);

const BOOKING_OPERATIONS = new Set(['publishParcel', 'publishParcelByCarrierLockerId']);

const succeeded = (e: RecordedExchange) => e.status >= 200 && e.status < 300;

function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A body cut at MAX_BODY_CHARS, or one that was never JSON: the caller falls back.
    return undefined;
  }
}

const member = (value: unknown, name: string): unknown =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;

/** The parcel a 2xx booking made, by its carrierParcelId; a body that cannot be read is a parcel of its own. */
function bookedParcel(e: RecordedExchange, index: number): string | undefined {
  if (!BOOKING_OPERATIONS.has(e.operationId) || !succeeded(e)) return undefined;
  const body = parsed(e.requestText);
  const eventType =
    body === undefined ? /"eventType"\s*:\s*"([A-Z_]+)"/.exec(e.requestText ?? '')?.[1] : member(body, 'eventType');
  if (eventType !== 'BOOKING') return undefined;
  const id = member(body, 'carrierParcelId');
  return typeof id === 'string' ? `id:${id}` : `exchange:${index}`;
}

/** The parcel id in a 2xx cancelParcel's path (PATCH /parcels/{parcelId}). */
function cancelledParcel(e: RecordedExchange): string | undefined {
  if (e.operationId !== 'cancelParcel' || !succeeded(e)) return undefined;
  try {
    const last = new URL(e.url).pathname.split('/').pop();
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
}

/** The answer lists the newly added entries; where it was cut, the request's lockerUids bound them. */
function networkEntries(e: RecordedExchange): number {
  if (e.operationId !== 'addNetworkLockers' || !succeeded(e)) return 0;
  const answer = parsed(e.responseText);
  if (Array.isArray(answer)) return answer.length;
  const asked = member(parsed(e.requestText), 'lockerUids');
  return Array.isArray(asked) ? asked.length : 0;
}

export function targetFootprint(exchanges: readonly RecordedExchange[], webhookDeliveries: number): TargetFootprint {
  const booked = new Set<string>();
  const cancelled = new Set<string>();
  let lockersCreated = 0;
  let networkEntriesAdded = 0;
  let requestsSent = 0;
  let listPagesRead = 0;
  exchanges.forEach((e, index) => {
    requestsSent += 1 + e.retries;
    if (LIST_OPERATIONS.has(e.operationId)) listPagesRead += 1;
    if (e.operationId === 'createLocker' && succeeded(e)) lockersCreated += 1;
    networkEntriesAdded += networkEntries(e);
    const parcel = bookedParcel(e, index);
    if (parcel) booked.add(parcel);
    const cancel = cancelledParcel(e);
    if (cancel !== undefined) cancelled.add(cancel);
  });
  return {
    lockersCreated,
    bookingsMade: booked.size,
    bookingsCancelled: cancelled.size,
    networkEntriesAdded,
    requestsSent,
    listPagesRead,
    webhookDeliveriesReceived: webhookDeliveries,
  };
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** `This run left on the target: 12 lockers, 40 bookings (38 cancelled), 3 network entries; 2,512 requests sent (1,204
 * list pages), 340 webhook deliveries received` */
export function footprintLine(f: TargetFootprint): string {
  const cancelled = f.bookingsCancelled ? ` (${f.bookingsCancelled.toLocaleString('en-US')} cancelled)` : '';
  const bookings = `${count(f.bookingsMade, 'booking')}${cancelled}`;
  const left =
    `${count(f.lockersCreated, 'locker')}, ${bookings}, ` +
    `${count(f.networkEntriesAdded, 'network entry', 'network entries')}`;
  const pages = f.listPagesRead === undefined ? '' : ` (${count(f.listPagesRead, 'list page')})`;
  return (
    `This run left on the target: ${left}; ${count(f.requestsSent, 'request')} sent${pages}, ` +
    `${count(f.webhookDeliveriesReceived, 'webhook delivery', 'webhook deliveries')} received`
  );
}
