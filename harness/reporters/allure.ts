// allure-playwright without the harness's own plumbing: the evidence, exchange and delivery
// attachments are read by the conformance reporter (conformance.html, exchanges.har). Allure wrote
// each to its own file with an fsync, 600 a run, which cost the run more than all its reports.
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { AllureReporter } from 'allure-playwright';
import { EVIDENCE_ATTACHMENT } from '../evidence/log';
import { DELIVERIES_ATTACHMENT, EXCHANGES_ATTACHMENT } from '../evidence/exchanges';

const PLUMBING = new Set([EVIDENCE_ATTACHMENT, EXCHANGES_ATTACHMENT, DELIVERIES_ATTACHMENT]);

export default class AllureWithoutPlumbing extends AllureReporter {
  override onTestEnd(test: TestCase, result: TestResult): Promise<void> {
    return super.onTestEnd(test, { ...result, attachments: result.attachments.filter((a) => !PLUMBING.has(a.name)) });
  }
}
