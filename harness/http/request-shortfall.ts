// The run fills some request members from the target's own records (a trigger's carrier_name from the locker's
// ownedByCarrier, §4.11), and such a value need not be one the request schema allows. A refusal of a request whose
// departure from the document is such a value says nothing of the rule the request was sent for.
import { validatorFor } from '../../spec/ajv';
import { operation } from '../../spec/operations';
import { expectedBy } from '../../spec/schema-words';
import type { Exchange } from './exchange';
import { abbreviate } from './text';

/** operationId → member → the values the run took from the target's records for it. */
const fromRecords = new Map<string, Map<string, Set<string>>>();

/** The run set the request member to a value the target's records gave. */
export function tookFromRecords(operationId: string, member: string, value: unknown): void {
  if (typeof value !== 'string') return;
  const members = fromRecords.get(operationId) ?? new Map<string, Set<string>>();
  fromRecords.set(operationId, members);
  members.set(member, (members.get(member) ?? new Set()).add(value));
}

/**
 * Where a refused request breaks its operation's request schema only at members the run filled from the target's
 * records, with those values: how, in words. Otherwise nothing (a request the run meant to be off the document
 * is judged as such).
 */
export function offDocumentFromRecords(exchange: Exchange): string | undefined {
  if (exchange.status < 400 || exchange.status >= 500) return undefined;
  const taken = fromRecords.get(exchange.operationId);
  const name = operation(exchange.operationId).requestSchema;
  if (!taken || !name || exchange.request.body === undefined) return undefined;
  const validate = validatorFor(name);
  if (validate(exchange.request.body)) return undefined;
  const errors = validate.errors ?? [];
  const member = (path: string) => path.slice(1);
  const ours = errors.every((e) => taken.get(member(e.instancePath))?.has(String(e.data)) === true);
  if (!errors.length || !ours) return undefined;
  return errors
    .map((e) => `${member(e.instancePath)}: expected ${expectedBy(e)}, got ${abbreviate(JSON.stringify(e.data), 80)}`)
    .join('; ');
}
