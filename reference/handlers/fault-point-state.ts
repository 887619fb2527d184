// What a fault point keeps and edits: the parts of the app it reads (whether a fault is on, the service's state), a
// record copy it edits member by member as a mapper would, and state it keeps per reference (one reference, one set of
// tables: the self-test runs many in one process).
import type { FaultPointApp, Reply } from '../request-types';

/** What a point that only asks whether a fault is on needs of the app. */
export type Switches = Pick<FaultPointApp, 'fault'>;
/** What a point that reads or writes the service's records needs of the app. */
export type StateApp = Pick<FaultPointApp, 'fault' | 'state'>;

/** A record copy edited member by member, as a mapper would. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Editable = Record<string, any>;

export const isObject = (value: unknown): value is Editable =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** An answer written as other JSON text: `rewrite` of its body's text, where it has a body not written already. */
export function withAnswerText(reply: Reply, rewrite: (text: string) => string): Reply {
  if (reply.raw !== undefined || reply.body === undefined) return reply;
  let text: string;
  try {
    text = JSON.stringify(reply.body);
  } catch {
    return reply;
  }
  return { ...reply, raw: rewrite(text) };
}

/** Per-app state of the faults (one reference, one set of tables). */
export function perApp<T>(store: WeakMap<object, T>, app: object, make: () => T): T {
  let held = store.get(app);
  if (held === undefined) {
    held = make();
    store.set(app, held);
  }
  return held;
}
