// What `carrier-conformance init` writes: every variable, commented, with its default and what it is for.
import { registrationUrls } from '../webhooks/registration';

const urls = registrationUrls('<this host>', '<port>');

export const ENV_EXAMPLE = `# carrier-conformance target configuration (copy to .env; the environment wins over this file).
# Leave CIS_BASE_URL unset to check the embedded reference.

# Service base address, including the /v1 segment.
# CIS_BASE_URL=https://staging.example.com/v1
# Staging trigger operations base address, including /v1 (trigger rules are skipped without it).
# CIS_MOCK_BASE_URL=https://mock.staging.example.com/v1
# The carrier's API key, sent as X-API-Key.
# CIS_API_KEY=
# A second carrier's key: enables the isolation rules.
# CIS_API_KEY_2=
# staging (default) or production. On production only read operations and authentication rules run.
# CIS_ENV=staging
# A network uid of the carrier (int64): enables the network rules.
# CIS_NETWORK_UID=
# host:port the webhook listener binds. Register with the target ${urls.primary}
# for the carrier of CIS_API_KEY and ${urls.secondary} for that of CIS_API_KEY_2
# (one URL per carrier, or WH-OWN-CARRIER cannot be judged).
# CIS_WEBHOOK_LISTEN=0.0.0.0:8787
# Key the listener expects on deliveries (answers 401 without it). Set it, and have the target send it,
# whenever the listener binds beyond loopback: otherwise anyone on that network can post deliveries the run judges.
# CIS_WEBHOOK_KEY=
# Runs per property-based test (default 100) and a seed to replay a failure.
# CIS_PROPERTY_RUNS=100
# The model's exploration: sequences x commands per sequence (60x25 for a nightly staging run).
# CIS_EXPLORE=8x12
# How long a list may lag a write before a record missing or stale in it fails, in ms.
# CIS_LIST_SETTLE_MS=2000
# Lockers lent to tests that need no fresh one, and found again by later runs with this key: on, off, or a
# pool name of its own for each pipeline that shares a staging and a key (their runs then never share one).
# CIS_LOCKER_POOL=on
# CIS_SEED=
# Timeout per request, in ms (default 10000).
# CIS_TIMEOUT_MS=10000
# How long a test waits for the webhook an action should cause, in ms (default 30000).
# CIS_WEBHOOK_WAIT_MS=30000
# JSON target profile: PATCH /lockers/status body, cancel body and path id (see docs/checking-a-target.md).
# CIS_PROFILE=./target-profile.json
# The target's CollectionNotification period in ms, where it is not once a day (an accelerated staging).
# CIS_COLLECTION_PERIOD_MS=86400000
# 1: failed should rules (what the contract implies but the spec does not state) fail the run too.
# CIS_STRICT=0
# 1: a must rule out of scope (a capability above not given) makes the run INCONCLUSIVE (certifying a build).
# CIS_FULL_SCOPE=0
# An earlier run's conformance.json: a second line states the gate against it (regressions, known failures).
# CIS_BASELINE=./baseline/conformance.json
# baseline: the exit code follows that gate instead of the verdict (default: verdict).
# CIS_GATE=verdict
`;
