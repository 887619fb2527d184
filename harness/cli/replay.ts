// `carrier-conformance replay RULE-ID`: runs again the tests that decided a rule in a recorded run, with
// that run's seed and only that rule judged, against the target the user names now (flags, environment
// and .env, as for any run). What to run comes from the run's conformance.json alone, so a report
// handed over from CI is enough to replay a failure.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export class ReplayError extends Error {}

export interface ReplayPlan {
  rule: string;
  /** The tests that named or judged the rule in the recorded run. */
  tests: string[];
  /** Playwright --grep that selects exactly those titles. */
  grep: string;
  /** The recorded run's seed, when it had one (a random run's properties draw new inputs). */
  seed?: number;
  /** The rule's verdict in the recorded run. */
  verdict: string;
}

interface RecordedReport {
  header?: { seed?: number | string };
  rules?: { id: string; verdict: string; tests?: string[]; reasons?: string[] }[];
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Playwright matches --grep against "project file describe… title @tags", space-joined: a title is
 * matched whole between a space and its tags (or the end), so it never selects a longer title it begins.
 */
export function titlesGrep(titles: string[]): string {
  return titles.map((t) => `(?:^| )${escapeRegExp(t)}(?: @|$)`).join('|');
}

export function reportFile(reportDir: string): string {
  return join(reportDir, 'conformance.json');
}

export function replayPlan(reportDir: string, rule: string): ReplayPlan {
  const file = reportFile(reportDir);
  if (!existsSync(file))
    throw new ReplayError(
      `replay: no report at ${file}; run carrier-conformance first, or pass --report-dir with the directory ` +
        `of the run to replay`,
    );
  let report: RecordedReport;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as RecordedReport;
  } catch (error) {
    throw new ReplayError(`replay: ${file} is not a conformance report (${(error as Error).message})`);
  }
  const recorded = report.rules?.find((r) => r.id === rule);
  if (!recorded)
    throw new ReplayError(
      `replay: ${rule} is not a rule of the report ${file}; the rule ids are those of spec/rules.yaml, e.g. ` +
        `LCK-CREATE-201`,
    );
  const tests = recorded.tests ?? [];
  if (!tests.length)
    throw new ReplayError(
      `replay: no test decided ${rule} in the run of ${file} ` +
        `(${recorded.verdict}${recorded.reasons?.length ? `: ${recorded.reasons.join('; ')}` : ''})`,
    );
  const seed = report.header?.seed;
  return {
    rule,
    tests,
    grep: titlesGrep(tests),
    verdict: recorded.verdict,
    ...(typeof seed === 'number' ? { seed } : {}),
  };
}

/** The replayed rule's verdict in a finished run's report; undefined when there is none. */
export function verdictIn(reportDir: string, rule: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(reportFile(reportDir), 'utf8')) as RecordedReport).rules?.find((r) => r.id === rule)
      ?.verdict;
  } catch {
    return undefined;
  }
}
