// A Playwright reporter that turns the run into a verdict on the contract: one row per rule of
// spec/rules.yaml, observed choices, and CONFORMANT only when no `must` rule failed. It also sets the
// run's outcome to that verdict, so the exit code is 0 conformant, 1 not (2 comes from global setup).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { catalogue } from '../../spec/catalogue';
import { SPEC_VERSION } from '../../spec/document';
import { RULE_ANNOTATION } from '../evidence/rules';
import { reportedRun, type RunFacts, type RunSettings } from '../target/run-settings';
import { withoutColours } from '../http/text';
import { specDigests } from './digest';
import { baselineBlock } from '../baseline/gate';
import type { ConformanceReport, RunHeader } from './report-shape';
import { toHtml } from './html';
import { toMarkdown } from './markdown';
import { EVIDENCE_ATTACHMENT, type TestEvidence } from '../evidence/log';
import { EMPTY_EVIDENCE, judgeRules, median, SELECTION_REASONS } from '../verdict/verdicts';
import { cutShortTests } from '../verdict/cut-short';
import type { TestRecord } from '../verdict/test-record';
import { summarize } from '../verdict/summary';
import { targetFootprint } from '../verdict/target-footprint';
import { redactSecrets, reportSecrets } from '../evidence/exchanges';
import { contractCoverage, coverageMarkdown, coverageSummary, type Coverage } from './coverage';
import { HarCollector } from './har-collector';
import { writeHar } from './har';
import { ruleSelector } from '../target/rule-selection';
import { baselineProperties, certificateProperties, stampAllure, stampJunit } from './certificate-stamps';
import { placeCoverage } from '../verdict/places';
import { ROOT } from '../../spec/root';
import { historyJudged } from './history';

function harnessVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** `--rules` patterns (LCK-*, PCL-BOOKING-CREATES) as a predicate on rule ids. */
function firstLine(message: string): string {
  return (
    withoutColours(message)
      .replace(/^\s*Error:\s*/, '')
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? message
  );
}

/** The evidence the test's `evidence` fixture attached; none when the test never got that far. */
function evidenceOf(result: TestResult): TestEvidence {
  const attachment = result.attachments.find((a) => a.name === EVIDENCE_ATTACHMENT);
  if (!attachment?.body) return EMPTY_EVIDENCE;
  return JSON.parse(attachment.body.toString('utf8')) as TestEvidence;
}

export default class ConformanceReporter implements Reporter {
  private root: Suite | undefined;
  private config: FullConfig | undefined;
  private readonly records = new Map<TestCase, TestRecord>();
  private readonly exchanges = new HarCollector<TestCase>();
  private started = Date.now();
  private readonly outputDir: string;
  // Read in onBegin, not here: Playwright builds its reporters before global setup resolves the run.
  private settings: RunSettings | undefined;
  private facts: RunFacts | undefined;

  /** `run`: one of several runs a batch judges (run-settings.ts's publishRuns); the suite given to onBegin is then that
   * run's. */
  private readonly run: string | undefined;

  constructor(options: { outputDir?: string; run?: string } = {}) {
    this.outputDir = resolve(options.outputDir ?? process.env['CIS_REPORT_DIR'] ?? 'reports');
    this.run = options.run;
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.config = config;
    this.root = suite;
    this.started = Date.now();
    ({ settings: this.settings, facts: this.facts } = reportedRun(config, this.run));
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const annotations = [
      ...test.annotations,
      ...((result as { annotations?: TestCase['annotations'] }).annotations ?? []),
    ];
    const of = (type: string) => [
      ...new Set(annotations.filter((a) => a.type === type).map((a) => a.description ?? '')),
    ];
    this.records.set(test, {
      title: test.title,
      file: relative(process.cwd(), test.location.file),
      rules: of(RULE_ANNOTATION),
      status: result.status,
      // The timeout as the test left it (test.setTimeout, test.slow): what a cut-short test's reason names.
      timeoutMs: test.timeout,
      durationMs: result.duration,
      ...(result.status === 'skipped' ? { skipReason: of('skip')[0] ?? 'skipped' } : {}),
      errors: result.errors.map((e) => firstLine(e.message ?? e.value ?? String(e))),
      evidence: evidenceOf(result),
      webhookWaits: of('webhook-wait').map((w) => ({ kind: w.split(' ')[0]!, ms: Number(w.split(' ')[1]) })),
    });
    this.exchanges.add(test, test.title, result);
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    // `--list` and runs stopped before any test report nothing: no verdict to give, no file to overwrite.
    if (this.records.size === 0) return undefined;
    const { har, failures } = this.exchanges.build(harnessVersion());
    for (const [test, harEntries] of failures) this.records.get(test)!.harEntries = harEntries;
    // The HAR first: the run's whole history is judged from it, beside what each test judged of its own part.
    mkdirSync(this.outputDir, { recursive: true });
    const harFile = join(this.outputDir, 'exchanges.har');
    writeHar(harFile, har, reportSecrets(this.settings));
    const tests = [...this.allTests(), ...(await historyJudged(harFile, this.settings, har))];
    // A merge of shards has no settings: the selection comes with the facts the blobs carry.
    const { rules, suites } = this.settings?.selection ?? this.facts?.selection ?? {};
    const shard = this.config?.shard;
    const leftOut = suites
      ? `${SELECTION_REASONS[1]} (${suites})`
      : shard
        ? `${SELECTION_REASONS[2]} (this is shard ${shard.current}/${shard.total})`
        : undefined;
    const verdicts = judgeRules(catalogue, tests, ruleSelector(rules), leftOut);
    const summary = summarize(
      verdicts,
      {
        strict: this.facts?.strict ?? false,
        fullScope: this.facts?.fullScope ?? false,
        ...(this.facts?.capabilities ? { capabilities: this.facts.capabilities } : {}),
        ...(shard ? { shard: `${shard.current}/${shard.total}` } : {}),
        cutShort: cutShortTests(tests),
        ...(this.facts?.listenerExposure ? { scopeNotes: [this.facts.listenerExposure] } : {}),
      },
      catalogue,
    );
    const header: RunHeader = {
      ...this.facts,
      specVersion: SPEC_VERSION,
      ...specDigests(),
      harnessVersion: harnessVersion(),
      date: new Date(this.started).toISOString(),
      durationSeconds: result.duration / 1000,
      ...(rules ? { rulesSelected: rules } : {}),
      ...(suites ? { suitesSelected: suites } : {}),
    };
    const waits = new Map<string, number[]>();
    for (const w of tests.flatMap((t) => t.webhookWaits)) waits.set(w.kind, [...(waits.get(w.kind) ?? []), w.ms]);
    const report: ConformanceReport = {
      header,
      summary,
      rules: verdicts,
      observedChoices: verdicts
        .filter((v) => v.observations.length)
        .map((v) => ({ rule: v.id, observations: v.observations })),
      webhooks: {
        ...(verdicts.find((v) => v.id === 'WH-DELIVERY-VALID')?.observations[0]
          ? { deliveriesSeen: verdicts.find((v) => v.id === 'WH-DELIVERY-VALID')!.observations[0]! }
          : {}),
        medianWaitMs: Object.fromEntries([...waits].map(([kind, values]) => [kind, Math.round(median(values)!)])),
        totalWaitMs: [...waits.values()].flat().reduce((a, b) => a + b, 0),
      },
      footprint: targetFootprint(this.exchanges.exchanges(), this.exchanges.deliveries().length),
    };
    const baselineFile = this.settings?.baseline;
    if (baselineFile) report.baseline = baselineBlock(baselineFile, { header, summary, rules: verdicts });
    const coverage = {
      ...contractCoverage(this.exchanges.exchanges(), this.exchanges.deliveries()),
      places: placeCoverage(verdicts, summary.scope.places),
    };
    this.write({ ...report, timings: { testsStartedAt: this.started, testsEndedAt: Date.now() } }, coverage);
    if (result.status === 'interrupted' || result.status === 'timedout') return undefined;
    // Playwright knows passed and failed only: INCONCLUSIVE fails a plain `playwright test`; the CLI exits 3 for it.
    return { status: summary.verdict === 'CONFORMANT' ? 'passed' : 'failed' };
  }

  /** Every test of the run; one that never reported (another shard's, or not reached) counts as skipped. */
  private allTests(): TestRecord[] {
    const all = this.root?.allTests() ?? [...this.records.keys()];
    return all.map(
      (test) =>
        this.records.get(test) ?? {
          title: test.title,
          file: relative(process.cwd(), test.location.file),
          rules: [
            ...new Set(test.annotations.filter((a) => a.type === RULE_ANNOTATION).map((a) => a.description ?? '')),
          ],
          status: 'skipped',
          skipReason: 'not run',
          errors: [],
          evidence: EMPTY_EVIDENCE,
          webhookWaits: [],
        },
    );
  }

  private write(report: ConformanceReport, coverage: Coverage): void {
    mkdirSync(this.outputDir, { recursive: true });
    // Defence in depth: whatever a message quoted, no key reaches a report file.
    const secrets = reportSecrets(this.settings);
    const json = redactSecrets(JSON.stringify({ ...report, coverage: coverageSummary(coverage) }, null, 2), secrets);
    const clean = JSON.parse(json) as ConformanceReport;
    writeFileSync(join(this.outputDir, 'conformance.json'), json + '\n');
    writeFileSync(join(this.outputDir, 'conformance.md'), toMarkdown(clean) + coverageMarkdown(coverage));
    writeFileSync(join(this.outputDir, 'conformance.html'), toHtml(clean));
    writeFileSync(
      join(this.outputDir, 'coverage.json'),
      redactSecrets(JSON.stringify(coverage, null, 2), secrets) + '\n',
    );
    // JUnit and Allure were written by the reporters before this one (playwright.config.ts lists it last).
    const properties = [
      ...certificateProperties(clean.summary),
      ...(clean.baseline ? baselineProperties(clean.baseline) : []),
    ];
    stampJunit(join(this.outputDir, 'junit.xml'), properties, clean.baseline?.known ?? []);
    stampAllure(join(this.outputDir, 'allure-results'), properties);
  }
}
