// Locker status (§3, §4.5). The request shape is not shown, so it comes from the target profile.
import { lockerStatusBody } from '../harness/profile';
import { expect, observe, rules, test, type Json } from '../harness/fixtures';

test.beforeEach(({ requires }) => requires('writes', 'statusProfile'));

function statuses(record: Json | undefined): string[] {
  return [record?.['carrier']?.['status'], record?.['provider']?.['status']];
}

test('LCK-STATUS-CHANGE a status update changes the status the locker record shows', rules('LCK-STATUS-CHANGE'), async ({ api, lockers, target }) => {
  const { record } = await lockers.create();
  const [first, second] = target.profile.lockerStatus!.statuses;
  const next = statuses(record).includes(first) ? second : first;
  const exchange = await api.call('updateLockerStatus', { body: lockerStatusBody(target.profile, record['uid'], next) });
  expect(exchange.status >= 200 && exchange.status < 300, `LCK-STATUS-CHANGE updateLockerStatus: expected a 2xx, got ${exchange.status}\n  reproduce: ${api.curl(exchange)}`).toBe(true);
  const after = await lockers.find(record);
  expect(statuses(after), `LCK-STATUS-CHANGE updateLockerStatus: locker ${record['uid']} does not show status ${next}`).toContain(next);
  observe('LCK-STATUS-CHANGE', `status update answered ${exchange.status} with ${exchange.text ? 'a body' : 'no body'}`);
});

test('LCK-STATUS-409 reports when the target answers 409', rules('LCK-STATUS-409'), async ({ api, lockers, target }) => {
  const { record } = await lockers.create();
  const [first, second] = target.profile.lockerStatus!.statuses;
  const seen: string[] = [];
  for (const status of [statuses(record).includes(first) ? first : second, second, second]) {
    const exchange = await api.call('updateLockerStatus', { body: lockerStatusBody(target.profile, record['uid'], status) });
    seen.push(`${status}→${exchange.status}`);
  }
  observe('LCK-STATUS-409', `setting the current status, a new one, then the same again answered ${seen.join(', ')}`);
});
