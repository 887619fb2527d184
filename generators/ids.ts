// Near misses of an id a client names (a path uid, a parcel id, a lockerUid or carrierLockerId in a body):
// ids that differ from it only as far as a lenient lookup overlooks (a case-insensitive collation, a trim,
// a prefix or LIKE match, a word match, a numeric parse, one that overflows, a Unicode normalization, a compatibility
// folding). Each is another id: a service finds no record by it, refuses it, or finds another record; never the
// record the exact id names.

export interface IdNearMiss {
  /** What the variant is, for messages. */
  what: string;
  value: string;
  /** Whether the variant may name another record of the service (a prefix of one id is another id). */
  mayNameAnother: boolean;
  /**
   * A form a service may reasonably take as the same id: another Unicode normalization (canonically
   * equivalent text), a leading zero (a uid read as the int64 §2.5 makes it), an accent added or taken away (an
   * accent-insensitive collation). Reported, never failed.
   */
  equivalent?: true;
  /** Whitespace around the id: a path variable trimmed is an ordinary normalization (§4.3, §4.9 say not otherwise). */
  trimmed?: true;
}

const swapCase = (id: string) =>
  [...id].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** The id in full-width forms (U+FF01-U+FF5E for ASCII): not equivalent to it, but NFKC folds it back to it. */
const fullWidth = (id: string) =>
  [...id].map((c) => (c >= '!' && c <= '~' ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join('');

/** The id with an acute accent on its first Latin letter (NFC where a precomposed letter exists: C to Ć). */
const marked = (id: string) => id.replace(/[A-Za-z]/, (c) => `${c}\u0301`).normalize('NFC');

/** The id with every combining mark removed (Müller to Muller): what an accent-insensitive collation compares. */
const unmarked = (id: string) => id.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

/** Every near miss of `id` that differs from it, deterministically. */
export function idNearMissesOf(id: string): IdNearMiss[] {
  const numeric = /^\d+$/.test(id) ? { equivalent: true as const } : {};
  const misses: IdNearMiss[] = [
    { what: 'with a letter appended', value: `${id}x`, mayNameAnother: false },
    // A word beside it: a lookup that matches words (a full-text match, a tokenised search) takes it for the id.
    { what: 'with a word appended', value: `${id} x`, mayNameAnother: false },
    { what: 'with surrounding whitespace', value: ` ${id} `, mayNameAnother: false, trimmed: true },
    { what: 'with a trailing space', value: `${id} `, mayNameAnother: false, trimmed: true },
    { what: 'in another letter case', value: swapCase(id), mayNameAnother: false },
    { what: 'in Unicode normalization form NFD', value: id.normalize('NFD'), mayNameAnother: false, equivalent: true },
    { what: 'in Unicode normalization form NFC', value: id.normalize('NFC'), mayNameAnother: false, equivalent: true },
    // Accents are letters of the id (another text in any normal form), but no sentence says how ids compare, and an
    // accent-insensitive collation is a database's default: a lookup taking these for the id is reported.
    { what: 'with an accent added to a letter', value: marked(id), mayNameAnother: false, equivalent: true },
    { what: 'with its accents taken away', value: unmarked(id), mayNameAnother: false, equivalent: true },
    // Compatibility forms are other text (only canonical equivalence is the same text): a lookup in NFKC takes them.
    { what: 'in full-width characters (NFKC folds them to the id)', value: fullWidth(id), mayNameAnother: false },
    // Read as a number, a numeric id is the same with leading zeros; a text id (a carrierLockerId, a uid of letters)
    // with them is another id, as a lookup that strips zeros takes it.
    { what: 'with a leading zero', value: `0${id}`, mayNameAnother: false, ...numeric },
    { what: 'with leading zeros', value: `00${id}`, mayNameAnother: false, ...numeric },
    { what: 'cut by its last character (a prefix)', value: id.slice(0, -1), mayNameAnother: true },
    // Past any integer column (§4.3: a uid is a string): a numeric parse of it overflows.
    { what: 'with twenty digits appended (past int64)', value: `${id}${'9'.repeat(20)}`, mayNameAnother: false },
    // A number's notation (a numeric parse reads "100001." as 100001) or a path normalised of trailing dots (a
    // suffix match, a file system's rule) takes it: a reading a service may have, reported.
    { what: 'with a trailing dot', value: `${id}.`, mayNameAnother: false, equivalent: true },
  ];
  const seen = new Set([id]);
  return misses.filter((m) => m.value !== '' && !seen.has(m.value) && !!seen.add(m.value));
}

/**
 * The near misses of `id` a path must not take for it: not another form of it (a normalization, a numeric id's leading
 * zero), not whitespace a path variable may be trimmed of, not a prefix that may name another record.
 */
export const distinctNearMissesOf = (id: string): IdNearMiss[] =>
  idNearMissesOf(id).filter((m) => !m.equivalent && !m.mayNameAnother && !m.trimmed);
