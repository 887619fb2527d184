// Which contract a report certifies against: the harness judges with the OpenAPI document and the rule
// catalogue it ships, so their digests name the exact texts, whatever version number they claim.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../spec/root';

const SPEC_DIR = join(ROOT, 'spec');

/** sha256 of a file's bytes, its first 12 hex digits: short enough to read out, long enough to tell texts apart. */
export function shortDigest(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 12);
}

export function specDigests(): { openapiDigest: string; rulesDigest: string } {
  return {
    openapiDigest: shortDigest(join(SPEC_DIR, 'carrier-integration.openapi.yaml')),
    rulesDigest: shortDigest(join(SPEC_DIR, 'rules.yaml')),
  };
}
