// The tests that did not run to their end, and why: what they judged counts against a rule, never for it.
import type { TestRecord, TestStatus } from './test-record';
import { ENDED_EARLY } from '../webhooks/silence';

/**
 * A test that did not run to its end: its timeout, the run's interruption, or an error of the harness.
 * Not one the run skipped because it already knew the answer (failure-registry.ts): that one never ran.
 */
export interface CutShortTest {
  title: string;
  file: string;
  status: TestStatus;
  /** `the test timed out after 120000 ms`, `harness error: <its first error line>`. */
  reason: string;
  /** The rules it named or judged: none of them passed on what it saw alone. */
  rules: string[];
}

/**
 * A test the failure registry skipped because the run already knew what it could show (its skip
 * reason starts `cut short:`): its rules are not observable, not skipped. Not a test cut short by its
 * timeout or the harness (cutShortCause): that one ran, and is counted in the verdict line.
 */
export function skippedAsAlreadyDecided(test: TestRecord): boolean {
  return test.status === 'skipped' && (test.skipReason?.startsWith('cut short:') ?? false);
}

const failedAnEvaluation = (test: TestRecord) => Object.values(test.evidence.rules).some((e) => e.failed > 0);

/**
 * Why a test that ran did not run to its end, or nothing: its timeout, the run's interruption, or an
 * error that is no failed expectation on the target (it failed with no failed evaluation and no rule
 * that stopped it). What such a test judged before it ended is only part of what it was to judge.
 */
export function cutShortCause(test: TestRecord): string | undefined {
  if (test.status === 'timedOut') return `the test timed out${test.timeoutMs ? ` after ${test.timeoutMs} ms` : ''}`;
  if (test.status === 'skipped' && test.skipReason?.startsWith(ENDED_EARLY)) return test.skipReason;
  if (test.status === 'interrupted')
    return `the run was interrupted${test.durationMs !== undefined ? ` ${test.durationMs} ms into the test` : ''}`;
  if (test.status !== 'failed' || test.evidence.stoppedBy || failedAnEvaluation(test)) return undefined;
  return `harness error: ${test.errors[0] ?? 'the test failed with no failed evaluation'}`;
}

/** Every test cut short, with the rules it named or judged: what the certificate names. */
export function cutShortTests(tests: readonly TestRecord[]): CutShortTest[] {
  return tests.flatMap((test) => {
    const reason = cutShortCause(test);
    if (!reason) return [];
    const rules = [...new Set([...test.rules, ...Object.keys(test.evidence.rules)])];
    return [{ title: test.title, file: test.file, status: test.status, reason, rules }];
  });
}

export const cutShortReason = (test: TestRecord, cause: string) => `cut short: ${cause} (${test.title})`;
