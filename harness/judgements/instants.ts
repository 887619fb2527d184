// A date-time as the instant it names, and at the precision it is written in: how a record shows the activationDate
// sent (§2.1: "activationDate (string, date-time)"; §8 states no precision). RFC 3339's whole grammar is read: 't' and
// 'z' in either case (its section 5.6 note), a fraction of any length, a leap second (23:59:60), which a clock that has
// none shows as the second before or after it: taken as the last instant of the second before.

// A time with a zone: an offset, or Z; a date-time written without one is no instant.
const RFC3339 = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})$/i;

export interface Instant {
  /** Milliseconds since the epoch, a fraction of one kept; a leap second as the end of 23:59:59. */
  ms: number;
  /**
   * The whole seconds since the epoch and the fraction of a second written, apart: a double of milliseconds since the
   * epoch holds no finer than about a quarter of a microsecond today, so two instants nanoseconds apart compare equal
   * in `ms` (.999 and .999000072 alike).
   */
  seconds: number;
  fraction: number;
  /** The last unit written, in ms: 1000 for whole seconds, 100 for one fraction digit, 60000 with no seconds. */
  unit: number;
}

/** The instant a date-time names, or undefined for any other text. */
export function instantOf(text: unknown): Instant | undefined {
  if (typeof text !== 'string') return undefined;
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [, day, hours, minutes, seconds, fraction, zone] = m;
  const leap = seconds === '60';
  const zoneText =
    zone!.toUpperCase() === 'Z' ? 'Z' : zone!.includes(':') ? zone : `${zone!.slice(0, 3)}:${zone!.slice(3)}`;
  const whole = Date.parse(`${day}T${hours}:${minutes}:${leap ? '59' : (seconds ?? '00')}${zoneText}`);
  if (Number.isNaN(whole)) return undefined;
  const digits = fraction?.length ?? 0;
  const part = leap ? 0.999999 : fraction ? Number(`0.${fraction}`) : 0;
  return {
    ms: whole + part * 1000,
    seconds: whole / 1000,
    fraction: part,
    unit: seconds === undefined ? 60_000 : 1000 / 10 ** digits,
  };
}

/** How far apart two instants are, in ms, to the nanosecond: whole seconds and fractions subtracted apart. */
const apart = (a: Instant, b: Instant) => Math.abs((a.seconds - b.seconds) * 1000 + (a.fraction - b.fraction) * 1000);

/** Closer than one `unit`: a value cut or rounded to it, either way; at one unit or more, another value. */
const within = (a: Instant, b: Instant, unit: number) => apart(a, b) < unit * (1 - 1e-9);

/**
 * Whether `shown` names the instant `sent` at the precision it is written in: closer than one of its last units (cut
 * or rounded). A shown instant finer than the one sent must name it exactly, to its own last unit.
 */
export function showsInstant(sent: unknown, shown: unknown): boolean {
  const [a, b] = [instantOf(sent), instantOf(shown)];
  return a !== undefined && b !== undefined && within(a, b, b.unit);
}

/**
 * Whether two date-times name one instant to the second (or to the coarser unit either writes): what the record must
 * show, in every place, of the instant sent. Finer than a second, how a service keeps and writes an instant is its
 * own (§8 states no precision: a column of whole seconds written with .000, a grid of 1/300 s, a cut in one place and
 * a rounding in another), so `showsInstant`, a should, judges there.
 */
export function oneInstant(a: unknown, b: unknown): boolean {
  const [x, y] = [instantOf(a), instantOf(b)];
  return x !== undefined && y !== undefined && Math.abs(x.ms - y.ms) <= Math.max(x.unit, y.unit, 1000) * (1 + 1e-9);
}

/**
 * A date-time written in UTC, its fraction to the last digit that counts: one text for one instant, whatever the
 * offset it was written at. Any other value as it is.
 */
export function inUtc<T>(value: T): T | string {
  const instant = instantOf(value);
  if (!instant) return value;
  const fraction = instant.fraction ? String(instant.fraction).slice(1) : '';
  return `${new Date(instant.seconds * 1000).toISOString().slice(0, 19)}${fraction}Z`;
}
