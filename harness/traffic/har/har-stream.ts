// HAR 1.2 read entry by entry: a gateway's export of a day runs to hundreds of MB, so the file is never
// held whole. A small byte-level tokenizer finds `log.entries` and the bounds of each entry object in
// it; only one entry's bytes are kept and parsed at a time. Structural characters are ASCII, so the
// bytes of a UTF-8 file can be scanned without decoding them.
import { createReadStream } from 'node:fs';

/** A recorded exchange as HAR writes it; `_`-prefixed fields are a writer's own and never read. */
export interface HarEntry {
  startedDateTime?: string;
  request: {
    method: string;
    url: string;
    headers?: { name: string; value: string }[];
    postData?: { text?: string; mimeType?: string; encoding?: string };
    bodySize?: number;
  };
  response: {
    status: number;
    statusText?: string;
    headers?: { name: string; value: string }[];
    content?: { text?: string; mimeType?: string; encoding?: string; size?: number };
  };
}

/** The file is no HAR, or breaks off: one line for the user, naming the entry. */
export class HarError extends Error {}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * Feeds on chunks, hands out each entry of `log.entries` as soon as its closing brace arrives.
 * Keys are read only at the two levels above the entries (`log`, `entries`): nothing deeper is decoded.
 */
export class HarEntryScanner {
  private readonly stack: number[] = [];
  /** The key just read at each depth (only depths 1 and 2 are kept). */
  private readonly keys: string[] = [];
  private inString = false;
  private escaped = false;
  private keyBytes: number[] | undefined;
  private entriesDepth = -1;
  private entryParts: Buffer[] = [];
  private entryStart = -1;
  /** Open objects and arrays of the entry being read, its own included. */
  private entryDepth = 0;
  private offset = 0;
  private sawEntries = false;
  /** Entries handed out so far: the next one's number, from 0 as log.entries counts. */
  count = 0;

  constructor(private readonly file: string) {}

  push(chunk: Buffer, onEntry: (entry: HarEntry, index: number) => void): void {
    let from = this.entryStart >= 0 ? 0 : -1;
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      if (this.inString) {
        if (this.keyBytes === undefined) {
          i = this.skipString(chunk, i);
          continue;
        }
        // A key above the entries (log, entries): read byte by byte, it is a word long.
        const c = chunk[i]!;
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.endString();
          i += 1;
          continue;
        }
        this.keyBytes.push(c);
        i += 1;
        continue;
      }
      const c = chunk[i]!;
      if (this.entryStart >= 0) {
        // Inside an entry only its depth matters: strings are skipped whole, nothing is decoded.
        if (c === QUOTE) this.inString = true;
        else if (c === OPEN_OBJECT || c === OPEN_ARRAY) this.entryDepth += 1;
        else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --this.entryDepth === 0) {
          this.entryParts.push(chunk.subarray(from, i + 1));
          onEntry(this.parse(), this.count++);
          this.entryParts = [];
          this.entryStart = -1;
          from = -1;
        }
        i += 1;
        continue;
      }
      if (c === QUOTE) {
        this.inString = true;
        // Keys are read only above the entries: an object member's name at depth 1 or 2 (log, entries).
        this.keyBytes = this.stack.length <= 2 && this.stack[this.stack.length - 1] === OPEN_OBJECT ? [] : undefined;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (this.stack.length === 0 && c !== OPEN_OBJECT)
          throw new HarError(`${this.file}: not a HAR file: it is no JSON object`);
        if (this.entriesDepth === 3 && this.stack.length === 3) {
          this.entryStart = this.offset + i;
          this.entryDepth = 1;
          from = i;
        } else {
          this.stack.push(c);
          if (
            this.entriesDepth < 0 &&
            c === OPEN_ARRAY &&
            this.stack.length === 3 &&
            this.keys[1] === 'log' &&
            this.keys[2] === 'entries'
          ) {
            this.entriesDepth = 3;
            this.sawEntries = true;
          }
        }
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        if (this.entriesDepth === 3 && this.stack.length === 3) this.entriesDepth = -2;
        this.stack.pop();
      } else if (c === COLON) {
        // The key read becomes the name of the value that follows.
        if (this.pendingKey !== undefined) this.keys[this.stack.length] = this.pendingKey;
        this.pendingKey = undefined;
      } else if (this.stack.length === 0 && c > 0x20) {
        throw new HarError(`${this.file}: not a HAR file: it is no JSON object`);
      }
      i += 1;
    }
    if (this.entryStart >= 0 && from >= 0) this.entryParts.push(chunk.subarray(from));
    this.offset += n;
  }

  /**
   * From inside a string at `i`: the index after its closing quote, or the chunk's end (the string goes
   * on in the next chunk, `escaped` saying whether the chunk ended inside an escape). A quote closes the
   * string when an even run of backslashes precedes it, counting one carried over from the last chunk.
   */
  private skipString(chunk: Buffer, i: number): number {
    let j = i;
    for (;;) {
      const q = chunk.indexOf(QUOTE, j);
      const end = q < 0 ? chunk.length : q;
      let k = end - 1;
      while (k >= i && chunk[k] === BACKSLASH) k -= 1;
      const run = end - 1 - k + (k < i && this.escaped ? 1 : 0);
      if (q < 0) {
        this.escaped = run % 2 === 1;
        return chunk.length;
      }
      if (run % 2 === 0) {
        this.escaped = false;
        this.endString();
        return q + 1;
      }
      j = q + 1;
    }
  }

  private pendingKey: string | undefined;

  private endString(): void {
    this.inString = false;
    if (this.keyBytes) this.pendingKey = Buffer.from(this.keyBytes).toString('utf8');
    this.keyBytes = undefined;
  }

  private parse(): HarEntry {
    const text = Buffer.concat(this.entryParts).toString('utf8');
    let entry: unknown;
    try {
      entry = JSON.parse(text);
    } catch (error) {
      throw new HarError(
        `${this.file}: entry ${this.count} (byte ${this.entryStart}) is no JSON: ${(error as Error).message}`,
      );
    }
    const e = entry as Partial<HarEntry>;
    if (
      typeof e.request?.method !== 'string' ||
      typeof e.request.url !== 'string' ||
      typeof e.response?.status !== 'number'
    ) {
      throw new HarError(
        `${this.file}: entry ${this.count} (byte ${this.entryStart}) is no HAR entry: it lacks ` +
          `request.method, request.url or response.status`,
      );
    }
    return e as HarEntry;
  }

  /** The file ended: whatever is still open means it was cut off or is no HAR. */
  end(): void {
    if (this.entryStart >= 0)
      throw new HarError(
        `${this.file}: entry ${this.count} (byte ${this.entryStart}) is cut off: the file ends inside it`,
      );
    if (!this.sawEntries) throw new HarError(`${this.file}: not a HAR file: no log.entries array`);
    if (this.stack.length || this.inString)
      throw new HarError(
        `${this.file}: cut off after entry ${this.count - 1}: the file ends before log.entries is closed`,
      );
  }
}

/** Every entry of a HAR file, in file order, read in chunks; HarError on a file that is no HAR or breaks off. */
export async function readHarEntries(
  path: string,
  onEntry: (entry: HarEntry, index: number) => void | Promise<void>,
  onProgress?: (bytes: number) => void,
): Promise<number> {
  const scanner = new HarEntryScanner(path);
  const stream = createReadStream(path, { highWaterMark: 1 << 20 });
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const ready: [HarEntry, number][] = [];
      scanner.push(chunk, (entry, index) => ready.push([entry, index]));
      for (const [entry, index] of ready) await onEntry(entry, index);
      bytes += chunk.length;
      onProgress?.(bytes);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof HarError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new HarError(code === 'ENOENT' ? `${path}: no such file` : `${path}: ${(error as Error).message}`);
  }
  scanner.end();
  return scanner.count;
}
