// What every command of the exploration is: a fast-check async command over the model and the world,
// which acts, updates the model with what the spec promises of the action, and then has every
// invariant checked in the state it reached.
import type fc from 'fast-check';
import { HeldElsewhere, openTextChoice } from '../../../generators';
import { hold, observe } from '../../evidence/judge';
import { stagingKeyTakenJudgement } from '../../judgements/keys';
import type { Exchange } from '../../http/exchange';
import { checkInvariants } from '../invariants';
import { currentLockerId, lockersOf, parcelsOf, type Carrier, type ServiceModel } from '../model';
import { carriersOf, type World } from '../world';

export type Command = fc.AsyncCommand<ServiceModel, World>;

export type Touched = 'lockers' | 'parcels' | 'both';

/**
 * Runs the action, names the step for failure messages, then checks the invariants of what it acts on
 * (its lockers, or its parcels: each list read is every record of it); every sequence ends with all of
 * them checked, so a change where none was asked for is still seen, one step later at most.
 */
export async function step(
  model: ServiceModel,
  world: World,
  name: string,
  act: () => Promise<void>,
  touches: Touched = 'both',
): Promise<void> {
  // A branch of commands sent at once, or a command of a burst, is named, and its invariants checked, by the whole
  // (in-parallel.ts, in-series.ts).
  if (world.inFlight || world.unread) return act();
  model.steps.push(name);
  await act();
  await checkInvariants(model, world, touches);
  for (const carrier of carriersOf(world)) world.visited.add(stateOf(model, carrier));
}

/** The carrier's state as the count of distinct states sees it: its lockers' statuses and its parcels' states. */
export function stateOf(model: ServiceModel, carrier: Carrier): string {
  const lockers = lockersOf(model, carrier)
    .map((l) => l.status ?? '-')
    .sort();
  const parcels = parcelsOf(model, carrier)
    .map((p) => `${p.state}${p.everDelivered && p.state !== 'delivered' ? '*' : ''}`)
    .sort();
  return `${carrier} lockers[${lockers.join(',')}] parcels[${parcels.join(',')}]`;
}

/**
 * A request refused (4xx) for a text §8 leaves open, by its length or a rare character (generators openTextChoice):
 * the service's choice, observed under `rule`; accepted, the text must be shown whole wherever the record is.
 */
export function refusedForOpenText(exchange: Exchange, text: string, rule: string, what: string): boolean {
  const open = openTextChoice(text);
  if (exchange.status < 400 || exchange.status >= 500 || !open) return false;
  observe(rule, `${what} with ${open} was refused (${exchange.status})`);
  return true;
}

/** A text as a step names it: whole, or, at a length beyond a line, its start and its length. */
export function quoted(text: string): string {
  const points = [...text];
  return points.length <= 40
    ? JSON.stringify(text)
    : `${JSON.stringify(points.slice(0, 12).join(''))}… (${points.length} code points)`;
}

/**
 * A trigger sent with a carrier's own key is never refused for its key (§4.11 "Authenticated with the regular carrier
 * staging API key"): whichever carrier sends it, a 401 fails TRG-STAGING-KEY. A 403 may be the carrier's rights over
 * that provider or locker, and other refusals are the body's.
 */
export function triggerKeyTaken(exchange: Exchange, carrier: string): void {
  hold([stagingKeyTakenJudgement(exchange, carrier)], exchange);
}

/** Text a command sends: drawn, or an id another record holds (generators' HELD_ELSEWHERE), resolved as it is sent. */
export type Text = string | HeldElsewhere;

/**
 * The text as sent: a HELD_ELSEWHERE is the carrier.lockerId of the first locker of the run, so a name or an address
 * holds what is another locker's key on the by-tenant path.
 */
export function textIn(model: Readonly<ServiceModel>, text: Text): string {
  if (!(text instanceof HeldElsewhere)) return text;
  const locker = model.lockers[0];
  return locker ? currentLockerId(locker) : 'CCX-none';
}

/** A text as a step names it, HELD_ELSEWHERE as what it stands for. */
export const quotedText = (text: Text): string => (text instanceof HeldElsewhere ? String(text) : quoted(text));

/** A walked instance as a command's text shows it: what stands for a value by its name (an id another record holds). */
export const walkText = (walked: Record<string, unknown>): string =>
  JSON.stringify(walked, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && value.constructor !== Object
      ? String(value)
      : value,
  );
