// `npm run bench:traffic`: how fast `carrier-conformance judge` reads a big recording, and in how much
// memory. A short run against the embedded reference gives real exchanges; they are copied, each copy
// under identifiers of its own, into a 100,000-entry HAR, which a child process then judges (its peak
// resident memory is its own maxRSS). Targets: >= 5,000 entries/s on 2 cores, < 300 MB. The
// copies repeat the run's numeric uids and cross from one copy's lists to the next, so their verdict
// means nothing and is not shown; the time includes loading the harness and writing the certificate.
// CIS_BENCH_TEMPLATE=FILE takes a recording nobody here wrote instead (the carrier client's day,
// as mitmproxy kept it), copied under the string CIS_BENCH_TAG names in its identifiers.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { speedProbeMs } from './measure';

const ROOT = join(__dirname, '..', '..');
const ENTRIES = Number(process.env['CIS_BENCH_ENTRIES'] ?? 100_000);
/** The rules whose tests make the template: every kind of operation, refusals, lists and deliveries. */
const TEMPLATE_RULES = [
  'LCK-CREATE-201',
  'LCK-LIST-PROVIDER-FILTER',
  'PCL-BOOKING-CREATES',
  'CAN-NOT-DELIVERED',
  'TRG-RESPONSE',
  'PCL-PUBLISH-REQUIRED',
  'ERR-404-JSON',
  'PRV-LIST',
].join(',');

interface Template {
  /** Each entry's JSON, split around its startedDateTime's value. */
  entries: [string, string][];
  startedAt: number[];
  /** How long the template's traffic lasted: each copy starts after the one before. */
  spanMs: number;
  tag: string;
}

function templateHar(dir: string): Template {
  const given = process.env['CIS_BENCH_TEMPLATE'];
  if (given) return templateOf(readFileSync(given, 'utf8'), process.env['CIS_BENCH_TAG']);
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'bin', 'carrier-conformance.js'), '--rules', TEMPLATE_RULES, '--report-dir', dir],
    { cwd: ROOT, stdio: 'ignore', env: { ...process.env, CIS_REPORTERS: 'minimal' } },
  );
  if (run.status === null || run.status === 2) throw new Error(`the template run could not run (exit ${run.status})`);
  // The run's tag is in every identifier it made (CC-<tag>-w0-1): each copy gets a tag of its own.
  return templateOf(readFileSync(join(dir, 'exchanges.har'), 'utf8'));
}

function templateOf(text: string, given?: string): Template {
  const tag = given ?? /"C[CP]+-([a-z0-9]+)-w\d/.exec(text)?.[1];
  if (!tag || !text.includes(tag))
    throw new Error(
      given
        ? `CIS_BENCH_TAG ${given} is in no identifier of the template`
        : 'the template run made no tagged identifiers',
    );
  const { log } = JSON.parse(text) as { log: { entries: { startedDateTime: string }[] } };
  const startedAt = log.entries.map((e) => Date.parse(e.startedDateTime));
  const entries = log.entries.map((e): [string, string] => {
    const json = JSON.stringify(e);
    const at = json.indexOf(e.startedDateTime);
    return [json.slice(0, at), json.slice(at + e.startedDateTime.length)];
  });
  return { entries, startedAt, spanMs: Math.max(...startedAt) - Math.min(...startedAt) + 1000, tag };
}

/** A tag as long as the run's, so every body keeps its length (a body cut by the recorder stays one). */
function copyTag(tag: string, copy: number): string {
  const suffix = copy.toString(36);
  return tag.slice(0, tag.length - suffix.length) + suffix;
}

function writeBigHar(file: string, template: Template): void {
  const fd = openSync(file, 'w');
  writeSync(fd, '{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[');
  let batch: string[] = [];
  for (let i = 0; i < ENTRIES; i++) {
    const copy = Math.floor(i / template.entries.length);
    const at = i % template.entries.length;
    const [head, tail] = template.entries[at]!;
    const started = new Date(template.startedAt[at]! + copy * template.spanMs).toISOString();
    const text =
      copy === 0
        ? `${head}${started}${tail}`
        : `${head}${started}${tail}`.split(template.tag).join(copyTag(template.tag, copy));
    batch.push(`${i ? ',' : ''}\n${text}`);
    if (batch.length === 1000) {
      writeSync(fd, batch.join(''));
      batch = [];
    }
  }
  writeSync(fd, `${batch.join('')}\n]}}\n`);
  closeSync(fd);
}

/** Judges the file in a child of its own: wall time and that process's peak resident memory. */
function judge(file: string, reportDir: string): { seconds: number; peakMb: number } {
  const script = `
    require('tsx/cjs');
    const started = Date.now();
    const { judgeTraffic } = require('./harness/traffic/judge-traffic.ts');
    const { trafficCertificate, writeTrafficCertificate } = require('./harness/traffic/certificate-files.ts');
    judgeTraffic({ traffic: ${JSON.stringify(file)} }).then((t) => {
      const { report, har } = trafficCertificate(t, {
        harnessVersion: 'bench',
        files: [${JSON.stringify(file)}],
        startedAt: started,
      });
      writeTrafficCertificate(${JSON.stringify(reportDir)}, t, report, har);
      process.stdout.write(JSON.stringify({ ms: Date.now() - started, maxRssKb: process.resourceUsage().maxRSS }));
    });`;
  const child = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`judging failed: ${child.stderr.slice(-800)}`);
  const out = JSON.parse(child.stdout) as { ms: number; maxRssKb: number };
  return { seconds: out.ms / 1000, peakMb: out.maxRssKb / 1024 };
}

function main(): void {
  const probeBefore = speedProbeMs();
  const dir = mkdtempSync(join(tmpdir(), 'cc-bench-traffic-'));
  try {
    process.stdout.write(
      process.env['CIS_BENCH_TEMPLATE']
        ? `template: ${process.env['CIS_BENCH_TEMPLATE']}\n`
        : 'template run against the embedded reference...\n',
    );
    const template = templateHar(join(dir, 'template'));
    const file = join(dir, 'traffic.har');
    writeBigHar(file, template);
    const mb = statSync(file).size / 1e6;
    process.stdout.write(
      `judging ${ENTRIES} entries (${mb.toFixed(0)} MB, ${template.entries.length} template entries copied)...\n`,
    );
    const result = judge(file, join(dir, 'report'));
    const probeAfter = speedProbeMs();
    const rate = ENTRIES / result.seconds;
    process.stdout.write(
      `judge ${ENTRIES} entries, ${mb.toFixed(0)} MB: ${result.seconds.toFixed(1)} s = ${rate.toFixed(0)} ` +
        `entries/s (target >= 5000 ${rate >= 5000 ? 'ok' : 'MISSED'}), ` +
        `peak ${result.peakMb.toFixed(0)} MB (target < 300 ${result.peakMb < 300 ? 'ok' : 'MISSED'}); speed ` +
        `probe ${Math.round(probeBefore)} / ${Math.round(probeAfter)} ms\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
