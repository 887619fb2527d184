// How many provider/model pairs GET /lockers/providers listed at the run's start (the preflight's read, made before
// any test): no operation changes the catalogue (§4.4 only reads it), so a read of the run that lists none where the
// start listed some, or some where it listed none, did not return the pairs the service has. The one owner of the
// fact: the preflight writes it to the run's scratch directory, the providers test reads it there.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectList } from '../http/envelope';

const FILE = 'providers-at-start.json';

/** The pairs a whole 2xx JSON answer lists, or nothing where it shows no list to count. */
export function pairsListed(status: number, text: string, cut: boolean): number | undefined {
  if (status < 200 || status >= 300 || cut) return undefined;
  try {
    return detectList(JSON.parse(text))?.items.length;
  } catch {
    return undefined;
  }
}

export function recordProvidersAtStart(scratchDir: string, pairs: number | undefined): void {
  if (pairs !== undefined) writeFileSync(join(scratchDir, FILE), JSON.stringify({ pairs }));
}

/** The pairs the start's read listed; undefined where it was not counted (a cut or odd answer, no preflight). */
export function providersAtStart(scratchDir: string): number | undefined {
  try {
    const read = JSON.parse(readFileSync(join(scratchDir, FILE), 'utf8')) as { pairs?: unknown };
    return typeof read.pairs === 'number' ? read.pairs : undefined;
  } catch {
    return undefined;
  }
}
