// `npm run reference`: the embedded reference as a standalone service.
import { CHOICE_SET_NAMES, type ReferenceChoices } from './choices';
import { CANDIDATE_FAULTS, FAULTS } from './faults';
import { MAX_SEED_LOCKERS, MAX_SEED_PARCELS, UsageError } from './flags';
import { DEFAULT_CARRIERS } from './options';
import { referenceCommand } from './command';
import { startReference } from './server';
import { STATS_PATH } from './staging';

const USAGE = `Usage: npm run reference -- [options]

Starts the embedded Carrier Integration Service reference on loopback.

Options (each falls back to the environment variable named):
  --host HOST                  address to bind                 CIS_REFERENCE_HOST   (127.0.0.1)
  --port N                     port, 0 for a free one          CIS_REFERENCE_PORT   (4010)
  --api-key KEY                API key of carrier 1            CIS_API_KEY          (${DEFAULT_CARRIERS[0]!.apiKey})
  --api-key-2 KEY              API key of carrier 2            CIS_API_KEY_2        (${DEFAULT_CARRIERS[1]!.apiKey})
  --webhook-url URL            where carrier 1's webhooks go   CIS_REFERENCE_WEBHOOK_URL
  --webhook-url-2 URL          where carrier 2's webhooks go   CIS_REFERENCE_WEBHOOK_URL_2 (else --webhook-url)
  --webhook-key KEY            X-API-Key sent on deliveries    CIS_WEBHOOK_KEY
  --collection-period-ms N     CollectionNotification period   CIS_REFERENCE_COLLECTION_PERIOD_MS (one day)
  --fault NAME                 switch a named fault on (repeatable; see reference/faults.ts)  CIS_REFERENCE_FAULTS
  --choices NAME               the conformant choices where the spec is silent: ${CHOICE_SET_NAMES.join(', ')}
                                                               CIS_REFERENCE_CHOICES (default)
  --list-faults                the named faults and the rule each breaks
  --help                       this text

A long-lived staging (npm run bench:staging):
  --latency-ms N               every answer (service and mock) written N ms late, as across a network
                                                               CIS_REFERENCE_LATENCY_MS (0)
  --list-envelope paged|spring pages of items, or Spring Data's {content, page: {…}} from page 0
                                                               CIS_REFERENCE_LIST_ENVELOPE (of the choice set)
  --page-size N                records per page of paged lists (--choices staging-like) where no
                               size parameter asks for another  CIS_REFERENCE_PAGE_SIZE (20)
  --max-page-size N            the most records a size parameter gets (a page size capped at
                               --page-size whatever size asks)  CIS_REFERENCE_MAX_PAGE_SIZE (--page-size)
  --seed-lockers N             third-party lockers held from the start (at most ${MAX_SEED_LOCKERS})
                                                               CIS_REFERENCE_SEED_LOCKERS (of the choice set)
  --seed-parcels N             past parcels per carrier from the start (at most ${MAX_SEED_PARCELS})
                                                               CIS_REFERENCE_SEED_PARCELS (of the choice set)
  --list-lag-ms N              lists show a write N ms after it was answered (a replica behind)
                                                               CIS_REFERENCE_LIST_LAG_MS (of the choice set)
  --seed-awaiting-courier      the delivered past parcels are first-mile ones the courier has not
                               collected: a CollectionNotification per locker holding one, each period
                                                               CIS_REFERENCE_SEED_AWAITING_COURIER=1
  --stall OPERATION[:N]        hold the Nth request (default the first) to an operationId, e.g.
                               listParcels:3, neither carried out nor answered until the client gives
                               up (at most 10 minutes); repeatable   CIS_REFERENCE_STALL (comma-separated)
  GET ${STATS_PATH} (no key, not part of the API) answers the requests served and the records held.
`;

/** How lists are paged, for the start banner: "pages of 20 (size up to 100)", "Spring pages of 20" or "unpaged". */
function listPaging(choices: ReferenceChoices): string {
  if (choices.listEnvelope !== 'paged' && choices.listEnvelope !== 'spring') return 'unpaged';
  const upTo =
    (choices.maxPageSize ?? choices.pageSize) > choices.pageSize ? ` (size up to ${choices.maxPageSize})` : '';
  return `${choices.listEnvelope === 'spring' ? 'Spring pages' : 'pages'} of ${choices.pageSize}${upTo}`;
}

async function main(): Promise<void> {
  const command = referenceCommand(process.argv.slice(2), process.env);
  if (command.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (command.kind === 'list-faults') {
    process.stdout.write(
      [...FAULTS, ...CANDIDATE_FAULTS]
        .map(
          (f) =>
            `${f.name.padEnd(32)} ${f.rule.padEnd(34)} ` +
            `${f.candidate ? `(candidate: ${f.candidate}) ` : ''}${f.description}`,
        )
        .join('\n') + '\n',
    );
    return;
  }
  const { options, choicesName, staging } = command;
  const { carriers, faults } = options;
  const handle = await startReference(options);
  const { choices } = staging;
  const lines = [
    'Carrier Integration Service reference 1.1.0',
    `  CIS_BASE_URL=${handle.baseUrl}`,
    `  CIS_MOCK_BASE_URL=${handle.mockBaseUrl}`,
    ...carriers.map(
      (c, i) =>
        `  carrier ${i + 1}: ${c.name}  key ${c.apiKey}  network ${c.networkUid}  webhooks ${c.webhookUrl ?? '(none)'}`,
    ),
    ...(faults.length ? [`  faults on: ${faults.join(', ')}`] : []),
    `  choices: ${choicesName}`,
    `  lists: ${listPaging(choices)}; seeded: ${choices.seededThirdPartyLockers} third-party lockers, ` +
      `${choices.seededParcelsPerCarrier} past parcels per carrier` +
      `${choices.seededAwaitingCourier ? ' (the delivered ones awaiting the courier)' : ''}; ` +
      `latency ${staging.latencyMs} ms${choices.listLagMs ? `; lists ${choices.listLagMs} ms behind writes` : ''}`,
    ...(staging.stalls.length
      ? [`  stalls: ${staging.stalls.map((st) => `request ${st.nth} to ${st.operationId}`).join(', ')}`]
      : []),
    `  reference-only stats (no key): ${new URL(handle.baseUrl).origin}${STATS_PATH}`,
    'Stop with Ctrl+C.',
  ];
  process.stdout.write(lines.join('\n') + '\n');
  const stop = () => void handle.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const known = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  const listen = (error as { code?: string }).code === 'EADDRINUSE' || (error as { code?: string }).code === 'EACCES';
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
  // One line: what is wrong; --help has the rest.
  if (known) process.stderr.write(`reference: ${message} (npm run reference -- --help lists the options)\n`);
  else if (listen)
    process.stderr.write(`reference: cannot listen: ${message}. Choose another --port (0 picks a free one).\n`);
  else process.stderr.write(`reference: ${message}\n`);
  process.exit(2);
});
