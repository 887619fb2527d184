// The run's end, after every suite: verdicts over all the webhook deliveries of the run.
import {
  attachDeliveries,
  BODY_RULE,
  describeMatch,
  distinctNotifications,
  holdSoftly,
  judge,
  leftOutBySelection,
  listEvery,
  lockerIdsOfRun,
  lockersHolding,
  notifiedAt,
  notObservable,
  observe,
  oncePerPeriodJudgements,
  receiverOf,
  rules,
  test,
  type CarrierSide,
  type Delivery,
  type Json,
  type Webhooks,
} from '../harness/fixtures';

// What the run's deliveries broke is recorded here: never cut short for a selection (--rules) that has its answer.
test.use({ runEnd: true });

/** What the listener found wrong with a delivery under one rule. */
const problemsOf = (d: Delivery, rule: string) => d.findings.filter((f) => f.rule === rule).map((f) => f.problem);

/**
 * Each delivery is one evaluation of each rule it is judged by, made at its webhook; the failures of a
 * rule are reported once per webhook, together, at the end. A build that breaks a rule on every
 * delivery would otherwise make a thousand failures of one test, each worded and located by
 * Playwright one by one.
 */
class DeliveryVerdicts {
  private readonly failing = new Map<string, { rule: string; delivery: Delivery; failures: string[] }>();

  judge(rule: string, problems: string[], what: string, delivery: Delivery): void {
    if (problems.length === 0) {
      judge(rule, delivery).soft(problems, what).toEqual([]);
      return;
    }
    const key = `${rule} ${delivery.kind ?? ''}`;
    const entry = this.failing.get(key) ?? { rule, delivery, failures: [] };
    entry.failures.push(`${what}: ${problems.join('; ')}`);
    this.failing.set(key, entry);
  }

  report(): void {
    for (const { rule, delivery, failures } of this.failing.values()) {
      const shown = failures.slice(0, 5).join('\n');
      judge(rule, delivery)
        .soft(
          failures,
          `${failures.length} deliveries broke ${rule}${failures.length > 5 ? ', the first 5' : ''}:\n${shown}`,
        )
        .toEqual([]);
    }
  }
}

/**
 * The run's deliveries, read once for all the tests here: the suites are done, and each read carried
 * every delivery of the run from the listener. Read once the listener has been quiet for a moment, so
 * that what the last tests caused (a delivery that follows the one a test waited for) is judged too.
 */
let runDeliveries: Promise<Delivery[]> | undefined;
const QUIET_MS = 500;
const everyDelivery = (webhooks: Webhooks) =>
  (runDeliveries ??= webhooks.client.settle(QUIET_MS, webhooks.timeoutMs).then(() => webhooks.client.all()));
/** The deliveries judged: not those refused for want of CIS_WEBHOOK_KEY, which anyone on the network can post. */
const deliveriesOf = async (webhooks: Webhooks) => (await everyDelivery(webhooks)).filter((d) => !d.keyRefused);

/**
 * Waits for pushes that ended early while the target pushed nothing (webhooks/silence.ts), each judged
 * over its whole length: its rule fails where the push did not come within it, and holds where it did
 * (a slow sender). A step of the run's delivery test, not a test naming the push rules: the waits say
 * which rules they judge, and a run restricted with --only must not make those rules its own.
 */
async function judgeEarlyEndedWaits(webhooks: Webhooks): Promise<void> {
  const waits = (await webhooks.client.endedEarly(webhooks.timeoutMs * 2)).filter((w) => w.rule);
  if (waits.length === 0) return;
  const missed = new Map<string, string[]>();
  for (const wait of waits) {
    const kind = wait.match.kind;
    const at = kind ? { webhook: kind } : undefined;
    const start = new Date(wait.startedAt).toISOString().slice(11, 19);
    const what = `${describeMatch(wait.whole ?? wait.match)} within ${wait.timeoutMs / 1000} s of ${start} UTC`;
    if (wait.outcome === 'met') judge(wait.rule!, at).soft([], `a ${what}`).toEqual([]);
    if (wait.outcome === 'missed') missed.set(wait.rule!, [...(missed.get(wait.rule!) ?? []), `no ${what}`]);
  }
  for (const [rule, failures] of missed) {
    const kind = waits.find((w) => w.rule === rule)?.match.kind;
    const shown = failures.slice(0, 5).join('\n');
    const first5 = failures.length > 5 ? ', the first 5' : '';
    judge(rule, kind ? { webhook: kind } : undefined)
      .soft(failures, `${failures.length} pushes did not come within their wait${first5}:\n${shown}`)
      .toEqual([]);
  }
  const counts = ['met', 'missed', 'open'].map((o) => `${waits.filter((w) => w.outcome === o).length} ${o}`);
  for (const rule of new Set(waits.map((w) => w.rule!))) {
    observe(
      rule,
      `${waits.filter((w) => w.rule === rule).length} webhook waits ended early while the target pushed ` +
        `nothing; of all ${waits.length}: ${counts.join(', ')} over their whole length`,
    );
  }
}

test(
  'WH-DELIVERY-VALID every delivery received during the run had a JSON body, of one of the three webhooks (a should)',
  rules('WH-DELIVERY-VALID', 'WH-DELIVERY-KNOWN', 'WH-LOCKER-BODY', 'WH-PARCEL-BODY', 'WH-COLLECTION-BODY'),
  async ({ webhooks, target }) => {
    const deliveries = await deliveriesOf(webhooks);
    // Every delivery of the run goes into reports/exchanges.har, with the test that judged it.
    await attachDeliveries(await everyDelivery(webhooks), target);
    const counts = new Map<string, number>();
    for (const d of deliveries) counts.set(d.kind ?? 'unclassified', (counts.get(d.kind ?? 'unclassified') ?? 0) + 1);
    observe(
      'WH-DELIVERY-VALID',
      `${deliveries.length} deliveries: ${[...counts].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
    );
    const verdicts = new DeliveryVerdicts();
    for (const delivery of deliveries) {
      const what =
        `delivery #${delivery.seq} (${delivery.kind ?? 'unclassified'}, ${delivery.size} bytes to ` +
        `${delivery.path})`;
      // Its JSON body, its webhook, its body rule, and every record rule (LCK-*, PCL-*, VER-*) its body met or broke.
      for (const { rule, problems } of webhooks.judgementsOf(delivery)) {
        const wrong =
          rule === 'WH-DELIVERY-VALID'
            ? 'is no JSON body sent as application/json'
            : rule === 'WH-DELIVERY-KNOWN'
              ? 'is none of the three webhooks'
              : 'does not match its schema';
        verdicts.judge(rule, problems, `${what} ${wrong}`, delivery);
      }
    }
    verdicts.report();
    if (deliveries.length === 0)
      for (const rule of ['WH-DELIVERY-VALID', 'WH-DELIVERY-KNOWN'])
        notObservable(rule, 'no delivery arrived during the run');
    for (const [kind, rule] of Object.entries(BODY_RULE)) {
      if (!counts.has(kind)) notObservable(rule, `no ${kind} arrived during the run`);
    }
    await test.step('the pushes of webhook waits that ended early, each over its whole wait', () =>
      judgeEarlyEndedWaits(webhooks));
  },
);

test(
  "WH-OWN-CARRIER no delivery reached a carrier about what the other carrier's key created",
  rules('WH-OWN-CARRIER'),
  async ({ webhooks }) => {
    const judged = (await deliveriesOf(webhooks)).filter((d) => d.ownCarrierJudged);
    const verdicts = new DeliveryVerdicts();
    for (const delivery of judged)
      verdicts.judge(
        'WH-OWN-CARRIER',
        problemsOf(delivery, 'WH-OWN-CARRIER'),
        `delivery #${delivery.seq} (${delivery.kind ?? 'unclassified'} to ${delivery.path})`,
        delivery,
      );
    verdicts.report();
    if (judged.length === 0)
      notObservable(
        'WH-OWN-CARRIER',
        "no delivery arrived at a carrier's own path (…/carrier-1, …/carrier-2) about something the run created",
      );
  },
);

test(
  'WH-COLLECTION-DAILY no locker was named in more than one CollectionNotification per period',
  rules('WH-COLLECTION-DAILY'),
  async ({ webhooks, target }) => {
    const notifications = (await deliveriesOf(webhooks)).filter(
      (d) => d.kind === 'CollectionNotification' && d.findings.length === 0,
    );
    // A second notification of a locker comes a period after its first: a run narrowed to suites that do not wait for
    // it (the webhooks suite's collection notifications do) may end before, and that is the selection's doing.
    const { suites } = target.selection;
    if (notifications.length === 0) {
      if (suites) leftOutBySelection(suites, 'no CollectionNotification arrived during the run');
      notObservable('WH-COLLECTION-DAILY', 'no CollectionNotification arrived during the run');
      return;
    }
    // The declared period (CIS_COLLECTION_PERIOD_MS, the profile, the embedded reference; else a day), never the run's
    // length.
    const period = target.collectionPeriodMs;
    // A resent notification (the same body, or anew with a fresh eventTimestamp) counts once.
    const byLocker = new Map<string, { lockerId: string; side?: CarrierSide; deliveries: Delivery[] }>();
    // Per carrier: each carrier's lockers are its own, and two carriers may give theirs the same identifier.
    for (const d of notifications) {
      const side = receiverOf(d.path);
      const lockerId = String((d.body as Json)['carrierLockerId']);
      const key = `${lockerId}${side ? ` of the ${side} carrier` : ''}`;
      const entry = byLocker.get(key) ?? { lockerId, side, deliveries: [] };
      entry.deliveries.push(d);
      byLocker.set(key, entry);
    }
    // A notification names its locker by carrier.lockerId alone, which §2.1 does not make unique: where the run's
    // writes or pushes showed k of the carrier's lockers holding one id, a period may carry k notifications of it.
    const held = lockerIdsOfRun(await deliveriesOf(webhooks));
    let pairs = 0;
    let shared = 0;
    for (const [locker, { lockerId, side, deliveries }] of byLocker) {
      const times = distinctNotifications(deliveries, period).map(notifiedAt);
      const holding = lockersHolding(held, lockerId, side);
      if (holding > 1) shared++;
      const judgements = oncePerPeriodJudgements(times, period, `locker ${locker}`, holding);
      pairs += judgements.length;
      holdSoftly(judgements, { webhook: 'CollectionNotification' });
    }
    observe(
      'WH-COLLECTION-DAILY',
      `${notifications.length} notifications naming ${byLocker.size} carrier.lockerIds (${shared} held by more than ` +
        `one of a carrier's lockers during the run); period ${period} ms`,
    );
    const unpaired = `no locker was named in two of the ${notifications.length} deliveries' notifications`;
    if (pairs === 0 && suites) leftOutBySelection(suites, unpaired);
    if (pairs === 0) notObservable('WH-COLLECTION-DAILY', unpaired);
  },
);

test(
  "WH-AUTH reports the credentials deliveries carried and the listener's answers",
  rules('WH-AUTH', 'WH-RESPONSES'),
  async ({ webhooks }) => {
    const deliveries = await everyDelivery(webhooks);
    const credentials = new Set(deliveries.filter((d) => !d.keyRefused).flatMap((d) => d.credentials));
    observe(
      'WH-AUTH',
      credentials.size
        ? `deliveries carried ${[...credentials].join(', ')}`
        : 'deliveries carried no credential header',
    );
    const refused = deliveries.filter((d) => d.keyRefused).length;
    if (refused) observe('WH-AUTH', `${refused} posts without CIS_WEBHOOK_KEY were answered 401 and not judged`);
    const answers = new Map<number, number>();
    for (const d of deliveries) answers.set(d.answered, (answers.get(d.answered) ?? 0) + 1);
    observe(
      'WH-RESPONSES',
      `the listener answered ${[...answers].map(([s, n]) => `${s}×${n}`).join(', ') || 'nothing'}`,
    );
  },
);

test(
  "GEN-STATE-NAMED-ONLY the closing read: each carrier's lockers and parcels read once more after every suite",
  // The should alone: the reads judge nothing themselves (the history does, under the frame's rules), so a run they
  // end brings no must rule into its scope.
  rules('GEN-STATE-NAMED-ONLY'),
  async ({ clientFor, target }) => {
    // Jepsen's final read, for the whole run: the run's history (reporters/history.ts) holds each record these lists
    // show to the last read of it before, with no request of the run naming it between (a compensation, a timer, a
    // job that changed a record after its test was done). A bounded sample, as a staging's lists grow run after run.
    for (const key of target.apiKey2 ? (['primary', 'secondary'] as const) : (['primary'] as const)) {
      const client = await clientFor(key);
      for (const operation of ['listLockers', 'listParcels']) {
        const listing = await listEvery(client, operation, {}, target.profile.pagination);
        observe(
          'GEN-STATE-NAMED-ONLY',
          `the closing read, ${operation} by the ${key} key: ${listing.items.length} records` +
            (listing.sample ? ` (${listing.sample})` : listing.complete ? '' : ` (${listing.incomplete})`),
        );
      }
    }
  },
);
