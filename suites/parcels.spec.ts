// Parcels (§2.3, §2.4, §4.6–4.8): both publish paths, bookings and pre-checks, the parcel list.
import fc from 'fast-check';
import { fromSchema, invalidByOne, mutationsOf, propertyParameters, type Mutation } from '../generators';
import { bindBody, type BindingContext } from '../harness/binding';
import type { CisClient } from '../harness/client';
import type { Exchange } from '../harness/exchange';
import type { LockerFactory } from '../harness/fixture-parts/factory-fixtures';
import { expect, notObservable, observe, rules, test, type Json, type Tagger } from '../harness/fixtures';
import type { RunSettings } from '../harness/run-settings';
import { abbreviate } from '../harness/text';

const PATHS = [
  { path: 'uid', operationId: 'publishParcel', schema: 'PublishByLockerUidRequest' },
  { path: 'tenant', operationId: 'publishParcelByCarrierLockerId', schema: 'PublishByCarrierLockerIdRequest' },
] as const;

async function context(lockers: LockerFactory, tag: Tagger, target: RunSettings, locker: Json): Promise<BindingContext> {
  return { provider: await lockers.nextProvider(), tag, runId: target.runId, locker };
}

function expect400(exchange: Exchange, api: CisClient, rule: string): void {
  expect(exchange.status, `${rule} ${exchange.operationId}: expected 400, got ${exchange.status}\n  reproduce: ${api.curl(exchange)}`).toBe(400);
}

function expectSuccess(exchange: Exchange, api: CisClient, rule: string): void {
  const ok = exchange.status >= 200 && exchange.status < 300;
  expect(ok, `${rule} ${exchange.operationId}: expected a 2xx, got ${exchange.status} ${abbreviate(exchange.text, 160)}\n  reproduce: ${api.curl(exchange)}`).toBe(true);
}

function ruleOf(mutation: Mutation): string {
  if (mutation.kind === 'missing') return 'PCL-PUBLISH-REQUIRED';
  if (mutation.kind === 'enum') return 'PCL-PUBLISH-ENUMS';
  if (mutation.kind === 'pattern') return mutation.memberRule ?? 'PCL-PUBLISH-TYPES';
  return 'PCL-PUBLISH-TYPES';
}

test.describe('publish requests (POST /parcels/data, /parcels/data/by-tenant-locker-id)', () => {
  test.beforeEach(({ requires }) => requires('writes'));
  for (const { path, operationId, schema } of PATHS) {
    test(`PCL-PUBLISH-RESPONSE generated valid ${operationId} bodies are accepted, and bookings are listed`, rules('PCL-PUBLISH-RESPONSE', 'PCL-BOOKING-CREATES', 'PCL-PRECHECK-NO-BOOKING'), async ({ api, lockers, parcels, tag, target }) => {
      const { record } = await lockers.create();
      const ctx = await context(lockers, tag, target, record);
      const statuses = new Set<number>();
      await fc.assert(
        fc.asyncProperty(fromSchema(schema), async (generated) => {
          const body = bindBody(generated, ctx) as Json;
          const exchange = await parcels.publish(body, path);
          expectSuccess(exchange, api, 'PCL-PUBLISH-RESPONSE');
          statuses.add(exchange.status);
          const listed = await parcels.find(body['carrierParcelId']);
          if (body['eventType'] === 'BOOKING') {
            expect(listed, `PCL-BOOKING-CREATES ${operationId}: booking ${body['carrierParcelId']} is not listed`).toBeDefined();
            expect(listed!['lockerUid'], `PCL-BOOKING-CREATES ${operationId}: booking ${body['carrierParcelId']} is in another locker`).toBe(record['uid']);
          } else {
            expect(listed, `PCL-PRECHECK-NO-BOOKING ${operationId}: PRE_CHECK ${body['carrierParcelId']} created a booking`).toBeUndefined();
          }
        }),
        propertyParameters(target.propertyRuns, target.seed),
      );
      observe('PCL-PUBLISH-RESPONSE', `${operationId} success status: ${[...statuses].join(', ')}`);
    });

    test(`PCL-PUBLISH-REQUIRED ${operationId} bodies invalid by one rule are rejected with 400 and leave GET /parcels unchanged`, rules('PCL-PUBLISH-REQUIRED', 'PCL-PUBLISH-ENUMS', 'PCL-PUBLISH-TYPES', 'PCL-PUBLISH-CURRENCY', 'GEN-REJECTED-NO-EFFECT'), async ({ api, lockers, parcels, tag, target }) => {
      const { record } = await lockers.create();
      const ctx = await context(lockers, tag, target, record);
      const valid = fromSchema(schema).map((g) => bindBody({ ...g, eventType: 'BOOKING' }, ctx) as Json);
      await fc.assert(
        fc.asyncProperty(invalidByOne(valid, mutationsOf(schema)), async ({ body, mutation }) => {
          // The locker is this test's own, so its parcels change only by what this test sends.
          const inLocker = async () => (await parcels.list()).filter((p) => p['lockerUid'] === record['uid']).length;
          const before = await inLocker();
          const exchange = await parcels.publish(body, path);
          expect400(exchange, api, `${ruleOf(mutation)} (${mutation.description})`);
          expect(await inLocker(), `GEN-REJECTED-NO-EFFECT ${operationId}: a parcel was booked by a rejected request (${mutation.description})`).toBe(before);
        }),
        propertyParameters(target.propertyRuns, target.seed),
      );
    });

    for (const mutation of mutationsOf(schema).filter((m) => m.kind === 'missing')) {
      test(`PCL-PUBLISH-REQUIRED ${operationId} rejects a body ${mutation.description} with 400 and an error body`, rules('PCL-PUBLISH-REQUIRED', 'ERR-BODY'), async ({ api, lockers, parcels }) => {
        const { record } = await lockers.create();
        const body = parcels.body(record, {}, path);
        delete body[mutation.path[0]!];
        const exchange = await parcels.publish(body, path);
        expect400(exchange, api, 'PCL-PUBLISH-REQUIRED');
        expect(exchange.body, 'ERR-BODY: expected errorCode and message').toEqual(expect.objectContaining({ errorCode: expect.any(String), message: expect.any(String) }));
      });
    }
  }

  const WRONG: [string, string, Json][] = [
    ['PCL-PUBLISH-ENUMS', 'eventType CANCEL', { eventType: 'CANCEL' }],
    ['PCL-PUBLISH-ENUMS', 'shipmentType FIRST_MILE (a trigger value, not a publish one)', { shipmentType: 'FIRST_MILE' }],
    ['PCL-PUBLISH-ENUMS', 'allocationType NO_RESERVATION', { allocationType: 'NO_RESERVATION' }],
    ['PCL-PUBLISH-ENUMS', 'lockStatus OPEN', { lockStatus: 'OPEN' }],
    ['PCL-PUBLISH-TYPES', 'a fractional dimension', { dimensions: { depth: 10.5, height: 10, width: 10 } }],
    ['PCL-PUBLISH-TYPES', 'a dimension as text', { dimensions: { depth: 'ten', height: 10, width: 10 } }],
    ['PCL-PUBLISH-TYPES', 'a fractional weight', { weight: 250.5 }],
    ['PCL-PUBLISH-TYPES', 'a fractional codAmount', { codAmount: 12.5, codCurrency: 'EUR' }],
    ['PCL-PUBLISH-TYPES', 'requiresAccessibleCompartment as text', { requiresAccessibleCompartment: 'sometimes' }],
    ['PCL-PUBLISH-TYPES', 'consignee as text', { consignee: 'Ann Example' }],
    ['PCL-PUBLISH-CURRENCY', 'codCurrency in lower case', { codAmount: 100, codCurrency: 'eur' }],
    ['PCL-PUBLISH-CURRENCY', 'codCurrency of four letters', { codAmount: 100, codCurrency: 'EURO' }],
  ];
  for (const [rule, what, patch] of WRONG) {
    test(`${rule} rejects ${what} with 400`, rules(rule), async ({ api, lockers, parcels }) => {
      const { record } = await lockers.create();
      const body = parcels.body(record, patch);
      const exchange = await parcels.publish(body);
      expect400(exchange, api, rule);
      expect(await parcels.find(body['carrierParcelId']), `GEN-REJECTED-NO-EFFECT publishParcel: ${what} created a booking`).toBeUndefined();
    });
  }

  test('PCL-PUBLISH-NULLS accepts null requiresAccessibleCompartment, null consignee and null dimension members', rules('PCL-PUBLISH-NULLS', 'PCL-PUBLISH-TYPES'), async ({ api, lockers, parcels }) => {
    const { record } = await lockers.create();
    for (const patch of [
      { requiresAccessibleCompartment: null },
      { consignee: null },
      { consignee: { name: null, email: null } },
      { dimensions: { depth: null, height: null, width: null } },
      { codAmount: 2 ** 40, codCurrency: 'EUR' },
    ]) {
      const exchange = await parcels.publish(parcels.body(record, patch));
      expectSuccess(exchange, api, `PCL-PUBLISH-NULLS (${JSON.stringify(patch)})`);
    }
  });

  test('PCL-SECONDARY-ID reports a secondaryShipmentId equal to carrierParcelId', rules('PCL-SECONDARY-ID'), async ({ lockers, parcels }) => {
    const { record } = await lockers.create();
    const body = parcels.body(record);
    body['secondaryShipmentId'] = body['carrierParcelId'];
    const exchange = await parcels.publish(body);
    observe('PCL-SECONDARY-ID', `a booking with secondaryShipmentId equal to carrierParcelId answered ${exchange.status}`);
  });
});

test.describe('bookings', () => {
  test.beforeEach(({ requires }) => requires('writes'));
  test('PCL-BOOKING-CREATES a BOOKING is listed with the sent lockerUid, carrierParcelId and allocationType', rules('PCL-BOOKING-CREATES', 'PCL-LOCK-STATUS'), async ({ api, lockers, parcels }) => {
    const { record } = await lockers.create();
    for (const allocationType of ['HARD_RESERVATION', 'SOFT_RESERVATION']) {
      const body = parcels.body(record, { allocationType, lockStatus: 'LOCKED' });
      expectSuccess(await parcels.publish(body), api, 'PCL-BOOKING-CREATES');
      const listed = await parcels.find(body['carrierParcelId']);
      expect(listed, `PCL-BOOKING-CREATES listParcels: booking ${body['carrierParcelId']} is not listed`).toBeDefined();
      expect(listed, 'PCL-BOOKING-CREATES listParcels: the booking differs from the request').toMatchObject({ lockerUid: record['uid'], carrierParcelId: body['carrierParcelId'], allocationType });
      observe('PCL-LOCK-STATUS', listed!['lockStatus'] !== undefined ? `the parcel record shows lockStatus=${listed!['lockStatus']}` : 'the parcel record does not show the lock state');
    }
  });

  test('PCL-PRECHECK-NO-BOOKING a PRE_CHECK creates no booking on either path', rules('PCL-PRECHECK-NO-BOOKING'), async ({ api, lockers, parcels }) => {
    const { record } = await lockers.create();
    for (const path of ['uid', 'tenant'] as const) {
      const body = parcels.body(record, { eventType: 'PRE_CHECK' }, path);
      expectSuccess(await parcels.publish(body, path), api, 'PCL-PRECHECK-NO-BOOKING');
      expect(await parcels.find(body['carrierParcelId']), `PCL-PRECHECK-NO-BOOKING: PRE_CHECK ${body['carrierParcelId']} was listed as a parcel`).toBeUndefined();
    }
  });

  test('PCL-BY-TENANT-RESOLVES the by-tenant path books into the locker whose carrier.lockerId was sent', rules('PCL-BY-TENANT-RESOLVES'), async ({ api, lockers, parcels }) => {
    const first = (await lockers.create()).record;
    const second = (await lockers.create()).record;
    for (const locker of [second, first]) {
      const body = parcels.body(locker, {}, 'tenant');
      expectSuccess(await parcels.publish(body, 'tenant'), api, 'PCL-BY-TENANT-RESOLVES');
      const listed = await parcels.find(body['carrierParcelId']);
      expect(listed?.['lockerUid'], `PCL-BY-TENANT-RESOLVES: carrierLockerId ${locker['carrier']['lockerId']} was booked into ${listed?.['lockerUid']}, not ${locker['uid']}`).toBe(locker['uid']);
    }
  });
});

test.describe('the parcel list (GET /parcels)', () => {
  test('PCL-LIST-STATUS-EVENTS every listed parcel carries its status and event history', rules('PCL-LIST-STATUS-EVENTS', 'PCL-RECORD-SHAPE'), async ({ lockers, parcels, target }) => {
    if (target.capabilities.writes.available) await parcels.book((await lockers.create()).record);
    const listed = await parcels.list();
    if (listed.length === 0) notObservable('PCL-LIST-STATUS-EVENTS', 'the carrier has no parcels to list');
    for (const parcel of listed) {
      expect(typeof parcel['shipmentStatus'], `PCL-LIST-STATUS-EVENTS: parcel ${parcel['carrierParcelId']} has no shipmentStatus`).toBe('string');
      expect(Array.isArray(parcel['events']), `PCL-LIST-STATUS-EVENTS: parcel ${parcel['carrierParcelId']} has no events array`).toBe(true);
    }
  });

  test('PCL-ACCESS-CODES access codes use consigneeCollectionCode, never consigneeCollection', rules('PCL-ACCESS-CODES'), async ({ lockers, parcels, target }) => {
    if (target.capabilities.writes.available) await parcels.book((await lockers.create()).record);
    const withCodes = (await parcels.list()).filter((p) => p['accessCodes'] && typeof p['accessCodes'] === 'object');
    for (const parcel of withCodes) {
      expect(parcel['accessCodes'], `PCL-ACCESS-CODES: parcel ${parcel['carrierParcelId']} carries consigneeCollection`).not.toHaveProperty('consigneeCollection');
      const code = parcel['accessCodes']['consigneeCollectionCode'];
      if (code !== undefined) expect(typeof code, `PCL-ACCESS-CODES: consigneeCollectionCode of ${parcel['carrierParcelId']} is not an object`).toBe('object');
    }
    if (withCodes.length === 0) notObservable('PCL-ACCESS-CODES', 'no listed parcel has accessCodes');
  });

  test('PCL-SIGNATURE-OBJECT a signature, once a parcel has one, is an object with imageBase64 and format', rules('PCL-SIGNATURE-OBJECT'), async ({ lockers, parcels, target }) => {
    if (target.capabilities.trigger.available && target.capabilities.writes.available) {
      const { record } = await lockers.create();
      const body = await parcels.book(record);
      await parcels.trigger(record, body['carrierParcelId'], 'CONSIGNEE_DELIVERED');
    }
    const signed = (await parcels.list()).filter((p) => p['signature'] !== undefined && p['signature'] !== null);
    for (const parcel of signed) {
      expect(parcel['signature'], `PCL-SIGNATURE-OBJECT: parcel ${parcel['carrierParcelId']}`).toEqual(expect.objectContaining({ imageBase64: expect.any(String), format: expect.any(String) }));
    }
    if (signed.length === 0) notObservable('PCL-SIGNATURE-OBJECT', 'no listed parcel has a signature');
  });
});

