// The points where the faults and variations of set F change the service: each function does what the
// service does when its fault is off (nothing, or the plain value) and the fault's behaviour when it is on. The lines
// that call them are in parcels.ts, cancel.ts, parcel-list.ts, trigger.ts, lockers.ts, collections.ts and
// spec-set-d-points.ts.
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';
import type { Editable } from './fault-point-state';

/** A parcel record as every place shows it (list, cancel answer, push): set F's view faults and variations. */
export function setFParcelView(app: FaultPointApp, record: Editable): void {
  // Fault sf-signature-data-url: the image is written as the data URL the signature pad produced.
  const signature = record['signature'] as Editable | undefined;
  if (app.fault('sf-signature-data-url') && signature && typeof signature['imageBase64'] === 'string')
    record['signature'] = {
      ...signature,
      imageBase64: `data:image/${String(signature['format']).toLowerCase()};base64,${signature['imageBase64']}`,
    };
  // Variation ok-f-locked-without-access-code: a LOCKED parcel's collection code is not issued.
  if (app.fault('ok-f-locked-without-access-code') && record['lockStatus'] === 'LOCKED') record['accessCodes'] = null;
}

/** Fault sf-parcel-pushes-batched-array: the batch window of the parcel event publisher. */
const BATCH_MS = 300;

interface HeldPushes {
  /** Fault sf-parcel-pushes-batched-array: each carrier's batch. */
  batches: Map<string, unknown[]>;
  /** Fault sf-parcel-push-one-event-late: each carrier's event the relay has not sent yet. */
  unrelayed: Map<string, unknown>;
}

const held = new WeakMap<FaultPointApp, HeldPushes>();

/**
 * A ParcelUpdates as set F's faults send it; answers whether one of them took it (else it is sent as it is). Batched:
 * gathered per carrier for 300 ms, and two or more posted as one JSON array. One event late: the outbox relay runs
 * before the new event is written, so it sends the carrier's previous event and holds this one.
 */
export function setFParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown): boolean {
  const batched = app.fault('sf-parcel-pushes-batched-array');
  const late = app.fault('sf-parcel-push-one-event-late');
  if (!batched && !late) return false;
  const pushes = held.get(app) ?? { batches: new Map<string, unknown[]>(), unrelayed: new Map<string, unknown>() };
  held.set(app, pushes);
  if (late) {
    if (pushes.unrelayed.has(owner.name)) app.outbox.send(owner, pushes.unrelayed.get(owner.name));
    pushes.unrelayed.set(owner.name, body);
    return true;
  }
  const batch = pushes.batches.get(owner.name);
  if (batch) return batch.push(body) > 0;
  pushes.batches.set(owner.name, [body]);
  setTimeout(() => {
    const bodies = pushes.batches.get(owner.name)!;
    pushes.batches.delete(owner.name);
    app.outbox.send(owner, bodies.length === 1 ? bodies[0] : bodies);
  }, BATCH_MS).unref();
  return true;
}
