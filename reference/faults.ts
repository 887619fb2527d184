// Named faults: each breaks exactly one rule of spec/rules.yaml the way a real implementation would.
// Switched on at start (`--fault NAME`, or CIS_REFERENCE_FAULTS for the harness's embedded target);
// the self-test runs the tests that name the fault's rule against it and expects that rule to fail.
import type { Fault } from './fault';
import { LOCKER_CREATE_FAULTS } from './faults/locker-create';
import { LOCKER_UPDATE_FAULTS } from './faults/locker-update';
import { LOCKER_RECORDS_FAULTS } from './faults/locker-records';
import { PROVIDERS_NETWORKS_FAULTS } from './faults/providers-networks';
import { PUBLISH_FAULTS } from './faults/publish';
import { PARCEL_RECORDS_FAULTS } from './faults/parcel-records';
import { CANCELS_FAULTS } from './faults/cancels';
import { TRIGGERS_FAULTS } from './faults/triggers';
import { WEBHOOK_PARCELS_FAULTS } from './faults/webhook-parcels';
import { WEBHOOK_LOCKERS_FAULTS } from './faults/webhook-lockers';
import { WEBHOOK_DELIVERY_FAULTS } from './faults/webhook-delivery';
import { KEYS_ISOLATION_FAULTS } from './faults/keys-isolation';
import { GENERAL_FAULTS } from './faults/general';
import { VARIATIONS_FAULTS } from './faults/variations';
import { VALUE_COMBINATIONS_FAULTS } from './faults/value-combinations';
import { MIGRATION_LEFTOVERS_FAULTS } from './faults/migration-leftovers';

export type { Fault } from './fault';

// By what they break, as reference/faults/ files them; the self-test deals them into batches by name.
const DECLARED = [
  ...LOCKER_CREATE_FAULTS,
  ...LOCKER_UPDATE_FAULTS,
  ...LOCKER_RECORDS_FAULTS,
  ...PROVIDERS_NETWORKS_FAULTS,
  ...PUBLISH_FAULTS,
  ...PARCEL_RECORDS_FAULTS,
  ...CANCELS_FAULTS,
  ...TRIGGERS_FAULTS,
  ...WEBHOOK_PARCELS_FAULTS,
  ...WEBHOOK_LOCKERS_FAULTS,
  ...WEBHOOK_DELIVERY_FAULTS,
  ...KEYS_ISOLATION_FAULTS,
  ...GENERAL_FAULTS,
  ...VARIATIONS_FAULTS,
  ...VALUE_COMBINATIONS_FAULTS,
  ...MIGRATION_LEFTOVERS_FAULTS,
] as const;

/** A fault's name, as declared: a name no fault declares is a compile error where the reference asks for it. */
export type FaultName = (typeof DECLARED)[number]['name'];

const ALL_FAULTS: readonly Fault[] = DECLARED;

/** The faults the self-test gates on: each must make its rule fail. */
export const FAULTS: Fault[] = ALL_FAULTS.filter((f) => f.candidate === undefined);

/** Faults not gated yet, each with why (fault.ts `candidate`): measured, never counted as caught. */
export const CANDIDATE_FAULTS: Fault[] = ALL_FAULTS.filter((f) => f.candidate !== undefined);

export function faultNamed(name: string): Fault | undefined {
  return ALL_FAULTS.find((f) => f.name === name);
}

/** Throws one message listing what is unknown and what exists. */
export function checkFaultNames(names: readonly string[]): asserts names is readonly FaultName[] {
  const unknown = names.filter((n) => !faultNamed(n));
  if (unknown.length) {
    throw new Error(
      `unknown fault${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; known faults: ` +
        `${ALL_FAULTS.map((f) => f.name)
          .sort()
          .join(', ')}`,
    );
  }
}
