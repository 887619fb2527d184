// Given the exchanges and deliveries of a run, want how much of the contract it touched.
import { expect, test } from '@playwright/test';
import {
  contractCoverage,
  coverageMarkdown,
  coverageSummary,
  type CoverageExchange,
} from '../../../harness/reporters/coverage';
import { operations } from '../../../spec/operations';
import { placeCoverage, placeScope } from '../../../harness/verdict/places';

const create = (status: number, body: unknown): CoverageExchange => ({
  operationId: 'createLocker',
  status,
  requestText: JSON.stringify(body),
});

const exchanges: CoverageExchange[] = [
  create(201, {
    carrier: { lockerName: 'a' },
    features: { hasScreen: null },
    lockerGroups: [{ key: 'k' }, { key: 'l' }],
  }),
  create(201, { carrier: { lockerName: 'b' } }),
  create(400, { carrier: { lockerId: 7 } }),
  // Refused for the key, not for what the body said: no keyword counts.
  create(401, { location: { city: 'x' } }),
  { operationId: 'createLocker', status: 400, requestText: '{not json' },
  {
    operationId: 'triggerFirstMileEvent',
    status: 202,
    requestText: JSON.stringify({ event_type: 'BOOKING_CREATED', labelless: null }),
  },
  { operationId: 'listLockers', status: 200 },
  { operationId: 'listLockers', status: 503 },
];

const coverage = contractCoverage(exchanges, [{ kind: 'LockerUpdates' }, { kind: 'LockerUpdates' }, {}]);

test('each operation: the statuses seen, the documented responses they fell under and those never seen', () => {
  expect(coverage.operations['createLocker']).toEqual({
    calls: 5,
    statusesSeen: { 201: 2, 400: 2, 401: 1 },
    documentedSeen: ['201', '4XX'],
    documentedNotSeen: [],
    undocumented: [],
  });
  expect(coverage.operations['listLockers']).toEqual({
    calls: 2,
    statusesSeen: { 200: 1, 503: 1 },
    documentedSeen: ['2XX'],
    documentedNotSeen: ['4XX'],
    undocumented: [503],
  });
  expect(coverage.operations['updateLocker']).toMatchObject({
    calls: 0,
    documentedSeen: [],
    documentedNotSeen: ['200', '400', '401', '404', '500'],
  });
});

test(
  'request schemas: members by JSON pointer, enum values and nulls, counted once per accepted or refused ' + 'request',
  () => {
    const locker = coverage.requestSchemas['LockerCreateRequest']!;
    expect(locker.operations).toEqual(['createLocker']);
    expect(locker.members['/carrier']).toEqual({ accepted: 2, refused: 1 });
    expect(locker.members['/carrier/lockerName']).toEqual({ accepted: 2, refused: 0 });
    expect(locker.members['/carrier/lockerId']).toEqual({ accepted: 0, refused: 1 });
    expect(locker.members['/lockerGroups/*/key']).toEqual({ accepted: 1, refused: 0 });
    expect(locker.members['/location/city']).toEqual({ accepted: 0, refused: 0 });
    expect(locker.nulls['/features/hasScreen']).toEqual({ accepted: 1, refused: 0 });
    expect(locker.nulls['/metadata/*/key']).toEqual({ accepted: 0, refused: 0 });
    expect(locker.notExercised).toContain('/location/city');
    expect(locker.notExercised).toContain('/metadata/*/key=null');
    expect(locker.notExercised).not.toContain('/carrier');

    const trigger = coverage.requestSchemas['TriggerRequest']!;
    expect(trigger.enumValues['/event_type']).toEqual({
      BOOKING_CREATED: { accepted: 1, refused: 0 },
      COURIER_COLLECTED: { accepted: 0, refused: 0 },
      CONSIGNEE_DELIVERED: { accepted: 0, refused: 0 },
    });
    expect(trigger.notExercised).toContain('/event_type=COURIER_COLLECTED');
    // labelless does not allow null: sending null there is a member sent, not a null keyword.
    expect(trigger.nulls).toEqual({});
    expect(trigger.members['/labelless']).toEqual({ accepted: 1, refused: 0 });
    expect(coverage.requestSchemas['PublishByLockerUidRequest']!.members['/consignee/email']).toEqual({
      accepted: 0,
      refused: 0,
    });
    expect(coverage.requestSchemas['PublishByLockerUidRequest']!.nulls['/consignee']).toEqual({
      accepted: 0,
      refused: 0,
    });
  },
);

test('the headline counts operations, documented statuses, schema keywords and webhooks, n of m', () => {
  const h = coverage.headline;
  expect(h.operations).toEqual({ exercised: 3, of: 11 });
  expect(h.statuses).toEqual({ exercised: 4, of: operations.reduce((n, op) => n + op.responses.length, 0) });
  expect(h.webhooks).toEqual({ exercised: 1, of: 3 });
  const k = h.schemaKeywords;
  expect(k.exercised).toBe(k.members.exercised + k.enumValues.exercised + k.nulls.exercised);
  expect(k.of).toBe(k.members.of + k.enumValues.of + k.nulls.of);
  // /carrier, /carrier/lockerName, /features, /features/hasScreen, /lockerGroups, /lockerGroups/*/key, hasScreen=null,
  // and the trigger's /event_type, /labelless, BOOKING_CREATED; /carrier and /carrier/lockerId by the refused one.
  expect(k.byAccepted).toBe(10);
  expect(k.byRefused).toBe(2);
  expect(k.exercised).toBe(11);
  expect(coverage.webhooks).toEqual({
    LockerUpdates: { deliveries: 2 },
    ParcelUpdates: { deliveries: 0 },
    CollectionNotification: { deliveries: 0 },
  });
});

test('the summary lists what was never seen, and the Markdown section leads with the headline', () => {
  const summary = coverageSummary(coverage);
  expect(summary.operationsNotExercised).toHaveLength(8);
  expect(summary.documentedStatusesNotSeen['listLockers']).toEqual(['4XX']);
  expect(summary.documentedStatusesNotSeen['createLocker']).toBeUndefined();
  const markdown = coverageMarkdown(coverage);
  expect(markdown).toContain('## Contract coverage');
  expect(markdown).toContain('**Operations exercised:** 3 of 11');
  expect(markdown).toContain('| createLocker | 5 | 201×2, 400×2, 401×1 | — |');
  expect(markdown.indexOf('Operations exercised')).toBeLessThan(markdown.indexOf('| operation |'));
});

test("coverage.json carries the rule × place matrix: the must rules' count, the gaps and every rule's places", () => {
  const places = [
    { place: 'createLocker', evaluations: 2, failed: 0 },
    { place: 'updateLocker', evaluations: 0, failed: 0, reason: 'no evaluation recorded at this place' },
  ];
  const rules = [
    { id: 'LCK-A', level: 'must', places },
    {
      id: 'GEN-B',
      level: 'should',
      places: [{ place: 'listLockers', evaluations: 0, failed: 0, reason: 'no evaluation recorded at this place' }],
    },
  ];
  expect(placeCoverage(rules, placeScope(rules, new Set(), new Set()))).toEqual({
    judged: 1,
    of: 2,
    unjudged: [{ rule: 'LCK-A', place: 'updateLocker', reason: 'no evaluation recorded at this place' }],
    rules: { 'LCK-A': places, 'GEN-B': rules[1]!.places },
  });
});
