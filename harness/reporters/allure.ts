// allure-playwright without the harness's own plumbing: the evidence, exchange and delivery
// attachments are read by the conformance reporter (conformance.html, exchanges.har). Allure wrote
// each to its own file with an fsync, 600 a run, which cost the run more than all its reports.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { AllureReporter } from 'allure-playwright';
import { FileSystemWriter, type Writer } from 'allure-js-commons/sdk/reporter';
import { EVIDENCE_ATTACHMENT } from '../evidence/log';
import { DELIVERIES_ATTACHMENT, EXCHANGES_ATTACHMENT } from '../evidence/exchanges';

const PLUMBING = new Set([EVIDENCE_ATTACHMENT, EXCHANGES_ATTACHMENT, DELIVERIES_ATTACHMENT]);

/**
 * Allure's own writer syncs every result file to disk (write to a temporary file, fsync, rename):
 * about 3 ms a test on this machine's disk, in the process that also serves the embedded reference.
 * A results folder is read once the run has ended, not by a process racing it, so the files a test
 * writes are written plainly; the rare ones (environment, categories) still go through Allure's writer.
 */
class PlainWriter implements Writer {
  private readonly rare: FileSystemWriter;

  constructor(private readonly resultsDir: string) {
    this.rare = new FileSystemWriter({ resultsDir });
    mkdirSync(resultsDir, { recursive: true });
  }

  private write(name: string, content: string | Buffer): void {
    writeFileSync(join(this.resultsDir, name), content);
  }

  writeResult(result: Parameters<Writer['writeResult']>[0]): void {
    this.write(`${result.uuid}-result.json`, JSON.stringify(result));
  }

  writeGroup(result: Parameters<Writer['writeGroup']>[0]): void {
    this.write(`${result.uuid}-container.json`, JSON.stringify(result));
  }

  writeAttachment(distFileName: string, content: Buffer): void {
    this.write(distFileName, content);
  }

  writeAttachmentFromPath(distFileName: string, from: string): void {
    this.rare.writeAttachmentFromPath(distFileName, from);
  }

  writeEnvironmentInfo(info: Parameters<Writer['writeEnvironmentInfo']>[0]): void {
    this.rare.writeEnvironmentInfo(info);
  }

  writeCategoriesDefinitions(categories: Parameters<Writer['writeCategoriesDefinitions']>[0]): void {
    this.rare.writeCategoriesDefinitions(categories);
  }

  writeGlobals(distFileName: string, info: Parameters<Writer['writeGlobals']>[1]): void {
    this.write(distFileName, JSON.stringify(info));
  }
}

export default class AllureWithoutPlumbing extends AllureReporter {
  private readonly resultsDir: string;

  constructor(options: ConstructorParameters<typeof AllureReporter>[0] = {}) {
    super(options);
    this.resultsDir = options.resultsDir ?? 'allure-results';
  }

  override onBegin(suite: Suite): void {
    super.onBegin(suite);
    // allure-playwright builds its runtime, with the syncing writer, here; the runtime is not public.
    (this as unknown as { allureRuntime: { writer: Writer } }).allureRuntime.writer = new PlainWriter(this.resultsDir);
  }

  override onTestEnd(test: TestCase, result: TestResult): Promise<void> {
    return super.onTestEnd(test, { ...result, attachments: result.attachments.filter((a) => !PLUMBING.has(a.name)) });
  }
}
