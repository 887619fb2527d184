// Rules every answer is held to (preamble, §7, §9). The checks judge them on every response of every
// suite; these tests provoke the answers that are rare in the other suites.
import { abbreviate, expect, isJsonMediaType, judge, observe, operation, removedFields, rules, test, type Exchange, type Json } from '../harness/fixtures';

function judgeJsonContentType(exchange: Exchange): void {
  const contentType = exchange.headers['content-type'];
  judge('GEN-JSON', exchange).expect(isJsonMediaType(contentType), `Content-Type ${contentType ?? '(none)'} is not application/json`).toBe(true);
}

test('VER-BASE-PATH the service and mock base addresses carry the v1 segment and answer there', rules('VER-BASE-PATH'), async ({ api, target }) => {
  for (const [name, base] of [['CIS_BASE_URL', target.baseUrl], ['CIS_MOCK_BASE_URL', target.mockBaseUrl]] as const) {
    if (!base) continue;
    // §9: v1 is "part of the base path", not necessarily its last segment.
    const segments = new URL(base).pathname.split('/').filter(Boolean);
    judge('VER-BASE-PATH').expect(segments, `${name}=${base} has no v1 segment`).toContain('v1');
  }
  expect(await api.call('listProviders')).toSucceed('VER-BASE-PATH');
});

test('VER-REMOVED-FIELDS no locker or parcel record the target answers carries a removed field', rules('VER-REMOVED-FIELDS'), async ({ api, lockers, parcels, target }) => {
  const answers = [];
  if (target.capabilities.writes.available) {
    const { record, exchange } = await lockers.create();
    answers.push(exchange, await api.call('updateLocker', { params: { uid: record['uid'] }, body: { metadata: [] } }));
    await parcels.book(record);
  }
  for (const operationId of ['listLockers', 'listParcels', 'listProviders']) answers.push(await api.call(operationId));
  for (const exchange of answers) {
    const found = removedFields(exchange, operation(exchange.operationId));
    judge('VER-REMOVED-FIELDS', exchange).expect(found, found && `${found.expected}, got ${found.received} at ${found.pointer}`).toBeUndefined();
  }
});

test('GEN-JSON the answers of every read operation and of a refused request are JSON', rules('GEN-JSON'), async ({ api, anonymous }) => {
  for (const exchange of [await api.call('listProviders'), await api.call('listLockers'), await api.call('listParcels'), await anonymous.call('listParcels')]) {
    judgeJsonContentType(exchange);
    judge('GEN-JSON', exchange).expect(exchange.body, 'the body does not parse as JSON').not.toBeUndefined();
  }
});

test('ERR-BODY malformed JSON is answered 400 with errorCode and message', rules('ERR-BODY', 'GEN-NO-5XX', 'GEN-JSON'), async ({ api, requires }) => {
  requires('writes');
  for (const operationId of ['publishParcel', 'publishParcelByCarrierLockerId']) {
    const exchange = await api.call(operationId, { raw: '{"eventType": "BOOKING", "carrierParcelId": ' });
    expect(exchange).toBeRejected('ERR-BODY', 400);
    judge('ERR-BODY', exchange).expect(exchange.body, 'expected an error body').toEqual(expect.objectContaining({ errorCode: expect.any(String), message: expect.any(String) }));
  }
});

test('ERR-NO-LEGACY-ERROR no error body carries the removed field error', rules('ERR-NO-LEGACY-ERROR', 'ERR-BODY-OTHER'), async ({ api, anonymous, requires }) => {
  requires('writes');
  const answers = [
    await api.call('publishParcel', { body: {} }),
    await api.call('createLocker', { body: {} }),
    await api.call('createLocker', { raw: '[' }),
    await anonymous.call('listParcels'),
    await anonymous.call('listLockers'),
  ];
  for (const exchange of answers) {
    // Only an error answer says anything about error bodies.
    judge('ERR-NO-LEGACY-ERROR', exchange).expect(exchange.status, 'expected an error status').toBeGreaterThanOrEqual(400);
    if (exchange.body && typeof exchange.body === 'object') {
      judge('ERR-NO-LEGACY-ERROR', exchange).expect(exchange.body as Json, 'the error body carries error').not.toHaveProperty('error');
    }
  }
  const create = answers[1]!;
  observe('ERR-BODY-OTHER', `POST /lockers with {} answered ${create.status} ${abbreviate(create.text, 120)}`);
});

test('GEN-STATUS-DOCUMENTED answers to rejected requests use the statuses the contract lists', rules('GEN-STATUS-DOCUMENTED', 'GEN-NO-5XX', 'GEN-JSON'), async ({ api, requires }) => {
  requires('writes');
  const answers = [
    await api.call('publishParcel', { body: { eventType: 'BOOKING' } }),
    await api.call('updateLocker', { params: { uid: 'carrier-conformance-no-such-locker' }, body: { provider: {} } }),
    await api.call('cancelParcel', { params: { parcelId: 'carrier-conformance-no-such-parcel' } }),
  ];
  for (const exchange of answers) {
    const documented = operation(exchange.operationId).responses.map((r) => r.code);
    const listed = documented.includes(String(exchange.status)) || documented.includes(`${String(exchange.status)[0]}XX`);
    judge('GEN-STATUS-DOCUMENTED', exchange).expect(listed, `${exchange.status} is not among ${documented.join(', ')}`).toBe(true);
    if (exchange.text) judgeJsonContentType(exchange);
  }
});
