import { isInteger, isSafeNumber, parse, stringify } from 'lossless-json';
// Answers of a target under test are arbitrary JSON; the checks validated their shape already, and
// suites read members the way the spec names them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

// int64 members (§2.5 lockerUid, §4.10 lockerUids, codAmount) may go beyond 2^53, where a double is
// not exact: they are written from their digits and read back as their digits, never through a double.

/** An int64 to send: a BigInt where a double would not hold it exactly, a number otherwise. */
export function int64(value: unknown): number | bigint {
  const digits = String(value);
  return /^-?\d+$/.test(digits) && !isSafeNumber(digits) ? BigInt(digits) : Number(digits);
}

/** JSON text of a request body, BigInts written as their digits. */
export function stringifyJson(body: unknown): string {
  return typeof body === 'object' && body !== null && hasBigInt(body) ? stringify(body)! : JSON.stringify(body);
}

export function hasBigInt(value: unknown): boolean {
  if (typeof value === 'bigint') return true;
  return typeof value === 'object' && value !== null && Object.values(value).some(hasBigInt);
}

/** The body read without loss: integers beyond 2^53 as BigInt; undefined when it is not JSON. */
export function parseExact(text: string): unknown {
  try {
    return parse(text, null, (n) => (isInteger(n) && !isSafeNumber(n) ? BigInt(n) : Number(n)));
  } catch {
    return undefined;
  }
}

/** A body with its BigInts as numbers (lossy), for what reads it as plain JSON: checks, reports. */
export function plainJson(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(plainJson);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainJson(v)]));
  return value;
}
