// judge on what a carrier's later answers show of its locker writes: a network
// record's lockerName, a status change its record and its push show, groups kept by an update, an update
// shown in the next list. Each given a recording, want a verdict.
import { expect, test } from '@playwright/test';
import { create, entry, KEY, record } from '../../support/traffic-entries';
import { created, delivered, locker, verdict } from '../../support/traffic-records';

/** A LockerUpdates push about locker 100 showing `status`, delivered to the carrier's hook. */
const push = (status: string) =>
  delivered(locker('100', 'north', KEY, { carrier: { ...record.carrier, lockerId: 'north', status } }));

test(
  'NET-RECORD-LOCKER-NAME: a network record names the locker by the carrier.lockerName it was last shown with, ' +
    'not by a list that may lag its rename',
  async () => {
    const named = (name: string) =>
      locker('100', 'north', KEY, { carrier: { ...record.carrier, lockerId: 'north', lockerName: name } });
    const rename = () =>
      entry('PATCH', '/lockers/100', 200, named('Quai 3'), {
        body: { carrier: { ...create.carrier, lockerId: 'north', lockerName: 'Quai 3' } },
      });
    const add = (name: string) =>
      entry(
        'POST',
        '/networks/1001/lockers',
        200,
        [{ lockerUid: 100, providerName: 'P1', lockerName: name, providerLockerStatus: 'ACTIVE' }],
        { body: { lockerUids: [100] } },
      );
    const base = () => [created('100', 'north'), rename()];
    expect(await verdict('NET-RECORD-LOCKER-NAME', [...base(), add('Quai 3')])).toMatchObject({ verdict: 'passed' });
    const stale = await verdict('NET-RECORD-LOCKER-NAME', [...base(), add('North')]);
    expect(stale.verdict).toBe('failed');
    expect(stale.failure).toContain('"Quai 3"');
    // A list begun within the settle time of the rename still shows the old name: the rename's answer stands.
    expect(
      (
        await verdict(
          'NET-RECORD-LOCKER-NAME',
          [...base(), entry('GET', '/lockers', 200, [named('North')]), add('Quai 3')],
          { settleMs: 5000 },
        )
      ).verdict,
    ).toBe('passed');
  },
);

test(
  "LCK-STATUS-CHANGE and WH-LOCKER-ON-STATUS: a status change the body tells (a locker's uid, a status in its " +
    "records' words) shows in the record after the settle time, and is pushed",
  async () => {
    const shown = (status: string) =>
      entry('GET', '/lockers', 200, [
        locker('100', 'north', KEY, { carrier: { ...record.carrier, lockerId: 'north', status } }),
      ]);
    const change = (status: string, body?: Record<string, unknown>) =>
      entry('PATCH', '/lockers/status', 200, {}, { body: body ?? { uid: '100', status } });
    // INACTIVE is a word of the records: another locker shows it.
    const words = entry('GET', '/lockers', 200, [
      locker('900', 'x', KEY, { ownedByCarrier: null, carrier: { ...record.carrier, status: 'INACTIVE' } }),
    ]);
    const day = [created('100', 'north'), words, change('INACTIVE'), shown('INACTIVE'), shown('INACTIVE')];
    expect(await verdict('LCK-STATUS-CHANGE', day)).toMatchObject({ verdict: 'passed' });
    const notApplied = await verdict('LCK-STATUS-CHANGE', [
      created('100', 'north'),
      words,
      change('INACTIVE'),
      shown('ACTIVE'),
      shown('ACTIVE'),
    ]);
    expect(notApplied.verdict).toBe('failed');
    expect(notApplied.failure).toContain(
      "locker 100's record, in answers begun the list settle time after, to show status INACTIVE",
    );
    // Shown only sooner than the settle time after: the list may lag.
    expect(
      (
        await verdict('LCK-STATUS-CHANGE', [created('100', 'north'), words, change('INACTIVE'), shown('ACTIVE')], {
          settleMs: 5000,
        })
      ).verdict,
    ).toBe('not observable');
    // A body that tells no status in the records' words (a boolean, a word no record showed) is not read.
    expect(
      (
        await verdict('LCK-STATUS-CHANGE', [
          created('100', 'north'),
          change('', { uid: '100', active: false }),
          shown('INACTIVE'),
          shown('INACTIVE'),
        ])
      ).verdict,
    ).toBe('not observable');
    expect(
      (
        await verdict('LCK-STATUS-CHANGE', [
          created('100', 'north'),
          change('DISABLED'),
          shown('ACTIVE'),
          shown('ACTIVE'),
        ])
      ).verdict,
    ).toBe('not observable');
    // Its push: one after it carrying the status, among deliveries recorded past the webhook wait.
    const later = entry('POST', '/parcels/data', 400, { errorCode: 'X', message: 'x' }, { body: {} });
    const created100 = push('ACTIVE');
    // A push is due once a showing confirmed the change.
    const traffic = [created('100', 'north'), words, change('INACTIVE'), shown('INACTIVE'), later, later];
    expect(
      (
        await verdict('WH-LOCKER-ON-STATUS', traffic, {
          deliveries: [created100, push('INACTIVE'), push('INACTIVE'), push('INACTIVE')],
        })
      ).verdict,
    ).toBe('passed');
    const none = await verdict(
      'WH-LOCKER-ON-STATUS',
      [created('100', 'north'), words, change('INACTIVE'), shown('INACTIVE')],
      { deliveries: [created100, push('ACTIVE'), push('ACTIVE'), push('ACTIVE')] },
    );
    expect(none.verdict).toBe('failed');
    expect(none.failure).toContain('carrying the changed status INACTIVE');
  },
);

test(
  'LCK-UPDATE-GROUPS-KEPT, where the service shows lockerGroups: an update that sent none is answered with the ' +
    'groups the locker was shown with',
  async () => {
    const groups = [
      { key: 'region', uid: 'BRU' },
      { key: 'size', uid: 'L' },
    ];
    const made = () =>
      entry('POST', '/lockers', 201, locker('100', 'north', KEY, { lockerGroups: groups }), {
        body: { ...create, lockerGroups: groups },
      });
    const update = (answered: unknown, body: Record<string, unknown> = { metadata: [] }) =>
      entry(
        'PATCH',
        '/lockers/100',
        200,
        locker('100', 'north', KEY, answered === undefined ? {} : { lockerGroups: answered }),
        { body },
      );
    // Groups are a set: the answer may list them in another order.
    expect(await verdict('LCK-UPDATE-GROUPS-KEPT', [made(), update([...groups].reverse())])).toMatchObject({
      verdict: 'passed',
    });
    const cleared = await verdict('LCK-UPDATE-GROUPS-KEPT', [made(), update([])]);
    expect(cleared.verdict).toBe('failed');
    expect(cleared.failure).toContain('got []');
    // An update that sent groups changes them by right; a service that shows no groups shows nothing.
    expect((await verdict('LCK-UPDATE-GROUPS-KEPT', [made(), update([], { lockerGroups: [] })])).verdict).toBe(
      'not observable',
    );
    expect((await verdict('LCK-UPDATE-GROUPS-KEPT', [created('100', 'north'), update(undefined)])).verdict).toBe(
      'not observable',
    );
    // An update that set groups, begun while the one that sent none was being answered: the service may have
    // applied it first, so the answer's groups may be its own, and the update that sent none is left unjudged.
    const regrouped = [{ key: 'region', uid: 'ANR' }];
    const shown = made();
    const slow = update(regrouped);
    const beside = update(regrouped, { lockerGroups: regrouped });
    Object.assign(slow, { time: 400 });
    Object.assign(beside, { startedDateTime: new Date(Date.parse(String(slow.startedDateTime)) + 100).toISOString() });
    expect((await verdict('LCK-UPDATE-GROUPS-KEPT', [shown, slow, beside])).verdict).toBe('not observable');
    // The same two, the second begun after the first was answered: the first is judged, and failed.
    // What a network add does to groups is not shown: an update after one is held to groups shown since, or to none.
    const added = () => entry('POST', '/networks/1001/lockers', 200, [], { body: { lockerUids: [100] } });
    expect((await verdict('LCK-UPDATE-GROUPS-KEPT', [made(), added(), update([])])).verdict).toBe('not observable');
    const sequential = [made(), update(regrouped), update(regrouped, { lockerGroups: regrouped })];
    expect((await verdict('LCK-UPDATE-GROUPS-KEPT', sequential)).verdict).toBe('failed');
  },
);

test(
  'status requests none of which could be read as a ' + 'change say why, counted, instead of the general reason',
  async () => {
    const change = (body: Record<string, unknown>) => entry('PATCH', '/lockers/status', 200, {}, { body });
    const rule = await verdict('LCK-STATUS-CHANGE', [
      created('100', 'north'),
      change({ uid: '100', active: false }),
      change({ lockerRef: 'nope', status: 'INACTIVE' }),
    ]);
    expect(rule.verdict).toBe('not observable');
    expect(rule.reasons.join(' ')).toContain(
      '1 of them: its body named no status in the words the records used (ACTIVE)',
    );
    expect(rule.reasons.join(' ')).toContain(
      "1 of them: its body named no locker the key's answers showed (no member equal to one uid)",
    );
  },
);

test(
  'LCK-UPDATE-200 from the list: an accepted update shows in the next list of the locker begun the settle time ' +
    'after it',
  async () => {
    const renamed = { ...record.carrier, lockerId: 'north', lockerName: 'Quai 3' };
    const update = (name = 'Quai 3') =>
      entry('PATCH', '/lockers/100', 200, locker('100', 'north', KEY, { carrier: { ...renamed, lockerName: name } }), {
        body: { carrier: { ...create.carrier, lockerId: 'north', lockerName: name } },
      });
    const listed = (name: string) =>
      entry('GET', '/lockers', 200, [locker('100', 'north', KEY, { carrier: { ...renamed, lockerName: name } })]);
    const rule = async (entries: unknown[], settleMs = 500) =>
      (await verdict('LCK-UPDATE-200', entries, { settleMs })).failure;
    expect(await rule([created('100', 'north'), update(), listed('Quai 3'), listed('Quai 3')])).toBeUndefined();
    expect(await rule([created('100', 'north'), update(), listed('North'), listed('North')])).toMatch(
      /: locker 100 in a list begun [\d.]+ s after its update was answered 200 with the change: carrier\.lockerName/,
    );
    // Only a list begun within the settle time shows it as before: it may lag.
    expect(await rule([created('100', 'north'), update(), listed('North')], 1500)).toBeUndefined();
    // Unless the recording shows its lists lag less (one read right after the create showed it) and the list shows a
    // form the locker never had, which no lag explains: a second after the update is past the lag its lists showed.
    const createdShown = entry('GET', '/lockers', 200, [locker('100', 'north', KEY)]);
    expect(await rule([created('100', 'north'), createdShown, update(), listed('Quai 4')], 1500)).toMatch(
      /locker 100 in a list begun [\d.]+ s after its update was answered 200/,
    );
    // Two updates in flight together (the first answered after the second began): the service may apply them
    // in either order, so a list showing the first one's name judges neither; one after the other, the last wins.
    const made = created('100', 'north');
    const first = { ...update('Quai 3'), time: 1500 };
    expect(await rule([made, first, update('Quai 4'), listed('Quai 3')])).toBeUndefined();
    expect(await rule([created('100', 'north'), update('Quai 3'), update('Quai 4'), listed('Quai 3')])).toContain(
      'with the change: carrier.lockerName',
    );
  },
);

test(
  'WH-LOCKER-ON-STATUS looks between a change and the ' + "locker's next: a push after the next may be that one's",
  async () => {
    const change = (status: string) => entry('PATCH', '/lockers/status', 200, {}, { body: { uid: '100', status } });
    const words = () =>
      entry('GET', '/lockers', 200, [
        locker('900', 'x', KEY, { ownedByCarrier: null, carrier: { ...record.carrier, status: 'INACTIVE' } }),
      ]);
    const listed = (status: string) =>
      entry('GET', '/lockers', 200, [
        locker('100', 'north', KEY, { carrier: { ...record.carrier, lockerId: 'north', status } }),
      ]);
    // Each push carries the status from before its change; lists confirm each change. The first change's
    // stretch, 4 s to the next, holds only a push showing ACTIVE (written in the recording's order: one clock).
    const [made, shown, off, offPush, offListed, gap, on, onListed] = [
      created('100', 'north'),
      words(),
      change('INACTIVE'),
      push('ACTIVE'),
      listed('INACTIVE'),
      listed('INACTIVE'),
      change('ACTIVE'),
      listed('ACTIVE'),
    ];
    const onPushes = [push('INACTIVE'), push('INACTIVE'), push('INACTIVE')];
    const previous = await verdict('WH-LOCKER-ON-STATUS', [made, shown, off, offListed, gap, on, onListed], {
      deliveries: [offPush, ...onPushes],
    });
    expect(previous.verdict).toBe('failed');
    expect(previous.failure).toContain(
      'carrying the changed status INACTIVE, got 1 after the change and before the next carrying "ACTIVE"/"ACTIVE"',
    );
  },
);
