// `carrier-conformance judge <traffic.har> [--webhooks <deliveries.har>]`: recorded traffic judged by
// the rules, with no request sent, and the certificate written as a run's. Exit codes as a run's: 0
// conformant within the traffic's scope, 1 not conformant, 2 could not judge (a file that is no HAR,
// or breaks off: one line naming the entry), 3 inconclusive.
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { trafficCertificate, writeTrafficCertificate } from './certificate-files';
import { HarError } from './har/har-stream';
import { judgeTraffic } from './judge-traffic';
import { DEFAULT_WEBHOOK_WAIT_MS, positiveInteger } from '../target/config';
import { ROOT } from '../../spec/root';
import { nearest } from '../target/nearest';

export const JUDGE_OPTIONS = [
  ...['webhooks', 'base-url', 'mock-base-url', 'webhook-wait-ms', 'list-settle-ms', 'report-dir'],
  ...['strict', 'full-scope', 'help'],
];

export const JUDGE_USAGE = `Usage: carrier-conformance judge TRAFFIC.har [--webhooks DELIVERIES.har] [options]

Judges recorded traffic with the service (a HAR 1.2 export of a gateway, a proxy, a browser or this
harness) by the rules, with no request sent, and writes the certificate of a run to --report-dir:
conformance.{json,md,html} (evidenceFrom: traffic), junit.xml and exchanges.har (the failures' entries).
  TRAFFIC.har             CIS_TRAFFIC           the exchanges with the service
  --webhooks FILE         CIS_TRAFFIC_WEBHOOKS  the deliveries the carrier's webhook endpoint received
  --base-url URL          CIS_BASE_URL          the service base (default: inferred from the traffic)
  --mock-base-url URL     CIS_MOCK_BASE_URL     the staging trigger base (default: inferred)
  --webhook-wait-ms N     CIS_WEBHOOK_WAIT_MS   how long after a create or cancel its push may come, as
                                                for a run: a missing one is judged only where the
                                                deliveries went on so long (default 30000)
  --list-settle-ms N      CIS_LIST_SETTLE_MS    how long a list may lag a write, as for a run: a list
                                                begun sooner that does not show the write yet leaves
                                                it to a later list (default 2000; 0 for lists that
                                                never lag)
  --report-dir DIR                              where reports go (default reports)
  --strict, --full-scope                        as for a run
Rules the traffic gives nothing to judge by are out of its scope, each with what traffic would bring it
in. Entries of other hosts, and of operations the document lacks, are counted and listed, not judged.
`;

function harnessVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

function stop(message: string): never {
  process.stderr.write(`carrier-conformance judge: ${message}\n`);
  process.exit(2);
}

/** A progress line on a terminal, at most every half second. */
function progress(): ((file: string, entries: number, bytes: number) => void) | undefined {
  if (!process.stderr.isTTY) return undefined;
  let last = 0;
  return (file, entries, bytes) => {
    if (Date.now() - last < 500) return;
    last = Date.now();
    process.stderr.write(`\r${file}: ${entries} entries, ${(bytes / 1e6).toFixed(0)} MB read`);
  };
}

export async function judgeCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        webhooks: { type: 'string' },
        'base-url': { type: 'string' },
        'mock-base-url': { type: 'string' },
        'webhook-wait-ms': { type: 'string' },
        'list-settle-ms': { type: 'string' },
        'report-dir': { type: 'string' },
        strict: { type: 'boolean' },
        'full-scope': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    const unknown = /Unknown option '([^']+)'/.exec((error as Error).message)?.[1];
    const near = unknown && nearest(unknown.replace(/^-+/, ''), JUDGE_OPTIONS);
    const hint = near ? `; did you mean --${near}?` : ': carrier-conformance judge --help lists them';
    stop(unknown ? `${unknown} is no option of judge${hint}` : (error as Error).message);
  }
  if (values['help']) {
    process.stdout.write(JUDGE_USAGE);
    return;
  }
  const traffic = positionals[0] ?? env['CIS_TRAFFIC'];
  if (!traffic) stop('give the HAR of the traffic to judge: carrier-conformance judge TRAFFIC.har (or CIS_TRAFFIC)');
  if (positionals.length > 1) stop(`one traffic file only, got ${positionals.length}: ${positionals.join(' ')}`);
  const webhooks = (values['webhooks'] as string | undefined) ?? env['CIS_TRAFFIC_WEBHOOKS'];
  const baseUrl = (values['base-url'] as string | undefined) ?? env['CIS_BASE_URL'];
  const mockBaseUrl = (values['mock-base-url'] as string | undefined) ?? env['CIS_MOCK_BASE_URL'];
  const waitText = (values['webhook-wait-ms'] as string | undefined) ?? (env['CIS_WEBHOOK_WAIT_MS'] || undefined);
  const problems: string[] = [];
  const webhookWaitMs = positiveInteger(
    '--webhook-wait-ms (CIS_WEBHOOK_WAIT_MS)',
    waitText?.trim(),
    DEFAULT_WEBHOOK_WAIT_MS,
    problems,
  );
  const settleText = (
    (values['list-settle-ms'] as string | undefined) ??
    (env['CIS_LIST_SETTLE_MS'] || undefined)
  )?.trim();
  if (settleText !== undefined && !/^\d{1,7}$/.test(settleText))
    problems.push(
      `--list-settle-ms (CIS_LIST_SETTLE_MS): "${settleText}" is not a whole number of milliseconds (0 or more)`,
    );
  const listSettleMs = settleText !== undefined && /^\d{1,7}$/.test(settleText) ? Number(settleText) : undefined;
  if (problems.length) stop(problems.join('; '));
  const reportDir = resolve((values['report-dir'] as string | undefined) ?? env['CIS_REPORT_DIR'] ?? 'reports');
  for (const [name, url] of [
    ['--base-url', baseUrl],
    ['--mock-base-url', mockBaseUrl],
  ] as const) {
    if (url && !URL.canParse(url)) stop(`${name}: ${url} is no URL`);
  }
  const startedAt = Date.now();
  const onProgress = progress();
  let judged: Awaited<ReturnType<typeof judgeTraffic>>;
  try {
    judged = await judgeTraffic({
      traffic,
      ...(webhooks ? { webhooks } : {}),
      ...(baseUrl ? { baseUrl } : {}),
      ...(mockBaseUrl ? { mockBaseUrl } : {}),
      webhookWaitMs,
      ...(listSettleMs !== undefined ? { listSettleMs } : {}),
      ...(onProgress ? { onProgress } : {}),
    });
  } catch (error) {
    if (onProgress) process.stderr.write('\n');
    if (error instanceof HarError) stop(error.message);
    throw error;
  }
  if (onProgress) process.stderr.write('\n');
  // An empty recording would read as a conformant scope of nothing: it is no evidence, said so.
  if (judged.entries === 0)
    stop(
      `${traffic}: the HAR holds no entries, so there is nothing to judge (a recorder that writes on stop, ` +
        `as mitmdump with har_dump.py, fills it only once stopped)`,
    );
  const files = [traffic, ...(webhooks && webhooks !== traffic ? [webhooks] : [])];
  const { report, har } = trafficCertificate(judged, {
    strict: !!values['strict'],
    fullScope: !!values['full-scope'],
    harnessVersion: harnessVersion(),
    files,
    startedAt,
  });
  writeTrafficCertificate(reportDir, judged, report, har);
  const { counts, line, exitCode } = report.summary;
  const others = [...judged.otherHosts.values(), ...judged.unknownOperations.values()].reduce((a, b) => a + b, 0);
  const read = Object.entries(judged.entriesByFile)
    .map(([file, n]) => `${n} entries read from ${basename(file)}`)
    .join(', ');
  process.stdout.write(
    `${line}\n${counts['passed']} rules passed, ${counts['failed']} failed, ${counts['not observable']} not ` +
      `observable; ${read}; ${judged.judged} exchanges and ${judged.deliveries} deliveries judged, ` +
      `${others} not judged (other hosts or operations)\n` +
      `report: ${join(reportDir, 'conformance.md')}\n`,
  );
  process.exitCode = exitCode;
}
