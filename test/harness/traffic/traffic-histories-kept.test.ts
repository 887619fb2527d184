// `carrier-conformance judge` on a parcel's history across places (PCL-HISTORY-KEPT): a list begun after another
// place showed the parcel with some events shows at least as many, counted; a booking under its id may start it anew.
import { expect, test } from '@playwright/test';
import { trafficCertificate } from '../../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';
import { bookingEntry, delivery, entry, file, har } from '../../support/traffic-entries';

const parcel = (events: object[]) => ({
  shipmentUid: 'S-1',
  lockerUid: '100',
  carrierParcelId: 'P-1',
  shipmentStatus: 'BOOKED',
  dimensionsStatus: 'DECLARED',
  allocationType: 'HARD_RESERVATION',
  accessCodes: null,
  consignee: null,
  events,
});
const booked = { type: 'BOOKING_CREATED', timestamp: '2026-01-05T10:00:00Z' };
const cancelled = { type: 'CANCELLED', timestamp: '2026-01-05T10:01:00Z' };
const listed = (events: object[]) => entry('GET', '/parcels', 200, [parcel(events)]);
const pushed = (events: object[]) => delivery({ ...parcel(events), eventTimestamp: '2026-01-05T10:00:00Z' });

/** One recorder kept the exchanges and the deliveries: their times compare. */
async function verdict(entries: () => unknown[]) {
  const recorded = file(har(entries()));
  const judged = await judgeTraffic({ traffic: recorded, webhooks: recorded, webhookWaitMs: 500, listSettleMs: 0 });
  const rules = trafficCertificate(judged, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules;
  return rules.find((r) => r.id === 'PCL-HISTORY-KEPT')!;
}

const cases: { given: string; entries: () => unknown[]; want: string; says?: string }[] = [
  {
    given: 'a later list showing the events an earlier one did',
    entries: () => [listed([booked]), listed([booked])],
    want: 'passed',
  },
  {
    given: 'a later list showing more',
    entries: () => [listed([booked]), listed([booked, cancelled])],
    want: 'passed',
  },
  {
    given: 'a later list showing fewer than an earlier list',
    entries: () => [listed([booked, cancelled]), listed([booked])],
    want: 'failed',
    says: 'keep the 2',
  },
  {
    given: 'a list showing fewer than a ParcelUpdates received before it',
    entries: () => [pushed([booked]), listed([])],
    want: 'failed',
    says: 'the ParcelUpdates received',
  },
  {
    given: 'entries written otherwise in the push than in the list, as many',
    entries: () => [pushed([{ kind: 'BOOKED' }]), listed([booked])],
    want: 'passed',
  },
  {
    given: 'a booking under its id between, the history shown anew',
    entries: () => [listed([booked, cancelled]), bookingEntry('P-1'), listed([booked])],
    want: 'not observable',
  },
  {
    given: "a cancel of it between, its history the target's own since",
    entries: () => [
      listed([booked, cancelled]),
      entry('PATCH', '/parcels/S-1', 200, {}, { body: {} }),
      listed([booked]),
    ],
    want: 'not observable',
  },
];

for (const c of cases)
  test(`historyKept: given ${c.given}, want ${c.want}`, async () => {
    const v = await verdict(c.entries);
    expect(v.verdict, v.failure).toBe(c.want);
    if (c.says) expect(v.failure).toContain(c.says);
  });
