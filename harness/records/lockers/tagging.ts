// What the run creates carries its tag: lockers cannot be deleted, so a target's lockers from this
// run (and from earlier ones) stay recognisable by carrier.lockerId and metadata.
export const RUN_TAG_KEY = 'carrier-conformance-run';

/** A locker a run of this harness made, by the tag its metadata was sent with (this run's or an earlier one's). */
export const madeByARun = (locker: { metadata?: unknown }): boolean =>
  Array.isArray(locker.metadata) && locker.metadata.some((m) => (m as { key?: unknown } | null)?.key === RUN_TAG_KEY);

let counter = 0;

export class Tagger {
  constructor(
    readonly runId: string,
    private readonly worker: number,
  ) {}

  /**
   * A value no other call of this run returns: letters, digits and hyphens only. `mixedCase`: a letter of either case
   * before the count (a, B, c, D in turn), so two such ids differ first in a letter's case: a lookup that sorts or
   * compares them under a collation other than their code points (§2.1 types ids as strings) orders them otherwise.
   */
  next(prefix: string, mixedCase = false): string {
    counter += 1;
    return `${prefix}-${this.runId}-w${this.worker}-${mixedCase ? 'aBcD'[counter % 4] : ''}${counter}`;
  }
}

/**
 * Tags name the carrier that made the thing: what the second carrier's key creates carries a '2' after
 * the prefix (CC2-, CCP2-), so a webhook delivery can be told to concern one carrier or the other.
 */
export type CarrierSide = 'primary' | 'secondary';

export function tagPrefix(prefix: string, side: CarrierSide | string): string {
  return side === 'secondary' ? `${prefix}2` : prefix;
}

/** The carrier whose key made a tagged identifier, or nothing for identifiers the run did not make. */
export function sideOfTag(value: unknown): CarrierSide | undefined {
  if (typeof value !== 'string') return undefined;
  if (/^CCP?2-/.test(value)) return 'secondary';
  if (/^CCP?-/.test(value)) return 'primary';
  return undefined;
}
