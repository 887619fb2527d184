// The frame (a write changes only what it names) and one record in every place: what the lists last showed of
// each record, when, and whether a command named it since; the read after a write's answer compares the two.
import type { Json } from '../http/json';
import type { ServiceModel, Seen } from './model';
import {
  changeText,
  excusedBy,
  PARCEL_STATE_MEMBERS,
  pathChanges,
  pathDifferences,
  requestOnlyMembers,
  type PathChange,
} from './same-record';
import type { World } from './world';
import type { Exchange } from '../http/exchange';
import { expectStatusPushed } from './pushes';

/** What the frame compares besides a record's schema: request-only members a target echoes. */
const ALSO: Record<string, string[]> = {
  Locker: requestOnlyMembers('Locker', ['LockerCreateRequest', 'LockerUpdateRequest']),
  // eventType names the request's event, not a value of the record: a record showing it may show its latest event.
  Parcel: requestOnlyMembers('Parcel', [
    'PublishFields',
    'PublishByLockerUidRequest',
    'PublishByCarrierLockerIdRequest',
  ]).filter((m) => m !== 'eventType'),
};

/**
 * The members §3 gives a record's state (a locker's carrier.status; a parcel's statuses, and what a change of state
 * moves: its events, access codes and signature). "Transitions: not shown": a service may move them by itself (an
 * activation date reached, an expiry, processing after the answer), so a record no write named that shows them moved
 * is GEN-STATE-NAMED-ONLY's (a should), unless the move is a write's own: another record the same step named moved the
 * same member to the same value (a write keyed by a shared value). The rest is GEN-WRITE-NAMED-ONLY's.
 */
const STATE: Record<'Locker' | 'Parcel', ReadonlySet<string>> = {
  Locker: new Set(['carrier.status']),
  Parcel: new Set([...PARCEL_STATE_MEMBERS].filter((m) => m !== 'carrierLockerId')),
};

/**
 * Members beyond a parcel record's schema a target shows under a request member's name: what they mean is not stated
 * (a lock state may be the locker's, a weight the one measured), so a move of one is GEN-STATE-NAMED-ONLY's.
 */
const BEYOND: Record<'Locker' | 'Parcel', ReadonlySet<string>> = { Locker: new Set(), Parcel: new Set(ALSO['Parcel']) };

const managed = (component: 'Locker' | 'Parcel', c: PathChange): boolean =>
  STATE[component].has(c.path) ||
  STATE[component].has(c.path.split('.')[0]!) ||
  BEYOND[component].has(c.path.split('.')[0]!) ||
  (c.here ?? null) === null;

/**
 * The frame's judgement, written once for the exploration and for recorded traffic: how a record listed twice,
 * named by no write between, differs; every member its schema names, and the request-only members a target echoes,
 * but those GEN-WRITE-NAMED-ONLY excuses. `state`: the changes of members the service manages (STATE), and of members
 * the earlier read showed without a value (a service may fill in what the client left out).
 */
export function frameChanges(
  component: 'Locker' | 'Parcel',
  before: Json,
  after: Json,
): { decided: PathChange[]; state: PathChange[] } {
  const changes = pathChanges(component, excusedBy('GEN-WRITE-NAMED-ONLY'), before, after, ALSO[component]);
  return {
    decided: changes.filter((c) => !managed(component, c)),
    state: changes.filter((c) => managed(component, c)),
  };
}

/** Every difference of two showings of a record the frame compares, decided and state alike. */
export function frameDifferences(component: 'Locker' | 'Parcel', before: Json, after: Json): string[] {
  return pathDifferences(component, excusedBy('GEN-WRITE-NAMED-ONLY'), before, after, ALSO[component]);
}

/** The rules the frame judges at every read of a record read before. */
export const FRAME_RULES = ['GEN-WRITE-NAMED-ONLY', 'GEN-STATE-NAMED-ONLY'] as const;

/** A state change as the leak test knows it: the member and the value it moved to. */
export const moveKey = (c: PathChange): string => `${c.path}\0${JSON.stringify(c.there ?? null)}`;

/**
 * GEN-ONE-RECORD's judgement: how a write's answer and the list read after it, named by no other write between,
 * show a locker otherwise; only the members both carry (§2 gives response records no required column).
 */
export function oneRecordDifferences(answer: Json, listed: Json): string[] {
  return pathDifferences('Locker', excusedBy('GEN-ONE-RECORD'), answer, listed, [], true);
}

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
): { rule: 'GEN-WRITE-NAMED-ONLY' | 'GEN-STATE-NAMED-ONLY'; problem: string }[] {
  if (record.listed === undefined || record.listedAt === undefined || !record.listedSettled) return [];
  if ((record.namedAt ?? -1) > record.listedAt) return [];
  const since = model.steps.slice(record.listedAt);
  const head = `${what}, named by no command since ${since.length ? since.join(' → ') : 'the last read'}`;
  const { decided, state } = frameChanges(component, record.listed, listed);
  return [
    ...decided.map((c) => ({ rule: 'GEN-WRITE-NAMED-ONLY' as const, problem: `${head}: ${changeText(c)}` })),
    ...state.map((c) =>
      moved.has(moveKey(c))
        ? {
            rule: 'GEN-WRITE-NAMED-ONLY' as const,
            problem: `${head}: ${changeText(c)}, as a record that step named moved`,
          }
        : { rule: 'GEN-STATE-NAMED-ONLY' as const, problem: `${head}: ${changeText(c)}` },
    ),
  ];
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
  const lag = world.lags.has(list) ? world.settleMs : 0;
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
