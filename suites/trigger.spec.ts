// The staging trigger (§4.11): snake_case fields, fixed value lists, the provider-side locker id and
// the regular carrier key.
import { applyMutation, mutationsOf, wordMutations } from '../generators';
import {
  bookInLent,
  eventHistoryJudgement,
  expect,
  expectControlAccepted,
  hold,
  isRefusal,
  type Json,
  type LockerFactory,
  judge,
  keylessJudgements,
  notObservable,
  observe,
  platformUidNoEffectJudgement,
  platformUidRefusedJudgement,
  rules,
  stagingKeyTakenJudgement,
  test,
  wordsShown,
} from '../harness/fixtures';

// The trigger rules need the trigger only, but every test here borrows or makes a locker to trigger events in.
test.beforeEach(({ requires }) => requires('writes'));

const RULE = {
  missing: 'TRG-REQUIRED',
  null: 'TRG-REQUIRED',
  emptied: 'TRG-REQUIRED',
  enum: 'TRG-ENUMS',
  wrongType: 'TRG-TYPES',
  coerced: 'GEN-TYPES-COERCED',
  pattern: 'TRG-TYPES',
} as const;

/** A valid create of a locker whose provider is named `name`. */
async function lockerOf(lockers: LockerFactory, name: unknown): Promise<Json> {
  const body = await lockers.body();
  return { ...body, provider: { ...body['provider'], name } };
}

for (const mutation of mutationsOf('TriggerRequest')) {
  const rule = RULE[mutation.kind];
  test(
    `${rule} rejects a trigger request ${mutation.description}`,
    rules(rule),
    async ({ api, lockers, parcels, tag, requires }) => {
      // The trigger's needs, whatever the rule (GEN-TYPES-COERCED concerns other operations too).
      requires('trigger');
      // The control's first-mile parcel is cancelled after the test, like a booking: the locker goes back empty.
      const { record } = await lockers.lend('bookings');
      // provider_name names the locker's provider: a name off its list is sent for a locker of that provider, made
      // with it (a create takes any provider name, §2.1), so a service that checks the name against the locker alone
      // takes it. A target that refuses such a locker is sent it for the borrowed one.
      const named = mutation.kind === 'enum' && mutation.path.join('.') === 'provider_name';
      const made = named
        ? await api.call('createLocker', { body: await lockerOf(lockers, mutation.value) })
        : undefined;
      const locker = made?.status === 201 ? (made.body as Json) : record;
      // The base is the event TRG-RESPONSE judges accepted: BOOKING_CREATED of a new first-mile parcel.
      const id = tag.next('CCFM');
      const valid = parcels.triggerBody(locker, id, 'BOOKING_CREATED');
      const exchange = await api.call('triggerFirstMileEvent', { body: applyMutation(valid, mutation) });
      // A refusal proves the rule only when the same request without the defect is accepted.
      if (isRefusal(exchange))
        expectControlAccepted(await parcels.trigger(record, id, 'BOOKING_CREATED', api, { mark: false }), [rule]);
      expect(exchange).toBeRejected(rule);
    },
  );
}

test(
  'TRG-ENUMS rejects, in each member with listed values, the words the target writes in its own parcel records',
  rules('TRG-ENUMS'),
  async ({ api, lockers, parcels, tag, requires }) => {
    requires('trigger');
    const { record } = await lockers.lend('bookings');
    // The target shows its words for the states a parcel reaches: booked and cancelled, made by the trigger, delivered.
    const booked = await parcels.book(record);
    await parcels.cancel(String(booked['carrierParcelId']));
    const made = tag.next('CCFM');
    await parcels.trigger(record, made, 'BOOKING_CREATED', api, { mark: false });
    await parcels.trigger(record, made, 'CONSIGNEE_DELIVERED', api, { mark: false });
    const words = wordsShown((await parcels.lookup(made)).listing.items);
    const mutations = wordMutations('TriggerRequest', words);
    if (!mutations.length) {
      notObservable('TRG-ENUMS', `the parcel records showed no word outside the trigger's lists (${words.join(', ')})`);
      return;
    }
    let refused = false;
    for (const mutation of mutations) {
      const valid = parcels.triggerBody(record, tag.next('CCFM'), 'BOOKING_CREATED');
      const exchange = await api.call('triggerFirstMileEvent', { body: applyMutation(valid, mutation) });
      refused ||= isRefusal(exchange);
      expect.soft(exchange, mutation.description).toBeRejected('TRG-ENUMS');
    }
    // A refusal proves the rule only when the same request without the defect is accepted.
    if (refused)
      expectControlAccepted(await parcels.trigger(record, tag.next('CCFM'), 'BOOKING_CREATED', api, { mark: false }), [
        'TRG-ENUMS',
      ]);
  },
);

const PLATFORM_UID = ['TRG-PROVIDER-LOCKER-ID', 'TRG-PROVIDER-LOCKER-ID-REJECTED'];
test(
  'TRG-PROVIDER-LOCKER-ID the platform lockerUid given as provider_locker_id does not act on the locker ' +
    '(refused, a should)',
  rules(...PLATFORM_UID),
  async ({ api, lockers, parcels, tag }) => {
    // A fresh locker: what the list shows in it before and after is compared, and an earlier borrower's event may show
    // late.
    const { record } = await lockers.create();
    if (record['uid'] === record['provider']?.['lockerUid']) {
      for (const rule of PLATFORM_UID)
        notObservable(rule, 'the locker uid equals its provider-side id, so the two cannot be told apart');
      return;
    }
    // The locker is this test's own: its parcels change only by what this test sends.
    const mark = await parcels.mark();
    const inLocker = async () => {
      const listing = await parcels.listingSince(mark);
      return { shown: listing.items.filter((p) => p['lockerUid'] === record['uid']), read: listing.exchange };
    };
    const before = (await inLocker()).shown;
    // The event TRG-RESPONSE judges accepted (BOOKING_CREATED of a new first-mile parcel), with the platform uid in
    // place of the provider-side id.
    const valid = parcels.triggerBody(record, tag.next('CCFM'), 'BOOKING_CREATED');
    const exchange = await api.call('triggerFirstMileEvent', { body: { ...valid, provider_locker_id: record['uid'] } });
    const { shown: after, read } = await inLocker();
    if (isRefusal(exchange))
      expectControlAccepted(await api.call('triggerFirstMileEvent', { body: valid }), PLATFORM_UID);
    const uid = String(record['uid']);
    const refused = platformUidRefusedJudgement(exchange, uid, record['provider']?.['lockerUid']);
    hold(refused ? [refused] : [], exchange);
    // Judged at the trigger and at the list read that shows the locker's parcels after it.
    hold(
      [platformUidNoEffectJudgement(uid, before, after, `the list after it (answered ${exchange.status})`)],
      exchange,
      read,
    );
  },
);

test(
  'TRG-RESPONSE a valid event is accepted, with message and event_type strings when present',
  rules('TRG-RESPONSE', 'TRG-STAGING-KEY'),
  async ({ clientFor, lockers, parcels, tag, target }) => {
    // A lent locker holding parcels may be full: the booking moves to a fresh one, where the events go too.
    const { locker: record, body: booked } = await bookInLent(lockers, parcels, await lockers.lend('deliveries'));
    // §4.11 triggers first-mile events: BOOKING_CREATED of a new first-mile parcel in the run's locker is
    // the event judged. Which transitions a target allows is not shown (§3), nor that a last-mile booking
    // takes first-mile events, so the answers to the others are reported, not judged.
    const seen: string[] = [];
    const fresh = tag.next('CCFM');
    const id = booked['carrierParcelId'];
    const EVENTS = [
      [fresh, 'BOOKING_CREATED'],
      [id, 'CONSIGNEE_DELIVERED'],
      [id, 'COURIER_COLLECTED'],
      [id, 'BOOKING_CREATED'],
    ] as const;
    for (const [parcelId, event] of EVENTS) {
      const exchange = await parcels.trigger(record, parcelId, event);
      seen.push(`${event} on ${parcelId === fresh ? 'a new parcel' : 'the booked parcel'}→${exchange.status}`);
      if (parcelId === fresh) {
        expect(exchange).toSucceed('TRG-RESPONSE');
        // It was sent with the regular carrier key and nothing else: taking that key is what TRG-STAGING-KEY asks.
        hold([stagingKeyTakenJudgement(exchange, 'the first')], exchange);
      }
      if (exchange.status >= 300) continue;
      const answer = (exchange.body ?? {}) as Json;
      for (const member of ['message', 'event_type']) {
        if (member in answer)
          judge('TRG-RESPONSE', exchange)
            .expect(typeof answer[member], `${member} is not a string`)
            .toBe('string');
      }
    }
    observe('TRG-RESPONSE', `trigger events answered ${seen.join(', ')}`);
    // The same event under the second carrier's key, in a locker of its own, after the first's: each key is the
    // regular key of its own carrier (§4.11, §5).
    if (!target.capabilities.secondKey.available) return;
    const second = await clientFor('secondary');
    const { record: theirs } = await lockers.create({}, second);
    const theirsAnswer = await parcels.trigger(theirs, tag.next('CCFM'), 'BOOKING_CREATED', second);
    expect(theirsAnswer).toSucceed('TRG-RESPONSE');
    hold([stagingKeyTakenJudgement(theirsAnswer, 'the second')], theirsAnswer);
  },
);

/** An event entry as sent on the wire: the fields of an entry are not shown (§2.4), so entries are compared whole. */
const entries = (parcel: Json | undefined): string[] =>
  Array.isArray(parcel?.['events']) ? (parcel['events'] as unknown[]).map((e) => JSON.stringify(e)) : [];

test(
  "TRG-EVENT-HISTORY every accepted trigger event is added to the parcel's events, the earlier entries kept",
  rules('TRG-EVENT-HISTORY'),
  async ({ lockers, parcels, tag }) => {
    const { locker: record, body } = await bookInLent(lockers, parcels, await lockers.lend('deliveries'));
    const booked = body['carrierParcelId'];
    const firstMile = tag.next('CCFM');
    const returned = tag.next('CCFM');
    // A parcel the trigger books of each shipment type §4.11 lists, then taken in and collected, and a last-mile
    // booking delivered; each event sent twice (a repeat is the client's freedom; a history kept one entry per type
    // loses it). Which events a parcel takes is not shown (§3): a refused one is reported, not judged.
    const STEPS = (
      [
        [firstMile, 'BOOKING_CREATED', 'FIRST_MILE'],
        [firstMile, 'CONSIGNEE_DELIVERED', 'FIRST_MILE'],
        [firstMile, 'COURIER_COLLECTED', 'FIRST_MILE'],
        [returned, 'BOOKING_CREATED', 'RETURN'],
        [returned, 'CONSIGNEE_DELIVERED', 'RETURN'],
        [returned, 'COURIER_COLLECTED', 'RETURN'],
        [booked, 'CONSIGNEE_DELIVERED', 'FIRST_MILE'],
      ] as const
    ).flatMap((step) => [step, step]);
    const seen: string[] = [];
    for (const [id, event, shipmentType] of STEPS) {
      const before = await parcels.find(id);
      const exchange = await parcels.trigger(record, id, event, undefined, { shipmentType });
      const grown = (p: Json | undefined) => p !== undefined && entries(p).length > entries(before).length;
      const { parcel: after, exchange: read } =
        exchange.status >= 200 && exchange.status < 300
          ? await parcels.lookup(id, undefined, grown)
          : { parcel: undefined, exchange: undefined };
      const change = after
        ? `, status ${String(before?.['shipmentStatus'] ?? 'none')}→${String(after['shipmentStatus'])}, ` +
          `${entries(before).length}→${entries(after).length} event(s)`
        : '';
      seen.push(`${event} (${shipmentType}) on ${id}: ${exchange.status}${change}`);
      if (!after) continue;
      const had = Array.isArray(before?.['events']) ? (before['events'] as unknown[]) : [];
      hold([eventHistoryJudgement(`${event} accepted for parcel ${id}`, had, after['events'])], exchange, read);
    }
    observe('TRG-EVENT-HISTORY', seen.join('; '));
    if (!seen.some((line) => line.includes('event(s)')))
      notObservable(
        'TRG-EVENT-HISTORY',
        `no trigger event was both accepted and followed by the parcel in GET /parcels: ${seen.join('; ')}`,
      );
  },
);

const KEYLESS = ['TRG-STAGING-KEY', 'AUTH-KEY-REQUIRED'];
test(
  'TRG-STAGING-KEY a trigger request without the carrier key is rejected, has no effect, and is accepted with the key',
  rules(...KEYLESS),
  async ({ anonymous, api, lockers, parcels, tag }) => {
    const { record } = await lockers.lend('bookings');
    // The event TRG-RESPONSE judges accepted: BOOKING_CREATED of a new first-mile parcel (cancelled after the test).
    const id = tag.next('CCFM');
    const body = parcels.triggerBody(record, id, 'BOOKING_CREATED');
    await parcels.markFirst();
    const exchange = await anonymous.call('triggerFirstMileEvent', { body });
    const created = isRefusal(exchange) ? await parcels.find(id) : undefined;
    const createdNothing = () =>
      judge('AUTH-KEY-REQUIRED', exchange)
        .expect(created, `an event sent without a key, answered ${exchange.status}, created parcel ${id}`)
        .toBeUndefined();
    // A refused request that created the parcel fails at once; one that did not proves something only once the same
    // request with the key is accepted.
    if (created) createdNothing();
    if (isRefusal(exchange)) expectControlAccepted(await parcels.trigger(record, id, 'BOOKING_CREATED', api), KEYLESS);
    hold(keylessJudgements(exchange), exchange);
    createdNothing();
    observe('TRG-STAGING-KEY', `without a key: ${exchange.status}`);
  },
);

// Runs on production too: there it reports that the trigger operations were not called, and why.
test(
  'TRG-STAGING-ONLY reports where the trigger operations ran, or why they did not',
  rules('TRG-STAGING-ONLY'),
  async ({ target }) => {
    const trigger = target.capabilities.trigger;
    observe(
      'TRG-STAGING-ONLY',
      `environment ${target.env}; ${target.embedded ? 'embedded reference' : 'remote target'} at ` +
        `${target.baseUrl}; trigger ` +
        `${trigger.available ? `ran at ${target.mockBaseUrl}` : `not run (${trigger.reason})`}`,
    );
  },
);
