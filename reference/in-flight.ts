// What requests in flight at once do to a service that is not built for them. Faults: a handler that
// reads, awaits its write, and then writes what it read plus its own change, as an ORM's read-modify-write
// does, so a change answered meanwhile is lost. A choice: writes taken one at a time, each taking a while,
// as a service behind one database lock does (conformant, only slow).
import type { Reply } from './app';

/** How long a faulty handler's write is awaited: long enough that requests sent together overlap. */
export const IN_FLIGHT_WRITE_MS = 25;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Reads with `read`, awaits the write, puts back what was read with `restore`, then makes the change. */
export async function staleWrite<T>(
  read: () => T,
  restore: (snapshot: T) => void,
  change: () => Reply,
): Promise<Reply> {
  const snapshot = read();
  await pause(IN_FLIGHT_WRITE_MS);
  restore(snapshot);
  return change();
}

/** Writes one at a time, each `ms` long (choice serialWriteMs). */
export class SerialWrites {
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly ms: number) {}

  run<T>(write: () => T | Promise<T>): Promise<T> {
    const turn = this.last.then(async () => {
      await pause(this.ms);
      return write();
    });
    this.last = turn.catch(() => undefined);
    return turn;
  }
}
