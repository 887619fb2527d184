// The conformance report's shape, which its two renderings read: Markdown (markdown.ts) and one
// self-contained HTML page, the certificate (html.ts). Both follow report-view.ts, so they say the same
// in the same order.
import type { Summary } from '../verdict/summary';
import type { RuleVerdict } from '../verdict/verdicts';
import type { TargetFootprint } from '../verdict/target-footprint';
import type { EvidenceSource } from '../verdict/scope';

export interface RunHeader {
  baseUrl?: string;
  mockBaseUrl?: string;
  environment?: string;
  target?: string;
  specVersion: string;
  /** sha256 of spec/carrier-integration.openapi.yaml, first 12 hex digits: the contract judged against. */
  openapiDigest: string;
  /** sha256 of spec/rules.yaml, first 12 hex digits: the rules and levels judged by. */
  rulesDigest: string;
  harnessVersion: string;
  date: string;
  seed?: number | string;
  propertyRuns?: number;
  profile?: string;
  strict?: boolean;
  durationSeconds: number;
  rulesSelected?: string;
  suitesSelected?: string;
  /** `traffic`: recorded exchanges were judged and no request was sent (absent: a run). */
  evidenceFrom?: EvidenceSource;
  /** Judging traffic: the recordings read, and what of them was not judged. */
  traffic?: {
    files: string[];
    entries: number;
    judged: number;
    deliveries: number;
    otherHosts: Record<string, number>;
    unknownOperations: Record<string, number>;
  };
}

import type { BaselineBlock } from '../baseline/gate';

export interface ConformanceReport {
  header: RunHeader;
  summary: Summary;
  rules: RuleVerdict[];
  observedChoices: { rule: string; observations: string[] }[];
  webhooks: { deliveriesSeen?: string; medianWaitMs: Record<string, number>; totalWaitMs?: number };
  /** What the run created on the target and how many requests it sent; reports of older runs have none. */
  footprint?: TargetFootprint;
  /** When the tests started and ended (epoch ms), for the benchmark's breakdown. */
  timings?: { testsStartedAt: number; testsEndedAt: number };
  /** The gate against a baseline certificate (--baseline), when one was given. */
  baseline?: BaselineBlock;
}
