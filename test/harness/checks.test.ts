// Each check with a given/want table: given a response to an operation, want its verdict (the rule of
// the failure, or nothing).
import { expect, test } from '@playwright/test';
import { CHECKS, describeFailure, judgeAnswer } from '../../harness/checks';
import { operation } from '../../spec/operations';
import type { Exchange } from '../../harness/http/exchange';

function exchange(operationId: string, status: number, body?: unknown, headers: Record<string, string> = {}): Exchange {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return {
    operationId,
    method: operation(operationId).method,
    url: 'http://target.invalid/v1/x',
    request: { headers: {} },
    status,
    headers: { 'content-type': 'application/json', ...headers },
    text,
    body: parsed,
  };
}

const locker = {
  uid: '1',
  carrier: { lockerName: 'A', lockerId: 'L', activationDate: '2025-01-01T00:00:00Z', status: 'ACTIVE' },
  provider: { name: 'P', lockerModel: 'M', lockerVersion: '1' },
  openingHours: { accessMode: 'ALWAYS' },
};
const parcel = { shipmentUid: 'S', carrierParcelId: 'P', shipmentStatus: 'BOOKED', events: [], accessCodes: null };
const error = { errorCode: 'E', message: 'm' };

type Row = [string, keyof typeof CHECKS, Exchange, string | undefined, string?];
const table: Row[] = [
  [
    "a publish timestamp at the answer's Date passes",
    'processingTime',
    exchange(
      'publishParcel',
      200,
      { status: 's', message: 'm', timestamp: '2026-11-26T09:00:00.412Z' },
      { date: 'Thu, 26 Nov 2026 09:00:00 GMT' },
    ),
    undefined,
  ],
  [
    'one in another zone, the same instant, passes',
    'processingTime',
    exchange(
      'publishParcel',
      200,
      { status: 's', message: 'm', timestamp: '2026-11-26T10:00:30+01:00' },
      { date: 'Thu, 26 Nov 2026 09:00:00 GMT' },
    ),
    undefined,
  ],
  [
    'an hour ahead (local time written as UTC) fails',
    'processingTime',
    exchange(
      'publishParcelByCarrierLockerId',
      201,
      { status: 's', message: 'm', timestamp: '2026-11-26T10:00:00Z' },
      { date: 'Thu, 26 Nov 2026 09:00:00 GMT' },
    ),
    'PCL-PUBLISH-TIMESTAMP',
  ],
  [
    'a day behind fails',
    'processingTime',
    exchange(
      'publishParcel',
      200,
      { status: 's', message: 'm', timestamp: '2026-11-25T09:00:00Z' },
      { date: 'Thu, 26 Nov 2026 09:00:00 GMT' },
    ),
    'PCL-PUBLISH-TIMESTAMP',
  ],
  [
    'no Date header: not judged',
    'processingTime',
    exchange('publishParcel', 200, { status: 's', message: 'm', timestamp: '2020-01-01T00:00:00Z' }),
    undefined,
  ],
  [
    'a refused publish: not judged',
    'processingTime',
    exchange(
      'publishParcel',
      400,
      { ...error, timestamp: '2020-01-01T00:00:00Z' },
      { date: 'Thu, 26 Nov 2026 09:00:00 GMT' },
    ),
    undefined,
  ],
  ['a 200 passes', 'noServerError', exchange('listLockers', 200, []), undefined],
  ['a 500 fails', 'noServerError', exchange('listParcels', 500, error), 'GEN-NO-5XX'],
  [
    'a 503 fails',
    'noServerError',
    exchange('createLocker', 503, 'busy', { 'content-type': 'text/plain' }),
    'GEN-NO-5XX',
  ],

  ['201 on create is documented', 'statusDocumented', exchange('createLocker', 201, locker), undefined],
  ['200 on create is not', 'statusDocumented', exchange('createLocker', 200, locker), 'GEN-STATUS-DOCUMENTED'],
  [
    'any 2xx where the success code is not shown',
    'statusDocumented',
    exchange('publishParcel', 202, { status: 's', message: 'm', timestamp: '2025-01-01T00:00:00Z' }),
    undefined,
  ],
  ['any 4xx on an operation §7 does not cover', 'statusDocumented', exchange('createLocker', 422, error), undefined],
  [
    '422 on publish is not documented',
    'statusDocumented',
    exchange('publishParcel', 422, error),
    'GEN-STATUS-DOCUMENTED',
  ],
  ['409 on status update is documented', 'statusDocumented', exchange('updateLockerStatus', 409, {}), undefined],
  ['a 3xx is not documented', 'statusDocumented', exchange('listLockers', 302, undefined), 'GEN-STATUS-DOCUMENTED'],

  ['JSON with application/json passes', 'jsonContentType', exchange('listLockers', 200, []), undefined],
  [
    'problem+json passes',
    'jsonContentType',
    exchange('publishParcel', 400, error, { 'content-type': 'application/problem+json' }),
    undefined,
  ],
  [
    'an empty body needs no content type',
    'jsonContentType',
    exchange('cancelParcel', 204, undefined, { 'content-type': '' }),
    undefined,
  ],
  [
    'text/html fails',
    'jsonContentType',
    exchange('listLockers', 200, '<html/>', { 'content-type': 'text/html' }),
    'GEN-JSON',
  ],
  ['a body that does not parse fails', 'jsonContentType', exchange('listLockers', 200, '{oops'), 'GEN-JSON'],

  ['a 404 with a JSON body passes', 'notFoundJson', exchange('updateLocker', 404, { anything: true }), undefined],
  ['a 404 with an empty body fails', 'notFoundJson', exchange('cancelParcel', 404, undefined), 'ERR-404-JSON'],
  [
    'a 404 with HTML fails',
    'notFoundJson',
    exchange('listParcels', 404, 'Not Found', { 'content-type': 'text/html' }),
    'ERR-404-JSON',
  ],
  [
    'a 404 where §7 does not list one is not judged here',
    'notFoundJson',
    exchange('createLocker', 404, undefined),
    undefined,
  ],

  [
    'a list of distinct lockers passes',
    'itemsOnce',
    exchange('listLockers', 200, [locker, { ...locker, uid: '2' }]),
    undefined,
  ],
  [
    'a locker twice in one answer fails',
    'itemsOnce',
    exchange('listLockers', 200, { content: [locker, { ...locker, uid: '2' }, locker] }),
    'GEN-LIST-ONCE',
    '/content/2',
  ],
  [
    'a parcel twice in one page fails',
    'itemsOnce',
    exchange('listParcels', 200, [{ shipmentUid: 'S1' }, { shipmentUid: 'S1' }]),
    'GEN-LIST-ONCE',
    '/1',
  ],
  [
    'a locker added twice in one answer fails',
    'itemsOnce',
    exchange('addNetworkLockers', 200, '[{"lockerUid":7},{"lockerUid":7}]'),
    'GEN-LIST-ONCE',
    '/1',
  ],
  [
    'int64 uids one double apart pass',
    'itemsOnce',
    exchange('addNetworkLockers', 200, '[{"lockerUid":9007199254740993},{"lockerUid":9007199254740992}]'),
    undefined,
  ],
  [
    'groups of distinct keys pass',
    'groupsUniqueKey',
    exchange('updateLocker', 200, {
      ...locker,
      lockerGroups: [
        { key: 'region', uid: 'A' },
        { key: 'size', uid: 'B' },
      ],
    }),
    undefined,
  ],
  [
    'a record without lockerGroups (request-only, §2.1) is not judged',
    'groupsUniqueKey',
    exchange('createLocker', 201, locker),
    undefined,
  ],
  [
    'an update answer with two groups of one key fails',
    'groupsUniqueKey',
    exchange('updateLocker', 200, {
      ...locker,
      lockerGroups: [
        { key: 'region', uid: 'A' },
        { key: 'region', uid: 'B' },
      ],
    }),
    'LCK-GROUPS-UNIQUE-KEY',
    '/lockerGroups/1',
  ],

  ['an error body with errorCode and message passes', 'errorBody', exchange('publishParcel', 400, error), undefined],
  [
    'a 401 without errorCode fails ERR-BODY',
    'errorBody',
    exchange('listParcels', 401, { message: 'no' }),
    'ERR-BODY',
    '/errorCode',
  ],
  [
    'a numeric errorCode is an ERR-BODY-TYPES warning (§7 gives no types)',
    'errorBody',
    exchange('cancelParcel', 400, { errorCode: 4, message: 'm' }),
    'ERR-BODY-TYPES',
    '/errorCode',
  ],
  [
    'a 500 with a string body fails ERR-BODY',
    'errorBody',
    exchange('updateLocker', 500, 'oops', { 'content-type': 'text/plain' }),
    'ERR-BODY',
  ],
  [
    'an error without body on create is observed only',
    'errorBody',
    exchange('createLocker', 400, { error: 'bad' }),
    'ERR-BODY-OTHER',
  ],
  ['a 404 body shape is not judged here', 'errorBody', exchange('updateLocker', 404, { detail: 'gone' }), undefined],
  ['a 409 body shape is not judged here', 'errorBody', exchange('updateLockerStatus', 409, 'conflict'), undefined],
  ['a success is not an error', 'errorBody', exchange('listParcels', 200, []), undefined],

  ['an error body without error passes', 'noLegacyError', exchange('publishParcel', 400, error), undefined],
  [
    'an error body with error fails',
    'noLegacyError',
    exchange('createLocker', 400, { ...error, error: 'x' }),
    'ERR-NO-LEGACY-ERROR',
    '/error',
  ],
  [
    'a success body with error is not an error body',
    'noLegacyError',
    exchange('listProviders', 200, { error: null, content: [] }),
    undefined,
  ],

  ['a clean locker passes', 'removedFields', exchange('createLocker', 201, locker), undefined],
  [
    'provider.providerName fails',
    'removedFields',
    exchange('listLockers', 200, [{ ...locker, provider: { providerName: 'P' } }]),
    'VER-REMOVED-FIELDS',
    '/0/provider/providerName',
  ],
  [
    'provider.lockerModelVersion fails',
    'removedFields',
    exchange('updateLocker', 200, { ...locker, provider: { lockerModelVersion: 'x' } }),
    'VER-REMOVED-FIELDS',
    '/provider/lockerModelVersion',
  ],
  [
    'carrier.name fails',
    'removedFields',
    exchange('createLocker', 201, { ...locker, carrier: { name: 'A' } }),
    'VER-REMOVED-FIELDS',
    '/carrier/name',
  ],
  [
    'carriers fails',
    'removedFields',
    exchange('listLockers', 200, { content: [{ ...locker, carriers: [] }] }),
    'VER-REMOVED-FIELDS',
    '/content/0/carriers',
  ],
  [
    'consigneeCollection is deprecated, not removed: not this check (§2.4, §9)',
    'removedFields',
    exchange('listParcels', 200, [{ ...parcel, accessCodes: { consigneeCollection: {} } }]),
    undefined,
  ],
  [
    'a string signature fails',
    'removedFields',
    exchange('listParcels', 200, [{ ...parcel, signature: 'AAAA' }]),
    'VER-REMOVED-FIELDS',
    '/0/signature',
  ],
  [
    'providerName of a provider/model entry is its own field',
    'removedFields',
    exchange('listProviders', 200, [{ providerName: 'P', providerUid: 'u' }]),
    undefined,
  ],
  [
    'a removed field spelt with \\u escapes is found too',
    'removedFields',
    exchange(
      'createLocker',
      201,
      JSON.stringify({ ...locker, carrier: { name: 'A' } }).replace('"name"', '"\\u006eame"'),
    ),
    'VER-REMOVED-FIELDS',
    '/carrier/name',
  ],
  [
    'control characters escaped in a value are no removed field',
    'removedFields',
    exchange('createLocker', 201, { ...locker, carrier: { ...locker['carrier'], lockerName: 'a\u0001b' } }),
    undefined,
  ],
  [
    'providerName of a network record is its own field',
    'removedFields',
    exchange('addNetworkLockers', 200, [{ lockerUid: 1, providerName: 'P', providerLockerStatus: 'A' }]),
    undefined,
  ],

  ['a valid locker passes', 'schemaValid', exchange('createLocker', 201, locker), undefined],
  [
    'an undocumented member is accepted (open schema)',
    'schemaValid',
    exchange('createLocker', 201, { ...locker, extra: { any: 1 } }),
    undefined,
  ],
  [
    'SCHEDULED without weeklySchedule fails LCK-OH-SCHEDULED',
    'schemaValid',
    exchange('updateLocker', 200, { ...locker, openingHours: { accessMode: 'SCHEDULED' } }),
    'LCK-OH-SCHEDULED',
    '/openingHours',
  ],
  [
    'ALWAYS with weeklySchedule fails LCK-OH-ALWAYS',
    'schemaValid',
    exchange('listLockers', 200, [{ ...locker, openingHours: { accessMode: 'ALWAYS', weeklySchedule: [] } }]),
    'LCK-OH-ALWAYS',
    '/0/openingHours',
  ],
  [
    'a list in an envelope is validated record by record',
    'schemaValid',
    exchange('listLockers', 200, { items: [locker, { ...locker, uid: 7 }] }),
    'LCK-RECORD-SHAPE',
    '/items/1/uid',
  ],
  [
    'provider.providerName fails LCK-PROVIDER-FIELDS',
    'schemaValid',
    exchange('createLocker', 201, { ...locker, provider: { providerName: 'P' } }),
    'LCK-PROVIDER-FIELDS',
    '/provider/providerName',
  ],
  [
    'carriers fails LCK-LIST-CARRIER-OBJECT',
    'schemaValid',
    exchange('listLockers', 200, [{ ...locker, carriers: [] }]),
    'LCK-LIST-CARRIER-OBJECT',
    '/0/carriers',
  ],
  [
    'a publish response without timestamp fails',
    'schemaValid',
    exchange('publishParcel', 200, { status: 's', message: 'm' }),
    'PCL-PUBLISH-RESPONSE',
  ],
  [
    'a publish timestamp not a date-time fails',
    'schemaValid',
    exchange('publishParcelByCarrierLockerId', 201, { status: 's', message: 'm', timestamp: 'now' }),
    'PCL-PUBLISH-RESPONSE',
    '/timestamp',
  ],
  [
    'a publish timestamp without an offset is a GEN-DATE-TIME-ZONE warning',
    'schemaValid',
    exchange('publishParcel', 201, { status: 's', message: 'm', timestamp: '2026-01-01T10:00:00' }),
    'GEN-DATE-TIME-ZONE',
    '/timestamp',
  ],
  [
    'a parcel with a string signature fails PCL-SIGNATURE-OBJECT',
    'schemaValid',
    exchange('listParcels', 200, [{ ...parcel, signature: 'AA' }]),
    'PCL-SIGNATURE-OBJECT',
    '/0/signature',
  ],
  [
    'a parcel with only consigneeCollection is a PCL-ACCESS-CODES-NO-DEPRECATED warning',
    'schemaValid',
    exchange('listParcels', 200, [{ ...parcel, accessCodes: { consigneeCollection: 1 } }]),
    'PCL-ACCESS-CODES-NO-DEPRECATED',
    '/0/accessCodes/consigneeCollection',
  ],
  [
    'a network record with a string lockerUid fails NET-RESPONSE-RECORD',
    'schemaValid',
    exchange('addNetworkLockers', 200, [{ lockerUid: '1', providerName: 'P', providerLockerStatus: 'A' }]),
    'NET-RESPONSE-RECORD',
    '/0/lockerUid',
  ],
  [
    'a network record without providerLockerStatus fails',
    'schemaValid',
    exchange('addNetworkLockers', 200, [{ lockerUid: 1, providerName: 'P' }]),
    'NET-RESPONSE-RECORD',
  ],
  [
    'a trigger answer with a numeric message fails TRG-RESPONSE',
    'schemaValid',
    exchange('triggerFirstMileEvent', 200, { message: 1 }),
    'TRG-RESPONSE',
    '/message',
  ],
  [
    'a provider entry with a numeric providerUid fails PRV-ENTRY-SHAPE',
    'schemaValid',
    exchange('listProviders', 200, [{ providerUid: 1 }]),
    'PRV-ENTRY-SHAPE',
    '/0/providerUid',
  ],
  ['a list that is neither array nor envelope fails', 'schemaValid', exchange('listProviders', 200, 42), 'PRV-LIST'],
  ['error bodies are left to errorBody', 'schemaValid', exchange('publishParcel', 400, { nope: 1 }), undefined],
  [
    'a body where none is shown is not judged',
    'schemaValid',
    exchange('updateLockerStatus', 200, { anything: 1 }),
    undefined,
  ],
];

for (const [name, check, given, wantRule, wantPointer] of table) {
  test(`${check}: ${name}`, () => {
    const got = CHECKS[check]!(given, operation(given.operationId));
    if (wantRule === undefined) {
      expect(got, got && describeFailure(got)).toBeUndefined();
      return;
    }
    expect(got?.rule).toBe(wantRule);
    if (wantPointer !== undefined) expect(got?.pointer).toBe(wantPointer);
    expect(describeFailure(got!)).toMatch(new RegExp(`^${wantRule} ${given.operationId}: expected .+, got .+ \\(at /`));
  });
}

test('every check of the index has at least one passing and one failing row', () => {
  for (const name of Object.keys(CHECKS)) {
    const rows = table.filter((r) => r[1] === name);
    expect(
      rows.some((r) => r[3] === undefined),
      name,
    ).toBe(true);
    expect(
      rows.some((r) => r[3] !== undefined),
      name,
    ).toBe(true);
  }
});

// Given an answer, want the rules the checks judged on it: only what the answer is evidence for.
const judgedTable: [string, Exchange, string[], string[]][] = [
  [
    'any answer is judged for 5xx and its status',
    exchange('listLockers', 200, []),
    ['GEN-NO-5XX', 'GEN-STATUS-DOCUMENTED', 'GEN-JSON'],
    ['LCK-RECORD-SHAPE'],
  ],
  ['an empty list proves no record rule', exchange('listProviders', 200, []), ['GEN-JSON'], ['PRV-ENTRY-SHAPE']],
  [
    'a locker record without openingHours proves no opening-hours rule',
    exchange('createLocker', 201, locker),
    ['LCK-RECORD-SHAPE', 'LCK-PROVIDER-FIELDS', 'LCK-CARRIER-LOCKERNAME', 'VER-REMOVED-FIELDS'],
    ['LCK-OH-SCHEDULED'],
  ],
  [
    '{} is no locker record',
    exchange('createLocker', 201, {}),
    ['GEN-JSON'],
    ['LCK-RECORD-SHAPE', 'LCK-PROVIDER-FIELDS', 'VER-REMOVED-FIELDS', 'GEN-DATE-TIME-ZONE'],
  ],
  [
    "a locker record's activationDate and a publish timestamp are date-times judged for their zone",
    exchange('createLocker', 201, locker),
    ['GEN-DATE-TIME-ZONE'],
    [],
  ],
  [
    "a publish answer's timestamp is judged for its zone",
    exchange('publishParcel', 200, { status: 's', message: 'm', timestamp: '2026-01-01T10:00:00Z' }),
    ['GEN-DATE-TIME-ZONE'],
    [],
  ],
  ['a provider list carries no date-time', exchange('listProviders', 200, []), [], ['GEN-DATE-TIME-ZONE']],
  [
    'a SCHEDULED record proves the SCHEDULED rule',
    exchange('listLockers', 200, [{ ...locker, openingHours: { accessMode: 'SCHEDULED', weeklySchedule: [{}] } }]),
    ['LCK-OH-SCHEDULED'],
    ['LCK-OH-ALWAYS'],
  ],
  [
    'an error body proves the error rules, not the record rules',
    exchange('publishParcel', 400, error),
    ['ERR-BODY', 'ERR-NO-LEGACY-ERROR'],
    ['PCL-PUBLISH-RESPONSE', 'ERR-404-JSON'],
  ],
  ['an empty body is not judged as JSON', exchange('cancelParcel', 204), ['GEN-NO-5XX'], ['GEN-JSON']],
  [
    'a 404 of an operation §7 lists it for proves ERR-404-JSON',
    exchange('updateLocker', 404, error),
    ['ERR-404-JSON'],
    [],
  ],
];

for (const [name, given, judged, notJudged] of judgedTable) {
  test(`judged: ${name}`, () => {
    const rules = judgeAnswer(given, operation(given.operationId)).map((j) => j.rule);
    for (const rule of judged) expect(rules, `${rule} judged`).toContain(rule);
    for (const rule of notJudged) expect(rules, `${rule} not judged`).not.toContain(rule);
  });
}

test('a failure is a failed judgement of its rule, even where the check did not expect to judge it', () => {
  const judgements = judgeAnswer(exchange('listProviders', 200, 42), operation('listProviders'));
  expect(judgements.find((j) => j.rule === 'PRV-LIST')?.failure?.rule).toBe('PRV-LIST');
  expect(judgements.filter((j) => j.rule === 'GEN-NO-5XX')).toEqual([{ rule: 'GEN-NO-5XX' }]);
});

test('ERR-404-JSON names what is wrong: JSON under another media type is said so, not "not a JSON body"', () => {
  const typed = CHECKS['notFoundJson']!(
    exchange(
      'updateLocker',
      404,
      { errorCode: 'NOT_FOUND', message: 'no such locker' },
      { 'content-type': 'text/plain' },
    ),
    operation('updateLocker'),
  );
  expect(describeFailure(typed!)).toContain('a JSON body under Content-Type text/plain');
  const html = CHECKS['notFoundJson']!(
    exchange('updateLocker', 404, '<h1>Not Found</h1>', { 'content-type': 'text/html' }),
    operation('updateLocker'),
  );
  expect(describeFailure(html!)).toContain('<h1>Not Found</h1>');
});
