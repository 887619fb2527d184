// The rules' one judgement functions (harness/judgements/) on records, answers and pushes, each with a given/want
// table: what a driver observed, and whether the judgement it records holds (true), fails (false) or is none.
import { expect, test } from '@playwright/test';
import type { Exchange } from '../../../harness/http/exchange';
import type { Json } from '../../../harness/http/json';
import type { Judgement } from '../../../harness/judgements/judgement';
import {
  answeredJudgement,
  replacedJudgement,
  updateListedJudgement,
  updateShownJudgement,
} from '../../../harness/judgements/answered';
import { bookingListedJudgement, publishNotFailedJudgement } from '../../../harness/judgements/bookings';
import { causedPushJudgement, lockerCreatedPush } from '../../../harness/judgements/caused-pushes';
import { cancelShownJudgement, deliveredCancelJudgement } from '../../../harness/judgements/cancels';
import { createdAsSentJudgement, freshUidJudgement } from '../../../harness/judgements/created';
import { eventHistoryJudgement } from '../../../harness/judgements/event-history';
import { frameJudgements, oneRecordJudgements } from '../../../harness/judgements/frame';
import { groupsKeptJudgement } from '../../../harness/judgements/locker-groups';
import { lockerPushJudgement } from '../../../harness/judgements/locker-push';
import { noEffectJudgement } from '../../../harness/judgements/no-effect';
import { parcelPushStateJudgement } from '../../../harness/judgements/parcel-push';
import { refusalJudgements } from '../../../harness/judgements/refusals';
import { statusChangeAcceptedJudgements, statusShownJudgement } from '../../../harness/judgements/status-change';

const answer = (operationId: string, status: number, body: unknown = {}, sent?: unknown): Exchange => ({
  operationId,
  method: 'POST',
  url: 'u',
  request: { headers: {}, ...(sent === undefined ? {} : { body: sent }) },
  status,
  headers: { 'content-type': 'application/json' },
  text: JSON.stringify(body),
  body,
});

const locker: Json = {
  uid: '7',
  carrier: { lockerName: 'N', lockerId: 'L', activationDate: '2026-01-15T08:00:00Z', status: 'ACTIVE' },
  provider: { name: 'P', lockerModel: 'M', lockerVersion: '1' },
  location: {
    street: 's',
    streetNumber: '1',
    postalCode: '1',
    city: 'c',
    lon: 13.4123,
    lat: 52.5234,
    countryCode: 'DE',
  },
};
const at = (lon: unknown, lat: unknown): Json => ({ ...locker, location: { ...locker['location'], lon, lat } });
const parcel = (status: string, events: number): Json => ({ shipmentStatus: status, events: Array(events).fill({}) });

/** held: the one judgement holds; false: it fails; undefined: none is made. `rule`: the rule it must be made under. */
const cases: { given: string; judged: () => Judgement | Judgement[] | undefined; rule?: string; held?: boolean }[] = [
  {
    given: 'a create answered 201 with a record',
    judged: () => answeredJudgement(answer('createLocker', 201, locker)),
    rule: 'LCK-CREATE-201',
    held: true,
  },
  { given: 'a create answered 200', judged: () => answeredJudgement(answer('createLocker', 200, locker)), held: false },
  {
    given: 'a list showing the locker as the update answered',
    judged: () =>
      updateListedJudgement(locker, { ...locker, carrier: { ...(locker['carrier'] as Json), status: 'X' } }, 7),
    rule: 'LCK-UPDATE-200',
    held: true,
  },
  {
    given: 'a list showing a metadata value otherwise than the update answered',
    judged: () =>
      updateListedJudgement(
        { ...locker, metadata: [{ key: 'k', value: null }] },
        {
          ...locker,
          metadata: [{ key: 'k', value: '' }],
        },
        7,
      ),
    held: false,
  },
  {
    given: 'a list showing other openingHours than the update answered (who sets them is not shown)',
    judged: () => updateListedJudgement({ ...locker, openingHours: { accessMode: 'ALWAYS' } }, locker, 7),
    held: true,
  },
  {
    given: 'a list showing the coordinates at a lower precision than the update answered',
    judged: () => updateListedJudgement(locker, at(13.41, 52.52), 7),
    held: true,
  },
  {
    given: 'a list showing the coordinates swapped',
    judged: () => updateListedJudgement(locker, at(52.5234, 13.4123), 7),
    held: false,
  },
  {
    given: 'an update answer with the change',
    judged: () => updateShownJudgement({ carrier: { lockerName: 'N' } }, locker, 'w'),
    rule: 'LCK-UPDATE-200',
    held: true,
  },
  {
    given: "an update answer with the change, the path's locker's record",
    judged: () => updateShownJudgement({ carrier: { lockerName: 'N' } }, locker, 'w', String(locker['uid'])),
    held: true,
  },
  {
    given: "an update answer with the change, another locker's record (a body's uid taken over the path's)",
    judged: () => updateShownJudgement({ carrier: { lockerName: 'N' } }, locker, 'w', `${String(locker['uid'])}9`),
    rule: 'LCK-UPDATE-200',
    held: false,
  },
  {
    given: 'coordinates at a lower precision',
    judged: () => createdAsSentJudgement(locker, at(13.41, 52.52), 'w'),
    rule: 'LCK-CREATE-ECHO',
    held: true,
  },
  {
    given: 'coordinates swapped',
    judged: () => createdAsSentJudgement(locker, at(52.5234, 13.4123), 'w'),
    held: false,
  },
  {
    given: 'a longitude past 90 answered as another number',
    judged: () => createdAsSentJudgement(at(120.5, 52.5234), at(52.5234, 52.5234), 'w'),
    held: false,
  },
  { given: 'a uid answered twice', judged: () => freshUidJudgement('7', 'an earlier create'), held: false },
  { given: 'a fresh uid', judged: () => freshUidJudgement('7', undefined), held: true },
  {
    given: 'groups in another order',
    judged: () =>
      groupsKeptJudgement(
        '7',
        [
          { key: 'a', uid: '1' },
          { key: 'b', uid: '2' },
        ],
        [
          { key: 'b', uid: '2' },
          { key: 'a', uid: '1' },
        ],
      ),
    rule: 'LCK-UPDATE-GROUPS-KEPT',
    held: true,
  },
  { given: 'a group dropped', judged: () => groupsKeptJudgement('7', [{ key: 'a', uid: '1' }], []), held: false },
  {
    given: 'a refused request with repeated group keys',
    judged: () =>
      refusalJudgements(
        answer(
          'createLocker',
          400,
          {},
          {
            ...locker,
            lockerGroups: [
              { key: 'a', uid: '1' },
              { key: 'a', uid: '2' },
            ],
          },
        ),
      ),
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    held: true,
  },
  {
    given: 'an accepted request with repeated group keys',
    judged: () =>
      refusalJudgements(
        answer('createLocker', 201, locker, {
          ...locker,
          lockerGroups: [
            { key: 'a', uid: '1' },
            { key: 'a', uid: '2' },
          ],
        }),
      ),
    held: false,
  },
  {
    given: 'a delivered parcel cancelled',
    judged: () => deliveredCancelJudgement(answer('cancelParcel', 200), 'p'),
    rule: 'CAN-DELIVERED-REFUSED',
    held: false,
  },
  {
    given: 'a cancel, the parcel still booked',
    judged: () => cancelShownJudgement('p', 'BOOKED', 'BOOKED'),
    rule: 'CAN-NOT-DELIVERED',
    held: false,
  },
  {
    given: 'a cancel, the parcel no longer listed',
    judged: () => cancelShownJudgement('p', 'BOOKED', undefined),
    held: true,
  },
  {
    given: 'events grown, earlier kept in any order',
    judged: () => eventHistoryJudgement('e', [{ a: 1 }, { b: 2 }], [{ b: 2 }, { a: 1 }, { c: 3 }]),
    rule: 'TRG-EVENT-HISTORY',
    held: true,
  },
  {
    given: 'events grown, an earlier one dropped',
    judged: () => eventHistoryJudgement('e', [{ a: 1 }], [{ b: 2 }, { c: 3 }]),
    held: false,
  },
  {
    given: 'a refused request left the record as it was, members reordered',
    judged: () => noEffectJudgement('r', { a: 1, b: [1, 2] }, { b: [2, 1], a: 1 }),
    rule: 'GEN-REJECTED-NO-EFFECT',
    held: true,
  },
  { given: 'a refused request booked a parcel', judged: () => noEffectJudgement('r', [], ['P1']), held: false },
  {
    given: 'a refused request left the activation as it was, read back at another offset',
    judged: () =>
      noEffectJudgement(
        'r',
        { carrier: { activationDate: '2026-01-15T08:00:00Z' } },
        { carrier: { activationDate: '2026-01-15T09:00:00+01:00' } },
      ),
    held: true,
  },
  {
    given: 'a refused request moved the activation by a second',
    judged: () =>
      noEffectJudgement(
        'r',
        { carrier: { activationDate: '2026-01-15T08:00:00Z' } },
        { carrier: { activationDate: '2026-01-15T08:00:01Z' } },
      ),
    held: false,
  },
  {
    given: 'a LockerUpdates with no eventTimestamp',
    judged: () => lockerPushJudgement({ ...locker }, [], 'd'),
    rule: 'WH-LOCKER-BODY',
    held: false,
  },
  {
    given: 'a LockerUpdates as a form the locker had',
    judged: () => lockerPushJudgement({ ...locker, eventTimestamp: 't' }, [locker], 'd'),
    held: true,
  },
  {
    given: 'a LockerUpdates without a member the list shows',
    judged: () => lockerPushJudgement({ uid: '7', eventTimestamp: 't' }, [locker], 'd'),
    held: false,
  },
  {
    given: 'a push with fewer events than the list after',
    judged: () => parcelPushStateJudgement(parcel('CANCELLED', 1), [parcel('CANCELLED', 2)], 'p'),
    rule: 'WH-PARCEL-CONSISTENT',
    held: true,
  },
  {
    given: 'a push with a status no list showed',
    judged: () => parcelPushStateJudgement(parcel('BOOKED', 1), [parcel('CANCELLED', 2)], 'p'),
    held: false,
  },
  {
    given: 'a push of any cause with as many events as no read showed: a form between two reads',
    judged: () => parcelPushStateJudgement(parcel('BOOKED', 1), [parcel('COLLECTED', 2)], 'p', true),
    held: true,
  },
  {
    given: 'a push of any cause with a status no read showed at its number of events',
    judged: () => parcelPushStateJudgement(parcel('BOOKED', 2), [parcel('COLLECTED', 2)], 'p', true),
    held: false,
  },
  {
    given: 'a booking listed in another locker',
    judged: () => bookingListedJudgement('P1', '7', undefined, [{ lockerUid: '8' }]),
    rule: 'PCL-BOOKING-CREATES',
    held: false,
  },
  {
    given: 'a valid PRE_CHECK answered 500',
    judged: () => publishNotFailedJudgement(answer('publishParcel', 500, {}, { eventType: 'PRE_CHECK' }), 'p'),
    rule: 'PCL-PUBLISH-RESPONSE',
    held: false,
  },
  {
    given: 'a status change answered 409',
    judged: () => statusChangeAcceptedJudgements(answer('updateLockerStatus', 409), 's'),
    rule: 'LCK-STATUS-TAKEN',
    held: false,
  },
  {
    given: 'a status shown on the side that did not show it',
    judged: () =>
      statusShownJudgement('l', 'INACTIVE', [{ carrier: 'INACTIVE', provider: 'ACTIVE' }], {
        carrier: 'ACTIVE',
        provider: 'ACTIVE',
      }),
    rule: 'LCK-STATUS-CHANGE',
    held: true,
  },
  {
    given: 'a status shown only on a side that showed it before',
    judged: () =>
      statusShownJudgement('l', 'ACTIVE', [{ carrier: 'INACTIVE', provider: 'ACTIVE' }], {
        carrier: 'INACTIVE',
        provider: 'ACTIVE',
      }),
    held: false,
  },
  {
    given: 'a created locker pushed with another lockerId',
    judged: () => causedPushJudgement(lockerCreatedPush('7', 0), true, '', ['carrier.lockerId L, got K']),
    rule: 'WH-LOCKER-ON-CREATE',
    held: false,
  },
  {
    given: 'no push within the wait',
    judged: () => causedPushJudgement(lockerCreatedPush('7', 0), false, 'within 5 s'),
    held: false,
  },
];

for (const { given, judged, rule, held } of cases)
  test(`${given}: ${held === undefined ? 'no judgement' : held ? 'holds' : 'fails'}`, () => {
    const made = judged();
    const first = Array.isArray(made) ? made[0] : made;
    if (held === undefined) return expect(first).toBeUndefined();
    if (rule) expect(first?.rule).toBe(rule);
    expect(first?.failure === undefined, first?.failure).toBe(held);
  });

test('the frame: a member the client decides is the write rule, a status the service manages the state rule', () => {
  const moved = { ...locker, carrier: { ...locker['carrier'], lockerName: 'Other', status: 'INACTIVE' } };
  const [write, state] = frameJudgements('Locker', locker, moved);
  expect(write).toMatchObject({ rule: 'GEN-WRITE-NAMED-ONLY' });
  expect(write!.differences.join()).toContain('lockerName');
  expect(state).toMatchObject({ rule: 'GEN-STATE-NAMED-ONLY' });
  expect(state!.differences.join()).toContain('status');
});

test('an array an update sent replaces the one before: entries of before not sent again are kept in part', () => {
  const a = { key: 'a', value: '1' };
  const b = { key: 'b', value: '2' };
  const x = { key: 'x', value: '9' };
  const added = { key: 'audit', value: 'service' };
  const cases: [given: string, before: unknown[], sent: unknown[], after: unknown[], fails: boolean][] = [
    ['replaced', [a, b], [x], [x], false],
    ['the tail of before kept', [a, b], [x], [x, b], true],
    ['an entry sent again', [a, b], [a], [a], false],
    ['an entry the service adds of its own', [a], [x], [x, added], false],
    ['cleared', [a, b], [], [], false],
    ['not cleared', [a, b], [], [a, b], true],
    ['in another order', [a, b], [b, x], [x, b], false],
  ];
  for (const [given, before, sent, after, fails] of cases) {
    const judged = replacedJudgement({ metadata: sent }, { metadata: before }, { metadata: after }, 'the answer');
    expect(judged.rule, given).toBe('LCK-UPDATE-ARRAYS-REPLACED');
    expect(judged.failure !== undefined, given).toBe(fails);
  }
  // Members the update did not send, and lockerGroups (no member of the record), are others' to judge.
  expect(replacedJudgement({}, { metadata: [a] }, { metadata: [a, b] }, 'x').failure).toBeUndefined();
  expect(replacedJudgement({ lockerGroups: [] }, { lockerGroups: [a] }, { lockerGroups: [a] }, 'x').failure).toBe(
    undefined,
  );
});

test('entries sent are matched to the record the most specific first; a row id the record adds is no change', () => {
  // {key: null} matches any entry with no key: matched first, it would take the entry {value: "x"} was sent as.
  const sent = { metadata: [{ key: null }, { value: 'x' }] };
  const sortedByKey = { metadata: [{ value: 'x' }, { key: null }] };
  expect(createdAsSentJudgement(sent, sortedByKey, 'the 201 record').failure).toBeUndefined();
  const row = { id: 7, key: 'a', value: '1' };
  const again = replacedJudgement(
    { metadata: [{ key: 'a', value: '1' }] },
    { metadata: [row] },
    { metadata: [row] },
    'x',
  );
  expect(again.failure).toBeUndefined();
});

test("one instant in two places is one record, 't' and 'z' in lower case too (RFC 3339 section 5.6)", () => {
  const answer = { uid: '1', carrier: { activationDate: '2026-06-30t12:00:00.6z' } };
  const listed = { uid: '1', carrier: { activationDate: '2026-06-30T14:00:00.000000+02:00' } };
  // Finer than a second, each place's precision is its own (§8): a cut in one, a rounding in the other.
  const rounded = { uid: '1', carrier: { activationDate: '2026-06-30T12:00:01Z' } };
  const other = { uid: '1', carrier: { activationDate: '2026-06-30T12:00:02Z' } };
  const [same] = oneRecordJudgements(answer, listed);
  expect(same!.rule).toBe('GEN-ONE-RECORD');
  expect(same!.differences).toEqual([]);
  expect(oneRecordJudgements(answer, rounded)[0]!.differences).toEqual([]);
  expect(oneRecordJudgements(answer, other)[0]!.differences).toHaveLength(1);
});
