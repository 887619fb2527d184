// The spec does not say how deliveries are told apart (§6), and one URL may receive all three, so a
// delivery is classified by its shape, then validated against that webhook's schema.
import { validatorFor } from '../../spec/ajv';
import { isWrapperError, ruleForError } from '../../spec/attribution';
import { ruleById } from '../../spec/catalogue';
import { webhooks } from '../../spec/operations';
import type { WebhookKind } from './types';

/** The body rule of each webhook (§6). */
export const BODY_RULE: Record<WebhookKind, string> = {
  LockerUpdates: 'WH-LOCKER-BODY',
  ParcelUpdates: 'WH-PARCEL-BODY',
  CollectionNotification: 'WH-COLLECTION-BODY',
};

const PARCEL_MEMBERS = ['shipmentUid', 'carrierParcelId', 'shipmentStatus', 'dimensionsStatus', 'allocationType'];
const LOCKER_MEMBERS = ['carrier', 'provider', 'location', 'openingHours', 'ownedByCarrier', 'compartmentTypes'];

export function classify(body: unknown): WebhookKind | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const keys = Object.keys(body);
  if (keys.includes('courierAccessCode')) return 'CollectionNotification';
  if (PARCEL_MEMBERS.some((k) => keys.includes(k))) return 'ParcelUpdates';
  if (LOCKER_MEMBERS.some((k) => keys.includes(k))) return 'LockerUpdates';
  // Shape alone says nothing: the webhook whose schema accepts it, if exactly one does.
  const accepting = webhooks.filter((w) => validatorFor(w.schemaName)(body));
  return accepting.length === 1 ? (accepting[0]!.name as WebhookKind) : undefined;
}

/** One thing wrong with a delivery, under the rule it breaks. */
export interface Finding {
  rule: string;
  problem: string;
}

export interface Verdict {
  kind?: WebhookKind;
  findings: Finding[];
}

/**
 * Classifies and validates a parsed delivery body. A member that breaks a record rule (LCK-*, PCL-*)
 * counts against that rule and, where that rule is a must, against the webhook's body rule too; a
 * should rule (a deprecated member) only against itself.
 */
export function judge(body: unknown): Verdict {
  const kind = classify(body);
  if (!kind) return { findings: [{ rule: 'WH-DELIVERY-KNOWN', problem: 'the body is none of LockerUpdates, ParcelUpdates, CollectionNotification' }] };
  const spec = webhooks.find((w) => w.name === kind)!;
  const validate = validatorFor(spec.schemaName);
  if (validate(body)) return { kind, findings: [] };
  const findings = (validate.errors ?? [])
    .filter((e) => !isWrapperError(e))
    .flatMap((e) => {
      const problem = `${kind} ${e.instancePath || '/'} ${e.keyword === 'required' ? `needs ${String(e.params['missingProperty'])}` : (e.message ?? 'is invalid')}`;
      const rule = ruleForError(spec.schemaName, e) ?? BODY_RULE[kind];
      const body = rule !== BODY_RULE[kind] && ruleById(rule).level === 'must' ? [{ rule: BODY_RULE[kind], problem }] : [];
      return [{ rule, problem }, ...body];
    });
  return { kind, findings };
}
