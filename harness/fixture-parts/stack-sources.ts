// Playwright maps every stack it captures (each expect, step and fixture) through source-map-support,
// whose default file reader keeps the whole text of every file a frame passes through for the life of
// the process. In a worker that is playwright-core's coreBundle.js (7 MB as a string), expect.js,
// fast-check and undici: ~9 MB of a worker's ~57 MB live heap (heap snapshot of a full default run).
// Finding a file's source map needs only its last sourceMappingURL comment, so for installed packages'
// JavaScript this reader keeps that comment alone; every other file is left to the default reader.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface SourceMapSupport {
  install(options: { retrieveFile: (path: string) => string | null }): void;
}

// source-map-support's own pattern, its two alternatives (`//# sourceMappingURL=…` and `/*# … */`)
// joined as it joins them: the last match names the map.
const LINE_MAP_COMMENT = /(?:\/\/[@#][\s]*sourceMappingURL=([^\s'"]+)[\s]*$)/.source;
const BLOCK_MAP_COMMENT = /(?:\/\*[@#][\s]*sourceMappingURL=([^\s*'"]+)[\s]*(?:\*\/)[\s]*$)/.source;
const SOURCE_MAP_COMMENT = new RegExp(`${LINE_MAP_COMMENT}|${BLOCK_MAP_COMMENT}`, 'gm');
const PACKAGE_SCRIPT = /[\\/]node_modules[\\/].*\.[cm]?js$/;

const kept = new Map<string, string>();

/** The file's last sourceMappingURL comment, or a blank that names no map (never empty: empty falls through to the
 * default reader). */
export function sourceMapCommentOf(text: string): string {
  let last: string | undefined;
  for (const match of text.matchAll(SOURCE_MAP_COMMENT)) last = match[0].trim();
  return last ?? ' ';
}

function packageScriptReader(source: string): string | null {
  const path = source.startsWith('file:') ? fileURLToPath(source) : source;
  if (!PACKAGE_SCRIPT.test(path)) return null;
  let comment = kept.get(path);
  if (comment === undefined) {
    try {
      comment = sourceMapCommentOf(readFileSync(path, 'utf8'));
    } catch {
      return null;
    }
    kept.set(path, comment);
  }
  return comment;
}

/** Installs the reader in front of Playwright's; a Playwright without source-map-support where expected is left as it
 * is. */
export function keepOnlySourceMapComments(): void {
  let support: SourceMapSupport | undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    support = (require('playwright-core/lib/utilsBundle') as { sourceMapSupport?: SourceMapSupport }).sourceMapSupport;
  } catch {
    return;
  }
  support?.install({ retrieveFile: packageScriptReader });
}
