// `carrier-conformance judge` on a parcel's status two whole lists show apart: whatever changed it, a ParcelUpdates
// carrying the new status must follow (WH-PARCEL-ON-STATUS), where the deliveries recorded went on past the wait.
import { expect, test } from '@playwright/test';
import { trafficCertificate } from '../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../harness/traffic/judge-traffic';
import { create, entry, file, har, record } from '../support/traffic-entries';

const listed = (status: string) =>
  entry('GET', '/parcels', 200, [
    { shipmentUid: 'S-1', lockerUid: '100', carrierParcelId: 'P-1', shipmentStatus: status },
  ]);
const hook = (body: unknown) =>
  entry('POST', '/carrier-1', 200, { received: 1 }, { base: 'https://hooks.example', key: null, body });
const lockerPushed = () => hook({ ...record, eventTimestamp: '2026-01-05T10:00:00Z' });
const parcelPushed = (status: string) =>
  hook({ shipmentUid: 'S-1', carrierParcelId: 'P-1', shipmentStatus: status, eventTimestamp: '2026-01-05T10:00:00Z' });

async function verdict(traffic: unknown[], deliveries: unknown[]) {
  const t = await judgeTraffic({ traffic: file(har(traffic)), webhooks: file(har(deliveries)), webhookWaitMs: 500 });
  const rules = trafficCertificate(t, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules;
  return rules.find((r) => r.id === 'WH-PARCEL-ON-STATUS')!;
}

test('a status two lists show a parcel move to is pushed; a move back to one shown before is not asked for', async () => {
  // The carrier's create was pushed: the deliveries recorded are its endpoint's.
  const created = entry('POST', '/lockers', 201, record, { body: create });
  const traffic = [created, listed('BOOKED'), listed('COLLECTED'), listed('BOOKED')];
  const late = lockerPushed();
  const missing = await verdict(traffic, [lockerPushed(), late]);
  expect(missing.verdict).toBe('failed');
  expect(missing.failure).toContain('no ParcelUpdates about P-1 after its lists showed it move to COLLECTED arrived');
  const pushed = await verdict(
    [created, listed('BOOKED'), listed('COLLECTED'), listed('BOOKED')],
    [lockerPushed(), parcelPushed('COLLECTED'), lockerPushed()],
  );
  expect(pushed.verdict).toBe('passed');
});
