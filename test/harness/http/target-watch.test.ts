// The target watch (harness/http/target-watch.ts): when a run's requests went unanswered long enough to
// say the target, or some of its operations, stopped answering; and never for a target that answers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { TargetWatch, stoppedLine, type Stopped } from '../../../harness/http/target-watch';

const ORIGIN = 'http://staging.invalid';
const TIMEOUT_MS = 1000;
const LIST = 'GET /v1/lockers';
const CREATE = 'POST /v1/lockers';
const UPDATE = 'PATCH /v1/lockers/{uid}';

/** What one request met, at a time in ms: an answer, or none (held past its timeout, or reset). */
type Event = [at: number, operation: string, met: 'answer' | 'held' | 'reset'];

/** The events fed to one watch in their order; the stop they made and at which event, if any. */
function play(events: Event[], watch = new TargetWatch(ORIGIN, undefined)): { stopped?: Stopped; at?: number } {
  for (const [at, operation, met] of events) {
    if (met === 'answer') {
      watch.answered(operation, at);
      continue;
    }
    const why = met === 'held' ? `no answer within ${TIMEOUT_MS / 1000} s` : 'connection reset';
    const stopped = watch.unansweredRequest(operation, `${operation}: ${why}`, TIMEOUT_MS, at);
    if (stopped) return { stopped, at };
  }
  return {};
}

/** `operation` met `met` `times` times, every `every` ms from `from`, with `between` answered halfway. */
function alternating(operation: string, met: Event[2], between: string[], [from, every, times]: number[]): Event[] {
  return Array.from({ length: times! }, (_, i): Event[] => [
    ...between.map((op): Event => [from! + i * every! - every! / 2, op, 'answer']),
    [from! + i * every!, operation, met],
  ]).flat();
}

const PROVIDERS = 'GET /v1/lockers/providers';
const END = 'reports keep what was judged before';
const HELD = 'no answer within 1 s';

const cases: { name: string; given: Event[]; want?: { at: number; line: string } }[] = [
  {
    name: 'a slow conformant target: every request answered, whichever operation and however late',
    given: [0, 50, 90, 4_000, 4_020, 9_000].flatMap((at): Event[] => [
      [at, LIST, 'answer'],
      [at + 45, CREATE, 'answer'],
      [at + 990, UPDATE, 'answer'],
    ]),
  },
  {
    name: 'an operation held while another answers: stopped once three requests went unanswered over three timeouts',
    given: alternating(CREATE, 'held', [LIST], [1_000, 1_000, 5]),
    want: {
      at: 4_000,
      line:
        `the target at ${ORIGIN} stopped answering ${CREATE} at 00:00:01 UTC: 4 requests to it in 3 s got no answer ` +
        `(the last: ${CREATE}: ${HELD}) while ${LIST} still answers; the run stopped at 00:00:04 UTC, ${END}`,
    },
  },
  {
    name: 'an operation reset while others answer: three resets in a moment make no stretch, three timeouts on they do',
    given: [
      ...alternating(CREATE, 'reset', [LIST, PROVIDERS], [100, 100, 3]),
      ...alternating(CREATE, 'reset', [LIST], [3_100, 100, 2]),
    ],
    want: {
      at: 3_100,
      line:
        `the target at ${ORIGIN} stopped answering ${CREATE} at 00:00:00 UTC: 4 requests to it in 3 s got no answer ` +
        `(the last: ${CREATE}: connection reset) while ${LIST}, ${PROVIDERS} still answer; ` +
        `the run stopped at 00:00:03 UTC, ${END}`,
    },
  },
  {
    name: 'an operation that answered (late) within its stretch: the stretch starts again after the answer',
    given: [
      ...alternating(CREATE, 'held', [LIST], [1_000, 1_000, 2]),
      [2_500, CREATE, 'answer'],
      ...alternating(CREATE, 'held', [LIST], [3_000, 1_000, 3]),
    ],
  },
  {
    name: 'an operation a run calls rarely: unanswered requests minutes apart do not add up',
    given: alternating(CREATE, 'held', [LIST], [1_000, 60_000, 6]),
  },
  {
    name: 'two operations held while reads answer: both named, from the first of them',
    given: [[500, UPDATE, 'held'], ...alternating(CREATE, 'held', [LIST], [1_000, 1_000, 4])],
    want: {
      at: 4_000,
      line:
        `the target at ${ORIGIN} stopped answering ${CREATE}, ${UPDATE} at 00:00:00 UTC: 5 requests to them in 4 s ` +
        `got no answer (the last: ${CREATE}: ${HELD}) while ${LIST} still answers; ` +
        `the run stopped at 00:00:04 UTC, ${END}`,
    },
  },
  {
    name: 'the whole target held: the origin stopped answering, as before operations were watched',
    given: [
      [0, LIST, 'answer'],
      [1_000, LIST, 'held'],
      [2_000, CREATE, 'held'],
      [3_000, UPDATE, 'held'],
      [4_000, LIST, 'held'],
    ],
    want: {
      at: 4_000,
      line:
        `the target at ${ORIGIN} stopped answering at 00:00:01 UTC: 4 requests in 3 s got no answer ` +
        `(the last: ${LIST}: ${HELD}); the run stopped at 00:00:04 UTC, ${END}`,
    },
  },
];

for (const { name, given, want } of cases) {
  test(`the watch: ${name}`, () => {
    const { stopped, at } = play(given);
    expect(stopped && { at, line: stoppedLine(stopped) }).toEqual(want);
  });
}

test('the watch: stopped after three unanswered requests over three timeouts, none answered; an answer ends it', () => {
  const watch = new TargetWatch(ORIGIN, undefined);
  expect(watch.unansweredRequest(undefined, 'GET /v1/lockers: connection reset', 1000, 100)).toBeUndefined();
  expect(watch.unansweredRequest(undefined, 'GET /v1/lockers: connection reset', 1000, 200)).toBeUndefined();
  // Three unanswered, but within the stretch: a slow moment, not a stop.
  expect(watch.unansweredRequest(undefined, 'GET /v1/lockers: connection reset', 1000, 2_900)).toBeUndefined();
  watch.answered(undefined, 3_000);
  // The stretch runs from the first unanswered request after the answer, not from the answer.
  expect(watch.unansweredRequest(undefined, 'GET /v1/parcels: no answer within 1 s', 1000, 4_000)).toBeUndefined();
  expect(watch.unansweredRequest(undefined, 'GET /v1/parcels: no answer within 1 s', 1000, 5_000)).toBeUndefined();
  expect(watch.unansweredRequest(undefined, 'GET /v1/parcels: no answer within 1 s', 1000, 6_000)).toBeUndefined();
  const stopped = watch.unansweredRequest(undefined, 'GET /v1/parcels: no answer within 1 s', 1000, 7_000);
  const last = 'GET /v1/parcels: no answer within 1 s';
  expect(stopped).toEqual({ since: 4_000, at: 7_000, origin: ORIGIN, unanswered: 4, last });
  expect(stoppedLine(stopped!)).toBe(
    'the target at http://staging.invalid stopped answering at 00:00:04 UTC: 4 requests in 3 s got no answer ' +
      '(the last: GET /v1/parcels: no answer within 1 s); the run stopped at 00:00:07 UTC, ' +
      'reports keep what was judged before',
  );
});

test('the watch across workers: a replaced worker carries a stretch on; the stop names what others saw answer', () => {
  const stopFile = join(mkdtempSync(join(tmpdir(), 'cc-watch-')), '.target-stopped.json');
  const first = new TargetWatch(ORIGIN, stopFile);
  expect(play(alternating(CREATE, 'held', [LIST], [1_000, 1_000, 2]), first)).toEqual({});
  // The worker after it (Playwright replaces a worker after a failed test) answered nothing yet.
  const next = new TargetWatch(ORIGIN, stopFile);
  const { stopped } = play(
    [
      [3_000, CREATE, 'reset'],
      [4_000, CREATE, 'held'],
    ],
    next,
  );
  const operations = [{ operation: CREATE, since: 1_000, unanswered: 4 }];
  expect(stopped).toMatchObject({ since: 1_000, unanswered: 4, operations, answering: [LIST] });
  // Every worker finds the stop, and sends nothing more.
  expect(new TargetWatch(ORIGIN, stopFile).halted()).toEqual(stopped);
});
