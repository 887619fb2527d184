// The certificate of judged traffic, written as a run's is (conformance.{json,md,html}, the HAR of the
// failures, JUnit), by the same verdict, scope and rendering code, with `evidenceFrom: traffic` in its
// header. Whatever a message quoted, the recording's keys are swept out of every file once more.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../spec/catalogue';
import { SPEC_VERSION } from '../../spec/document';
import { certificateProperties } from '../reporters/certificate-stamps';
import { specDigests } from '../reporters/digest';
import { writeHar, type Har, type HarEntry as ReportEntry } from '../reporters/har';
import { toHtml } from '../reporters/html';
import { toMarkdown } from '../reporters/markdown';
import type { ConformanceReport } from '../reporters/report-shape';
import { summarize } from '../verdict/summary';
import { judgeRules, type RuleVerdict } from '../verdict/verdicts';
import { judgeTraffic, type TrafficJudgement } from './judge-traffic';

export interface TrafficCertificateOptions {
  strict?: boolean;
  fullScope?: boolean;
  harnessVersion: string;
  files: string[];
  startedAt: number;
}

/** The verdicts and the report of a traffic judgement, with the failures' HAR its `harEntries` point into. */
export function trafficCertificate(
  t: TrafficJudgement,
  options: TrafficCertificateOptions,
): { report: ConformanceReport; har: Har } {
  const entries: ReportEntry[] = [];
  const harEntries: Record<string, number[]> = {};
  for (const [rule, recorded] of t.evidence.failedEntries) {
    for (const entry of recorded) {
      harEntries[rule] = [...(harEntries[rule] ?? []), entries.length];
      entries.push({ ...(entry as unknown as ReportEntry), _id: entries.length, _test: 'traffic', _rules: [rule] });
    }
  }
  const tests = t.tests.map((test) => ({ ...test, harEntries }));
  const verdicts = judgeRules(catalogue, tests);
  const summary = summarize(
    verdicts,
    { strict: !!options.strict, fullScope: !!options.fullScope, evidenceFrom: 'traffic' },
    catalogue,
  );
  const report: ConformanceReport = {
    header: {
      ...(t.bases.service ? { baseUrl: t.bases.service } : {}),
      ...(t.bases.mock ? { mockBaseUrl: t.bases.mock } : {}),
      target: 'recorded traffic',
      specVersion: SPEC_VERSION,
      ...specDigests(),
      harnessVersion: options.harnessVersion,
      date: new Date(options.startedAt).toISOString(),
      durationSeconds: (Date.now() - options.startedAt) / 1000,
      strict: !!options.strict,
      evidenceFrom: 'traffic',
      traffic: {
        files: options.files,
        entries: t.entries,
        judged: t.judged,
        deliveries: t.deliveries,
        otherHosts: Object.fromEntries(t.otherHosts),
        unknownOperations: Object.fromEntries(t.unknownOperations),
      },
    },
    summary,
    rules: verdicts,
    observedChoices: verdicts
      .filter((v) => v.observations.length)
      .map((v) => ({ rule: v.id, observations: v.observations })),
    // What a run's listener says of its deliveries, said of the recording's: how many were read and judged.
    webhooks: {
      ...(t.deliveries ? { deliveriesSeen: `${t.deliveries} deliveries recorded and judged` } : {}),
      medianWaitMs: {},
    },
  };
  const comment =
    'The recorded entries behind each failed rule (its first ten), in rule order; _id is the position, ' +
    '_rules the rule. Credentials read $CIS_TRAFFIC_KEY_n or REDACTED.';
  return {
    report,
    har: {
      log: {
        version: '1.2',
        creator: { name: 'carrier-conformance', version: options.harnessVersion },
        comment,
        entries,
      },
    },
  };
}

const xml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** One test case per rule: failed, skipped with its reason where not judged, passed otherwise; the certificate as
 * properties. */
function junit(report: ConformanceReport): string {
  const cases = report.rules.map((v: RuleVerdict) => {
    const name = `${v.id} ${xml(v.statement)}`;
    if (v.verdict === 'failed')
      return (
        `    <testcase classname="traffic.${v.section}" name="${name}"><failure ` +
        `message="${xml(v.failure ?? 'failed')}"/></testcase>`
      );
    if (v.verdict === 'passed') return `    <testcase classname="traffic.${v.section}" name="${name}"/>`;
    return (
      `    <testcase classname="traffic.${v.section}" name="${name}"><skipped ` +
      `message="${xml(`${v.verdict}: ${v.reasons.join('; ')}`)}"/></testcase>`
    );
  });
  const failures = report.rules.filter((v) => v.verdict === 'failed').length;
  const skipped = report.rules.filter((v) => v.verdict !== 'failed' && v.verdict !== 'passed').length;
  const properties = certificateProperties(report.summary).map(
    ([name, value]) => `      <property name="${xml(name)}" value="${xml(value)}"/>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="carrier-conformance judge" tests="${cases.length}" failures="${failures}" skipped="${skipped}">`,
    `  <testsuite name="recorded traffic" tests="${cases.length}" failures="${failures}" skipped="${skipped}">`,
    '    <properties>',
    ...properties,
    '    </properties>',
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

export function writeTrafficCertificate(dir: string, t: TrafficJudgement, report: ConformanceReport, har: Har): void {
  mkdirSync(dir, { recursive: true });
  const secrets = t.secrets.named;
  const json = t.secrets.text(JSON.stringify(report, null, 2));
  const clean = JSON.parse(json) as ConformanceReport;
  writeFileSync(join(dir, 'conformance.json'), json + '\n');
  writeFileSync(join(dir, 'conformance.md'), toMarkdown(clean));
  writeFileSync(join(dir, 'conformance.html'), toHtml(clean));
  writeFileSync(join(dir, 'junit.xml'), junit(clean));
  writeHar(join(dir, 'exchanges.har'), har, secrets);
}

/** The ids of the rules the traffic failed (must, should, observe alike), for tests and the self-test. */
export function failedRules(t: TrafficJudgement): string[] {
  return judgeRules(catalogue, t.tests)
    .filter((v) => v.verdict === 'failed')
    .map((v) => v.id);
}

/** The rules a HAR's traffic fails (its deliveries too, where the file holds them): what the self-test asks per
 * fault. */
export async function failedRulesOfHar(traffic: string, webhooks: string | undefined = traffic): Promise<string[]> {
  return failedRules(await judgeTraffic({ traffic, ...(webhooks ? { webhooks } : {}) }));
}
