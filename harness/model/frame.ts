// The frame (a write changes only what it names) and one record in every place: what the lists last showed of
// each record, when, and whether a command named it since; the read after a write's answer compares the two.
import type { Json } from '../http/json';
import type { ServiceModel, Seen } from './model';
import { frameChanges, frameJudgements, goneJudgement, moveKey } from '../judgements/frame';
import { REFUSED_KEPT } from '../judgements/no-effect';
import type { World } from './world';
import type { Exchange } from '../http/exchange';
import { expectStatusPushed } from './pushes';
import { hasLagged } from '../records/lists/list-lag';

/** The rules the frame judges at every read of a record read before. */
const FRAME_RULES = ['GEN-WRITE-NAMED-ONLY', 'GEN-STATE-NAMED-ONLY'] as const;

/** Whether a refused request named the record since its last read. */
export const refusedSinceRead = (record: Seen): boolean =>
  record.listedAt !== undefined && (record.refusedAt ?? -1) > record.listedAt;

/**
 * The steps since the last read showed the record, where the frame holds it to that read: the read began a settle time
 * after the last command that named it, and no command named it since. Undefined where it does not.
 */
function unnamedSince(model: ServiceModel, record: Seen): string | undefined {
  if (record.listed === undefined || record.listedAt === undefined || !record.listedSettled) return undefined;
  if ((record.namedAt ?? -1) > record.listedAt) return undefined;
  const since = model.steps.slice(record.listedAt);
  return since.length ? since.join(' → ') : 'the last read';
}

/** The rules the frame judges at a read of `record`: a refused request's too, where one named it since the last. */
export const frameRulesOf = (record: Seen): string[] =>
  refusedSinceRead(record) ? [...FRAME_RULES, REFUSED_KEPT] : [...FRAME_RULES];

/**
 * What the frame finds of one record the list shows: unless a command named it since the last read, it is listed as
 * that read showed it (GEN-WRITE-NAMED-ONLY), its state too unless the service moved it by itself
 * (GEN-STATE-NAMED-ONLY); `moved`: the state changes (moveKey) of the records the same step named, a write's own.
 */
export function frameFindings(
  model: ServiceModel,
  component: 'Locker' | 'Parcel',
  record: Seen,
  listed: Json,
  what: string,
  moved: ReadonlySet<string>,
): { rule: string; problem: string }[] {
  const since = unnamedSince(model, record);
  if (since === undefined || record.listed === undefined) return [];
  const refused = refusedSinceRead(record);
  const head = `${what}, named by no command${refused ? ' but one the service refused' : ''} since ${since}`;
  return frameJudgements(component, record.listed, listed, moved).flatMap(({ rule, differences }) =>
    // The model's refusals are of valid requests (a held id, a taken lockerId): the service's state stays its own.
    differences.map((d) => ({
      rule: refused && rule === 'GEN-WRITE-NAMED-ONLY' ? REFUSED_KEPT : rule,
      problem: `${head}: ${d}`,
    })),
  );
}

/**
 * What the frame finds of a record a list read through does not show (goneJudgement): nothing unless the last read
 * showed it, a settle time after the last command that named it, and no command named it since.
 */
export function goneFindings(model: ServiceModel, record: Seen, what: string): { rule: string; problem: string }[] {
  const since = unnamedSince(model, record);
  if (since === undefined) return [];
  const { rule, differences } = goneJudgement(what);
  return differences.map((d) => ({ rule, problem: `${d}, named by no command since ${since}` }));
}

/** A record a refused request named: the next read holds it to what it was (frameFindings). */
export function namedByRefused(model: Readonly<ServiceModel>, record: Seen): void {
  record.refusedAt = model.steps.length;
}

/** The state changes of the records a step named since their last read, as moveKey: a write's own moves. */
export function namedMoves<T extends Seen>(
  component: 'Locker' | 'Parcel',
  records: readonly T[],
  listedOf: (record: T) => Json | undefined,
): Set<string> {
  const moves = new Set<string>();
  for (const record of records) {
    const listed = listedOf(record);
    if (!listed || record.listed === undefined || record.listedAt === undefined) continue;
    if ((record.namedAt ?? -1) <= record.listedAt) continue;
    for (const c of frameChanges(component, record.listed, listed).state) moves.add(moveKey(c));
  }
  return moves;
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
  read: Exchange,
): void {
  const component = list === 'GET /lockers' ? 'Locker' : 'Parcel';
  // A list that never lagged a write in this run shows each write at once; one that did may show a record as it was
  // before a write until the settle time has passed.
  const lag = hasLagged(list) ? world.settleMs : 0;
  for (const record of records) {
    const listed = listedOf(record);
    if (!listed) continue;
    // A version as often as it changes, not once per read: every delivery is held against each of them.
    if (JSON.stringify(record.listed) !== JSON.stringify(listed)) {
      (record.versions ??= []).push(listed);
      if (record.listed) expectStatusPushed(world, component, record.listed, listed, read, model);
    }
    record.listed = listed;
    record.listedAt = model.steps.length;
    record.listedSettled = readStarted - (record.namedTime ?? -Infinity) >= lag;
    record.answer = undefined;
  }
}
