// Locker status (§3, §4.5). The request shape is not shown, so it comes from the target profile.
import { expect, judge, lockerStatusBody, observe, rules, stateToSet, test, type Json } from '../harness/fixtures';

function statuses(record: Json | undefined): string[] {
  return [record?.['carrier']?.['status'], record?.['provider']?.['status']];
}

test('LCK-STATUS-CHANGE a status update changes the status the locker record shows', rules('LCK-STATUS-CHANGE'), async ({ api, lockers, target }) => {
  const { record } = await lockers.create();
  const next = stateToSet(target.profile, record);
  const exchange = await api.call('updateLockerStatus', { body: lockerStatusBody(target.profile, record['uid'], next.name) });
  expect(exchange).toSucceed('LCK-STATUS-CHANGE');
  const after = await lockers.expectListed('LCK-STATUS-CHANGE', record);
  const shown = next.shows;
  judge('LCK-STATUS-CHANGE', exchange).expect(statuses(after), `locker ${record['uid']} does not show status ${shown}`).toContain(shown);
  observe('LCK-STATUS-CHANGE', `status update answered ${exchange.status} with ${exchange.text ? 'a body' : 'no body'}`);
});

test('LCK-STATUS-409 reports when the target answers 409', rules('LCK-STATUS-409'), async ({ api, lockers, target }) => {
  const { record } = await lockers.create();
  const [, second] = target.profile.lockerStatus!.statuses;
  const seen: string[] = [];
  const current = stateToSet(target.profile, record).name === second ? target.profile.lockerStatus!.statuses[0] : second;
  for (const status of [current, second, second]) {
    const exchange = await api.call('updateLockerStatus', { body: lockerStatusBody(target.profile, record['uid'], status) });
    seen.push(`${status}→${exchange.status}`);
  }
  observe('LCK-STATUS-409', `setting the current status, a new one, then the same again answered ${seen.join(', ')}`);
});
