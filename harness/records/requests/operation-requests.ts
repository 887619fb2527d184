// The requests suites/operations.spec.ts sends for an operation, as the OpenAPI document describes
// it: what the request acts on (created or borrowed for the test), the path's values, a valid body,
// the forms a cancellation takes, and the placeholders sent where the target may not be written to.
import fc from 'fast-check';
import { fromSchema } from '../../../generators';
import { needsOf } from '../../../spec/catalogue';
import { successResponses, type Operation } from '../../../spec/operations';
import { componentSchema } from '../../../spec/schemas';
import { notObservable } from '../../evidence/rules';
import type { Binder } from '../../fixture-parts/factory-fixtures';
import type { CisClient } from '../../http/client';
import type { Exchange } from '../../http/exchange';
import type { Json } from '../../http/json';
import { lockerStatusBody, stateToSet } from '../../target/profile';
import type { Capability, RunSettings } from '../../target/run-settings';
import { lentFor, needsLocker, needsParcel } from './binding';
import { bookInLent } from '../parcels/lent-booking';
import type { LockerFactory } from '../lockers/locker-factory';
import type { ParcelFactory } from '../parcels/parcel-factory';

export interface Fixtures {
  lockers: LockerFactory;
  parcels: ParcelFactory;
  binder: Binder;
  target: RunSettings;
}

/** What the operation acts on, created for this test, and how its generated bodies are bound to it. */
export interface Acting {
  locker?: Json;
  parcel?: Json;
  bind: (generated: unknown) => Json;
}

/**
 * What the operation's cases need (the `needs:` of its x-rules) that the rules a test names do not
 * already imply: their needs skip the test by themselves.
 */
export function needsBeyond(op: Operation, named: string[], except: Capability[] = []): Capability[] {
  const implied = needsOf(named);
  return needsOf(Object.values(op.rules)).filter((c) => !implied.includes(c) && !except.includes(c));
}

export async function actingOn(op: Operation, f: Fixtures): Promise<Acting> {
  const targets: { locker?: Json; parcel?: Json } = {};
  const kind = lentFor(op);
  // One borrowed locker serves all the test's cases: each books its own parcel, or sends its own update.
  const lent = needsLocker(op) && kind ? await f.lockers.lend(kind, { again: true }) : undefined;
  if (needsLocker(op)) targets.locker = lent?.record ?? (await f.lockers.create()).record;
  if (needsParcel(op) && lent) {
    const { locker, body } = await bookInLent(f.lockers, f.parcels, lent);
    targets.locker = locker;
    targets.parcel = (await f.parcels.find(body['carrierParcelId'])) ?? { carrierParcelId: body['carrierParcelId'] };
  }
  return { ...targets, bind: await f.binder(targets) };
}

const PUBLISH_PATH: Partial<Record<string, 'uid' | 'tenant'>> = {
  publishParcel: 'uid',
  publishParcelByCarrierLockerId: 'tenant',
};

/**
 * The carrier's own request. A publish goes through the parcel factory, which cancels what it booked
 * after the test: a lent locker goes back empty, and the staging does not fill with bookings.
 */
export function asCarrier(
  op: Operation,
  api: CisClient,
  parcels: ParcelFactory,
  request: { params?: Record<string, string>; form?: string; body?: unknown },
): Promise<Exchange> {
  const path = PUBLISH_PATH[op.operationId];
  const body = request.body;
  if (path && body && typeof body === 'object' && !Array.isArray(body))
    return parcels.publish(body as Json, path, api, { mark: false });
  return api.call(op.operationId, request);
}

export type CancelKind = 'carrierParcelId' | 'shipmentUid';

/**
 * The forms the operation's requests are judged in: for cancelParcel each id the cancel path takes
 * (learnt on the test's locker where the run does not know it; the others not observable under
 * `named`, with why), for every other operation its one form.
 */
export async function formsOf(
  op: Operation,
  acting: Acting,
  parcels: ParcelFactory,
  named: string[],
): Promise<(CancelKind | undefined)[]> {
  if (op.operationId !== 'cancelParcel') return [undefined];
  if (acting === PLACEHOLDER) return ['carrierParcelId', 'shipmentUid'];
  const { taken, untaken } = await parcels.cancelForms(acting.locker);
  for (const { kind, why } of untaken) for (const rule of named) notObservable(rule, `cancelParcel by ${kind}: ${why}`);
  return taken;
}

/** The path's values, and the form they take: a parcel is named by the id of the form given. */
export function pathParams(
  op: Operation,
  acting: Acting,
  target: RunSettings,
  form?: CancelKind,
): { params: Record<string, string>; form?: string } {
  const params: Record<string, string> = {};
  for (const p of op.pathParams) {
    if (op.operationId === 'addNetworkLockers') params[p.name] = target.networkUid ?? '0';
    else if (p.name === 'parcelId')
      params[p.name] = String(acting.parcel?.[form ?? 'carrierParcelId'] ?? acting.parcel?.['carrierParcelId']);
    else params[p.name] = String(acting.locker?.['uid']);
  }
  return { params, ...(form ? { form: `by ${form}` } : {}) };
}

/** A valid body: generated from the schema and bound, or the profile's where the spec shows none. */
export function validBody(op: Operation, acting: Acting, target: RunSettings, generated?: Json): unknown {
  if (op.requestSchema) {
    const seed = target.seed;
    return acting.bind(
      generated ?? fc.sample(fromSchema(op.requestSchema), { numRuns: 1, ...(seed !== undefined ? { seed } : {}) })[0],
    );
  }
  if (op.operationId === 'updateLockerStatus') {
    // A state the locker does not show (as the profile maps states to shown statuses): setting the
    // current one may be refused (409), and then even the carrier's own request proves nothing.
    return lockerStatusBody(
      target.profile,
      String(acting.locker?.['uid']),
      stateToSet(target.profile, acting.locker).name,
    );
  }
  if (op.operationId === 'cancelParcel') return target.profile.cancel.body ?? undefined;
  return undefined;
}

export function isSuccess(op: Operation, exchange: Exchange): boolean {
  return successResponses(op).some(
    (r) => r.code === String(exchange.status) || (r.code.endsWith('XX') && r.code[0] === String(exchange.status)[0]),
  );
}

/**
 * Where the target may not be written to (production without --allow-writes), authentication is still
 * checked, with placeholder identifiers and an empty body: nothing the request names exists.
 */
export const PLACEHOLDER: Acting = {
  locker: {
    uid: '0',
    carrier: { lockerId: 'carrier-conformance-none' },
    provider: { lockerUid: 'none', name: 'none' },
  },
  parcel: { carrierParcelId: 'carrier-conformance-none', shipmentUid: 'none' },
  bind: () => {
    throw new Error('placeholders bind nothing: without writes a request carries an empty body');
  },
};

/** The x-rule of the record a 2xx answer of the operation shows (Locker: LCK-RECORD-SHAPE), where it shows one. */
export function answeredRecordRule(op: Operation): string | undefined {
  const record = op.responses.find((r) => r.code.startsWith('2') && r.schemaName)?.schemaName;
  const rule = record ? componentSchema(record)['x-rule'] : undefined;
  return typeof rule === 'string' ? rule : undefined;
}
