// Which identifiers PATCH /parcels/{parcelId} takes (§4.9 does not say): the set of forms — by
// carrierParcelId, by shipmentUid — the target takes. The profile's pathId pins one form; without it,
// each form is learnt from a booked parcel's cancellation by it: answered 2xx, the form is taken;
// answered 404 or 400 while a cancellation by the other form is taken, it is not. The one owner of
// those facts for the whole run: a worker that learns one writes it to the run's scratch directory
// (a file per form), and every worker reads it there, so no request that cancels (a factory's
// clean-up, a generated request, a probe for an unknown id) guesses, and every rule about cancelling
// is judged through each form the target takes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CancelPathId } from './profile';

export const CANCEL_FORMS: readonly CancelPathId[] = ['carrierParcelId', 'shipmentUid'];

/** An id of letters, digits and hyphens only: what no route reads as anything but the id. */
const PLAIN_ID = /^[A-Za-z0-9-]+$/;

/** The form's name as a place of cancelParcel (spec/catalogue.ts FORMS): `by carrierParcelId`. */
export const formName = (kind: CancelPathId): string => `by ${kind}`;

/** What the run knows of one form: whether the target takes it, and how that is known. */
export interface FormFact {
  takes: boolean;
  why: string;
}

const isFact = (value: unknown): value is FormFact =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as FormFact).takes === 'boolean' &&
  typeof (value as FormFact).why === 'string';

export class CancelPath {
  private readonly dir: string;
  private readonly learnt = new Map<CancelPathId, FormFact>();

  constructor(
    private readonly stated: CancelPathId | undefined,
    scratchDir: string,
  ) {
    this.dir = scratchDir;
  }

  /** The fact of the form: the profile's, or learnt by this run (any worker); undefined while unknown. */
  fact(kind: CancelPathId): FormFact | undefined {
    if (this.stated) {
      return kind === this.stated
        ? { takes: true, why: 'the profile names it (cancel.pathId)' }
        : { takes: false, why: `the profile names one cancel id (cancel.pathId ${this.stated})` };
    }
    const known = this.learnt.get(kind);
    if (known) return known;
    try {
      const read: unknown = JSON.parse(readFileSync(this.file(kind), 'utf8'));
      if (isFact(read)) this.learnt.set(kind, read);
    } catch {
      // not learnt yet by any worker
    }
    return this.learnt.get(kind);
  }

  /** The forms the target is known to take, the profile's (or carrierParcelId) first. */
  taken(): CancelPathId[] {
    return CANCEL_FORMS.filter((kind) => this.fact(kind)?.takes);
  }

  /** The forms not known to be taken, each with why: not taken, or not known. */
  untaken(): { kind: CancelPathId; why: string }[] {
    return CANCEL_FORMS.filter((kind) => !this.fact(kind)?.takes).map((kind) => ({
      kind,
      why: this.fact(kind)?.why ?? `the run could not learn whether PATCH /parcels/{parcelId} takes the ${kind}`,
    }));
  }

  /** The forms an ordinary cancellation tries, in order: the first one taken, or every form not known to be refused. */
  candidates(): readonly CancelPathId[] {
    const [first] = this.taken();
    return first ? [first] : CANCEL_FORMS.filter((kind) => this.fact(kind)?.takes !== false);
  }

  /**
   * Learns from cancellations by the forms tried: answered 2xx, a form is taken. Answered 404 or 400
   * (no such parcel, or an id of another shape), it is not — where the tries show the parcels could be
   * cancelled: another form among them was accepted, or (`fresh`: parcels booked just now for this)
   * a form is known to be taken — and the id sent was plain (`id`, letters, digits and hyphens): one refused for
   * another character it holds (a dot) says that of the id, not of the form, and is judged once the form is learnt
   * from another. Any other answer says nothing. Returns the forms newly learnt taken.
   */
  learnFrom(tried: { kind: CancelPathId; status: number; id?: string }[], fresh = false): CancelPathId[] {
    const ok = (status: number) => status >= 200 && status < 300;
    const accepted = tried.find((t) => ok(t.status));
    const newly = tried
      .filter(
        (t) =>
          ok(t.status) &&
          this.learn(t.kind, true, `a booked parcel's cancellation by its ${t.kind} was answered ${t.status}`),
      )
      .map((t) => t.kind);
    const other = accepted
      ? `by its ${accepted.kind}: ${accepted.status}`
      : `the cancel path takes the ${this.taken()[0]}`;
    for (const t of tried) {
      if (
        (t.status === 404 || t.status === 400) &&
        (t.id === undefined || PLAIN_ID.test(t.id)) &&
        (accepted || (fresh && this.taken().length))
      )
        this.learn(
          t.kind,
          false,
          `a booked parcel's cancellation by its ${t.kind} was answered ${t.status} (${other})`,
        );
    }
    return newly;
  }

  /** Records what a cancellation showed of the form; true when the run did not know it before. */
  learn(kind: CancelPathId, takes: boolean, why: string): boolean {
    if (this.fact(kind)) return false;
    const fact = { takes, why };
    this.learnt.set(kind, fact);
    try {
      // 'wx': the first worker to learn it writes it; another that learnt it at the same moment learnt the same.
      writeFileSync(this.file(kind), JSON.stringify(fact), { flag: 'wx' });
    } catch {
      // already written
    }
    return true;
  }

  private file(kind: CancelPathId): string {
    return join(this.dir, `cancel-form-${kind}`);
  }
}
