// What is wrong with a recorded request body, under the rule that says such a request is refused: a
// required member missing, a member of another JSON type, a value outside a listed set (the request
// schemas of the document and the `x-rules` of its operation), a provider object on update, two
// lockerGroups of one key. Members the request tables do not list (`readOnly`) are never judged.
import type { ErrorObject } from 'ajv';
import { validatorFor } from '../../spec/ajv';
import { isWrapperError } from '../../spec/attribution';
import { ISO_4217 } from '../../spec/currencies';
import type { Operation } from '../../spec/operations';
import { resolveSchema } from '../../spec/schemas';

import { isCoercedForm } from '../../generators';
import { repeatedGroupKey, type Defect } from './groups-unique-key';

export type { Defect };

const ownRule = (e: ErrorObject): string | undefined => {
  const rule = (e.parentSchema as Record<string, unknown> | undefined)?.['x-rule'];
  return typeof rule === 'string' ? rule : undefined;
};

const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`);

function defectOf(e: ErrorObject, op: Operation): Defect | undefined {
  if ((e.parentSchema as { readOnly?: boolean } | undefined)?.readOnly) return undefined;
  const at = e.instancePath || '/';
  switch (e.keyword) {
    case 'required': {
      const rule = op.rules.missing;
      return rule ? { rule, what: `lacks ${e.instancePath}/${String(e.params['missingProperty'])}` } : undefined;
    }
    case 'type': {
      // A required member sent null is one the request lacks: the catalogue's required rules say "or with one of them
      // null" (the tables give none of them null).
      if (e.data === null && op.rules.missing && op.requestSchema && requiredAt(requestRoot(op.requestSchema), at))
        return { rule: op.rules.missing, what: `gives ${at} null, a member the request requires` };
      // An optional member sent null: what null means there is not stated (taken as omitted, or refused; on update
      // LCK-UPDATE-NULL-KEPT, a should judged on requests chosen to show it). No type rule refuses it.
      if (e.data === null) return undefined;
      // A value coercion reads as the type (digits for an integer) is the should's, not the type rule's.
      const coerced = [e.params['type']].flat().some((t) => isCoercedForm(e.data, String(t)));
      const rule = coerced ? op.rules.coerced : op.rules.wrongType;
      return rule
        ? { rule, what: `gives ${at} ${jsonType(e.data)} where the document says ${String(e.params['type'])}` }
        : undefined;
    }
    case 'enum': {
      // A digit string is a listed value's position to an enum read by ordinal: the should's, not the list's rule.
      if (typeof e.data === 'string' && /^\d+$/.test(e.data) && op.rules.coerced)
        return { rule: op.rules.coerced, what: `gives ${at} ${JSON.stringify(e.data)}, a position in its list` };
      const rule = ownRule(e) ?? op.rules.enum;
      return rule ? { rule, what: `gives ${at} ${JSON.stringify(e.data)}, none of its listed values` } : undefined;
    }
    case 'not': {
      const rule = ownRule(e);
      return rule ? { rule, what: `carries ${at}, which the request does not take` } : undefined;
    }
    case 'pattern': {
      if (ownRule(e) !== 'PCL-PUBLISH-CURRENCY') return undefined;
      // A code in lower case is refused by a should rule only (§2.3 does not state the letter case).
      const code = typeof e.data === 'string' && ISO_4217.has(e.data.toUpperCase());
      return code
        ? {
            rule: 'PCL-PUBLISH-CURRENCY-CASE',
            what: `gives ${at} ${JSON.stringify(e.data)}, an ISO 4217 code in lower case`,
          }
        : {
            rule: 'PCL-PUBLISH-CURRENCY',
            what: `gives ${at} ${JSON.stringify(e.data)}, no ISO 4217 code in any letter case`,
          };
    }
    default:
      return undefined;
  }
}

/** Whether the member at `pointer` (a JSON pointer into a body of `root`) is one its object requires. */
function requiredAt(root: Schema, pointer: string): boolean {
  const parts = pointer.split('/').slice(1);
  let node: Schema | undefined = root;
  for (const [i, part] of parts.entries()) {
    const at = resolveSchema(node!) as Schema & { items?: Schema; required?: string[] };
    if (i === parts.length - 1) return at.required?.includes(part) ?? false;
    node = /^\d+$/.test(part) && at.items ? at.items : (at.properties?.[part] as Schema | undefined);
    if (!node) return false;
  }
  return false;
}

/** Judged once per recorded body: the exchange's judge and the correlations both ask. */
const judgedBodies = new WeakMap<object, ReturnType<typeof judge>>();

function judgedBody(op: Operation, body: unknown): ReturnType<typeof judge> {
  if (body === null || typeof body !== 'object') return judge(op, body);
  let judged = judgedBodies.get(body);
  if (!judged) judgedBodies.set(body, (judged = judge(op, body)));
  return judged;
}

/**
 * Its defects, and whether it is a valid request that carries only members the request tables list:
 * one the service must take. A member the tables do not list may be refused, ignored or stored
 * (rules.yaml's preamble), so a request carrying one is never judged by what it sent.
 */
function judge(op: Operation, body: unknown): { defects: Defect[]; valid: boolean; schemaValid: boolean } {
  if (!op.requestSchema) return { defects: [], valid: true, schemaValid: true };
  if (body === undefined) return { defects: [], valid: false, schemaValid: false };
  const validate = validatorFor(op.requestSchema);
  const schemaValid = validate(body);
  const defects = schemaValid ? [] : defectsIn(op, validate.errors ?? []);
  const groups =
    op.operationId === 'createLocker' || op.operationId === 'updateLocker' ? repeatedGroupKey(body) : undefined;
  if (groups) defects.push(groups);
  const currency = unknownCurrency(op, body);
  if (currency && !defects.some((d) => d.rule === currency.rule)) defects.push(currency);
  return {
    defects,
    valid: schemaValid && !groups && !currency && onlyListed(requestRoot(op.requestSchema), body),
    schemaValid: schemaValid && !groups && !currency,
  };
}

/** A codCurrency the pattern takes (three capitals) that is no ISO 4217 code (QQQ): §2.3's code, not the pattern's. */
function unknownCurrency(op: Operation, body: unknown): Defect | undefined {
  if (!op.operationId.startsWith('publishParcel')) return undefined;
  const currency = isMap(body) ? body['codCurrency'] : undefined;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency) || ISO_4217.has(currency)) return undefined;
  return { rule: 'PCL-PUBLISH-CURRENCY', what: `gives /codCurrency ${JSON.stringify(currency)}, no ISO 4217 code` };
}

/** The request's defects, each rule once; none for a valid body, or one the document gives no schema for. */
export function requestDefects(op: Operation, body: unknown): Defect[] {
  return judgedBody(op, body).defects;
}

function defectsIn(op: Operation, errors: ErrorObject[]): Defect[] {
  const defects: Defect[] = [];
  for (const e of errors) {
    if (isWrapperError(e)) continue;
    const defect = defectOf(e, op);
    if (defect && !defects.some((d) => d.rule === defect.rule)) defects.push(defect);
  }
  return defects;
}

type Schema = Parameters<typeof resolveSchema>[0];

const resolved = new Map<Schema, ReturnType<typeof resolveSchema>>();

/**
 * The members the request tables list under a schema node (no `readOnly`), resolved once per node:
 * every recorded request of an operation walks the same nodes. Undefined where the node describes none.
 */
function listedMembers(schema: Schema): ((member: string) => Schema | undefined) | undefined {
  let node = resolved.get(schema);
  if (!node) resolved.set(schema, (node = resolveSchema(schema)));
  const properties = node.properties;
  if (!properties) return undefined;
  return (member) => {
    const sub = properties[member] as Schema | undefined;
    return sub && !(sub as { readOnly?: boolean }).readOnly ? sub : undefined;
  };
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every member of the body, at every depth the schema describes objects, is one the request tables list (no
 * `readOnly`, none unknown). */
function onlyListed(schema: Schema, value: unknown): boolean {
  const listed = isMap(value) ? listedMembers(schema) : undefined;
  if (!listed) return true;
  return Object.entries(value as Record<string, unknown>).every(([member, child]) => {
    const sub = listed(member);
    return !!sub && onlyListed(sub, child);
  });
}

/** A valid body carrying only members the request tables list (judge, above). */
export function validRequest(op: Operation, body: unknown): boolean {
  return judgedBody(op, body).valid;
}

/** Valid by the schema in every member, whatever members beyond the tables it carried (openingHours). */
export function schemaValidRequest(op: Operation, body: unknown): boolean {
  return judgedBody(op, body).schemaValid;
}

const roots = new Map<string, Schema>();
const requestRoot = (name: string): Schema =>
  roots.get(name) ?? roots.set(name, { $ref: `#/components/schemas/${name}` }).get(name)!;

/**
 * The body with only the members the request tables list, at every depth the schema describes
 * objects: what an accepted request that carried others (openingHours on a create) is judged by.
 */
export function listedPart(op: Operation, body: unknown): unknown {
  return op.requestSchema ? listedOf(requestRoot(op.requestSchema), body) : body;
}

function listedOf(schema: Schema, value: unknown): unknown {
  const listed = isMap(value) ? listedMembers(schema) : undefined;
  if (!listed) return value;
  const kept: Record<string, unknown> = {};
  for (const [member, child] of Object.entries(value as Record<string, unknown>)) {
    const sub = listed(member);
    if (sub) kept[member] = listedOf(sub, child);
  }
  return kept;
}
