// Locker status (§3, §4.5). The request shape is not shown, so it comes from the target profile.
import {
  answeredJudgement,
  type Exchange,
  hold,
  type Json,
  judge,
  lockerStatusBody,
  notObservable,
  observe,
  publishAcceptedJudgement,
  rules,
  stateToSet,
  statusChangeAcceptedJudgements,
  statusMoved,
  refused409,
  statusShownJudgement,
  test,
} from '../harness/fixtures';

function statuses(record: Json | undefined): string[] {
  return [record?.['carrier']?.['status'], record?.['provider']?.['status']];
}

/** A status change answered 409: its condition is not shown (§4.5), so the test's rules have nothing to judge. */
function notJudged(rules: string[], exchange: Exchange): void {
  observe('LCK-STATUS-409', `a status change to a status the locker did not show: 409 ${exchange.text.slice(0, 120)}`);
  for (const rule of rules)
    notObservable(rule, 'the status change was answered 409, whose condition §4.5 does not show');
}

const statusesOf = (record: Json) => ({
  carrier: record['carrier']?.['status'],
  provider: record['provider']?.['status'],
});

test(
  'LCK-STATUS-CHANGE a status update changes the status the locker record shows',
  rules('LCK-STATUS-CHANGE', 'LCK-STATUS-TAKEN'),
  async ({ api, lockers, target }) => {
    const { record } = await lockers.create();
    const next = stateToSet(target.profile, record);
    const exchange = await api.call('updateLockerStatus', {
      body: lockerStatusBody(target.profile, record['uid'], next.name),
    });
    hold(statusChangeAcceptedJudgements(exchange, `setting ${next.name} on locker ${record['uid']}`), exchange);
    if (refused409(exchange)) return notJudged(['LCK-STATUS-CHANGE'], exchange);
    const shown = next.shows;
    // Read until the list shows the change, within the settle time: a lagging list may show the locker
    // as created, before its status change, for a moment (the staging-like reference does).
    await lockers.expectListed('LCK-STATUS-CHANGE', record);
    const after = await lockers.settled(record, (l) => statuses(l).includes(shown));
    hold([statusShownJudgement(`locker ${record['uid']}`, shown, after ? [statusesOf(after)] : [])], exchange);
    observe(
      'LCK-STATUS-CHANGE',
      `status update answered ${exchange.status} with ${exchange.text ? 'a body' : 'no body'}`,
    );
  },
);

test(
  'LCK-STATUS-CHANGE a status update of a locker the carrier made earlier changes the status it shows, and ' +
    'so does the change back, and each again',
  rules('LCK-STATUS-CHANGE', 'LCK-STATUS-TAKEN'),
  async ({ api, lockers, target }) => {
    // Not the carrier's newest locker: a borrowed one earlier tests updated. It goes back in the state it came in.
    const { record } = await lockers.lend('updates');
    const listed = await lockers.expectListed('LCK-STATUS-CHANGE', record);
    const next = stateToSet(target.profile, listed);
    const back = stateToSet(target.profile, { carrier: { status: next.shows } });
    // Each change twice, one right after the other: a request the same as one a moment before is a change all the
    // same (§4.5), where the locker shows the other status.
    for (const state of [next, back, next, back]) {
      const exchange = await api.call('updateLockerStatus', {
        body: lockerStatusBody(target.profile, record['uid'], state.name),
      });
      hold(statusChangeAcceptedJudgements(exchange, `setting ${state.name} on locker ${record['uid']}`), exchange);
      if (refused409(exchange)) return notJudged(['LCK-STATUS-CHANGE'], exchange);
      const after = await lockers.settled(record, (l) => statuses(l).includes(state.shows));
      const what = `locker ${record['uid']}, made before this test,`;
      hold([statusShownJudgement(what, state.shows, after ? [statusesOf(after)] : [])], exchange);
    }
  },
);

test(
  'LCK-STATUS-CHANGE two lockers changed at once, one to each state, each show the state asked for',
  rules('LCK-STATUS-CHANGE', 'LCK-STATUS-TAKEN'),
  async ({ api, lockers, target }) => {
    // Changes in flight together name their own lockers (§4.5): a status written in a batch, or keyed by the last
    // request, shows on the locker the other change named. One locker set first, so that the two changes at once ask
    // for the two states.
    const [a, b] = (await Promise.all([lockers.create(), lockers.create()])).map((made) => made.record);
    const first = stateToSet(target.profile, b!);
    const before = await api.call('updateLockerStatus', {
      body: lockerStatusBody(target.profile, b!['uid'], first.name),
    });
    hold(statusChangeAcceptedJudgements(before, `setting ${first.name} on locker ${b!['uid']}`), before);
    if (refused409(before)) return notJudged(['LCK-STATUS-CHANGE'], before);
    // As a client does, the change read back before the next: the list shows it (or the settle time is over).
    const bNow = (await lockers.settled(b!, (l) => statuses(l).includes(first.shows))) ?? b!;
    // Each judged by the member that moves to the state asked for: the other may show it already (a provider.status
    // that was ACTIVE throughout is no change shown).
    const changes = [
      { record: a!, state: stateToSet(target.profile, a!), was: statusesOf(a!) },
      { record: b!, state: stateToSet(target.profile, { carrier: { status: first.shows } }), was: statusesOf(bNow) },
    ];
    const sent = await Promise.all(
      changes.map(({ record, state }) =>
        api.call('updateLockerStatus', { body: lockerStatusBody(target.profile, record['uid'], state.name) }),
      ),
    );
    for (const [i, { record, state }] of changes.entries()) {
      const exchange = sent[i]!;
      hold(statusChangeAcceptedJudgements(exchange, `setting ${state.name} on locker ${record['uid']}`), exchange);
      if (refused409(exchange)) return notJudged(['LCK-STATUS-CHANGE'], exchange);
    }
    for (const [i, { record, state, was }] of changes.entries()) {
      const after = await lockers.settled(record, (l) => statusMoved(statusesOf(l), state.shows, was));
      const what = `locker ${record['uid']}, changed at once with locker ${changes[1 - i]!.record['uid']},`;
      hold([statusShownJudgement(what, state.shows, after ? [statusesOf(after)] : [], was)], sent[i]!);
    }
  },
);

test(
  'LCK-STATUS-409 reports when the target answers 409',
  rules('LCK-STATUS-409'),
  async ({ api, lockers, target }) => {
    const { record } = await lockers.create();
    const [, second] = target.profile.lockerStatus!.statuses;
    const seen: string[] = [];
    const current =
      stateToSet(target.profile, record).name === second ? target.profile.lockerStatus!.statuses[0] : second;
    for (const status of [current, second, second]) {
      const exchange = await api.call('updateLockerStatus', {
        body: lockerStatusBody(target.profile, record['uid'], status),
      });
      seen.push(`${status}→${exchange.status}`);
    }
    observe('LCK-STATUS-409', `setting the current status, a new one, then the same again answered ${seen.join(', ')}`);
  },
);

test(
  'LCK-STATUS-REPEAT the same status change sent twice at once, then again, leaves the locker showing the ' +
    'status asked for',
  rules('LCK-STATUS-REPEAT'),
  async ({ api, lockers, target }) => {
    const { record } = await lockers.create();
    const next = stateToSet(target.profile, record);
    const body = lockerStatusBody(target.profile, record['uid'], next.name);
    const change = () => api.call('updateLockerStatus', { body });
    // Judged after the pair and again after a third request: a toggle shows the status asked for after one of them
    // only.
    for (const round of [() => Promise.all([change(), change()]), async () => [await change()]]) {
      const answers = await round();
      // §4.5: a 409 exists, its condition not shown; any other refusal leaves nothing to judge.
      const unjudged = answers.find((a) => (a.status < 200 || a.status >= 300) && a.status !== 409);
      if (unjudged) {
        notObservable(
          'LCK-STATUS-REPEAT',
          `a status change to ${next.name} was answered ${unjudged.status}, neither a success nor the 409 §4.5 names`,
        );
        return;
      }
      // Judged at the requests and at the list read that shows what they left.
      const { listed: after, exchange: read } = await lockers.settledRead(record, (l) =>
        statuses(l).includes(next.shows),
      );
      judge('LCK-STATUS-REPEAT', answers[0], read)
        .expect(
          statuses(after),
          `after requests for ${next.name} answered ${answers.map((a) => a.status).join(', ')}, locker ` +
            `${record['uid']} does not show ${next.shows}`,
        )
        .toContain(next.shows);
    }
  },
);

test(
  'LCK-UPDATE-OMITTED-KEPT an update sending the carrier object without a status keeps the status a status change set',
  rules('LCK-UPDATE-OMITTED-KEPT', 'LCK-STATUS-CHANGE', 'LCK-STATUS-TAKEN', 'LCK-UPDATE-200'),
  async ({ api, lockers, target }) => {
    // The status is the status operation's (§4.5): an update of the carrier's names that sends none leaves it,
    // whichever it is.
    const { record } = await lockers.create();
    const next = stateToSet(target.profile, record);
    const changed = await api.call('updateLockerStatus', {
      body: lockerStatusBody(target.profile, record['uid'], next.name),
    });
    hold(statusChangeAcceptedJudgements(changed, `setting ${next.name} on locker ${record['uid']}`), changed);
    if (refused409(changed)) return notJudged(['LCK-UPDATE-OMITTED-KEPT'], changed);
    const shown = await lockers.settled(record, (l) => statuses(l).includes(next.shows));
    if (!statuses(shown).includes(next.shows))
      return notObservable(
        'LCK-UPDATE-OMITTED-KEPT',
        `locker ${record['uid']} never showed ${next.shows} after its status change, so what an update keeps ` +
          `of it cannot be told`,
      );
    const { status: _status, ...carrier } = (shown?.['carrier'] ?? record['carrier']) as Json;
    const updated = await api.call('updateLocker', {
      params: { uid: record['uid'] },
      body: { carrier: { ...carrier, lockerName: `${String(carrier['lockerName'])} (renamed)` } },
    });
    hold([answeredJudgement(updated, 'a valid update')], updated);
    const { listed: after, exchange: read } = await lockers.settledRead(
      record,
      (l) => l['carrier']?.['lockerName'] === `${String(carrier['lockerName'])} (renamed)`,
    );
    judge('LCK-UPDATE-OMITTED-KEPT', updated, read)
      .expect(
        statuses(after),
        `locker ${record['uid']}, set to ${next.name}, then updated without a status, does not show ${next.shows}`,
      )
      .toContain(next.shows);
  },
);

test(
  'LCK-STATUS-BACK-BOOKABLE a locker disabled and enabled again takes a booking as a fresh one (a should)',
  rules('LCK-STATUS-BACK-BOOKABLE', 'LCK-STATUS-CHANGE'),
  async ({ api, lockers, parcels, target }) => {
    const { record } = await lockers.create();
    const next = stateToSet(target.profile, record);
    const back = stateToSet(target.profile, { carrier: { status: next.shows } });
    for (const state of [next, back]) {
      const exchange = await api.call('updateLockerStatus', {
        body: lockerStatusBody(target.profile, record['uid'], state.name),
      });
      hold(statusChangeAcceptedJudgements(exchange, `setting ${state.name} on locker ${record['uid']}`), exchange);
      if (refused409(exchange)) return notJudged(['LCK-STATUS-BACK-BOOKABLE'], exchange);
    }
    // Booked only once it shows its statuses as made: what a past status leaves behind is what is asked.
    const made = JSON.stringify(statusesOf(record));
    const shown = await lockers.settled(record, (l) => JSON.stringify(statusesOf(l)) === made);
    if (!shown || JSON.stringify(statusesOf(shown)) !== made)
      return notObservable(
        'LCK-STATUS-BACK-BOOKABLE',
        `locker ${record['uid']} never showed its statuses as made again`,
      );
    const booking = await parcels.publish(parcels.body(record));
    const judged = publishAcceptedJudgement(
      booking,
      `a BOOKING into locker ${record['uid']}, disabled and enabled again`,
    );
    hold([{ ...judged, rule: 'LCK-STATUS-BACK-BOOKABLE' }], booking);
  },
);
