// `null` where the schema gives a member no null, on members a request may leave out: the tables give
// their type only, so a service may refuse the null as off-type or take it as the member omitted. Both
// are conformant; what is not is a null taken for a value (stored and shown back as null, or as
// something the request did not send). Required members' nulls are mutations (mutations.ts): refused
// either way.
import type { JsonSchema } from '../spec/document';
import type { Edge } from './boundaries';
import { isSendable, resolve, types } from './from-schema';

type Schema = JsonSchema & { type?: string | string[]; properties?: Record<string, Schema>; required?: string[] };

const escape = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

function walk(raw: Schema, pointer: string, found: Edge[]): void {
  const schema = resolve(raw) as Schema;
  for (const [name, rawMember] of Object.entries(schema.properties ?? {})) {
    const member = resolve(rawMember) as Schema;
    if (!isSendable(member)) continue;
    const at = `${pointer}/${escape(name)}`;
    const kinds = types(member);
    const objectLike = kinds.includes('object') || (!kinds.length && !!member.properties);
    if (!schema.required?.includes(name) && !kinds.includes('null') && (kinds.length || objectLike))
      found.push({ pointer: at, value: null, label: 'null (refused, or taken as omitted)', refusable: true });
    if (objectLike) walk(member, at, found);
  }
}

/** The optional members of a component schema that the schema gives no null, each as a null edge. */
export function nullsAsOmitted(componentName: string): Edge[] {
  const found: Edge[] = [];
  walk({ $ref: `#/components/schemas/${componentName}` } as Schema, '', found);
  return found;
}

/** Whether a value is a scalar of one of the types a schema lists ('integer' a whole number). */
const scalarOf = (value: unknown, kinds: string[]): boolean =>
  kinds.some((kind) =>
    kind === 'integer'
      ? Number.isInteger(value)
      : ['string', 'number', 'boolean'].includes(kind) && typeof value === kind,
  );

/**
 * A written request part with a defect, its nested objects' other members at null where the document lets them be:
 * the defect beside its siblings' null complement (a check of one member that reads another as present). A member of
 * its listed type and nullable is a sibling; one not of its type is the defect, kept. Members at the top are left as
 * written (a case may pair them: an amount and its currency). The same object where nothing changes.
 */
export function nullSiblings(componentName: string, patch: Record<string, unknown>): Record<string, unknown> {
  const nested = (value: unknown, raw: Schema | undefined, top: boolean): unknown => {
    const schema = raw ? (resolve(raw) as Schema) : undefined;
    if (!schema?.properties || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [name, held] of Object.entries(value as Record<string, unknown>)) {
      const member = schema.properties[name] ? (resolve(schema.properties[name]!) as Schema) : undefined;
      const kinds = member ? types(member) : [];
      const sibling = !top && kinds.includes('null') && scalarOf(held, kinds);
      out[name] = sibling ? null : nested(held, member, false);
    }
    return out;
  };
  return nested(patch, { $ref: `#/components/schemas/${componentName}` } as Schema, true) as Record<string, unknown>;
}
