// Network requests refused (§4.10, §8): a body that is not a list of int64 lockerUids is rejected, and a
// request refused for its body or its network adds nothing. What is added is suites/networks.spec.ts's.
import {
  addedUids,
  expect,
  expectControlAccepted,
  hold,
  int64,
  namesAnOwner,
  noEffectJudgement,
  NOT_OWNED,
  notObservable,
  rules,
  test,
} from '../harness/fixtures';

// Digits in a string are what a framework's coercion reads as an integer: refusing them is implied only (a should).
for (const [what, body, rule] of [
  ['without lockerUids', {}, 'NET-REQUEST-BODY'],
  ['with uids as strings of their digits', { lockerUids: ['100001'] }, 'GEN-TYPES-COERCED'],
  ['with uids as text', { lockerUids: ['not-a-uid'] }, 'NET-REQUEST-BODY'],
  ['with fractional uids', { lockerUids: [100001.5] }, 'NET-REQUEST-BODY'],
  ['with lockerUids not an array', { lockerUids: 100001 }, 'NET-REQUEST-BODY'],
] as const) {
  test(`${rule} rejects a body ${what}`, rules(rule), async ({ api, target, requires }) => {
    // The network's needs, whatever the rule (GEN-TYPES-COERCED concerns other operations too).
    requires('network');
    const exchange = await api.call('addNetworkLockers', { params: { uid: target.networkUid! }, body });
    // The control: an empty list is a valid body (lockerUids is required, its length is not limited).
    if (exchange.status >= 400 && exchange.status < 500) {
      expectControlAccepted(
        await api.call('addNetworkLockers', { params: { uid: target.networkUid! }, body: { lockerUids: [] } }),
        [rule],
      );
    }
    expect(exchange).toBeRejected(rule);
  });
}

test(
  'GEN-REJECTED-NO-EFFECT network requests refused for their body or their network add nothing',
  rules('GEN-REJECTED-NO-EFFECT', 'NET-REQUEST-BODY'),
  async ({ api, lockers, target }) => {
    const { record } = await lockers.create();
    if (!namesAnOwner(record)) {
      notObservable('GEN-REJECTED-NO-EFFECT', NOT_OWNED);
      return;
    }
    const uid = String(record['uid']);
    const network = target.networkUid!;
    const unknownNetwork = String(Number(network) * 1000 + 987);
    const refusals: [string, { params: { uid: string }; body: unknown }][] = [
      // Items are read one at a time by some: the refusal of the one that is no integer leaves the uid before it out.
      [
        'the uid beside an item that is no integer',
        { params: { uid: network }, body: { lockerUids: [int64(uid), 'x'] } },
      ],
      ['lockerUids not an array', { params: { uid: network }, body: { lockerUids: int64(uid) } }],
      ['the uid under another name', { params: { uid: network }, body: { lockerUid: [int64(uid)] } }],
      ['a network the carrier does not have', { params: { uid: unknownNetwork }, body: { lockerUids: [int64(uid)] } }],
    ];
    const answers = await Promise.all(refusals.map(([, request]) => api.call('addNetworkLockers', request)));
    // The network's members cannot be read (§4.10 shows no such operation): the valid request lists only
    // newly added lockers, so one that lists nothing had been added before.
    const control = await api.call('addNetworkLockers', {
      params: { uid: network },
      body: { lockerUids: [int64(uid)] },
    });
    expectControlAccepted(control, ['GEN-REJECTED-NO-EFFECT', 'NET-REQUEST-BODY']);
    answers.slice(0, 3).forEach((exchange) => expect(exchange).toBeRejected('NET-REQUEST-BODY'));
    const added = addedUids(control).includes(uid);
    if (!added) {
      // An unknown network may be answered otherwise than with a refusal, and then it is no refused request.
      const accepted = answers.find((exchange) => exchange.status < 400 || exchange.status >= 500);
      const witness = (await lockers.create()).record;
      const fresh = await api.call('addNetworkLockers', {
        params: { uid: network },
        body: { lockerUids: [int64(witness['uid'])] },
      });
      if (accepted || !addedUids(fresh).includes(String(witness['uid']))) {
        const reason = accepted
          ? `a request to network ${unknownNetwork} was answered ${accepted.status}, and may have added locker ${uid}`
          : "the network adds none of the run's lockers (NET-OWNED-ADDED), so membership cannot be seen";
        notObservable('GEN-REJECTED-NO-EFFECT', reason);
        return;
      }
    }
    const what = refusals.map(([w]) => w).join(', ');
    // The valid add after them lists the locker as newly added only where none of them added it.
    const where = added ? 'out of it' : 'in it';
    hold(
      [noEffectJudgement(`locker ${uid}, after requests refused for ${what}, out of the network`, 'out of it', where)],
      answers[0],
    );
  },
);
