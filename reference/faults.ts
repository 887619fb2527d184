// Named faults: each breaks exactly one rule of spec/rules.yaml the way a real implementation would.
// Switched on at start (`--fault NAME`, or CIS_REFERENCE_FAULTS for the harness's embedded target);
// the self-test runs the tests that name the fault's rule against it and expects that rule to fail.
import type { Fault } from './fault';
import { EXPLORED_FAULTS } from './faults-explored';
import { X45_FAULTS } from './faults-x45';
import { FIDELITY_FAULTS } from './faults/fidelity';
import { GENERAL_FAULTS } from './faults/general';
import { LOCKER_FAULTS } from './faults/lockers';
import { ONE_PLACE_FAULTS } from './faults/one-place';
import { PARCEL_FAULTS } from './faults/parcels';
import { RECORDED_DAY_FAULTS } from './faults/recorded-day';
import { SEQUENCE_EDGE_FAULTS } from './faults/sequences-edges';
import { SPEC_ALONE_FAULTS } from './faults/spec-alone';
import { SPEC_SET_A_FAULTS } from './faults/spec-set-a';
import { SPEC_SET_B_FAULTS } from './faults/spec-set-b';
import { SPEC_SET_C_FAULTS } from './faults/spec-set-c';
import { SPEC_SET_D_FAULTS } from './faults/spec-set-d';
import { SPEC_SET_F_FAULTS } from './faults/spec-set-f';
import { SPEC_SET_E_FAULTS } from './faults/spec-set-e';
import { SPEC_SET_G_FAULTS } from './faults/spec-set-g';
import { SPEC_SET_H_FAULTS } from './faults/spec-set-h';
import { SPEC_SET_I_FAULTS } from './faults/spec-set-i';
import { SPEC_SET_J_FAULTS } from './faults/spec-set-j';
import { SPEC_SET_K_FAULTS } from './faults/spec-set-k';
import { SPEC_SET_L_FAULTS } from './faults/spec-set-l';
import { SPEC_SET_M_FAULTS } from './faults/spec-set-m';
import { SPEC_SET_N_FAULTS } from './faults/spec-set-n';
import { SPEC_SET_O_FAULTS } from './faults/spec-set-o';
import { SPEC_SET_P_FAULTS } from './faults/spec-set-p';
import { SPEC_SET_Q_FAULTS } from './faults/spec-set-q';
import { SPEC_SET_R_FAULTS } from './faults/spec-set-r';
import { SPEC_SET_S_FAULTS } from './faults/spec-set-s';
import { SPEC_SET_T_FAULTS } from './faults/spec-set-t';
import { SPEC_SET_U_FAULTS } from './faults/spec-set-u';
import { SPEC_SET_V_FAULTS } from './faults/spec-set-v';
import { SPEC_SET_W_FAULTS } from './faults/spec-set-w';
import { SPEC_SET_X_FAULTS } from './faults/spec-set-x';
import { SPEC_SET_Y_FAULTS } from './faults/spec-set-y';
import { SPEC_SET_Z_FAULTS } from './faults/spec-set-z';
import { SPEC_SET_AA_FAULTS } from './faults/spec-set-aa';
import { SPEC_SET_AB_FAULTS } from './faults/spec-set-ab';
import { SPEC_SET_AC_FAULTS } from './faults/spec-set-ac';
import { SPEC_SET_AD_FAULTS } from './faults/spec-set-ad';
import { WEBHOOK_FAULTS } from './faults/webhooks';
import { WIRE_FORM_FAULTS } from './faults/wire-forms';
import { X47_FAULTS } from './faults/x47';

export type { Fault } from './fault';

// In the order they were written: --list-faults and the self-test's batches read them in this order.
const DECLARED = [
  ...LOCKER_FAULTS,
  ...PARCEL_FAULTS,
  ...GENERAL_FAULTS,
  ...WEBHOOK_FAULTS,
  ...FIDELITY_FAULTS,
  ...RECORDED_DAY_FAULTS,
  ...ONE_PLACE_FAULTS,
  ...SEQUENCE_EDGE_FAULTS,
  ...WIRE_FORM_FAULTS,
  ...SPEC_ALONE_FAULTS,
  ...EXPLORED_FAULTS,
  ...X45_FAULTS,
  ...X47_FAULTS,
  // Two sets written from the spec alone, locker side and parcel side, each with conformant variations
  ...SPEC_SET_A_FAULTS,
  ...SPEC_SET_B_FAULTS,
  // A third, on the locker, group, network and provider side and across operations
  ...SPEC_SET_C_FAULTS,
  ...SPEC_SET_D_FAULTS,
  ...SPEC_SET_F_FAULTS,
  ...SPEC_SET_E_FAULTS,
  ...SPEC_SET_G_FAULTS,
  ...SPEC_SET_H_FAULTS,
  ...SPEC_SET_I_FAULTS,
  ...SPEC_SET_J_FAULTS,
  ...SPEC_SET_K_FAULTS,
  ...SPEC_SET_L_FAULTS,
  ...SPEC_SET_M_FAULTS,
  ...SPEC_SET_N_FAULTS,
  ...SPEC_SET_O_FAULTS,
  ...SPEC_SET_P_FAULTS,
  ...SPEC_SET_Q_FAULTS,
  ...SPEC_SET_R_FAULTS,
  ...SPEC_SET_S_FAULTS,
  ...SPEC_SET_T_FAULTS,
  ...SPEC_SET_U_FAULTS,
  ...SPEC_SET_V_FAULTS,
  ...SPEC_SET_W_FAULTS,
  ...SPEC_SET_X_FAULTS,
  ...SPEC_SET_Y_FAULTS,
  ...SPEC_SET_Z_FAULTS,
  ...SPEC_SET_AA_FAULTS,
  ...SPEC_SET_AB_FAULTS,
  ...SPEC_SET_AC_FAULTS,
  ...SPEC_SET_AD_FAULTS,
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
        `${ALL_FAULTS.map((f) => f.name).join(', ')}`,
    );
  }
}
