// The spec does not say how deliveries are told apart (§6), and one URL may receive all three, so a
// delivery is classified by its shape, then validated against that webhook's schema.
import { validatorFor } from '../../spec/ajv';
import { isWrapperError, ruleForError } from '../../spec/attribution';
import { ruleById } from '../../spec/catalogue';
import { valueAt } from '../../spec/json-pointer';
import { webhooks } from '../../spec/operations';
import type { WebhookKind } from './types';
import { abbreviate } from '../http/text';
import { expectedBy } from '../../spec/schema-words';

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

// A date-time without an offset is still a date-time: that RFC 3339 wants the offset is implied only
// (GEN-DATE-TIME-ZONE, a should), as for the answers the checks judge (harness/checks/schema-valid.ts).
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The record rules a delivery body is judged by beyond its webhook's schema, and what broke them:
 * PCL-ACCESS-CODES (§2.4: accessCodes, when an object, carries a consigneeCollectionCode object),
 * which no schema node states since the member is not required. The run's end counts each judged rule
 * as an evaluation at the webhook (webhooks/delivery-judgements.ts), held where no finding names it.
 */
export function beyondSchema(kind: WebhookKind, body: unknown): { judged: string[]; findings: Finding[] } {
  const accessCodes = kind === 'ParcelUpdates' ? (body as Record<string, unknown> | null)?.['accessCodes'] : undefined;
  if (accessCodes === null || typeof accessCodes !== 'object' || Array.isArray(accessCodes))
    return { judged: [], findings: [] };
  const code = (accessCodes as Record<string, unknown>)['consigneeCollectionCode'];
  const held = code !== null && typeof code === 'object' && !Array.isArray(code);
  const problem =
    `ParcelUpdates /accessCodes/consigneeCollectionCode is ` +
    `${code === undefined ? 'missing' : JSON.stringify(code)}, not an object`;
  return { judged: ['PCL-ACCESS-CODES'], findings: held ? [] : [{ rule: 'PCL-ACCESS-CODES', problem }] };
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
 * should rule (a deprecated member, a date-time without an offset) only against itself. The record
 * rules no schema node states (recordRulesBeyondSchema) are judged too.
 */
export function judge(body: unknown): Verdict {
  const kind = classify(body);
  if (!kind)
    return {
      findings: [
        {
          rule: 'WH-DELIVERY-KNOWN',
          problem: 'the body is none of LockerUpdates, ParcelUpdates, CollectionNotification',
        },
      ],
    };
  const spec = webhooks.find((w) => w.name === kind)!;
  const validate = validatorFor(spec.schemaName);
  const beyond = beyondSchema(kind, body).findings;
  if (validate(body)) return { kind, findings: beyond };
  const findings = (validate.errors ?? [])
    .filter((e) => !isWrapperError(e))
    .flatMap((e) => {
      const at = e.instancePath || '/';
      const got = e.keyword === 'required' ? 'none' : (JSON.stringify(valueAt(body, e.instancePath)) ?? 'nothing');
      const problem =
        e.keyword === 'not'
          ? `${kind} ${at} is a removed field`
          : `${kind} ${at}: expected ${expectedBy(e)}, got ${abbreviate(got, 80)}`;
      const local =
        e.keyword === 'format' &&
        e.params['format'] === 'date-time' &&
        LOCAL_DATE_TIME.test(String(valueAt(body, e.instancePath)));
      const rule = local ? 'GEN-DATE-TIME-ZONE' : (ruleForError(spec.schemaName, e) ?? BODY_RULE[kind]);
      const charged =
        rule !== BODY_RULE[kind] && ruleById(rule).level === 'must' ? [{ rule: BODY_RULE[kind], problem }] : [];
      return [{ rule, problem }, ...charged];
    });
  return { kind, findings: [...findings, ...beyond] };
}
