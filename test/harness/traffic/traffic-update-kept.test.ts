// `carrier-conformance judge` on an update's answer against the key's last write to the locker: what the update did
// not send is as that write's answer showed it (LCK-UPDATE-OMITTED-KEPT).
import { expect, test } from '@playwright/test';
import { trafficCertificate } from '../../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';
import { create, entry, file, har, record } from '../../support/traffic-entries';

const rename = { carrier: { ...create.carrier, lockerName: 'South' } };
const renamed = { ...record, carrier: { ...record.carrier, lockerName: 'South' } };

async function verdict(traffic: unknown[]) {
  const t = await judgeTraffic({ traffic: file(har(traffic)), listSettleMs: 0 });
  const rules = trafficCertificate(t, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules;
  return rules.find((r) => r.id === 'LCK-UPDATE-OMITTED-KEPT')!;
}

const updated = (answer: object) => entry('PATCH', '/lockers/100', 200, answer, { body: rename });

const cases: { name: string; traffic: () => unknown[]; want: string; says?: string }[] = [
  {
    name: 'a rename answered with every other member as the create answered it',
    traffic: () => [entry('POST', '/lockers', 201, record, { body: create }), updated(renamed)],
    want: 'passed',
  },
  {
    name: 'a rename answered with a city the create did not answer',
    traffic: () => [
      entry('POST', '/lockers', 201, record, { body: create }),
      updated({ ...renamed, location: { ...record.location, city: 'Elsewhere' } }),
    ],
    want: 'failed',
    says: 'location was',
  },
  {
    name: 'a rename after a status change, which may move what the create answered',
    traffic: () => [
      entry('POST', '/lockers', 201, record, { body: create }),
      entry('PATCH', '/lockers/status', 200, {}, { body: { lockerUids: ['100'], status: 'INACTIVE' } }),
      updated({ ...renamed, location: { ...record.location, city: 'Elsewhere' } }),
    ],
    want: 'not observable',
  },
];

for (const c of cases)
  test(`given ${c.name}, want ${c.want}`, async () => {
    const v = await verdict(c.traffic());
    expect(v.verdict, v.failure).toBe(c.want);
    if (c.says) expect(v.failure).toContain(c.says);
  });
