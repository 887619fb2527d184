// `carrier-conformance judge`'s frame (harness/traffic/rules/frame-reads.ts) on a record a refused request named: the
// refusal changed nothing, so a change between two reads is the refusal's rule's, by what it was refused for.
import { expect, test } from '@playwright/test';
import { failedRules } from '../../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';
import { BASE, create, entry, file, har, record } from '../../support/traffic-entries';

const moved = { ...record, location: { ...record.location, city: 'Elsewhere' } };
const update = (status: number, key?: string, location: unknown = moved.location) =>
  entry('PATCH', '/lockers/100', status, status < 300 ? moved : { errorCode: 'X', message: 'no' }, {
    body: { location },
    ...(key ? { key } : {}),
  });
// Each entry made in the recording's order (entries take their times as they are made).
const judged = async (write: () => unknown) =>
  failedRules(
    await judgeTraffic({
      traffic: file(
        har([
          entry('POST', '/lockers', 201, record, { body: create }),
          entry('GET', '/lockers', 200, [record]),
          write(),
          entry('GET', '/lockers', 200, [moved]),
        ]),
      ),
      baseUrl: BASE,
    }),
  );

test("a change only a refused request named the record before is that refusal's rule's failure", async () => {
  expect(await judged(() => update(401, 'not-the-key'))).toContain('AUTH-KEY-REQUIRED');
  // Refused as the tables make it invalid: GEN-REJECTED-NO-EFFECT's; refused though valid (for a reason the service
  // chose): GEN-REFUSED-KEPT's, a should.
  expect(await judged(() => update(422, undefined, { ...moved.location, lon: 'east' }))).toContain(
    'GEN-REJECTED-NO-EFFECT',
  );
  const valid = await judged(() => update(422));
  expect(valid).toContain('GEN-REFUSED-KEPT');
  expect(valid).not.toContain('GEN-REJECTED-NO-EFFECT');
  const accepted = await judged(() => update(200));
  expect(accepted).not.toContain('GEN-REJECTED-NO-EFFECT');
  expect(accepted).not.toContain('GEN-WRITE-NAMED-ONLY');
});
