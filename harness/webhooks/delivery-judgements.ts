// What a delivery is judged by at the run's end (suites/run.teardown.ts), and what broke each rule: a
// JSON body, one of the three webhooks, its webhook's body rule, and every record rule its body met or
// broke. A LockerUpdates body is a locker record as much as a list's is (§2.1: "Response record of
// create, update and list, and the body of the locker webhook"), and no webhook carries a removed
// field (§9): a rule held on a body is an evaluation at that webhook, not only a failure found there.
import { rulesJudged } from '../../spec/judged-rules';
import { webhooks, type Operation } from '../../spec/operations';
import { removedFields } from '../checks/removed-fields';
import type { Exchange } from '../http/exchange';
import { beyondSchema, BODY_RULE } from './classify';
import type { Delivery } from './types';

export interface DeliveryJudgement {
  rule: string;
  /** What the delivery broke under the rule; none: it held. */
  problems: string[];
}

const REMOVED = 'VER-REMOVED-FIELDS';

/** The removed fields of §9 in the body, by the check every answer passes (harness/checks/removed-fields.ts). */
function removedFieldsOf(delivery: Delivery & { kind: string }): DeliveryJudgement | undefined {
  // The check reads only the body, and names the operation in its failure: the webhook stands in for it.
  const answer = { body: delivery.body } as Exchange;
  const of = { operationId: delivery.kind } as Operation;
  if (!removedFields.judges(answer, of).includes(REMOVED)) return undefined;
  const found = removedFields(answer, of);
  return {
    rule: REMOVED,
    problems: found ? [`${delivery.kind} ${found.pointer}: expected ${found.expected}, got ${found.received}`] : [],
  };
}

/**
 * Each rule the delivery is judged by, in order, with what broke it. A body that is no JSON, or not
 * one of the webhooks under a wrong Content-Type, is judged by WH-DELIVERY-VALID only; one of no known
 * webhook by WH-DELIVERY-KNOWN too; a webhook's body under a wrong Content-Type by the rest as well. WH-OWN-CARRIER has
 * a test of its own, so it is not among them.
 */
export function deliveryJudgements(delivery: Delivery): DeliveryJudgement[] {
  const problemsOf = (rule: string) => delivery.findings.filter((f) => f.rule === rule).map((f) => f.problem);
  const valid = { rule: 'WH-DELIVERY-VALID', problems: problemsOf('WH-DELIVERY-VALID') };
  if (valid.problems.length && !delivery.kind) return [valid];
  const judgements = [valid, { rule: 'WH-DELIVERY-KNOWN', problems: problemsOf('WH-DELIVERY-KNOWN') }];
  const kind = delivery.kind;
  if (!kind) return judgements;
  judgements.push({ rule: BODY_RULE[kind], problems: problemsOf(BODY_RULE[kind]) });
  const schema = webhooks.find((w) => w.name === kind)!.schemaName;
  // The record rules (LCK-*, PCL-*) the body met under its schema or beyond it, and any a finding names.
  const met = [...rulesJudged(schema, delivery.body), ...beyondSchema(kind, delivery.body).judged];
  const records = new Set([...met, ...delivery.findings.map((f) => f.rule)].filter((r) => !r.startsWith('WH-')));
  for (const rule of records) judgements.push({ rule, problems: problemsOf(rule) });
  const removed = records.has(REMOVED) ? undefined : removedFieldsOf({ ...delivery, kind });
  if (removed) judgements.push(removed);
  return judgements;
}

/**
 * The rules the deliveries broke, as the run's end will judge them (deliveryJudgements; those refused for want of
 * CIS_WEBHOOK_KEY are not judged).
 */
export function rulesBroken(deliveries: readonly Delivery[]): Set<string> {
  const broken = new Set<string>();
  for (const delivery of deliveries)
    if (!delivery.keyRefused)
      for (const { rule, problems } of deliveryJudgements(delivery)) if (problems.length) broken.add(rule);
  return broken;
}
