// What the run creates carries its tag: lockers cannot be deleted, so a target's lockers from this
// run (and from earlier ones) stay recognisable by carrier.lockerId and metadata.
export const RUN_TAG_KEY = 'carrier-conformance-run';

let counter = 0;

export class Tagger {
  constructor(
    readonly runId: string,
    private readonly worker: number,
  ) {}

  /** A value no other call of this run returns. */
  next(prefix: string): string {
    counter += 1;
    return `${prefix}-${this.runId}-w${this.worker}-${counter}`;
  }
}
