// Generated bodies carry made-up identifiers; an operation needs real ones (a locker that exists, a
// parcel that was booked). Binding replaces identifier members by name with the test's own, and
// gives every new identifier a fresh tag. Which operation needs what is read off its request schema.
import type { Operation } from '../../../spec/operations';
import { memberNames } from '../../../spec/schemas';
import type { Json } from '../../http/json';
import type { TargetProfile } from '../../target/profile';
import type { ProviderPair } from '../lockers/provider-pair';
import { RUN_TAG_KEY, type Tagger } from '../lockers/tagging';
import { triggerIdentity } from './trigger-body';
import { POOL_CLAIM_KEY, POOL_KEY, type PoolKind } from '../lockers/locker-pool';

export interface BindingContext {
  locker?: Json;
  parcel?: Json;
  provider: ProviderPair;
  tag: Tagger;
  runId: string;
  /** The profile's trigger values, where the lockers' own do not fit the target. */
  trigger?: TargetProfile['trigger'];
}

const LOCKER_MEMBERS = ['lockerUid', 'carrierLockerId', 'lockerUids', 'provider_locker_id'];

function requestMembers(op: Operation): string[] {
  return op.requestSchema ? memberNames(op.requestSchema) : [];
}

/** The operation acts on an existing locker of the carrier. */
export function needsLocker(op: Operation): boolean {
  const names = requestMembers(op);
  return (
    names.some((n) => LOCKER_MEMBERS.includes(n)) ||
    op.operationId === 'updateLocker' ||
    op.operationId === 'updateLockerStatus' ||
    needsParcel(op)
  );
}

/** The operation acts on a booked parcel. */
export function needsParcel(op: Operation): boolean {
  return op.operationId === 'cancelParcel' || requestMembers(op).includes('parcel_id');
}

/**
 * What a test of the operation borrows rather than makes (locker-pool.ts): its cases book into,
 * trigger events in, update, or add to the network a locker, which need be the test's own, not new.
 * A status change needs a locker in its first state: none.
 */
export function lentFor(op: Operation): PoolKind | undefined {
  const LENT: Record<string, PoolKind> = {
    publishParcel: 'bookings',
    publishParcelByCarrierLockerId: 'bookings',
    triggerFirstMileEvent: 'deliveries',
    cancelParcel: 'deliveries',
    updateLocker: 'updates',
    addNetworkLockers: 'network',
  };
  return LENT[op.operationId];
}

export function bindBody(body: unknown, ctx: BindingContext): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const bound: Json = { ...(body as Json) };
  const locker = ctx.locker;
  if ('lockerUid' in bound && locker) bound['lockerUid'] = locker['uid'];
  if ('carrierLockerId' in bound && locker) bound['carrierLockerId'] = locker['carrier']?.['lockerId'];
  if ('lockerUids' in bound && locker) bound['lockerUids'] = [Number(locker['uid'])];
  if ('carrierParcelId' in bound) bound['carrierParcelId'] = ctx.tag.next('CCP');
  if ('secondaryShipmentId' in bound) bound['secondaryShipmentId'] = ctx.tag.next('CCS');
  if (locker) {
    const identity = triggerIdentity(ctx.trigger, locker);
    for (const member of Object.keys(identity)) if (member in bound) bound[member] = identity[member];
  }
  if ('parcel_id' in bound && ctx.parcel) {
    // The one event the spec's own flow names for a booked parcel (§4.11, §8); which transitions a
    // target allows, and which combinations are label-less, are not shown.
    bound['parcel_id'] = ctx.parcel['carrierParcelId'];
    bound['event_type'] = 'CONSIGNEE_DELIVERED';
    bound['shipment_type'] = 'FIRST_MILE';
    delete bound['labelless'];
  }
  if (bound['carrier'] && typeof bound['carrier'] === 'object') {
    bound['carrier'] = { ...bound['carrier'], lockerId: ctx.tag.next('CC') };
  }
  if (bound['provider'] && typeof bound['provider'] === 'object') {
    const { lockerUid: _sentByProvider, ...rest } = bound['provider'] as Json;
    bound['provider'] = { ...rest, ...ctx.provider };
  }
  // A lent locker keeps its pool entries (locker-pool.ts) through an update that replaces its metadata: a later run
  // knows it by them.
  const pooled = Array.isArray(locker?.['metadata'])
    ? (locker['metadata'] as Json[]).filter((m) => m?.['key'] === POOL_KEY || m?.['key'] === POOL_CLAIM_KEY)
    : [];
  if (Array.isArray(bound['metadata']))
    bound['metadata'] = [...bound['metadata'], { key: RUN_TAG_KEY, value: ctx.runId }, ...pooled];
  // The allowed group keys are not shown (§2.1): a target may refuse made-up ones, which says nothing
  // about the rule under test. lockerGroups have their own tests, which treat such a refusal as such.
  delete bound['lockerGroups'];
  return bound;
}
