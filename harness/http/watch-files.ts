// The records the run's workers share about a target's stretches without an answer, kept next to
// CIS_STOP_FILE (harness/http/target-watch.ts): Playwright replaces a worker after each failed test, so
// what one worker saw must outlive it. The command line removes them all (harness/cli/run-stop.ts).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Written where it can be: a directory gone or a file another worker wrote first changes nothing. */
export function writeQuietly(path: string, text: string, flag = 'w'): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text, { flag });
  } catch {
    // The run is stopping, or another worker's record stands.
  }
}

/** The files beside `stopFile` whose name ends with `suffix`. */
function filesBeside(stopFile: string, suffix: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dirname(stopFile));
  } catch {
    return [];
  }
  const mine = names.filter((n) => n.startsWith(`${basename(stopFile)}.`) && n.endsWith(suffix));
  return mine.map((n) => join(dirname(stopFile), n));
}

/** Every record beside `stopFile` whose name ends with `suffix`, read (those gone meanwhile left out). */
export function recordsBeside<T>(stopFile: string, suffix: string): T[] {
  return filesBeside(stopFile, suffix).flatMap((path) => readJson<T>(path) ?? []);
}

/**
 * Every line-per-record file beside `stopFile` whose name ends with `suffix`, each line a record (a worker appends
 * one as it learns it; a line cut by a worker stopped mid-write is left out).
 */
export function linesBeside<T>(stopFile: string, suffix: string): T[] {
  return filesBeside(stopFile, suffix).flatMap((path) => {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return [];
    }
    return text.split('\n').flatMap((line) => {
      try {
        return line ? [JSON.parse(line) as T] : [];
      } catch {
        return [];
      }
    });
  });
}
