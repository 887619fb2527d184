// One record in two places (a list and a webhook body, two reads of a list): every member its schema in
// the document names is the same in both, but those the rule excuses in rules.yaml (`excused:`, each with
// the sentence that lets it differ). Members the schema does not name (a target's extras) are not compared:
// the spec says nothing of them. Members a later change of state moves are compared only where both places
// show the same state.
import { ruleById } from '../../spec/catalogue';
import { memberNames } from '../../spec/schemas';
import type { Json } from '../http/json';
import { canonical } from '../records/record-fidelity';

/**
 * The members of a parcel record a change of its state moves (§3: "Parcel: carries shipmentStatus and
 * dimensionsStatus"; §2.4: events "History of events of the parcel"; the access code a delivery or a cancellation
 * revokes; the signature a delivery brings).
 */
export const PARCEL_STATE_MEMBERS: ReadonlySet<string> = new Set([
  'shipmentStatus',
  'dimensionsStatus',
  'events',
  'accessCodes',
  'signature',
]);

export interface SameRecord {
  /** The document's component whose members are compared. */
  component: string;
  /** The rule a difference breaks; its `excused` members are not compared. */
  rule: string;
  /** Members that may differ because the two places show different states of the record. */
  moving?: ReadonlySet<string>;
}

/** `member: here … there …` for each member the two places show differently; none when they agree. */
export function recordDifferences(
  { component, rule, moving }: SameRecord,
  here: Json | undefined,
  there: Json | undefined,
): string[] {
  const excused = ruleById(rule).excused ?? {};
  const differences: string[] = [];
  for (const member of memberNames(component)) {
    if (Object.hasOwn(excused, member) || moving?.has(member)) continue;
    const a = here?.[member];
    const b = there?.[member];
    // null and absent are one reading: canonical() compares them alike inside objects too.
    if (canonical(a ?? null) !== canonical(b ?? null))
      differences.push(`${member}: ${JSON.stringify(a ?? null)} here, ${JSON.stringify(b ?? null)} there`);
  }
  return differences;
}
