// Decides the common matchers without Playwright when they hold. Playwright makes every matcher call
// a test step with a captured, source-mapped stack and a message to the runner; a run makes thousands
// of judgements, nearly all of which hold, and that bookkeeping cost more than the requests
// (npm run bench). A judgement that does not hold, or a matcher this module does not know, goes to
// Playwright's own matcher, which words the failure as always.
//
// The checks here are never looser than Playwright's: `true` means Playwright's matcher would pass too;
// anything else (false or undefined) means "ask Playwright".

function isPlain(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Structural equality of JSON-like values, stricter than toEqual (undefined members count, classes are not
 * compared). */
export function strictlyEqual(a: unknown, b: unknown): boolean | undefined {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (!(i in a) || !(i in b)) return undefined;
      const same = strictlyEqual(a[i], b[i]);
      if (same !== true) return same;
    }
    return true;
  }
  if (isPlain(a) && isPlain(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (const key of keys) {
      if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
      const same = strictlyEqual(a[key], b[key]);
      if (same !== true) return same;
    }
    return true;
  }
  if (typeof a !== 'object' && typeof b !== 'object' && typeof a !== 'function' && typeof b !== 'function')
    return false;
  return undefined;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value);

type Quick = (actual: unknown, args: unknown[]) => boolean | undefined;

/** Matchers whose outcome is exactly the boolean returned: negation is exact too. */
const EXACT: Record<string, Quick> = {
  toBe: (actual, [expected]) => Object.is(actual, expected),
  toBeDefined: (actual) => actual !== undefined,
  toBeUndefined: (actual) => actual === undefined,
  toBeNull: (actual) => actual === null,
  toBeTruthy: (actual) => !!actual,
  toBeFalsy: (actual) => !actual,
  toContain: (actual, [item]) => {
    if (typeof actual === 'string' && typeof item === 'string') return actual.includes(item);
    if (!Array.isArray(actual) || (item !== null && typeof item === 'object')) return undefined;
    // Decided only where strict and same-value equality agree (NaN and -0 are left to Playwright).
    const strict = actual.some((x) => x === item);
    return strict === actual.some((x) => Object.is(x, item)) ? strict : undefined;
    return undefined;
  },
  toMatch: (actual, [pattern]) => {
    if (typeof actual !== 'string') return undefined;
    if (pattern instanceof RegExp)
      return new RegExp(pattern.source, pattern.flags.replace('g', '').replace('y', '')).test(actual);
    return typeof pattern === 'string' ? actual.includes(pattern) : undefined;
  },
  toBeGreaterThan: (actual, [n]) => (isNumber(actual) && isNumber(n) ? actual > n : undefined),
  toBeGreaterThanOrEqual: (actual, [n]) => (isNumber(actual) && isNumber(n) ? actual >= n : undefined),
  toBeLessThan: (actual, [n]) => (isNumber(actual) && isNumber(n) ? actual < n : undefined),
  toBeLessThanOrEqual: (actual, [n]) => (isNumber(actual) && isNumber(n) ? actual <= n : undefined),
  toHaveLength: (actual, [n]) =>
    (typeof actual === 'string' || Array.isArray(actual)) && typeof n === 'number' ? actual.length === n : undefined,
  toHaveProperty: (actual, args) => {
    const [key] = args;
    if (args.length !== 1 || typeof key !== 'string' || key.includes('.') || key.includes('[') || !isPlain(actual))
      return undefined;
    return key in actual;
  },
};

/** Matchers only decided when they hold; a negated call goes to Playwright. */
const POSITIVE_ONLY: Record<string, Quick> = {
  toEqual: (actual, [expected]) => strictlyEqual(actual, expected),
  toStrictEqual: (actual, [expected]) => strictlyEqual(actual, expected),
};

/** True when the matcher surely holds; undefined when Playwright has to decide. */
export function holdsQuickly(matcher: string, actual: unknown, args: unknown[], negated: boolean): true | undefined {
  const exact = EXACT[matcher];
  if (exact) {
    const outcome = exact(actual, args);
    if (outcome === undefined) return undefined;
    return outcome !== negated ? true : undefined;
  }
  const positive = POSITIVE_ONLY[matcher];
  if (positive && !negated) return positive(actual, args) === true ? true : undefined;
  return undefined;
}
