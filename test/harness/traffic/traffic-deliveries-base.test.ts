// Given one file holding the traffic and the deliveries, want an entry under the service's base that matches no
// operation (a path with its id left empty) read as the service's, never as a delivery to the carrier.
import { expect, test } from '@playwright/test';
import { failedRules } from '../../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';
import { create, entry, file, har, record } from '../../support/traffic-entries';

test('a request under the base that matches no operation is no delivery; one elsewhere is', async () => {
  const empty = entry('PATCH', '/lockers/', 404, { errorCode: 'NOT_FOUND', message: 'no route' }, { body: {} });
  const hook = entry(
    'POST',
    '/carrier-1',
    200,
    { received: 1 },
    { base: 'https://hooks.example', key: null, body: {} },
  );
  const traffic = [entry('POST', '/lockers', 201, record, { body: create }), empty];
  const alone = file(har(traffic));
  const judged = await judgeTraffic({ traffic: alone, webhooks: alone });
  expect(judged.deliveries).toBe(0);
  expect(failedRules(judged)).not.toContain('WH-DELIVERY-VALID');
  const both = file(har([...traffic, hook]));
  expect((await judgeTraffic({ traffic: both, webhooks: both })).deliveries).toBe(1);
});
