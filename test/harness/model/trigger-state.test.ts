// Given what a list shows of a parcel after an accepted trigger, and whether it holds every event since, want the state
// the model keeps: a lagging list showing the status from before the trigger says nothing of after it.
import { expect, test } from '@playwright/test';
import { stateAfterTrigger, type TriggerEvent } from '../../../harness/model/commands/trigger';

const BOOKED = 'BOOKED';
const CASES: [string, Record<string, unknown>, boolean, TriggerEvent, string][] = [
  [
    'delivered, every event shown',
    { shipmentStatus: 'DELIVERED', events: [{}, {}] },
    true,
    'CONSIGNEE_DELIVERED',
    'delivered',
  ],
  [
    'delivered, from a lagging list',
    { shipmentStatus: 'DELIVERED', events: [{}] },
    false,
    'CONSIGNEE_DELIVERED',
    'delivered',
  ],
  ['booked, every event shown', { shipmentStatus: BOOKED, events: [{}, {}] }, true, 'BOOKING_CREATED', 'booked'],
  [
    'booked, from a list lagging the trigger',
    { shipmentStatus: BOOKED, events: [{}] },
    false,
    'CONSIGNEE_DELIVERED',
    'moved',
  ],
  ['booked after a collection', { shipmentStatus: BOOKED, events: [{}, {}] }, true, 'COURIER_COLLECTED', 'moved'],
  ['another status', { shipmentStatus: 'COLLECTED', events: [{}, {}] }, true, 'COURIER_COLLECTED', 'moved'],
];
for (const [name, listed, whole, event, want] of CASES)
  test(`given ${name} (${event}), want ${want}`, () => {
    expect(stateAfterTrigger(listed, whole, BOOKED, event)).toBe(want);
  });
