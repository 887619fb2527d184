// A HAR this harness wrote says how it recorded its deliveries (`log._recording`, evidence/recording.ts), ahead of
// its entries: read from the file's head alone, however long the file. Any other HAR has none.
import { closeSync, openSync, readSync } from 'node:fs';
import type { Recording } from '../../evidence/recording';

/** How much of the file's head is read for it: the HAR's own members before `entries`. */
const HEAD_BYTES = 1 << 20;

const isRecording = (value: unknown): value is Recording => {
  const r = value as Recording | null;
  return (
    typeof r?.webhookWaitMs === 'number' &&
    Array.isArray(r.deliveriesWhole) &&
    r.deliveriesWhole.every((w) => Array.isArray(w) && w.length === 2 && w.every((t) => typeof t === 'number')) &&
    (r.endpoints === undefined ||
      (typeof r.endpoints === 'object' && Object.values(r.endpoints).every((c) => typeof c === 'string')))
  );
};

/** The recording a HAR states, or undefined (none stated, or not in this harness's form). */
export function harRecording(path: string): Recording | undefined {
  let head: string;
  try {
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(HEAD_BYTES);
      head = buffer.subarray(0, readSync(fd, buffer, 0, HEAD_BYTES, 0)).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  const entries = head.indexOf('"entries"');
  const at = head.indexOf('"_recording"');
  if (at < 0 || (entries >= 0 && entries < at)) return undefined;
  const open = head.indexOf('{', at);
  // Its members are numbers and arrays: the object ends at the brace that balances its first.
  let depth = 0;
  for (let i = open; open >= 0 && i < head.length; i++) {
    if (head[i] === '{') depth += 1;
    else if (head[i] === '}' && --depth === 0) {
      try {
        const value: unknown = JSON.parse(head.slice(open, i + 1));
        return isRecording(value) ? value : undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
