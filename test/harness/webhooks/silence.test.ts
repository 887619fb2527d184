// A target whose pushes stopped costs the run about one silence, not one wait per push it owes; a slow
// sender is never failed for it: each wait that ended early is judged over its whole length.
import { expect, test } from '@playwright/test';
import { Inbox } from '../../../harness/webhooks/inbox';
import {
  judgeEarlyEnded,
  silenceFor,
  stoppedLine,
  type EndedEarly,
  type SenderChange,
} from '../../../harness/webhooks/silence';

const locker = (uid: string) =>
  Buffer.from(JSON.stringify({ uid, carrier: { lockerId: `L-${uid}`, status: 'ACTIVE' } }));
const arrive = (inbox: Inbox, uid: string, headers: Record<string, string> = {}) =>
  inbox.receive({
    method: 'POST',
    path: '/webhooks/carrier-1',
    headers: { 'content-type': 'application/json', ...headers },
    raw: locker(uid),
  });
const ofLocker = (uid: string) => ({ where: { '/uid': uid } });
/** A silence shorter than the waits, as a third of a 30 s wait is, at a test's scale. */
const SILENCE = () => 300;

test('silenceFor: a third of the wait, at least 5 s, never more than the wait', () => {
  const table: [number, number][] = [
    [1000, 1000],
    [2500, 2500],
    [10_000, 5000],
    [30_000, 10_000],
    [90_000, 30_000],
  ];
  for (const [wait, want] of table) expect(silenceFor(wait), `wait ${wait}`).toBe(want);
});

test('three waits and a silence: every open wait ends early, later ones at once, the run told once', async () => {
  const told: SenderChange[] = [];
  const inbox = new Inbox(undefined, (s) => told.push(s), SILENCE);
  const started = Date.now();
  const waits = ['1', '2', '3'].map((uid) => inbox.wait(ofLocker(uid), 1000, { rule: 'WH-LOCKER-ON-CREATE' }));
  const outcomes = await Promise.all(waits);
  expect(outcomes.every((o) => o.delivery === undefined && o.endedEarly)).toBe(true);
  expect(Date.now() - started).toBeLessThan(900);
  const later = Date.now();
  expect((await inbox.wait(ofLocker('4'), 30_000)).endedEarly).toBeDefined();
  expect(Date.now() - later).toBeLessThan(200);
  // A short wait looks for what need not come: it runs its length, stopped or not.
  expect(await inbox.wait(ofLocker('5'), 50)).toEqual({});
  expect(told).toHaveLength(1);
  expect(inbox.endedEarly.map((w) => w.rule ?? '-')).toEqual([
    'WH-LOCKER-ON-CREATE',
    'WH-LOCKER-ON-CREATE',
    'WH-LOCKER-ON-CREATE',
    '-',
  ]);
  inbox.close();
});

test(
  'a delivery clears the silence: told as pushes come again, ' + 'the next wait gets its push, later waits run whole',
  async () => {
    const told: SenderChange[] = [];
    let toldAgain: () => void = () => {};
    const thirdChange = new Promise<void>((resolve) => (toldAgain = resolve));
    const inbox = new Inbox(undefined, (s) => told.push(s) === 3 && toldAgain(), SILENCE);
    await Promise.all(['1', '2', '3'].map((uid) => inbox.wait(ofLocker(uid), 1000)));
    expect(inbox.stopped).toBeDefined();
    arrive(inbox, '9');
    expect(inbox.stopped).toBeUndefined();
    const waiting = inbox.wait(ofLocker('10'), 1000);
    arrive(inbox, '10');
    expect((await waiting).delivery?.body).toMatchObject({ uid: '10' });
    // Seen slow, the sender is given every wait whole: three that run out empty stop the pushes only then.
    const started = Date.now();
    const outcomes = await Promise.all(['11', '12', '13'].map((uid) => inbox.wait(ofLocker(uid), 1000)));
    expect(outcomes).toEqual([{}, {}, {}]);
    await thirdChange;
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(told.map((c) => Object.keys(c)[0])).toEqual(['stopped', 'resumed', 'stopped']);
    inbox.close();
  },
);

test(
  'one long empty wait and two new ones do not stop ' + 'the pushes until the new ones too ran their silence',
  async () => {
    const told: SenderChange[] = [];
    const inbox = new Inbox(
      undefined,
      (s) => told.push(s),
      (t) => (t >= 2000 ? 300 : 200),
    );
    // A wait for what need not come (a daily notification): it runs its length empty.
    await inbox.wait(ofLocker('daily'), 1000);
    const started = Date.now();
    const outcomes = await Promise.all(['1', '2'].map((uid) => inbox.wait(ofLocker(uid), 2000)));
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(outcomes.every((o) => o.endedEarly)).toBe(true);
    expect(told).toHaveLength(1);
    inbox.close();
  },
);

test(
  'a group met by one wait ends its others, which neither ' + 'count toward the silence nor are judged missed',
  async () => {
    const inbox = new Inbox(undefined, undefined, SILENCE);
    const about = { rule: 'WH-LOCKER-ON-STATUS', group: 'g' };
    const byCarrier = inbox.wait(ofLocker('1'), 1000, about);
    const byProvider = inbox.wait({ where: { '/uid': '1', '/provider/status': 'INACTIVE' } }, 1000, about);
    arrive(inbox, '1');
    expect((await byCarrier).delivery).toBeDefined();
    expect(await byProvider).toEqual({});
    // Two more waits: with the withdrawn one they would make three.
    const outcomes = await Promise.all(['2', '3'].map((uid) => inbox.wait(ofLocker(uid), 1000)));
    expect(outcomes).toEqual([{}, {}]);
    expect(inbox.stopped).toBeUndefined();
    inbox.close();
  },
);

test('fewer than three waits due never stop the waits', async () => {
  const inbox = new Inbox(undefined, undefined, SILENCE);
  expect(await Promise.all([inbox.wait(ofLocker('1'), 1000), inbox.wait(ofLocker('2'), 1000)])).toEqual([{}, {}]);
  expect(inbox.stopped).toBeUndefined();
  inbox.close();
});

test('a slow sender whose pushes keep coming within the silence is never taken to have stopped', async () => {
  const inbox = new Inbox(undefined, undefined, SILENCE);
  const waits = ['3', '4', '5', '6'].map((uid) => inbox.wait(ofLocker(uid), 3000));
  for (const uid of ['3', '4', '5', '6']) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    arrive(inbox, uid);
  }
  expect((await Promise.all(waits)).map((o) => (o.delivery?.body as { uid: string } | undefined)?.uid)).toEqual([
    '3',
    '4',
    '5',
    '6',
  ]);
  expect(inbox.stopped).toBeUndefined();
  inbox.close();
});

test(
  'posts refused for want of the key do not end the ' + 'silence, and the line names them and what to check',
  async () => {
    let line = '';
    const inbox = new Inbox(
      'secret',
      (c) => 'stopped' in c && (line = stoppedLine(c.stopped, ['http://h:1/webhooks/carrier-1'])),
      SILENCE,
    );
    const waits = ['1', '2', '3'].map((uid) => inbox.wait(ofLocker(uid), 1000));
    arrive(inbox, '1');
    arrive(inbox, '2', { 'x-api-key': 'wrong' });
    await Promise.all(waits);
    expect(inbox.stopped?.refusedForKey).toBe(2);
    expect(line).toContain('2 deliveries refused for want of CIS_WEBHOOK_KEY');
    for (const what of ['http://h:1/webhooks/carrier-1', 'CIS_WEBHOOK_LISTEN', 'CIS_WEBHOOK_KEY'])
      expect(line).toContain(what);
    inbox.close();
  },
);

test(
  "the run's end judges each early-ended wait whole: " + 'a push that came late but within the wait meets it',
  async () => {
    const inbox = new Inbox(undefined, undefined, SILENCE);
    await Promise.all(['1', '2', '3'].map((uid) => inbox.wait(ofLocker(uid), 1000, { rule: 'WH-LOCKER-ON-CREATE' })));
    arrive(inbox, '2');
    const started = Date.now();
    const outcomes = await inbox.earlyOutcomes();
    // None had run its length: the earliest is waited out first (a second from its start, less the silence).
    expect(Date.now() - started).toBeGreaterThan(500);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(outcomes.map((o) => [o.match.where?.['/uid'], o.outcome])).toEqual([
      ['1', 'missed'],
      ['2', 'met'],
      ['3', 'missed'],
    ]);
    inbox.close();
  },
);

test('judgeEarlyEnded: met, missed, open, and a group met by any of its waits', () => {
  const now = 10_000;
  const wait = (uid: string, startedAt: number, group?: string): EndedEarly => ({
    match: ofLocker(uid),
    startedAt,
    timeoutMs: 1000,
    ...(group ? { group } : {}),
  });
  const came = new Set(['met', 'b']);
  const metBy = (w: EndedEarly) => came.has(String(w.match.where?.['/uid']));
  const table: [string, EndedEarly[], string[]][] = [
    ['a push that came', [wait('met', 1000)], ['met']],
    ['none by the deadline', [wait('x', 1000)], ['missed']],
    ['its wait still running', [wait('x', 9500)], ['open']],
    ['a group: any of its waits', [wait('a', 1000, 'g'), wait('b', 1000, 'g')], ['met']],
    ['a group: all missed', [wait('a', 1000, 'g'), wait('c', 1000, 'g')], ['missed']],
    ['a group: one still running', [wait('a', 1000, 'g'), wait('c', 9500, 'g')], ['open']],
  ];
  for (const [given, waits, want] of table)
    expect(
      judgeEarlyEnded(waits, metBy, now).map((o) => o.outcome),
      given,
    ).toEqual(want);
});

test(
  'a group met by a delivery already there: a later wait ' + 'of the group ends at once, and counts for nothing',
  async () => {
    const inbox = new Inbox(undefined, undefined, SILENCE);
    arrive(inbox, '1');
    const about = { rule: 'WH-LOCKER-ON-STATUS', group: 'h' };
    expect((await inbox.wait(ofLocker('1'), 1000, about)).delivery).toBeDefined();
    const started = Date.now();
    expect(await inbox.wait({ where: { '/uid': '1', '/provider/status': 'INACTIVE' } }, 1000, about)).toEqual({});
    expect(Date.now() - started).toBeLessThan(200);
    inbox.close();
  },
);
