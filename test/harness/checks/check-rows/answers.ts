// The answers the checks' given/want rows are made of (checks.test.ts): an exchange as the client records
// it, and a locker, a parcel and an error body that pass.
import type { CHECKS } from '../../../../harness/checks';
import { operation } from '../../../../spec/operations';
import type { Exchange } from '../../../../harness/http/exchange';

export function exchange(
  operationId: string,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): Exchange {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return {
    operationId,
    method: operation(operationId).method,
    url: 'http://target.invalid/v1/x',
    request: { headers: {} },
    status,
    headers: { 'content-type': 'application/json', ...headers },
    text,
    body: parsed,
  };
}

export const locker = {
  uid: '1',
  carrier: { lockerName: 'A', lockerId: 'L', activationDate: '2025-01-01T00:00:00Z', status: 'ACTIVE' },
  provider: { name: 'P', lockerModel: 'M', lockerVersion: '1' },
  openingHours: { accessMode: 'ALWAYS' },
};
export const parcel = {
  shipmentUid: 'S',
  carrierParcelId: 'P',
  shipmentStatus: 'BOOKED',
  events: [],
  accessCodes: null,
};
export const error = { errorCode: 'E', message: 'm' };

/** A row: its name, the check, the answer given, the rule it fails (none: passes), the pointer it names. */
export type Row = [string, keyof typeof CHECKS, Exchange, string | undefined, string?];
