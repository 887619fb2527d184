// The frame (a write changes only what it names) and one record in every place: what the lists last showed of
// each record, when, and whether a command named it since; the read after a write's answer compares the two.
import type { Json } from '../http/json';
import type { ServiceModel, Seen } from './model';
import { excusedBy, pathDifferences, requestOnlyMembers } from './same-record';
import type { World } from './world';

/** What the frame compares besides a record's schema: request-only members a target echoes. */
const ALSO: Record<string, string[]> = {
  Locker: requestOnlyMembers('Locker', ['LockerCreateRequest', 'LockerUpdateRequest']),
  Parcel: [],
};

/**
 * GEN-WRITE-NAMED-ONLY's judgement, written once for the exploration and for recorded traffic: how a record listed
 * twice, named by no write between, differs; every member its schema names, and the request-only members a target
 * echoes, but those the rule excuses.
 */
export function frameDifferences(component: 'Locker' | 'Parcel', before: Json, after: Json): string[] {
  return pathDifferences(component, excusedBy('GEN-WRITE-NAMED-ONLY'), before, after, ALSO[component]);
}

/**
 * GEN-ONE-RECORD's judgement: how a write's answer and the list read after it, named by no other write between,
 * show a locker otherwise; only the members both carry (§2 gives response records no required column).
 */
export function oneRecordDifferences(answer: Json, listed: Json): string[] {
  return pathDifferences('Locker', excusedBy('GEN-ONE-RECORD'), answer, listed, [], true);
}

/**
 * What the frame finds of one record the list shows (GEN-WRITE-NAMED-ONLY): unless a command named it since the
 * last read, it is listed as that read showed it, every member its schema names but those excused.
 */
export function frameFindings(
  model: ServiceModel,
  component: 'Locker' | 'Parcel',
  record: Seen,
  listed: Json,
  what: string,
): string[] {
  if (record.listed === undefined || record.listedAt === undefined || !record.listedSettled) return [];
  if ((record.namedAt ?? -1) > record.listedAt) return [];
  const since = model.steps.slice(record.listedAt);
  return frameDifferences(component, record.listed, listed).map(
    (d) => `${what}, named by no command since ${since.length ? since.join(' → ') : 'the last read'}: ${d}`,
  );
}

/** The write answer a record was last shown in, when that step named it once and the list has not been compared. */
export function answerToCompare(record: Seen): Seen['answer'] {
  const answer = record.answer;
  return answer && answer.at === record.namedAt && record.namedTimes === 1 ? answer : undefined;
}

/** What a list read showed of each record, for the next read's frame; a write answer compared is done with. */
export function seenIn<T extends Seen>(
  model: ServiceModel,
  world: World,
  list: string,
  readStarted: number,
  records: T[],
  listedOf: (record: T) => Json | undefined,
): void {
  // A list that never lagged a write in this run shows each write at once; one that did may show a record as it was
  // before a write until the settle time has passed.
  const lag = world.lags.has(list) ? world.settleMs : 0;
  for (const record of records) {
    const listed = listedOf(record);
    if (!listed) continue;
    // A version as often as it changes, not once per read: every delivery is held against each of them.
    if (JSON.stringify(record.listed) !== JSON.stringify(listed)) (record.versions ??= []).push(listed);
    record.listed = listed;
    record.listedAt = model.steps.length;
    record.listedSettled = readStarted - (record.namedTime ?? -Infinity) >= lag;
    record.answer = undefined;
  }
}
