// The frame (a write changes only what it names) and one record in every place, judged once for the exploration
// (model/frame.ts) and for recorded traffic (traffic/rules/frame-reads.ts): how two showings of a record differ, by
// rule. The drivers say which showings to compare and name them in the failure.
import type { Json } from '../http/json';
import {
  changeText,
  excusedBy,
  PARCEL_STATE_MEMBERS,
  pathChanges,
  pathDifferences,
  requestOnlyMembers,
  uncarriedPaths,
  type PathChange,
} from '../model/same-record';

/** How two showings of a record differ under one rule; none is a judgement that held. */
export interface Differences {
  rule: 'GEN-WRITE-NAMED-ONLY' | 'GEN-STATE-NAMED-ONLY' | 'GEN-ONE-RECORD' | 'GEN-ONE-RECORD-MEMBERS';
  differences: string[];
}

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

/**
 * The locker members a write may change, where the spec says: an update those its body sends (§4.3, "Body: update
 * request") and the status they may move; a status change the statuses and the carrier side that holds its activation
 * (§4.5 "Updates the status of an existing locker", its request and response shape not shown). Either may add
 * metadata entries of the service's own (what a service keeps there is not shown). Undefined: a write whose effect on
 * the locker record is not stated (a network add, a booking, a trigger) may change any member.
 */
export function lockerReach(operationId: string, sent?: unknown): string[] | undefined {
  if (operationId === 'updateLockerStatus') return ['carrier', 'provider.status', 'metadata'];
  if (operationId !== 'updateLocker' || !sent || typeof sent !== 'object' || Array.isArray(sent)) return undefined;
  return [...Object.keys(sent), 'carrier.status', 'metadata'];
}

/** The differences (`path: …` texts) no write reaching `reach` (lockerReach) explains. */
export function outsideReach(differences: readonly string[], reach: readonly (readonly string[])[]): string[] {
  const path = (difference: string) => difference.slice(0, difference.indexOf(':'));
  const within = (members: readonly string[], p: string) =>
    members.some((m) => p === m || p.startsWith(`${m}.`) || m.startsWith(`${p}.`));
  return differences.filter((d) => !reach.some((members) => within(members, path(d))));
}

/**
 * A record the last read showed, named by no write since, that a list read through shows no more. No sentence keeps a
 * record listed (§4.2 and §4.8 "Returns ... records"; §3 "Transitions: not shown"; a parcel expiry time, §4.12), so a
 * service may have dropped it by itself, as it manages a state: GEN-STATE-NAMED-ONLY's, a should. A booked parcel
 * missing is PCL-BOOKING-CREATES' besides.
 */
export function goneJudgement(what: string): Differences {
  return {
    rule: 'GEN-STATE-NAMED-ONLY',
    differences: [`${what}, listed by the read before, is not listed any more (dropped by no request of the run)`],
  };
}

/** A state change as the leak test knows it: the member and the value it moved to. */
export const moveKey = (c: PathChange): string => `${c.path}\0${JSON.stringify(c.there ?? null)}`;

/**
 * The frame's judgement of a record listed twice, named by no command between: what the client decided differs
 * under GEN-WRITE-NAMED-ONLY, the state the service manages under GEN-STATE-NAMED-ONLY; but a state change another
 * record the same step named made too (`moved`, as moveKey) is a write keyed by a shared value, the write rule's.
 */
export function frameJudgements(
  component: 'Locker' | 'Parcel',
  before: Json,
  after: Json,
  moved: ReadonlySet<string> = new Set(),
): Differences[] {
  const { decided, state } = frameChanges(component, before, after);
  const byStep = state.filter((c) => moved.has(moveKey(c)));
  return [
    {
      rule: 'GEN-WRITE-NAMED-ONLY',
      differences: [
        ...decided.map(changeText),
        ...byStep.map((c) => `${changeText(c)}, as a record that step named moved`),
      ],
    },
    { rule: 'GEN-STATE-NAMED-ONLY', differences: state.filter((c) => !moved.has(moveKey(c))).map(changeText) },
  ];
}

/**
 * GEN-ONE-RECORD's judgement and GEN-ONE-RECORD-MEMBERS': how a write's answer and the list read after it, named by no
 * other write between, show a locker otherwise. The values of the members both carry are GEN-ONE-RECORD's (a must); a
 * member one of them shows with a value that the other leaves out (null, absent and empty alike) is the should's, as §2
 * gives response records no Required column.
 */
export function oneRecordJudgements(answer: Json, listed: Json): Differences[] {
  const excused = excusedBy('GEN-ONE-RECORD-MEMBERS');
  return [
    {
      rule: 'GEN-ONE-RECORD',
      differences: pathDifferences('Locker', excusedBy('GEN-ONE-RECORD'), answer, listed, [], true),
    },
    {
      rule: 'GEN-ONE-RECORD-MEMBERS',
      differences: [
        ...uncarriedPaths('Locker', excused, answer, listed).map((d) => `${d} by the list`),
        ...uncarriedPaths('Locker', excused, listed, answer).map((d) =>
          d.replace(/, then left out$/, ' in the list, left out by the answer'),
        ),
      ],
    },
  ];
}
