// Parcels (§2.3, §4.6, §4.7): both publish paths' requests, invalid and valid. Bookings and refused publishes:
// parcel-bookings.spec.ts; generated publish requests: publish-generated.spec.ts; the list: parcel-records.spec.ts.
import fc from 'fast-check';
import {
  applyMutation,
  fromSchema,
  invalidByOne,
  mutationsOf,
  nullSiblings,
  PATHS,
  propertyParameters,
  ruledAs,
  type Mutation,
  wordMutations,
} from '../generators';
import {
  type Exchange,
  expect,
  hold,
  type Json,
  judge,
  noEffectJudgement,
  notObservable,
  observe,
  rules,
  test,
  wordsShown,
} from '../harness/fixtures';

function ruleOf(mutation: Mutation): string {
  if (ruledAs(mutation.kind) === 'missing') return 'PCL-PUBLISH-REQUIRED';
  if (mutation.kind === 'enum') return 'PCL-PUBLISH-ENUMS';
  // A value a framework's coercion turns into the type is the should's; the type rule judges only the others.
  if (mutation.kind === 'coerced') return 'GEN-TYPES-COERCED';
  if (mutation.kind === 'pattern') return mutation.memberRule ?? 'PCL-PUBLISH-TYPES';
  return 'PCL-PUBLISH-TYPES';
}

/**
 * A refused publish booked nothing: the locker is the test's own, so any parcel listed since in it, or under the id the
 * body had, came from the refused request.
 */
function bookedNothing(listed: Json[], locker: Json, id: unknown, what: string, exchange: Exchange): void {
  const booked = listed.filter((p) => p['lockerUid'] === locker['uid'] || p['carrierParcelId'] === id);
  hold(
    [
      noEffectJudgement(
        `the parcels after a refused publish ${what}`,
        [],
        booked.map((p) => p['carrierParcelId']),
      ),
    ],
    exchange,
  );
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
      'GEN-TYPES-COERCED',
    ];
    test(
      `PCL-PUBLISH-REQUIRED ${operationId} bodies invalid by one rule are rejected with a 4xx (400, a ` +
        `should) and leave GET /parcels unchanged`,
      rules(...INVALID),
      async ({ binder, evidence, lockers, parcels, target }) => {
        const { record } = await lockers.lend('bookings');
        const bind = await binder({ locker: record });
        // Every member present, so a defect inside an optional object (dimensions, consignee) has a place to land.
        const valid = fromSchema(schema, true).map((g) => bind({ ...g, eventType: 'BOOKING' }));
        // The locker is this test's own, so its parcels change only by what this test sends. The list is
        // read before and after all the cases rather than around each one (a read per case made the
        // property quadratic in the parcels the carrier has); a booking is traced back to its case.
        const mark = await parcels.mark();
        const inLocker = async () => (await parcels.listSince(mark)).filter((p) => p['lockerUid'] === record['uid']);
        const before = new Set((await inLocker()).map((p) => p['carrierParcelId']));
        const refused: { body: Json; mutation: Mutation; exchange: Exchange }[] = [];
        // The ids of bodies a should's miss let through (their bookings are theirs, not a refusal's effect).
        const taken = new Set<string>();
        await fc.assert(
          fc.asyncProperty(invalidByOne(valid, mutationsOf(schema, true)), async ({ body, mutation }) => {
            const exchange = await parcels.publish(body, path);
            expect(exchange).toBeRejected(ruleOf(mutation));
            // A should rule's miss (a coerced value taken) goes on: an accepted request is no refusal to judge further.
            if (exchange.status < 400 || exchange.status >= 500) {
              taken.add(String(body['carrierParcelId']));
              return;
            }
            expect(exchange).toBeRejected('PCL-PUBLISH-400-STATUS', 400);
            refused.push({ body, mutation, exchange });
          }),
          propertyParameters(target.propertyRuns, target.seed),
        );
        const booked = (await inLocker()).filter(
          (p) => !before.has(p['carrierParcelId']) && !taken.has(String(p['carrierParcelId'])),
        );
        for (const { body, mutation, exchange } of refused) {
          const own = booked
            .filter((p) => p['carrierParcelId'] === body['carrierParcelId'])
            .map((p) => p['carrierParcelId']);
          hold(
            [noEffectJudgement(`the parcels under the id of a rejected request (${mutation.description})`, [], own)],
            exchange,
          );
        }
        // A booking under an id no case sent (a mutated carrierParcelId) is named by the list alone.
        const last = refused[refused.length - 1]?.exchange;
        if (last)
          hold(
            [
              noEffectJudgement(
                `the test's locker's parcels after ${refused.length} rejected requests`,
                [],
                booked.map((p) => p['carrierParcelId']),
              ),
            ],
            last,
          );
        // Each case breaks one member picked at random: a rule no case reached says so.
        for (const rule of INVALID.filter((id) => !evidence.toJSON().rules[id]))
          notObservable(rule, `none of ${target.propertyRuns} generated ${operationId} mutations reached it`);
      },
    );

    // A required member the other path does not take, left out, with the members only the other path takes in its
    // place (a DTO shared by both paths, checked for "one of them"): refused all the same, and nothing booked.
    const other = PATHS.find((p) => p.path !== path)!;
    for (const mutation of mutationsOf(schema).filter(
      (m) => m.kind === 'missing' && !mutationsOf(other.schema).some((o) => o.path.join('.') === m.path.join('.')),
    )) {
      test(
        `PCL-PUBLISH-REQUIRED ${operationId} rejects a body ${mutation.description} that carries the members only ` +
          `${other.operationId} takes, and books nothing`,
        rules('PCL-PUBLISH-REQUIRED', 'GEN-REJECTED-NO-EFFECT'),
        async ({ lockers, parcels }) => {
          const [{ record }, mark] = await Promise.all([lockers.lend('bookings'), parcels.mark()]);
          const mine = parcels.body(record, {}, path);
          const theirs = parcels.body(record, {}, other.path);
          const body = { ...Object.fromEntries(Object.entries(theirs).filter(([k]) => !(k in mine))), ...mine };
          delete body[mutation.path[0]!];
          const exchange = await parcels.publish(body, path);
          expect(exchange).toBeRejected('PCL-PUBLISH-REQUIRED');
          const what = `${mutation.description}, with ${other.operationId}'s members`;
          bookedNothing(await parcels.listSince(mark), record, body['carrierParcelId'], what, exchange);
        },
      );
    }

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
          bookedNothing(await parcels.listSince(mark), record, id, mutation.description, exchange);
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
    // The pattern's complement within it: three capitals no ISO 4217 code has (QQ is no country's).
    ['PCL-PUBLISH-CURRENCY', 'codCurrency of three capitals no code has', { codAmount: 100, codCurrency: 'QQQ' }],
  ];
  // On both publish paths: a service may check a member on one path and forget it on the other. A defect in a nested
  // object goes again beside its siblings at null, where the document lets them be (a check of one member that reads
  // another as present passes it there).
  const WRONG_ALL = WRONG.flatMap(([rule, what, patch]): [string, string, Json][] => {
    const beside = nullSiblings(PATHS[0].schema, patch);
    const same = JSON.stringify(beside) === JSON.stringify(patch);
    return same
      ? [[rule, what, patch]]
      : [
          [rule, what, patch],
          [rule, `${what}, its other members null`, beside],
        ];
  });
  for (const [rule, what, patch] of WRONG_ALL) {
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
          hold(
            [noEffectJudgement(`the parcels under the id of ${what} (${exchange.operationId})`, undefined, parcel)],
            exchange,
            read.exchange,
          );
        }
      },
    );
  }

  test(
    'PCL-PUBLISH-ENUMS rejects, in each member with listed values, the words the target writes in its own parcel ' +
      'records, on both publish paths',
    rules('PCL-PUBLISH-ENUMS'),
    async ({ lockers, parcels }) => {
      const { record } = await lockers.lend('bookings');
      // The target shows its words for a parcel booked and one cancelled.
      const booked = await parcels.book(record);
      await parcels.cancel(String(booked['carrierParcelId']));
      const words = wordsShown((await parcels.lookup(String(booked['carrierParcelId']))).listing.items);
      for (const { path, schema } of PATHS) {
        const mutations = wordMutations(schema, words);
        if (!mutations.length)
          notObservable(
            'PCL-PUBLISH-ENUMS',
            `the parcel records showed no word outside the lists (${words.join(', ')})`,
          );
        for (const mutation of mutations) {
          const body = applyMutation(parcels.body(record, {}, path), mutation);
          expect.soft(await parcels.publish(body, path), mutation.description).toBeRejected('PCL-PUBLISH-ENUMS');
        }
      }
    },
  );

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
