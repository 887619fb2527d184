// The command's help, one text per command, each listing only its own options. `judge --help` is
// judge's own (harness/traffic/command.ts).
import { CONFIG_FILE } from '../target/config-file';

const SETTINGS = `Settings, each from the first of: a flag; the environment (CIS_*); a .env file here; the config
file (${CONFIG_FILE} here, or --config FILE / CIS_CONFIG; its keys are the flags' names, e.g.
base-url: https://staging.example/v1). carrier-conformance init writes one. docs/configuration.md lists them.
`;

const TARGET = `Target (each flag sets the variable named):
  --base-url URL          CIS_BASE_URL       service base including /v1 (without it: the embedded reference)
  --mock-base-url URL     CIS_MOCK_BASE_URL  staging trigger base including /v1
  --api-key KEY           CIS_API_KEY        the carrier's key
  --api-key-2 KEY         CIS_API_KEY_2      a second carrier's key (isolation rules)
  --env NAME              CIS_ENV            staging (default) or production
  --network-uid N         CIS_NETWORK_UID    a network of the carrier (network rules)
  --profile FILE          CIS_PROFILE        the target's choices where the spec says "not shown"
  --webhook-listen H:P    CIS_WEBHOOK_LISTEN where the webhook listener binds (a remote target's webhooks)
  --webhook-key KEY       CIS_WEBHOOK_KEY    key the listener expects on deliveries
  --config FILE           CIS_CONFIG         the config file (default ./${CONFIG_FILE}, where there is one)
`;

const RUN = `Run:
  --property-runs N       CIS_PROPERTY_RUNS  runs per property (default 100)
  --explore SxL           CIS_EXPLORE        the model's exploration: S sequences of up to L commands (default 8x12)
  --list-settle-ms N      CIS_LIST_SETTLE_MS how long a list may lag a write before it fails (default 2000)
  --locker-pool P         CIS_LOCKER_POOL    lockers lent to tests that need no fresh one: on, off or a pool name
  --seed N                CIS_SEED           replay a failing property
  --timeout-ms N          CIS_TIMEOUT_MS     per request (default 10000)
  --webhook-wait-ms N     CIS_WEBHOOK_WAIT_MS  per awaited webhook (default 30000; the embedded reference 5000)
  --concurrency N         CIS_CONCURRENCY      requests in flight at once where independent (default 8)
  --collection-period-ms N CIS_COLLECTION_PERIOD_MS  the target's CollectionNotification period (default a day)
  --strict                CIS_STRICT=1       failed should rules make the run NOT CONFORMANT too
  --full-scope            CIS_FULL_SCOPE=1   a must rule out of scope (a capability not given) makes the run
                                             INCONCLUSIVE: what an implementer certifying a build uses
  --max-failures N        CIS_MAX_FAILURES   stop after N failed must rules (the report is still written)
  --baseline FILE         CIS_BASELINE       an earlier conformance.json (or its report directory): a second
                                             line states the gate against it (what regressed, what is known)
  --gate baseline         CIS_GATE           the exit code follows that gate (1 only for a regressed must rule)
                                             instead of the verdict (the default, --gate verdict)
  --workers N                                parallel workers (default 2; remote: one more per 15 ms of round
                                             trip, at most 4)
  --allow-writes                             on production, also run the rules that write
  --report-dir DIR                           where reports go (default reports)
  --help                                     this text
`;

const EXIT_CODES = `Exit codes: 0 conformant (within the scope the verdict line names), 1 not conformant,
2 could not run, 3 inconclusive (no must rule failed, but a must rule in scope was not observable;
with --full-scope, also a must rule out of scope).
`;

export function runUsage(suites: string[]): string {
  return `Usage: carrier-conformance [options]
       carrier-conformance COMMAND [options]    COMMAND --help for its options

Checks a Carrier Integration Service 1.1.0 target, rule by rule, against spec/rules.yaml and writes
reports/conformance.{json,md,html}, JUnit, the Playwright HTML report and allure-results.
Commands: run (the default), replay RULE-ID, compare OLD NEW, judge TRAFFIC.har, init.
Also: --version.

${SETTINGS}
${TARGET}${RUN}Selection:
  --only SUITES           comma-separated suites: ${suites.join(', ')}
  --rules PATTERNS        comma-separated rule ids or patterns, e.g. LCK-*,PCL-BOOKING-CREATES
  --shard I/N             run shard I of N (blob reports; merge with npm run report:merge)

${EXIT_CODES}`;
}

export const REPLAY_USAGE = `Usage: carrier-conformance replay RULE-ID [options]

Runs again the tests that decided RULE-ID in the run reported in --report-dir (default reports), with
that run's seed (--seed wins) and only RULE-ID judged, against the target given as for a run. Reports
go to DIR/replay-RULE-ID.

${SETTINGS}
${TARGET}${RUN}
${EXIT_CODES}`;

export const COMPARE_USAGE = `Usage: carrier-conformance compare OLD NEW [--json]

Compares two conformance.json files (or their report directories) rule by rule: newly failed, fixed,
newly not observable, scope lost or gained, new or removed rules.
  --json                  the comparison as JSON instead of Markdown
  --help                  this text

Exit codes: 1 when a must rule regressed, 0 otherwise, 2 when a file is not a certificate.
`;

export const INIT_USAGE = `Usage: carrier-conformance init [--force]

Writes, in the working directory, ${CONFIG_FILE} (every setting, commented: the file a pipeline keeps
next to its code) and .env.example (the same as variables; keys and secrets belong in the environment
or .env, not in a file you commit).
  --force                 overwrite them where they exist
  --help                  this text
`;
