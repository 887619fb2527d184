// Which validation errors a fault lets through, where the fault is a constraint not enforced (Fault.relax).
import type { ErrorObject } from 'ajv';

export const requiredMember = (member: string) => (e: ErrorObject) =>
  e.keyword === 'required' && e.params['missingProperty'] === member;
export const at = (pointer: string) => (e: ErrorObject) =>
  e.instancePath === pointer || e.instancePath.startsWith(`${pointer}/`);
