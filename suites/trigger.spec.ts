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

const PLATFORM_UID = ['TRG-PROVIDER-LOCKER-ID', 'TRG-PROVIDER-LOCKER-ID-REJECTED'];
test('TRG-PROVIDER-LOCKER-ID the platform lockerUid given as provider_locker_id does not act on the locker (refused, a should)', rules(...PLATFORM_UID), async ({ api, lockers, parcels }) => {
  const { record } = await lockers.create();
  if (record['uid'] === record['provider']?.['lockerUid']) {
    for (const rule of PLATFORM_UID) notObservable(rule, 'the locker uid equals its provider-side id, so the two cannot be told apart');
    return;
  }
  const booked = await parcels.book(record);
  // The locker is this test's own: its parcels change only by what this test sends.
  const inLocker = async () => JSON.stringify((await parcels.list()).filter((p) => p['lockerUid'] === record['uid']).map((p) => [p['carrierParcelId'], p['shipmentStatus'], p['events'], p['signature'] ?? null]));
  const before = await inLocker();
  const body: Json = { ...parcels.triggerBody(record, booked['carrierParcelId'], 'BOOKING_CREATED'), provider_locker_id: record['uid'] };
  const exchange = await api.call('triggerFirstMileEvent', { body });
  expect(exchange).toBeRejected('TRG-PROVIDER-LOCKER-ID-REJECTED');
  judge('TRG-PROVIDER-LOCKER-ID', exchange).expect(await inLocker(), `a trigger answered ${exchange.status} for provider_locker_id ${record['uid']} (the platform uid) changed the locker's parcels`).toBe(before);
});

test('TRG-RESPONSE a valid event is accepted, with message and event_type strings when present', rules('TRG-RESPONSE', 'TRG-STAGING-KEY'), async ({ lockers, parcels, tag }) => {
  const { record } = await lockers.create();
  const booked = await parcels.book(record);
  // §4.11 triggers first-mile events: BOOKING_CREATED of a new first-mile parcel in the run's locker is
  // the event judged. Which transitions a target allows is not shown (§3), nor that a last-mile booking
  // takes first-mile events, so the answers to the others are reported, not judged.
  const seen: string[] = [];
  const fresh = tag.next('CCFM');
  const id = booked['carrierParcelId'];
  const EVENTS = [[fresh, 'BOOKING_CREATED'], [id, 'CONSIGNEE_DELIVERED'], [id, 'COURIER_COLLECTED'], [id, 'BOOKING_CREATED']] as const;
  for (const [parcelId, event] of EVENTS) {
    const exchange = await parcels.trigger(record, parcelId, event);
    seen.push(`${event} on ${parcelId === fresh ? 'a new parcel' : 'the booked parcel'}→${exchange.status}`);
    if (parcelId === fresh) {
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
  observe('TRG-RESPONSE', `trigger events answered ${seen.join(', ')}`);
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
