// Parcels (§2.3, §2.4, §4.6–4.8): both publish paths, bookings and pre-checks, the parcel list.
import fc from 'fast-check';
import { fromSchema, invalidByOne, mutationsOf, propertyParameters, type Mutation } from '../generators';
import {
  asSent,
  expect,
  expectControlAccepted,
  isRefusal,
  judge,
  notObservable,
  observe,
  rules,
  test,
  type Exchange,
  type Json,
} from '../harness/fixtures';

const PATHS = [
  { path: 'uid', operationId: 'publishParcel', schema: 'PublishByLockerUidRequest' },
  { path: 'tenant', operationId: 'publishParcelByCarrierLockerId', schema: 'PublishByCarrierLockerIdRequest' },
] as const;

function ruleOf(mutation: Mutation): string {
  if (mutation.kind === 'missing' || mutation.kind === 'null') return 'PCL-PUBLISH-REQUIRED';
  if (mutation.kind === 'enum') return 'PCL-PUBLISH-ENUMS';
  if (mutation.kind === 'pattern') return mutation.memberRule ?? 'PCL-PUBLISH-TYPES';
  return 'PCL-PUBLISH-TYPES';
}

test.describe('publish requests (POST /parcels/data, /parcels/data/by-tenant-locker-id)', () => {
  for (const { path, operationId, schema } of PATHS) {
    const INVALID = [
      'PCL-PUBLISH-REQUIRED',
      'PCL-PUBLISH-ENUMS',
      'PCL-PUBLISH-TYPES',
      'PCL-PUBLISH-CURRENCY',
      'PCL-PUBLISH-400-STATUS',
      'GEN-REJECTED-NO-EFFECT',
    ];
    test(
      `PCL-PUBLISH-REQUIRED ${operationId} bodies invalid by one rule are rejected with a 4xx (400, a ` +
        `should) and leave GET /parcels unchanged`,
      rules(...INVALID),
      async ({ binder, evidence, lockers, parcels, target }) => {
        const { record } = await lockers.lend('bookings');
        const bind = await binder({ locker: record });
        const valid = fromSchema(schema).map((g) => bind({ ...g, eventType: 'BOOKING' }));
        // The locker is this test's own, so its parcels change only by what this test sends. The list is
        // read before and after all the cases rather than around each one (a read per case made the
        // property quadratic in the parcels the carrier has); a booking is traced back to its case.
        const mark = await parcels.mark();
        const inLocker = async () => (await parcels.listSince(mark)).filter((p) => p['lockerUid'] === record['uid']);
        const before = new Set((await inLocker()).map((p) => p['carrierParcelId']));
        const refused: { body: Json; mutation: Mutation; exchange: Exchange }[] = [];
        await fc.assert(
          fc.asyncProperty(invalidByOne(valid, mutationsOf(schema)), async ({ body, mutation }) => {
            const exchange = await parcels.publish(body, path);
            expect(exchange).toBeRejected(ruleOf(mutation));
            expect(exchange).toBeRejected('PCL-PUBLISH-400-STATUS', 400);
            refused.push({ body, mutation, exchange });
          }),
          propertyParameters(target.propertyRuns, target.seed),
        );
        const booked = (await inLocker()).filter((p) => !before.has(p['carrierParcelId']));
        for (const { body, mutation, exchange } of refused) {
          const own = booked
            .filter((p) => p['carrierParcelId'] === body['carrierParcelId'])
            .map((p) => p['carrierParcelId']);
          judge('GEN-REJECTED-NO-EFFECT', exchange)
            .expect(own, `a parcel was booked by a rejected request (${mutation.description})`)
            .toEqual([]);
        }
        // A booking under an id no case sent (a mutated carrierParcelId) is named by the list alone.
        const last = refused[refused.length - 1]?.exchange;
        if (last)
          judge('GEN-REJECTED-NO-EFFECT', last)
            .expect(
              booked.map((p) => p['carrierParcelId']),
              `parcels were booked in the test's locker by ${refused.length} rejected requests`,
            )
            .toEqual([]);
        // Each case breaks one member picked at random: a rule no case reached says so.
        for (const rule of INVALID.filter((id) => !evidence.toJSON().rules[id]))
          notObservable(rule, `none of ${target.propertyRuns} generated ${operationId} mutations reached it`);
      },
    );

    for (const mutation of mutationsOf(schema).filter((m) => m.kind === 'missing')) {
      test(
        `PCL-PUBLISH-REQUIRED ${operationId} rejects a body ${mutation.description} with a 4xx (400, a ` +
          `should), an error body, and books nothing`,
        rules(
          'PCL-PUBLISH-REQUIRED',
          'PCL-PUBLISH-400-STATUS',
          'ERR-BODY',
          'GEN-REJECTED-NO-EFFECT',
          'VER-REMOVED-FIELDS',
        ),
        async ({ lockers, parcels }) => {
          const [{ record }, mark] = await Promise.all([lockers.lend('bookings'), parcels.mark()]);
          const body = parcels.body(record, {}, path);
          const id = body['carrierParcelId'];
          delete body[mutation.path[0]!];
          const exchange = await parcels.publish(body, path);
          expect(exchange).toBeRejected('PCL-PUBLISH-REQUIRED');
          expect(exchange).toBeRejected('PCL-PUBLISH-400-STATUS', 400);
          // The locker is this test's own: any parcel in it, or under the id the body had, came from the refused
          // request.
          const booked = (await parcels.listSince(mark)).filter(
            (p) => p['lockerUid'] === record['uid'] || p['carrierParcelId'] === id,
          );
          judge('GEN-REJECTED-NO-EFFECT', exchange)
            .expect(
              booked.map((p) => p['carrierParcelId']),
              `a publish ${mutation.description} was refused and booked all the same`,
            )
            .toEqual([]);
          // §9 and §7: the older field error no longer exists, in any error body the operation answers.
          if (exchange.body !== null && typeof exchange.body === 'object')
            judge('VER-REMOVED-FIELDS', exchange)
              .expect(exchange.body, 'the error body carries the removed field error')
              .not.toHaveProperty('error');
          else
            notObservable(
              'VER-REMOVED-FIELDS',
              `${operationId}: the refusal was answered ${exchange.status} without a JSON object body`,
            );
          // §7 gives the error body (errorCode, message) of a 400, 401 or 500, not of another 4xx, nor the members'
          // types (ERR-BODY-TYPES).
          if (![400, 401].includes(exchange.status))
            notObservable('ERR-BODY', `the refusal was answered ${exchange.status}, for which §7 gives no error body`);
          else
            judge('ERR-BODY', exchange)
              .expect(exchange.body, 'expected errorCode and message')
              .toEqual(expect.objectContaining({ errorCode: expect.anything(), message: expect.anything() }));
        },
      );
    }
  }

  const WRONG: [string, string, Json][] = [
    ['PCL-PUBLISH-ENUMS', 'eventType CANCEL', { eventType: 'CANCEL' }],
    [
      'PCL-PUBLISH-ENUMS',
      'shipmentType FIRST_MILE (a trigger value, not a publish one)',
      { shipmentType: 'FIRST_MILE' },
    ],
    ['PCL-PUBLISH-ENUMS', 'allocationType NO_RESERVATION', { allocationType: 'NO_RESERVATION' }],
    ['PCL-PUBLISH-ENUMS', 'lockStatus OPEN', { lockStatus: 'OPEN' }],
    ['PCL-PUBLISH-TYPES', 'a fractional dimension', { dimensions: { depth: 10.5, height: 10, width: 10 } }],
    ['PCL-PUBLISH-TYPES', 'a dimension as text', { dimensions: { depth: 'ten', height: 10, width: 10 } }],
    ['PCL-PUBLISH-TYPES', 'a fractional weight', { weight: 250.5 }],
    ['PCL-PUBLISH-TYPES', 'a fractional codAmount', { codAmount: 12.5, codCurrency: 'EUR' }],
    ['PCL-PUBLISH-TYPES', 'requiresAccessibleCompartment as text', { requiresAccessibleCompartment: 'sometimes' }],
    ['PCL-PUBLISH-TYPES', 'consignee as text', { consignee: 'Ann Example' }],
    ['PCL-PUBLISH-CURRENCY-CASE', 'codCurrency in lower case', { codAmount: 100, codCurrency: 'eur' }],
    ['PCL-PUBLISH-CURRENCY', 'codCurrency of four letters', { codAmount: 100, codCurrency: 'EURO' }],
  ];
  // On both publish paths: a service may check a member on one path and forget it on the other.
  for (const [rule, what, patch] of WRONG) {
    test(
      `${rule} rejects ${what} with a 4xx (400, a should), on both publish paths`,
      rules(rule, 'PCL-PUBLISH-400-STATUS', 'GEN-REJECTED-NO-EFFECT'),
      async ({ lockers, parcels }) => {
        const { record } = await lockers.lend('bookings');
        const sent = await Promise.all(
          (['uid', 'tenant'] as const).map(async (path) => {
            const body = parcels.body(record, patch, path);
            return { body, exchange: await parcels.publish(body, path) };
          }),
        );
        // One list read for both: one that did not find the first booking was read through, and answers for the second
        // too.
        let read: Awaited<ReturnType<typeof parcels.lookup>> | undefined;
        for (const { body, exchange } of sent) {
          expect.soft(exchange).toBeRejected(rule);
          // A should rule's miss goes on: an accepted request is no refusal to judge further.
          if (exchange.status < 400 || exchange.status >= 500) continue;
          expect.soft(exchange).toBeRejected('PCL-PUBLISH-400-STATUS', 400);
          const id = body['carrierParcelId'];
          if (!read || read.parcel || !read.listing.complete) read = await parcels.lookup(id);
          const parcel = read.listing.items.filter((p) => p['carrierParcelId'] === id).pop();
          judge('GEN-REJECTED-NO-EFFECT', exchange, read.exchange)
            .soft(parcel, `${what} created a booking (${exchange.operationId})`)
            .toBeUndefined();
        }
      },
    );
  }

  test(
    'PCL-PUBLISH-NULLS accepts null requiresAccessibleCompartment, null consignee and null dimension members ' +
      'on both publish paths',
    rules('PCL-PUBLISH-NULLS', 'PCL-PUBLISH-TYPES'),
    async ({ lockers, parcels }) => {
      const { record } = await lockers.lend('bookings');
      // An int64 codAmount beyond 32 bits is a matter of type, not of nulls.
      const ACCEPTED: [string, Json][] = [
        ['PCL-PUBLISH-NULLS', { requiresAccessibleCompartment: null }],
        ['PCL-PUBLISH-NULLS', { consignee: null }],
        ['PCL-PUBLISH-NULLS', { consignee: { name: null, email: null } }],
        ['PCL-PUBLISH-NULLS', { dimensions: { depth: null, height: null, width: null } }],
        ['PCL-PUBLISH-TYPES', { codAmount: 2 ** 40, codCurrency: 'EUR' }],
      ];
      // Five bookings per path: a locker that is full before the last is not one that refuses nulls.
      const room = parcels.room(record, async () => (await lockers.lend('bookings')).record);
      for (const path of ['uid', 'tenant'] as const) {
        for (const [rule, patch] of ACCEPTED)
          expect.soft((await room.publish(parcels.body(record, patch, path), path)).exchange).toSucceed(rule);
      }
    },
  );

  test(
    'PCL-SECONDARY-ID reports a secondaryShipmentId equal to carrierParcelId',
    rules('PCL-SECONDARY-ID'),
    async ({ lockers, parcels }) => {
      const { record } = await lockers.lend('bookings');
      const body = parcels.body(record);
      body['secondaryShipmentId'] = body['carrierParcelId'];
      const exchange = await parcels.publish(body);
      observe(
        'PCL-SECONDARY-ID',
        `a booking with secondaryShipmentId equal to carrierParcelId answered ${exchange.status}`,
      );
    },
  );
});

test.describe('bookings', () => {
  test(
    'PCL-BOOKING-CREATES a BOOKING is listed with the sent lockerUid, carrierParcelId and allocationType',
    rules('PCL-BOOKING-CREATES', 'PCL-LOCK-STATUS'),
    async ({ lockers, parcels }) => {
      const { record } = await lockers.lend('bookings');
      for (const allocationType of ['HARD_RESERVATION', 'SOFT_RESERVATION']) {
        const body = parcels.body(record, { allocationType, lockStatus: 'LOCKED' });
        const exchange = await parcels.publish(body);
        expect(exchange).toSucceed('PCL-BOOKING-CREATES');
        const listed = await parcels.expectListed('PCL-BOOKING-CREATES', body['carrierParcelId']);
        judge('PCL-BOOKING-CREATES', exchange)
          .expect(listed, 'the listed booking differs from the request')
          .toMatchObject({ lockerUid: record['uid'], carrierParcelId: body['carrierParcelId'], allocationType });
        observe(
          'PCL-LOCK-STATUS',
          listed['lockStatus'] !== undefined
            ? `the parcel record shows lockStatus=${listed['lockStatus']}`
            : 'the parcel record does not show the lock state',
        );
      }
    },
  );

  const AS_SENT = ['PCL-RECORD-AS-SENT', 'PCL-BOOKING-CREATES'];
  test(
    'PCL-RECORD-AS-SENT a booking is listed with the shipmentType, allocationType and consignee sent, and on ' +
      'the by-tenant path its carrierLockerId',
    rules(...AS_SENT),
    async ({ lockers, parcels }) => {
      const { record } = await lockers.lend('bookings');
      // Values other than the ones a target might fill in itself; a name beyond ASCII (§8 states no character
      // set), compared as Unicode text, so a service storing another normalization form is not failed.
      const sent = {
        shipmentType: 'ALTERNATIVE_DELIVERY',
        allocationType: 'SOFT_RESERVATION',
        consignee: { name: 'Zoë Ñúñez-Ørsted', email: 'zoe@example.com' },
      };
      await Promise.all(
        (['uid', 'tenant'] as const).map(async (path) => {
          const body = parcels.body(record, sent, path);
          const exchange = await parcels.publish(body, path);
          expect(exchange).toSucceed('PCL-BOOKING-CREATES');
          const { parcel: listed, exchange: read } = await parcels.expectListedAt(
            'PCL-BOOKING-CREATES',
            body['carrierParcelId'],
          );
          const carried = { ...sent, ...(path === 'tenant' ? { carrierLockerId: body['carrierLockerId'] } : {}) };
          judge('PCL-RECORD-AS-SENT', exchange, read)
            .expect(
              asSent(carried as Json, listed).differences,
              `the ${path === 'uid' ? 'lockerUid' : 'by-tenant'} booking ${body['carrierParcelId']} is listed as sent`,
            )
            .toEqual([]);
        }),
      );
    },
  );

  test(
    'PCL-PRECHECK-NO-BOOKING a PRE_CHECK creates no booking on either path',
    rules('PCL-PRECHECK-NO-BOOKING'),
    async ({ lockers, parcels }) => {
      const { record } = await lockers.lend('bookings');
      for (const path of ['uid', 'tenant'] as const) {
        const body = parcels.body(record, { eventType: 'PRE_CHECK' }, path);
        const exchange = await parcels.publish(body, path);
        expect(exchange).toSucceed('PCL-PRECHECK-NO-BOOKING');
        const { parcel, exchange: read } = await parcels.lookup(body['carrierParcelId']);
        judge('PCL-PRECHECK-NO-BOOKING', exchange, read)
          .expect(parcel, `PRE_CHECK ${body['carrierParcelId']} was listed as a parcel`)
          .toBeUndefined();
      }
    },
  );

  test(
    'PCL-BY-TENANT-RESOLVES the by-tenant path books into the locker whose carrier.lockerId was sent',
    rules('PCL-BY-TENANT-RESOLVES'),
    async ({ lockers, parcels }) => {
      const first = (await lockers.lend('bookings')).record;
      const second = (await lockers.lend('bookings')).record;
      for (const locker of [second, first]) {
        const body = parcels.body(locker, {}, 'tenant');
        const exchange = await parcels.publish(body, 'tenant');
        expect(exchange).toSucceed('PCL-BY-TENANT-RESOLVES');
        const listed = await parcels.expectListed('PCL-BY-TENANT-RESOLVES', body['carrierParcelId']);
        judge('PCL-BY-TENANT-RESOLVES', exchange)
          .expect(
            listed['lockerUid'],
            `carrierLockerId ${locker['carrier']['lockerId']} was booked into ${listed['lockerUid']}, not ` +
              `${locker['uid']}`,
          )
          .toBe(locker['uid']);
      }
    },
  );
});

test.describe('refused publishes have no effect', () => {
  const KEYS = [
    ['anonymous', 'without X-API-Key'],
    ['wrongKey', 'with a key no carrier has'],
  ] as const;
  for (const [client, what] of KEYS) {
    test(
      `AUTH-KEY-REQUIRED a publish ${what} is refused and books nothing, and the same request with the key is accepted`,
      rules('AUTH-KEY-REQUIRED'),
      async ({ anonymous, wrongKey, lockers, parcels, requires }) => {
        // The rule itself runs on production; this test creates a locker and books, so it needs writes.
        requires('writes');
        const { record } = await lockers.lend('bookings');
        const body = parcels.body(record);
        const exchange = await parcels.publish(body, 'uid', { anonymous, wrongKey }[client]);
        const booked = isRefusal(exchange) ? await parcels.find(body['carrierParcelId']) : undefined;
        const bookedNothing = () =>
          judge('AUTH-KEY-REQUIRED', exchange)
            .expect(booked, `a publish ${what}, answered ${exchange.status}, booked parcel ${body['carrierParcelId']}`)
            .toBeUndefined();
        // A refused request that booked fails at once; one that did not proves something only once the same request
        // with the key is accepted.
        if (booked) bookedNothing();
        if (isRefusal(exchange)) expectControlAccepted(await parcels.publish(body), ['AUTH-KEY-REQUIRED']);
        expect(exchange).toBeRejected('AUTH-KEY-REQUIRED');
        bookedNothing();
      },
    );
  }

  test(
    'GEN-REJECTED-NO-EFFECT a publish naming a locker that does not exist, when refused, books nothing',
    rules('GEN-REJECTED-NO-EFFECT'),
    async ({ lockers, parcels }) => {
      const { record } = await lockers.lend('bookings');
      // The ids of the test's locker with a suffix no locker has; whatever the refusal is for, it must leave nothing
      // booked.
      const unknown = { uid: `${record['uid']}-none`, carrier: { lockerId: `${record['carrier']['lockerId']}-none` } };
      const answers = await Promise.all(
        (['uid', 'tenant'] as const).map(async (path) => {
          const body = parcels.body(unknown, {}, path);
          const exchange = await parcels.publish(body, path);
          if (!isRefusal(exchange)) return `${exchange.operationId} answered ${exchange.status}`;
          judge('GEN-REJECTED-NO-EFFECT', exchange)
            .expect(
              await parcels.find(body['carrierParcelId']),
              `a publish for unknown locker ${JSON.stringify(body['lockerUid'] ?? body['carrierLockerId'])} ` +
                `was refused (${exchange.status}) and booked all the same`,
            )
            .toBeUndefined();
          return `${exchange.operationId} refused with ${exchange.status}`;
        }),
      );
      observe('GEN-REJECTED-NO-EFFECT', `a publish for a locker that does not exist: ${answers.join('; ')}`);
      if (!answers.some((a) => a.includes('refused')))
        notObservable('GEN-REJECTED-NO-EFFECT', `no publish for an unknown locker was refused (${answers.join('; ')})`);
    },
  );
});

// After the tests that read GET /parcels around a booking of their own: the 200 bookings these make
// are in every later read (the list holds all the carrier's parcels, §4.8), which those tests make a
// hundred times between them. The list tests below come after, so they judge these bookings too.
test.describe('generated publish requests', () => {
  for (const { path, operationId, schema } of PATHS) {
    const PUBLISHED = [
      'PCL-PUBLISH-RESPONSE',
      'PCL-PUBLISH-TIMESTAMP',
      'PCL-BOOKING-CREATES',
      'PCL-PRECHECK-NO-BOOKING',
      'PCL-RECORD-AS-SENT',
    ];
    test(
      `PCL-PUBLISH-RESPONSE generated valid ${operationId} bodies are accepted, and bookings are listed`,
      rules(...PUBLISHED),
      async ({ binder, evidence, lockers, parcels, target }) => {
        const [{ record }, mark] = await Promise.all([lockers.lend('bookings'), parcels.mark()]);
        const bind = await binder({ locker: record });
        const statuses = new Set<number>();
        const accepted: { body: Json; exchange: Exchange; locker: Json }[] = [];
        // Many bookings: they move to a fresh locker when the target says one is full.
        const room = parcels.room(record, async () => (await lockers.lend('bookings')).record);
        await fc.assert(
          fc.asyncProperty(fromSchema(schema).map(bind), async (generated) => {
            const { exchange, body, locker } = await room.publish(generated, path);
            expect(exchange).toSucceed('PCL-PUBLISH-RESPONSE');
            statuses.add(exchange.status);
            accepted.push({ body, exchange, locker });
          }),
          propertyParameters(target.propertyRuns, target.seed),
        );
        // GET /parcels is read once for every accepted case: a read per case made the property quadratic
        // in the parcels the carrier has, and the list holds them all (§4.8 shows no filter).
        const bookings = accepted.filter(({ body }) => body['eventType'] === 'BOOKING');
        const { byId, listing } = await parcels.expectEachListed(
          'PCL-BOOKING-CREATES',
          bookings.map(({ body }) => body['carrierParcelId']),
          mark,
        );
        for (const { body, exchange, locker } of bookings) {
          const listed = byId.get(body['carrierParcelId'])!;
          judge('PCL-BOOKING-CREATES', exchange)
            .expect(listed['lockerUid'], `booking ${body['carrierParcelId']} is in another locker`)
            .toBe(locker['uid']);
          // Values from listed sets are repeated as sent; generated free text (consignee) is left to the test below.
          const sent = Object.fromEntries(
            ['shipmentType', 'allocationType', ...(path === 'tenant' ? ['carrierLockerId'] : [])]
              .filter((m) => body[m] !== undefined)
              .map((m) => [m, body[m]]),
          );
          judge('PCL-RECORD-AS-SENT', exchange, listing.exchange)
            .expect(listed, `booking ${body['carrierParcelId']} is listed with other values than sent`)
            .toMatchObject(sent);
        }
        for (const { body, exchange } of accepted.filter(({ body }) => body['eventType'] !== 'BOOKING')) {
          const id = body['carrierParcelId'];
          if (!listing.complete)
            notObservable(
              'PCL-PRECHECK-NO-BOOKING',
              `pre-check ${id} was not looked for: the list was not read through (${listing.incomplete})`,
            );
          else
            judge('PCL-PRECHECK-NO-BOOKING', exchange, listing.exchange)
              .expect(
                listing.items.find((p) => p['carrierParcelId'] === id),
                `PRE_CHECK ${id} created a booking`,
              )
              .toBeUndefined();
        }
        observe('PCL-PUBLISH-RESPONSE', `${operationId} success status: ${[...statuses].join(', ')}`);
        // Generated bodies pick their eventType at random: a rule no case reached says so.
        for (const rule of PUBLISHED.filter((id) => !evidence.toJSON().rules[id]))
          notObservable(rule, `none of ${target.propertyRuns} generated ${operationId} bodies reached it`);
      },
    );
  }
});
