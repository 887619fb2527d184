// The staging trigger (§4.11): snake_case fields, fixed value lists, the provider-side locker id and
// the regular carrier key.
import { applyMutation, mutationsOf } from '../generators';
import { expect, judge, notObservable, observe, rules, test, type Json } from '../harness/fixtures';

// The trigger rules need the trigger only, but every test here books a parcel to trigger events on.
test.beforeEach(({ requires }) => requires('writes'));

const RULE = { missing: 'TRG-REQUIRED', enum: 'TRG-ENUMS', wrongType: 'TRG-TYPES', pattern: 'TRG-TYPES' } as const;

for (const mutation of mutationsOf('TriggerRequest')) {
  const rule = RULE[mutation.kind];
  test(`${rule} rejects a trigger request ${mutation.description}`, rules(rule), async ({ api, lockers, parcels }) => {
    const { record } = await lockers.create();
    const booked = await parcels.book(record);
    const body = applyMutation(parcels.triggerBody(record, booked['carrierParcelId'], 'BOOKING_CREATED'), mutation);
    const exchange = await api.call('triggerFirstMileEvent', { body });
    expect(exchange).toBeRejected(rule);
  });
}

test('TRG-PROVIDER-LOCKER-ID the platform lockerUid given as provider_locker_id is rejected', rules('TRG-PROVIDER-LOCKER-ID'), async ({ api, lockers, parcels }) => {
  const { record } = await lockers.create();
  if (record['uid'] === record['provider']?.['lockerUid']) {
    notObservable('TRG-PROVIDER-LOCKER-ID', 'the locker uid equals its provider-side id, so the two cannot be told apart');
    return;
  }
  const booked = await parcels.book(record);
  const body: Json = { ...parcels.triggerBody(record, booked['carrierParcelId'], 'BOOKING_CREATED'), provider_locker_id: record['uid'] };
  const exchange = await api.call('triggerFirstMileEvent', { body });
  expect(exchange).toBeRejected('TRG-PROVIDER-LOCKER-ID');
});

test('TRG-RESPONSE a valid event is accepted, with message and event_type strings when present', rules('TRG-RESPONSE', 'TRG-STAGING-KEY'), async ({ lockers, parcels }) => {
  const { record } = await lockers.create();
  const booked = await parcels.book(record);
  // CONSIGNEE_DELIVERED on a booked parcel is the flow the spec itself names (§8); which other
  // transitions a target allows is not shown, so their answers are reported, not judged.
  const seen: string[] = [];
  for (const event of ['CONSIGNEE_DELIVERED', 'COURIER_COLLECTED', 'BOOKING_CREATED']) {
    const exchange = await parcels.trigger(record, booked['carrierParcelId'], event);
    seen.push(`${event}→${exchange.status}`);
    if (event === 'CONSIGNEE_DELIVERED') {
      expect(exchange).toSucceed('TRG-RESPONSE');
      // It was sent with the regular carrier key and nothing else: accepting it is what TRG-STAGING-KEY asks.
      expect(exchange).toSucceed('TRG-STAGING-KEY');
    }
    if (exchange.status >= 300) continue;
    const answer = (exchange.body ?? {}) as Json;
    for (const member of ['message', 'event_type']) {
      if (member in answer) judge('TRG-RESPONSE', exchange).expect(typeof answer[member], `${member} is not a string`).toBe('string');
    }
  }
  observe('TRG-RESPONSE', `events on one booked parcel answered ${seen.join(', ')}`);
});

test('TRG-STAGING-KEY a trigger request without the carrier key is rejected', rules('TRG-STAGING-KEY', 'AUTH-KEY-REQUIRED'), async ({ anonymous, lockers, parcels }) => {
  const { record } = await lockers.create();
  const booked = await parcels.book(record);
  const before = await parcels.find(booked['carrierParcelId']);
  const exchange = await anonymous.call('triggerFirstMileEvent', { body: parcels.triggerBody(record, booked['carrierParcelId'], 'CONSIGNEE_DELIVERED') });
  expect(exchange).toBeRejected('TRG-STAGING-KEY');
  expect(exchange).toBeRejected('AUTH-KEY-REQUIRED');
  const after = await parcels.find(booked['carrierParcelId']);
  judge('AUTH-KEY-REQUIRED', exchange).expect(after?.['shipmentStatus'], 'a delivery sent without a key changed the parcel\'s status').toBe(before?.['shipmentStatus']);
  observe('TRG-STAGING-KEY', `without a key: ${exchange.status}; the parcel has ${after?.['events']?.length ?? '?'} event(s)`);
});

test('TRG-STAGING-ONLY reports where the trigger operations ran', rules('TRG-STAGING-ONLY'), async ({ target, requires }) => {
  requires('trigger');
  observe('TRG-STAGING-ONLY', `trigger suites ran on ${target.env} at ${target.mockBaseUrl}`);
});
