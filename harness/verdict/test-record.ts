// What the run's reporter keeps of one test: its outcome, the rules it named and the evidence it recorded —
// the plain record the verdicts are judged from.
import type { TestEvidence } from '../evidence/log';

export type TestStatus = 'passed' | 'failed' | 'skipped' | 'timedOut' | 'interrupted';

export interface TestRecord {
  title: string;
  file: string;
  /** Rule ids the test names (its `rules(...)` details): where a verdict without evidence looks for reasons. */
  rules: string[];
  status: TestStatus;
  /** The timeout the test ran under, as it stood when it ended (test.setTimeout and test.slow included). */
  timeoutMs?: number;
  durationMs?: number;
  skipReason?: string;
  /** First line of each error the test ended with. */
  errors: string[];
  evidence: TestEvidence;
  webhookWaits: { kind: string; ms: number }[];
  /** Rule → the reports/exchanges.har entries its first failure in this test was about. */
  harEntries?: Record<string, number[]>;
}
