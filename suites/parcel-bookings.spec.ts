// Bookings (§2.4, §4.6, §4.7): a booking listed as sent, a PRE_CHECK that books nothing, the by-tenant path's
// locker; and publishes refused (no key, an unknown locker) that book nothing.
import {
  bookingListedJudgement,
  byTenantResolvesJudgement,
  byTenantTakenJudgement,
  expect,
  expectControlAccepted,
  extrasAsSentJudgement,
  hold,
  isRefusal,
  type Json,
  judge,
  idNotHeldJudgement,
  noEffectJudgement,
  notObservable,
  observe,
  precheckNotListedJudgement,
  publishAcceptedJudgement,
  recordAsSentJudgement,
  rules,
  test,
} from '../harness/fixtures';
import { enumsBeyond } from '../generators';

test.describe('bookings', () => {
  test(
    'PCL-BOOKING-CREATES a BOOKING is listed with the sent lockerUid, carrierParcelId and allocationType',
    rules('PCL-BOOKING-CREATES', 'PCL-LOCK-STATUS'),
    async ({ lockers, parcels }) => {
      const { record } = await lockers.lend('bookings');
      for (const allocationType of ['HARD_RESERVATION', 'SOFT_RESERVATION']) {
        const body = parcels.body(record, { allocationType, lockStatus: 'LOCKED' });
        const exchange = await parcels.publish(body);
        hold([publishAcceptedJudgement(exchange, `a booking (${allocationType})`)], exchange);
        const listed = await parcels.expectListed('PCL-BOOKING-CREATES', body['carrierParcelId']);
        hold([bookingListedJudgement(body['carrierParcelId'], record['uid'], allocationType, [listed])], exchange);
        observe(
          'PCL-LOCK-STATUS',
          listed['lockStatus'] !== undefined
            ? `the parcel record shows lockStatus=${listed['lockStatus']}`
            : 'the parcel record does not show the lock state',
        );
      }
    },
  );

  test(
    'PCL-RECORD-EXTRA-AS-SENT bookings side by side in one locker, between them each value of each publish member ' +
      '§2.4 does not list and one leaving them out, each listed as it was sent once all are booked',
    rules('PCL-RECORD-EXTRA-AS-SENT'),
    async ({ lockers, parcels }) => {
      const { record } = await lockers.lend('bookings');
      // One after another into the one locker (it holds at least three, locker-pool.ts): a value kept per locker
      // rather than per booking shows on the earlier ones.
      const sent: Json[] = [];
      for (const options of enumsBeyond('PublishFields', 'Parcel', new Set(['eventType'])))
        sent.push(await parcels.book(record, options));
      let judged = false;
      for (const body of sent) {
        const id = String(body['carrierParcelId']);
        const { parcel, exchange } = await parcels.lookup(id);
        const judgement = parcel && extrasAsSentJudgement(body, parcel, `booking ${id}, beside ${sent.length - 1}`);
        if (judgement) hold([judgement], exchange);
        judged ||= judgement !== undefined;
      }
      if (!judged)
        notObservable('PCL-RECORD-EXTRA-AS-SENT', 'GET /parcels shows no publish member beyond §2.4 for the bookings');
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
          hold([publishAcceptedJudgement(exchange, `a booking by ${path}`)], exchange);
          const { parcel: listed, exchange: read } = await parcels.expectListedAt(
            'PCL-BOOKING-CREATES',
            body['carrierParcelId'],
          );
          const carried = { ...sent, ...(path === 'tenant' ? { carrierLockerId: body['carrierLockerId'] } : {}) };
          const what = `the ${path === 'uid' ? 'lockerUid' : 'by-tenant'} booking ${body['carrierParcelId']}`;
          hold([recordAsSentJudgement(carried as Json, listed ? [listed] : [], what)], exchange, read);
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
        hold([publishAcceptedJudgement(exchange, `a PRE_CHECK by ${path}`)], exchange);
        const { parcel, exchange: read } = await parcels.lookup(body['carrierParcelId']);
        hold([precheckNotListedJudgement(body['carrierParcelId'], parcel ? [parcel] : [])], exchange, read);
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
        const lockerId = locker['carrier']['lockerId'];
        hold([byTenantTakenJudgement(exchange, `a booking by carrierLockerId ${lockerId}`)], exchange);
        const listed = await parcels.expectListed('PCL-BY-TENANT-RESOLVES', body['carrierParcelId']);
        const id = body['carrierParcelId'];
        hold([byTenantResolvesJudgement(id, lockerId, locker['uid'], [listed['lockerUid']])], exchange);
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
    // Its refusals' bodies are judged as every answer is (ERR-BODY where §7 gives the body).
    rules('GEN-REJECTED-NO-EFFECT', 'ERR-BODY', 'GEN-REFUSED-KEPT'),
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
          const locker = JSON.stringify(body['lockerUid'] ?? body['carrierLockerId']);
          const what = `the parcels under the id of a publish for unknown locker ${locker}, refused ${exchange.status}`;
          hold([noEffectJudgement(what, undefined, await parcels.find(body['carrierParcelId']))], exchange);
          // The client corrects the locker and sends it again under the same carrierParcelId, as a client retries: the
          // refusal held no id, so it is taken where the same booking under an id of its own is (the control: a locker
          // may be full, §8 states no capacity).
          const again = await parcels.publish(
            parcels.body(record, { carrierParcelId: body['carrierParcelId'] }, path),
            path,
          );
          if (!isRefusal(again)) return `${exchange.operationId} refused with ${exchange.status}, then taken`;
          const control = await parcels.publish(parcels.body(record, {}, path), path);
          if (isRefusal(control)) return `${exchange.operationId} refused with ${exchange.status}`;
          const request = { request: 'booking', member: 'carrierParcelId', rule: 'GEN-REFUSED-KEPT' };
          const { exchange: read } = await parcels.lookup(String(body['carrierParcelId']));
          hold([idNotHeldJudgement(String(body['carrierParcelId']), again.status, request)], read, again, control);
          return `${exchange.operationId} refused with ${exchange.status}`;
        }),
      );
      observe('GEN-REJECTED-NO-EFFECT', `a publish for a locker that does not exist: ${answers.join('; ')}`);
      if (!answers.some((a) => a.includes('refused')))
        notObservable('GEN-REJECTED-NO-EFFECT', `no publish for an unknown locker was refused (${answers.join('; ')})`);
    },
  );
});
