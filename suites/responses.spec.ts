// Rules every answer is held to (preamble, §7, §9). The checks judge them on every response of every
// suite; these tests provoke the answers that are rare in the other suites.
import {
  abbreviate,
  basePathJudgement,
  type Exchange,
  expect,
  hold,
  isApplicationJson,
  type Json,
  judge,
  notObservable,
  observe,
  operation,
  operations,
  parcelsInEveryState,
  removedFields,
  rules,
  sampleScope,
  test,
} from '../harness/fixtures';

function judgeJsonContentType(exchange: Exchange): void {
  const contentType = exchange.headers['content-type'];
  judge('GEN-JSON', exchange)
    .expect(isApplicationJson(contentType), `Content-Type ${contentType ?? '(none)'} is not application/json`)
    .toBe(true);
}

/** ERR-BODY where §7 gives the body (400, 401, 500 of its operations): errorCode and message are there. */
function judgeErrorBody(exchange: Exchange): boolean {
  if (![400, 401, 500].includes(exchange.status)) return false;
  // That they are strings is ERR-BODY-TYPES: the checks judge it on every error body.
  for (const member of ['errorCode', 'message'])
    judge('ERR-BODY', exchange)
      .expect(exchange.body ?? {}, `the error body has no ${member}`)
      .toHaveProperty(member);
  return true;
}

test(
  'VER-BASE-PATH the service and mock base addresses carry the v1 segment and answer there',
  rules('VER-BASE-PATH'),
  async ({ api, target }) => {
    for (const [name, base] of [
      ['CIS_BASE_URL', target.baseUrl],
      ['CIS_MOCK_BASE_URL', target.mockBaseUrl],
    ] as const) {
      if (base) hold([basePathJudgement(base, name)]);
    }
    // And the service answers there.
    expect(await api.call('listProviders')).toSucceed('VER-BASE-PATH');
  },
);

test(
  'VER-REMOVED-FIELDS no locker or parcel record the target answers carries a removed field',
  rules('VER-REMOVED-FIELDS'),
  async ({ api, lockers, parcels, target }) => {
    const answers = [];
    if (target.capabilities.writes.available) {
      const { record, exchange } = await lockers.create();
      answers.push(
        exchange,
        await api.call('updateLocker', { params: { uid: record['uid'] }, body: { metadata: [] } }),
      );
      await parcels.book(record);
    }
    for (const operationId of ['listLockers', 'listParcels', 'listProviders'])
      answers.push(await api.call(operationId));
    for (const exchange of answers) {
      const found = removedFields(exchange, operation(exchange.operationId));
      judge('VER-REMOVED-FIELDS', exchange)
        .expect(found, found && `${found.expected}, got ${found.received} at ${found.pointer}`)
        .toBeUndefined();
    }
  },
);

test(
  'GEN-JSON the answers of every read operation and of a refused request are JSON',
  rules('GEN-JSON'),
  async ({ api, anonymous, lockers, parcels, target }) => {
    // The parcel list with parcels in every state: an answer written otherwise once it is long or holds a state.
    const { writes, trigger } = target.capabilities;
    await parcelsInEveryState(lockers, parcels, { writes: writes.available, trigger: trigger.available });
    for (const exchange of [
      await api.call('listProviders'),
      await api.call('listLockers'),
      await api.call('listParcels'),
      await anonymous.call('listParcels'),
    ]) {
      judgeJsonContentType(exchange);
      judge('GEN-JSON', exchange).expect(exchange.body, 'the body does not parse as JSON').not.toBeUndefined();
    }
  },
);

test(
  'ERR-BODY malformed JSON to publish is refused, and a 400 answer to it has errorCode and message',
  rules('ERR-BODY', 'PCL-PUBLISH-400-STATUS', 'GEN-NO-5XX', 'GEN-JSON'),
  async ({ api, requires }) => {
    requires('writes');
    for (const operationId of ['publishParcel', 'publishParcelByCarrierLockerId']) {
      const exchange = await api.call(operationId, { raw: '{"eventType": "BOOKING", "carrierParcelId": ' });
      // §7 lists 400 for publish; no sentence says a body that is not JSON gets it (nor any 4xx).
      expect(exchange).toBeRejected('PCL-PUBLISH-400-STATUS', 400);
      if (!judgeErrorBody(exchange))
        notObservable(
          'ERR-BODY',
          `malformed JSON to ${operationId} was answered ${exchange.status}, a status §7 shows no body for`,
        );
    }
  },
);

test(
  'ERR-NO-LEGACY-ERROR no error body carries the removed field error',
  rules('ERR-NO-LEGACY-ERROR', 'ERR-BODY-OTHER'),
  async ({ api, anonymous, requires, target }) => {
    requires('writes');
    const answers = [
      await api.call('publishParcel', { body: {} }),
      await api.call('createLocker', { body: {} }),
      await api.call('createLocker', { raw: '[' }),
    ];
    // Every operation the rule concerns, asked without a key, and with its key but its path ids left empty and an
    // empty body: each error answer's body the rule holds (a path without its id, which no operation's is, too).
    for (const op of operations.filter((o) => o.base !== 'mock' || target.mockBaseUrl)) {
      const params = Object.fromEntries(op.pathParams.map((p) => [p.name, '']));
      const body = op.requestBody === 'none' ? {} : { body: {} };
      answers.push(await anonymous.call(op.operationId, { params, ...body }));
      if (op.pathParams.length || op.requestBody !== 'none')
        answers.push(await api.call(op.operationId, { params, ...body }));
    }
    // Only an error answer says anything about error bodies.
    const errors = answers.filter(
      (exchange) => exchange.status >= 400 && exchange.body && typeof exchange.body === 'object',
    );
    for (const exchange of errors)
      judge('ERR-NO-LEGACY-ERROR', exchange)
        .expect(exchange.body as Json, 'the error body carries error')
        .not.toHaveProperty('error');
    if (errors.length === 0)
      notObservable('ERR-NO-LEGACY-ERROR', 'none of the requests was answered with an error body');
    const create = answers[1]!;
    observe('ERR-BODY-OTHER', `POST /lockers with {} answered ${create.status} ${abbreviate(create.text, 120)}`);
  },
);

// The checks judge ERR-BODY-TYPES on every error body with errorCode or message; these requests
// provoke the error answers of the operations §7 gives a body for.
test(
  'ERR-BODY-TYPES errorCode and message of error bodies are strings',
  rules('ERR-BODY-TYPES', 'ERR-BODY'),
  async ({ api, anonymous, wrongKey, lockers, target }) => {
    const answers = [await anonymous.call('listParcels'), await wrongKey.call('listParcels')];
    if (target.capabilities.writes.available) {
      const { record } = await lockers.create();
      answers.push(
        await api.call('publishParcel', { body: {} }),
        await api.call('updateLocker', { params: { uid: record['uid'] }, body: { provider: record['provider'] } }),
      );
    }
    for (const exchange of answers) judgeErrorBody(exchange);
  },
);

// A date-time that does not parse fails LCK-RECORD-SHAPE or PCL-PUBLISH-RESPONSE; one that parses
// without a zone offset is this rule's warning.
const ZONED = /(Z|[+-]\d{2}(:?\d{2})?)$/i;

test(
  'GEN-DATE-TIME-ZONE the date-times the service answers carry a zone offset',
  rules('GEN-DATE-TIME-ZONE'),
  async ({ lockers, parcels, target }) => {
    const answered: [Exchange, unknown][] = [];
    if (target.capabilities.writes.available) {
      const { record, exchange } = await lockers.create();
      answered.push([exchange, record['carrier']?.['activationDate']]);
      const precheck = await parcels.publish(parcels.body(record, { eventType: 'PRE_CHECK' }));
      answered.push([precheck, (precheck.body as Json | undefined)?.['timestamp']]);
    }
    const list = sampleScope(await lockers.everyListed(), 'GEN-DATE-TIME-ZONE');
    answered.push(...list.items.map((l): [Exchange, unknown] => [list.exchange, l['carrier']?.['activationDate']]));
    const dateTimes = answered.filter(([, value]) => typeof value === 'string' && !Number.isNaN(Date.parse(value)));
    for (const [exchange, value] of dateTimes)
      judge('GEN-DATE-TIME-ZONE', exchange)
        .expect(value, `${String(value)} has no zone offset`)
        .toMatch(ZONED);
    if (dateTimes.length === 0) notObservable('GEN-DATE-TIME-ZONE', 'no answer carried a date-time');
  },
);

test(
  'GEN-STATUS-DOCUMENTED answers to rejected requests use the statuses the contract lists',
  rules('GEN-STATUS-DOCUMENTED', 'GEN-NO-5XX', 'GEN-JSON'),
  async ({ api, requires }) => {
    requires('writes');
    const answers = [
      await api.call('publishParcel', { body: { eventType: 'BOOKING' } }),
      await api.call('updateLocker', { params: { uid: 'carrier-conformance-no-such-locker' }, body: { provider: {} } }),
      await api.call('cancelParcel', { params: { parcelId: 'carrier-conformance-no-such-parcel' } }),
    ];
    for (const exchange of answers) {
      const documented = operation(exchange.operationId).responses.map((r) => r.code);
      const listed =
        documented.includes(String(exchange.status)) || documented.includes(`${String(exchange.status)[0]}XX`);
      judge('GEN-STATUS-DOCUMENTED', exchange)
        .expect(listed, `${exchange.status} is not among ${documented.join(', ')}`)
        .toBe(true);
      if (exchange.text) judgeJsonContentType(exchange);
    }
  },
);
