// Which identifier PATCH /parcels/{parcelId} takes (§4.9 does not say): the profile's, or the one the
// first cancellation the target accepted used. The one owner of that fact for the whole run: a worker
// that learns it writes it to the run's scratch directory, and every worker reads it there, so no
// request that cancels (a factory's clean-up, a generated request, a probe for an unknown id) guesses.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CancelPathId } from './profile';

const KINDS: readonly CancelPathId[] = ['carrierParcelId', 'shipmentUid'];

export class CancelPath {
  private readonly file: string;
  private learnt: CancelPathId | undefined;

  constructor(
    private readonly stated: CancelPathId | undefined,
    scratchDir: string,
  ) {
    this.file = join(scratchDir, 'cancel-path-id');
  }

  /** The kind the profile states or the run has learnt; undefined while neither is known. */
  known(): CancelPathId | undefined {
    if (this.stated) return this.stated;
    if (this.learnt) return this.learnt;
    try {
      const text = readFileSync(this.file, 'utf8').trim();
      if ((KINDS as string[]).includes(text)) this.learnt = text as CancelPathId;
    } catch {
      // not learnt yet by any worker
    }
    return this.learnt;
  }

  /** The kinds a cancellation tries, in order: the known one, or both. */
  candidates(): readonly CancelPathId[] {
    const known = this.known();
    return known ? [known] : KINDS;
  }

  /** Records the kind an accepted cancellation used; true when the run did not know it before. */
  learn(kind: CancelPathId): boolean {
    if (this.known()) return false;
    this.learnt = kind;
    try {
      // 'wx': the first worker to learn it writes it; another that learnt it at the same moment learnt the same.
      writeFileSync(this.file, kind, { flag: 'wx' });
    } catch {
      // already written
    }
    return true;
  }
}
