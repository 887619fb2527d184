// The points where the faults and variations of set D change the parcel paths: each function does
// what the service does when its fault is off (nothing, or the plain call) and the fault's behaviour when it is on.
// The two collection faults live in collections.ts, the sender's in outbox.ts, the firewall's in server.ts.
import { randomInt } from 'node:crypto';
import { ApiError } from '../errors';
import { viaOriginClient } from '../faults/behaviour/shared';
import type { CarrierAccount } from '../options';
import type { FaultPointApp as ReferenceApp } from '../request-types';
import type { Editable } from './fault-point-state';
import { setABParcelPush } from './set-ab-faults';
import { storedPayload } from './set-ad-faults';
import { lockStateHidden } from './set-ad-variations';
import { setAFParcelPush } from './set-af-faults';
import { setFParcelPush, setFParcelView } from './set-f-faults';
import { setGParcelView } from './set-g-faults';
import { setHParcelPush, setHParcelView } from './set-h-faults';
import { setIParcelPush } from './set-i-faults';
import { setKParcelPush } from './set-k-faults';
import { setMParcelPush } from './set-m-faults';
import { setOParcelPush } from './set-o-faults';
import { setQParcelPush, setQParcelView } from './set-q-faults';
import { setSParcelPush, setSParcelView } from './set-s-faults';
import { setUParcelPush, setUParcelView } from './set-u-faults';
import { setXParcelPush, setXParcelView } from './set-x-faults';
import { setZParcelPush } from './set-z-faults';
import { setZParcelView } from './set-z-variations';

const ACCESS_CODE_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;
const RECENT_EVENTS = 3;

/** A parcel record as every place shows it (list, cancel answer, push), before the other views' changes. */
export function setDParcelView(app: ReferenceApp, record: Editable): void {
  // Fault sd-events-recent-window: the events come from the recent-events query, the newest three.
  if (app.fault('sd-events-recent-window')) record['events'] = record['events'].slice(-RECENT_EVENTS);
  // Fault sd-access-code-minted-per-read: the mapper generates the collection code instead of reading it.
  if (app.fault('sd-access-code-minted-per-read') && record['accessCodes']?.['consigneeCollectionCode'])
    record['accessCodes'] = {
      consigneeCollectionCode: {
        code: String(randomInt(100000, 1000000)),
        validUntil: new Date(Date.now() + ACCESS_CODE_VALIDITY_MS + randomInt(1, 1000)).toISOString(),
      },
    };
  // Variation ok-d-access-codes-null-when-closed: a parcel no longer booked has no collection code.
  if (app.fault('ok-d-access-codes-null-when-closed') && record['shipmentStatus'] !== 'BOOKED')
    record['accessCodes'] = null;
  // Variation ok-d-events-newest-first: the history newest first.
  if (app.fault('ok-d-events-newest-first')) record['events'] = [...record['events']].reverse();
  setFParcelView(app, record);
  setGParcelView(app, record);
  setHParcelView(app, record);
  // Fault sq-access-codes-list-unwrapped, variation ok-q-booking-pending-confirmation: set Q's view.
  setQParcelView(app, record);
  // Faults ss-third-party-allocation-provider-words, ss-shipment-type-derived-from-consignee,
  // ss-cancel-clears-locker-uid and variation ok-s-access-codes-courier-code: set S's view.
  setSParcelView(app, record);
  // Fault su-signature-empty-composite, variation ok-u-consignee-empty-composite: set U's view.
  setUParcelView(app, record);
  setXParcelView(app, record); // Faults sx-lock-status-free-text, sx-locked-code-withheld-inner-null: set X's view.
  setZParcelView(app, record); // Variation ok-z-parcel-locker-id-null-on-uid-path: the booking in flight.
  lockStateHidden(app, record); // Variation ok-ad-lock-state-not-shown: the lock state kept, not shown.
}

/** Fault sd-parcel-pushes-coalesced: pushes waiting in the debouncer, by shipmentUid. */
const debounced = new WeakMap<ReferenceApp, Map<string, { owner: CarrierAccount; body: unknown }>>();
const DEBOUNCE_MS = 500;

/** Sends a ParcelUpdates; under sd-parcel-pushes-coalesced, the parcel's last state within 500 ms of its first. */
export function sendParcelUpdate(app: ReferenceApp, owner: CarrierAccount, body: unknown, shipmentUid: string): void {
  // Fault saf-push-topic-dotted-parcel-id (a routing key no binding matches); ok-af-parcel-push-locker-snapshot.
  if (setAFParcelPush(app, owner, body)) return;
  setABParcelPush(app, body); // Fault sab-push-proto3-default-omitted, variation ok-ab-parcel-push-change-kind.
  if (setUParcelPush(app, owner, body)) return; // Faults su-insert-push-null-timestamp, a rolled-back booking's push.
  if (setSParcelPush(app, body)) return; // Fault ss-push-muted-in-inactive-locker: a locker not ACTIVE is muted.
  // Faults sq-mock-push-schema-v10, sq-push-to-locker-last-booker: the mock's 1.0 schema, the locker's last booker.
  if (setQParcelPush(app, owner, body)) return;
  // Faults so-push-dedup-by-parcel-id-status, so-push-cloudevents-pilot-carrier: a dedup key, a pilot's envelope.
  if (setOParcelPush(app, owner, body)) return;
  setHParcelPush(app, body);
  // Faults sm-push-signature-buffer, sm-push-aborted-without-email: the image as bytes, a job failed by its e-mail.
  if (setMParcelPush(app, body)) return;
  if (setKParcelPush(app, owner, body)) return;
  if (setIParcelPush(app, owner, body)) return;
  if (setFParcelPush(app, owner, body)) return;
  if (setXParcelPush(app, owner, body)) return; // Fault sx-mock-push-utf8-bom: the mock's writer puts a BOM first.
  if (setZParcelPush(app, owner, body, shipmentUid)) return; // Set Z: a BIGINT lockerUid, the outbox relay.
  // Faults sad-webhook-client-per-origin (a client pooled per origin), sad-outbox-gzip-not-inflated (stored bytes).
  if (!app.fault('sd-parcel-pushes-coalesced'))
    return app.outbox.send(viaOriginClient(app, owner), body, storedPayload(app, body));
  const waiting = debounced.get(app) ?? new Map<string, { owner: CarrierAccount; body: unknown }>();
  debounced.set(app, waiting);
  const held = waiting.get(shipmentUid);
  if (held) return void Object.assign(held, { owner, body });
  waiting.set(shipmentUid, { owner, body });
  setTimeout(() => {
    const last = waiting.get(shipmentUid)!;
    waiting.delete(shipmentUid);
    app.outbox.send(last.owner, last.body);
  }, DEBOUNCE_MS).unref();
}

/** Fault sd-encoded-slash-rejected: a request firewall refuses any path with an encoded slash. */
export function firewall(app: ReferenceApp, pathname: string): void {
  if (app.fault('sd-encoded-slash-rejected') && /%2f/i.test(pathname))
    throw new ApiError(
      400,
      'REQUEST_REJECTED',
      'The request was rejected because the URL contained a potentially malicious String "%2F"',
    );
}
