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
