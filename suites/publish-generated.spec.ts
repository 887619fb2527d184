// Generated publish requests (§4.6, §4.7): valid bodies of both paths accepted, their bookings listed as sent.
// A file of their own, named to come after parcels.spec.ts in the runner's order: the 200 bookings these make
// are in every later read of GET /parcels (the list holds all the carrier's parcels, §4.8), which the tests that
// read it around a booking of their own make a hundred times between them.
import fc from 'fast-check';
import { fromSchema, PATHS, propertyParameters } from '../generators';
import {
  bookingListedJudgement,
  type Exchange,
  expect,
  hold,
  type Json,
  notObservable,
  observe,
  precheckNotListedJudgement,
  recordAsSentJudgement,
  rules,
  test,
} from '../harness/fixtures';

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
          hold([bookingListedJudgement(body['carrierParcelId'], locker['uid'], undefined, [listed])], exchange);
          // Values from listed sets are repeated as sent; generated free text (consignee) is left to the test below.
          const sent = Object.fromEntries(
            ['shipmentType', 'allocationType', ...(path === 'tenant' ? ['carrierLockerId'] : [])]
              .filter((m) => body[m] !== undefined)
              .map((m) => [m, body[m]]),
          );
          const what = `booking ${body['carrierParcelId']}`;
          hold([recordAsSentJudgement(sent, listed ? [listed] : [], what)], exchange, listing.exchange);
        }
        for (const { body, exchange } of accepted.filter(({ body }) => body['eventType'] !== 'BOOKING')) {
          const id = body['carrierParcelId'];
          if (!listing.complete)
            notObservable(
              'PCL-PRECHECK-NO-BOOKING',
              `pre-check ${id} was not looked for: the list was not read through (${listing.incomplete})`,
            );
          else
            hold(
              [
                precheckNotListedJudgement(
                  id,
                  listing.items.filter((p) => p['carrierParcelId'] === id),
                ),
              ],
              exchange,
              listing.exchange,
            );
        }
        observe('PCL-PUBLISH-RESPONSE', `${operationId} success status: ${[...statuses].join(', ')}`);
        // Generated bodies pick their eventType at random: a rule no case reached says so.
        for (const rule of PUBLISHED.filter((id) => !evidence.toJSON().rules[id]))
          notObservable(rule, `none of ${target.propertyRuns} generated ${operationId} bodies reached it`);
      },
    );
  }
});
