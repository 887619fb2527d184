// The points where the faults of set Z change the service: each does what the service does with its
// fault off, and the fault's behaviour with it on; its variations are set-z-variations.ts. Called from
// spec-set-d-points.ts (publish, pushes), parcel-list.ts, cancel.ts, trigger.ts, collections.ts and app.ts (the
// webhook sender's options).
import type { CarrierAccount } from '../options';
import type { OutboxOptions } from '../outbox';
import type { FaultPointApp } from '../request-types';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { chunkedBody } from './set-z-variations';

/** Fault sz-outbox-marks-parcel-rows-sent: the rows waiting for the relay's next poll, the oldest per parcel. */
const RELAY_POLL_MS = 250;
const waiting = new WeakMap<Switches, Map<string, { owner: CarrierAccount; body: unknown }>>();

function relayed(app: FaultPointApp, owner: CarrierAccount, body: unknown, shipmentUid: string): void {
  let rows = waiting.get(app);
  if (!rows) waiting.set(app, (rows = new Map()));
  // A later row of a parcel already waiting is marked sent with the one the relay posts.
  if (rows.has(shipmentUid)) return;
  rows.set(shipmentUid, { owner, body });
  if (rows.size > 1) return;
  const polled = rows;
  setTimeout(
    () => {
      for (const row of polled.values()) app.outbox.send(row.owner, row.body);
      polled.clear();
    },
    RELAY_POLL_MS - (Date.now() % RELAY_POLL_MS),
  ).unref();
}

/**
 * A ParcelUpdates as set Z's faults send it; true: sent here. Fault sz-parcel-push-locker-uid-number: the event is
 * built from the parcel row, whose locker_uid is a BIGINT the driver reads as a number. Fault
 * sz-outbox-marks-parcel-rows-sent: the relay posts the oldest waiting row of each parcel and marks every row of
 * that parcel sent.
 */
export function setZParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown, shipmentUid: string): boolean {
  const uid = isObject(body) ? body['lockerUid'] : undefined;
  if (app.fault('sz-parcel-push-locker-uid-number') && typeof uid === 'string' && /^\d+$/.test(uid))
    (body as Editable)['lockerUid'] = Number(uid);
  if (!app.fault('sz-outbox-marks-parcel-rows-sent')) return false;
  relayed(app, owner, body, shipmentUid);
  return true;
}

/**
 * The webhook sender's options, `others` with set Z's. Fault sz-webhook-200-not-success: a delivery counts as done
 * only when answered 202 or 204, so a 200 is retried as a failure. Variation ok-z-webhook-chunked-body: bodies
 * streamed.
 */
export function setZOutbox<T extends object>(
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
