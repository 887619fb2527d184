// The exploration's own pieces: text compared as Unicode text, int64s written and read from their
// digits, the unicode arbitrary, and the count of distinct states.
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { unicodeText } from '../../../generators';
import { int64, parseExact, stringifyJson } from '../../../harness/http/json';
import { asSent } from '../../../harness/model/as-sent';
import { stateOf } from '../../../harness/model/commands/command';
import { statusShown } from '../../../harness/model/invariants';
import { withStatus } from '../../../harness/model/commands/change-status';
import { OnLocker } from '../../../harness/model/commands/on-locker';
import { Again } from '../../../harness/model/commands/again';
import { restoreOf } from '../../../harness/model/commands/and-back';
import { emptyModel, lockersOf, pick, type ModelLocker } from '../../../harness/model/model';
import type { World } from '../../../harness/model/world';

test('a record in another normalization form is as sent (an observed choice); a letter folded to ASCII is not', () => {
  const sent = { carrier: { lockerName: 'Ærøskøbing é' } };
  expect(asSent(sent, { carrier: { lockerName: 'Ærøskøbing é' } })).toEqual({ differences: [], otherForm: false });
  expect(asSent(sent, { carrier: { lockerName: 'Ærøskøbing e\u0301' } })).toEqual({ differences: [], otherForm: true });
  expect(asSent(sent, { carrier: { lockerName: 'Aeroskobing e' } }).differences).toHaveLength(1);
});

test('a text sent with rare characters shown without them is as sent (observed); one cut at one is not', () => {
  const sent = { carrier: { lockerName: 'Kiosk\u0000Nord\u2028Ost' } };
  expect(asSent(sent, { carrier: { lockerName: 'KioskNordOst' } })).toEqual({ differences: [], otherForm: true });
  expect(asSent(sent, { carrier: { lockerName: 'Kiosk Nord Ost' } })).toEqual({ differences: [], otherForm: true });
  expect(asSent(sent, { carrier: { lockerName: 'Kiosk' } }).differences).toHaveLength(1);
});

test('an empty text shown as none is as sent (not stated to come back empty); shown as another text is not', () => {
  const sent = { location: { type: '' } };
  expect(asSent(sent, { location: { type: '' } }).differences).toEqual([]);
  expect(asSent(sent, { location: { type: null } }).differences).toEqual([]);
  expect(asSent(sent, { location: {} }).differences).toEqual([]);
  expect(asSent(sent, { location: { type: 'outdoor' } }).differences).toHaveLength(1);
  // An entry of empty texts takes the record's exact one, not the entry of nulls sent beside it.
  const entries = {
    metadata: [
      { key: null, value: null },
      { key: '', value: '' },
    ],
  };
  expect(
    asSent(entries, {
      metadata: [
        { key: null, value: null },
        { key: '', value: '' },
      ],
    }).differences,
  ).toEqual([]);
  expect(
    asSent(entries, {
      metadata: [
        { key: '', value: '' },
        { key: null, value: null },
      ],
    }).differences,
  ).toEqual([]);
});

test('int64s beyond 2^53 go out and come back as their digits', () => {
  const uid = '9007199254740993';
  expect(stringifyJson({ lockerUids: [int64(uid), int64('42')] })).toBe(`{"lockerUids":[${uid},42]}`);
  const back = parseExact(`[{"lockerUid":${uid},"providerName":"P"}]`) as { lockerUid: unknown }[];
  expect(String(back[0]!.lockerUid)).toBe(uid);
  expect(parseExact('not json')).toBeUndefined();
});

test('unicodeText: never blank, never padded, and beyond ASCII', () => {
  fc.assert(fc.property(unicodeText, (text) => text.trim() === text && text.length > 1));
  const samples = fc.sample(unicodeText, { numRuns: 200, seed: 1 });
  expect(samples.some((t) => [...t].some((c) => c.codePointAt(0)! > 0x7f))).toBe(true);
  expect(samples.some((t) => [...t].some((c) => c.codePointAt(0)! > 0xffff))).toBe(true);
});

test("a carrier's state is its lockers' statuses and its parcels' states, in any order", () => {
  const model = emptyModel();
  const parcel = (state: 'booked' | 'delivered', everDelivered: boolean) => ({
    carrier: 'A' as const,
    carrierParcelId: 'p',
    lockerUid: '1',
    path: 'uid' as const,
    sent: {},
    state,
    everDelivered,
  });
  model.parcels.push(parcel('delivered', true), parcel('booked', true), parcel('booked', false));
  expect(stateOf(model, 'A')).toBe('A lockers[] parcels[booked,booked*,delivered]');
  expect(stateOf(model, 'B')).toBe('B lockers[] parcels[]');
});

test('just after a status change, the status shows in a member that did not show it before', () => {
  const locker = { status: 'ACTIVE', statusFrom: ['INACTIVE', 'ACTIVE'] } as ModelLocker;
  const listed = (carrier: string, provider: string) => ({
    carrier: { status: carrier },
    provider: { status: provider },
  });
  // The provider side showed ACTIVE all along: a read that still shows the carrier side INACTIVE has not shown it.
  expect(statusShown(locker, listed('INACTIVE', 'ACTIVE'))).toBe(false);
  expect(statusShown(locker, listed('ACTIVE', 'ACTIVE'))).toBe(true);
  // Once shown (or where the form before is not known), any member showing it will do.
  expect(statusShown({ ...locker, statusFrom: undefined } as ModelLocker, listed('INACTIVE', 'ACTIVE'))).toBe(true);
});

/** A model, and an inner command that records the uid of the locker it was made for. */
function lockerNamer() {
  const model = emptyModel();
  const made: string[] = [];
  const named = (which: number) => ({
    check: () => true,
    run: async () => void made.push(pick(lockersOf(model, 'A'), which)!.uid),
    toString: () => `update(A, #${which})`,
  });
  return { model, made, named };
}

test("a command on the oldest locker names the carrier's first of an id its own, however many it holds since", () => {
  const { model, made, named } = lockerNamer();
  const command = new OnLocker('A', 'oldest', named);
  expect(command.check(model)).toBe(false);
  const locker = (carrier: string, uid: string, lockerId: string) =>
    ({ carrier, uid, record: {}, sent: {}, lockerIds: [lockerId] }) as unknown as ModelLocker;
  model.lockers.push(locker('A', 'first', 'L1'), locker('A', 'second', 'L2'), locker('A', 'third', 'L3'));
  model.lockers.push(locker('B', 'other', 'L1'));
  expect(command.check(model)).toBe(true);
  void command.run(model, {} as World);
  expect(made).toEqual(['first']);
  expect(String(command)).toBe('update(A, #oldest)');
  // Its carrier.lockerId taken by a newer one of the carrier's (a by-tenant booking would not tell them apart): the
  // oldest of an id its own.
  model.lockers.push(locker('A', 'fourth', 'L1'));
  void command.run(model, {} as World);
  expect(made).toEqual(['first', 'second']);
});

test('a command on a kind of locker names the nth of that kind, wrapping round, and none where there is none', () => {
  const { model, made, named } = lockerNamer();
  const locker = (uid: string, lockerIds: string[], inNetwork: boolean) =>
    ({ carrier: 'A', uid, record: {}, sent: {}, lockerIds, inNetwork }) as unknown as ModelLocker;
  const second = new OnLocker('A', 'networked', named, 1);
  expect(second.check(model)).toBe(false);
  model.lockers.push(locker('1', ['L1'], true), locker('2', ['L2', 'L2b'], false), locker('3', ['L3'], true));
  void second.run(model, {} as World);
  void new OnLocker('A', 'networked', named, 2).run(model, {} as World);
  void new OnLocker('A', 'renamed', named).run(model, {} as World);
  expect(made).toEqual(['3', '1', '2']);
  expect(new OnLocker('A', 'scheduled', named).check(model)).toBe(false);
  expect(String(second)).toBe('update(A, #networked(2))');
});

test('a command sent again runs twice, the second time where its precondition still holds', async () => {
  const runs: number[] = [];
  const once = (limit: number) => ({
    check: () => runs.length < limit,
    run: async () => void runs.push(runs.length),
    toString: () => 'cancel(A, parcel #0)',
  });
  await new Again(once(2)).run(emptyModel(), {} as World);
  expect(runs).toEqual([0, 1]);
  runs.length = 0;
  await new Again(once(1)).run(emptyModel(), {} as World);
  expect(runs).toEqual([0]);
  expect(String(new Again(once(1)))).toBe('again(cancel(A, parcel #0))');
});

test('a status change makes the last form with the status in each member the locker holds, the rest as it was', () => {
  const form = { uid: '7', carrier: { lockerName: 'Nord', status: 'INACTIVE' }, provider: { status: 'ACTIVE' } };
  expect(withStatus(form, 'ACTIVE')).toEqual([
    { uid: '7', carrier: { lockerName: 'Nord', status: 'ACTIVE' }, provider: { status: 'ACTIVE' } },
    { uid: '7', carrier: { lockerName: 'Nord', status: 'INACTIVE' }, provider: { status: 'ACTIVE' } },
  ]);
  expect(withStatus({ uid: '7', carrier: { lockerName: 'Nord' }, provider: null }, 'ACTIVE')).toEqual([
    { uid: '7', carrier: { lockerName: 'Nord', status: 'ACTIVE' }, provider: null },
  ]);
});

test('an update given back sends what the first changed of what the locker held, but nulls and the unchanged', () => {
  const before = {
    carrier: { lockerName: 'A', lockerId: 'L1' },
    location: { street: 'X' },
    features: null,
    lockerGroups: [{ key: 'region', uid: 'G-1' }],
  };
  const table: { after: Record<string, unknown>; want: Record<string, unknown> | undefined }[] = [
    { after: { ...before, carrier: { lockerName: 'B', lockerId: 'L2' } }, want: { carrier: before.carrier } },
    { after: { ...before, lockerGroups: [] }, want: { lockerGroups: before.lockerGroups } },
    { after: { ...before, features: { hasScreen: true } }, want: undefined },
    { after: { ...before, metadata: [] }, want: undefined },
    { after: before, want: undefined },
  ];
  for (const { after, want } of table) expect(restoreOf(before, after)).toEqual(want);
});
