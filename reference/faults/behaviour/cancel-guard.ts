// The faults' behaviour of the cancel's guard and its refusal (cancel.ts cancelParcel, after cancel-points.ts again):
// a cancel of a cancelled booking, what the guard takes for delivered, the NOT_CANCELLABLE refusal. With its fault off
// each point does what the service does.
import { ApiError, badRequest } from '../../errors';
import { perApp } from '../../handlers/fault-point-state';
import type { StoredParcel } from '../../model';
import type { FaultPointApp, Reply } from '../../request-types';

/**
 * Variation ok-bi-cancel-again-recorded: a cancel of a cancelled booking is taken as a request like any other:
 * answered 200 with the record, its history given a CANCEL_REQUESTED entry; the status stays CANCELLED, so nothing is
 * pushed. `view` answers the record.
 */
export function cancelAgainRecorded(
  app: FaultPointApp,
  parcel: StoredParcel,
  now: string,
  view: () => unknown,
): Reply | undefined {
  if (!app.fault('ok-bi-cancel-again-recorded') || parcel.record.shipmentStatus !== 'CANCELLED') return undefined;
  if (parcel.delivered) return undefined;
  parcel.record.events.push({ type: 'CANCEL_REQUESTED', timestamp: now });
  app.lag.written(parcel, parcel.record);
  return { status: 200, body: view() };
}

/**
 * Fault sbi-delivered-by-event-balance: the cancel's guard reads "delivered" from the history as a balance, more
 * CONSIGNEE_DELIVERED entries than BOOKING_CREATED ones, or as many (the provider's drop-off count against its
 * announcements): a parcel announced twice (a booking and a BOOKING_CREATED event) and then delivered is taken as not
 * delivered and cancelled. True where the balance lets the cancel through, whatever the status.
 */
export function cancellableByEventBalance(app: FaultPointApp, parcel: StoredParcel): boolean {
  if (!app.fault('sbi-delivered-by-event-balance') || parcel.record.shipmentStatus === 'CANCELLED') return false;
  const count = (type: string) => parcel.record.events.filter((e) => e.type === type).length;
  return count('BOOKING_CREATED') > count('CONSIGNEE_DELIVERED');
}

/** Fault sbi-refusal-template-code-moved-to-log: per reference, the NOT_CANCELLABLE refusal every cancel throws. */
const notCancellableTemplates = new WeakMap<object, { errorCode?: string }>();

/**
 * Fault sbi-refusal-template-code-moved-to-log: the cancel's refusal is thrown from one shared error object, and the
 * audit hook moves its errorCode into the log entry (`delete err.errorCode` once copied) after the answer is written:
 * the first NOT_CANCELLABLE is whole, every later one is answered {message} alone.
 */
export function notCancellableRefusal(app: FaultPointApp, message: string): ApiError {
  if (!app.fault('sbi-refusal-template-code-moved-to-log')) return badRequest('NOT_CANCELLABLE', message);
  const shared = perApp(notCancellableTemplates, app, () => ({ errorCode: 'NOT_CANCELLABLE' }));
  const refusal = new ApiError(400, shared.errorCode as string, message);
  delete shared.errorCode;
  return refusal;
}
