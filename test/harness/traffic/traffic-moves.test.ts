// `carrier-conformance judge` on a parcel's status two whole lists show apart: whatever changed it, a ParcelUpdates
// must follow (WH-PARCEL-ON-STATUS), where the carrier's ParcelUpdates are recorded and went on past the wait.
import { expect, test } from '@playwright/test';
import { entry, judgedRules } from '../../support/traffic-entries';

const row = (id: string, status: string) => ({
  shipmentUid: `S-${id}`,
  lockerUid: '100',
  carrierParcelId: id,
  shipmentStatus: status,
});
const listed = (p1: string, p2: string) => entry('GET', '/parcels', 200, [row('P-1', p1), row('P-2', p2)]);
const pushed = (id: string, status: string) =>
  entry(
    'POST',
    '/carrier-1',
    200,
    { received: 1 },
    { base: 'https://hooks.example', key: null, body: { ...row(id, status), eventTimestamp: '2026-01-05T10:00:00Z' } },
  );

async function verdict(traffic: unknown[], deliveries: unknown[]) {
  return (await judgedRules(traffic, deliveries)).find((r) => r.id === 'WH-PARCEL-ON-STATUS')!;
}

test('a status two lists show a parcel move to is pushed; a move back to one shown before is not asked', async () => {
  const traffic = () => [listed('BOOKED', 'BOOKED'), listed('COLLECTED', 'COLLECTED'), listed('BOOKED', 'BOOKED')];
  // P-2's move was pushed: the carrier's ParcelUpdates are recorded, and went on past the wait.
  const missing = await verdict(traffic(), [pushed('P-2', 'COLLECTED'), pushed('P-2', 'COLLECTED')]);
  expect(missing.verdict).toBe('failed');
  expect(missing.failure).toContain('no ParcelUpdates about P-1 after its lists showed it move to COLLECTED arrived');
  // A push showing any status but the one it moved from will do: a sender may read the record when it sends.
  const both = await verdict(traffic(), [pushed('P-1', 'DELIVERED'), pushed('P-2', 'COLLECTED'), pushed('P-2', 'X')]);
  expect(both.verdict).toBe('passed');
  // No ParcelUpdates recorded at all: the carrier may not be subscribed to them, nothing is asked.
  const none = await verdict(traffic(), []);
  expect(none.verdict).not.toBe('failed');
});
