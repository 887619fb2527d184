// How long a recording's lists lagged the writes before them, learnt from what it shows: a read of a record begun
// after a write to it was answered is a chance to see a lag, and one still showing the record as before the write is a
// lag seen (its distance from the answer). The one place `judge` learns the list lag: every module that waits for a
// list to show a write asks here.
export type ListKind = 'Locker' | 'Parcel';

export class ListLag {
  private readonly lag: Record<ListKind, { chances: number; longest: number }> = {
    Locker: { chances: 0, longest: 0 },
    Parcel: { chances: 0, longest: 0 },
  };

  /** A read of `kind` begun `afterMs` after a write's answer: whether it showed the write. */
  chance(kind: ListKind, afterMs: number, showed: boolean): void {
    this.lag[kind].chances += 1;
    if (!showed) this.lag[kind].longest = Math.max(this.lag[kind].longest, afterMs);
  }

  /** No read of `kind` had a chance, and the other list lagged: nothing tells this one's lag. */
  unknown(kind: ListKind): boolean {
    return this.lag[kind].chances === 0 && this.lag[kind === 'Parcel' ? 'Locker' : 'Parcel'].longest > 0;
  }

  /** How long after a write a list may still show the record as before it: unbounded where no read had a chance. */
  window(kind: ListKind): number {
    const { chances, longest } = this.lag[kind];
    return chances === 0 ? Infinity : 2 * longest + 100;
  }
}
