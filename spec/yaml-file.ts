// The contract's YAML files, parsed as JSON after the first time: every Playwright worker loads them,
// and a worker starts anew after each failed test, where parsing YAML cost about half a second.
// The cache is keyed by the file's content, so an edited file is parsed afresh.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The parser is loaded only when a file is parsed: with the cache warm, loading it was most of the cost.
type YamlModule = typeof import('yaml');

const CACHE_DIR = join(tmpdir(), 'carrier-conformance-yaml');

export function readYamlFile(path: string): unknown {
  const text = readFileSync(path, 'utf8');
  const cached = join(CACHE_DIR, `${createHash('sha256').update(text).digest('hex')}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8'));
  } catch {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const value: unknown = (require('yaml') as YamlModule).parse(text);
    try {
      mkdirSync(CACHE_DIR, { recursive: true });
      // Written whole under another name first, so a worker never reads half a file.
      const partial = `${cached}.${process.pid}`;
      writeFileSync(partial, JSON.stringify(value));
      renameSync(partial, cached);
    } catch {
      // A cache that cannot be written only costs the parse next time.
    }
    return value;
  }
}
