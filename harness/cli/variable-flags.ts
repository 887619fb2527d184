// The CLI's flags, each the name of a CIS_* variable: one table, read by the parser and its tests.
/** Flag → variable; every CIS_* variable has its flag. */
export const VARIABLE_FLAGS = {
  'base-url': 'CIS_BASE_URL',
  'mock-base-url': 'CIS_MOCK_BASE_URL',
  'api-key': 'CIS_API_KEY',
  'api-key-2': 'CIS_API_KEY_2',
  env: 'CIS_ENV',
  'webhook-listen': 'CIS_WEBHOOK_LISTEN',
  'webhook-key': 'CIS_WEBHOOK_KEY',
  'network-uid': 'CIS_NETWORK_UID',
  'property-runs': 'CIS_PROPERTY_RUNS',
  explore: 'CIS_EXPLORE',
  'list-settle-ms': 'CIS_LIST_SETTLE_MS',
  seed: 'CIS_SEED',
  'timeout-ms': 'CIS_TIMEOUT_MS',
  'webhook-wait-ms': 'CIS_WEBHOOK_WAIT_MS',
  concurrency: 'CIS_CONCURRENCY',
  profile: 'CIS_PROFILE',
  'collection-period-ms': 'CIS_COLLECTION_PERIOD_MS',
  'max-failures': 'CIS_MAX_FAILURES',
  baseline: 'CIS_BASELINE',
  gate: 'CIS_GATE',
} as const;
