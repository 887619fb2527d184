// The reference command's options (npm run reference): its flags and variables read and checked, each
// problem a UsageError of one sentence, so they are tested in process (test/e2e/reference-cli.test.ts);
// main.ts starts the service with them.
import { parseArgs } from 'node:util';
import { CHOICE_SETS, choiceSetName, type ChoiceSetName } from './choices';
import { checkFaultNames } from './faults';
import { integer, stagingSettings, url, UsageError } from './flags';
import { DEFAULT_CARRIERS, DAY_MS, type CarrierAccount, type ReferenceOptions } from './options';

/** What the command is asked: its help, its faults listed, or the service started with these options. */
export type ReferenceCommand =
  | { kind: 'help' }
  | { kind: 'list-faults' }
  | {
      kind: 'start';
      options: Partial<ReferenceOptions> & { carriers: CarrierAccount[]; faults: string[] };
      choicesName: ChoiceSetName;
      staging: ReturnType<typeof stagingSettings>;
    };

/** What `args` and `env` ask of the command; throws a UsageError (or parseArgs's error) for bad input. */
export function referenceCommand(args: string[], env: NodeJS.ProcessEnv): ReferenceCommand {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'api-key': { type: 'string' },
      'api-key-2': { type: 'string' },
      'webhook-url': { type: 'string' },
      'webhook-url-2': { type: 'string' },
      'webhook-key': { type: 'string' },
      'collection-period-ms': { type: 'string' },
      fault: { type: 'string', multiple: true },
      choices: { type: 'string' },
      'latency-ms': { type: 'string' },
      'page-size': { type: 'string' },
      'list-envelope': { type: 'string' },
      'max-page-size': { type: 'string' },
      'seed-awaiting-courier': { type: 'boolean' },
      'list-lag-ms': { type: 'string' },
      'seed-lockers': { type: 'string' },
      'seed-parcels': { type: 'string' },
      stall: { type: 'string', multiple: true },
      'list-faults': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return { kind: 'help' };
  if (values['list-faults']) return { kind: 'list-faults' };
  const faults =
    values.fault ??
    (env['CIS_REFERENCE_FAULTS'] ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
  try {
    checkFaultNames(faults);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  let choicesName;
  try {
    choicesName = choiceSetName(values.choices ?? env['CIS_REFERENCE_CHOICES'] ?? 'default');
  } catch (error) {
    throw new UsageError(`--choices: ${(error as Error).message}`);
  }
  const staging = stagingSettings(values, env, CHOICE_SETS[choicesName]);
  const webhookUrl = url('--webhook-url', values['webhook-url'] ?? env['CIS_REFERENCE_WEBHOOK_URL']);
  const webhookUrl2 =
    url('--webhook-url-2', values['webhook-url-2'] ?? env['CIS_REFERENCE_WEBHOOK_URL_2']) ?? webhookUrl;
  const keys = [values['api-key'] ?? env['CIS_API_KEY'], values['api-key-2'] ?? env['CIS_API_KEY_2']];
  const carriers: CarrierAccount[] = DEFAULT_CARRIERS.map((c, i) => ({
    ...c,
    apiKey: keys[i] || c.apiKey,
    ...((i === 0 ? webhookUrl : webhookUrl2) ? { webhookUrl: (i === 0 ? webhookUrl : webhookUrl2)! } : {}),
  }));
  if (carriers[0]!.apiKey === carriers[1]!.apiKey) throw new UsageError('the two carriers need different API keys');
  const webhookKey = values['webhook-key'] ?? env['CIS_WEBHOOK_KEY'];
  const options = {
    host: values.host ?? env['CIS_REFERENCE_HOST'] ?? '127.0.0.1',
    port: integer('--port', values.port ?? env['CIS_REFERENCE_PORT'], 4010, 0),
    carriers,
    collectionPeriodMs: integer(
      '--collection-period-ms',
      values['collection-period-ms'] ?? env['CIS_REFERENCE_COLLECTION_PERIOD_MS'],
      DAY_MS,
      1,
    ),
    ...(webhookKey ? { webhookKey } : {}),
    faults,
    choices: staging.choices,
    latencyMs: staging.latencyMs,
    stalls: staging.stalls,
  };
  return { kind: 'start', options, choicesName, staging };
}
