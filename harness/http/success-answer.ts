// What makes an answer a success of the API, not only a 2xx: where the operation answers with a body
// (§4: the locker record, the publish response, lists of records), a 200 login page, a body that is
// not JSON or `{}` in place of a list is no success, whatever its status.
import { componentSchema, listItemSchema } from '../../spec/schemas';
import { documentedResponse, operation, successResponses } from '../../spec/operations';
import { detectList } from './envelope';
import type { Exchange } from './exchange';

/** Why a 2xx answer is not the success the operation documents, or nothing. */
export function successShortfall(exchange: Exchange): string | undefined {
  const op = operation(exchange.operationId);
  // A 2xx the operation does not list (200 for a create) is judged against the success it does list.
  const documented = documentedResponse(op, exchange.status) ?? successResponses(op)[0];
  if (!documented?.json) return undefined;
  const name = documented.schemaName;
  const list = name ? listItemSchema(name) : undefined;
  const required = name ? ((componentSchema(name)['required'] as string[] | undefined) ?? []) : [];
  // The trigger's members "may be present" (§4.11); lists, records and the publish response are stated.
  const bodyStated = !!list || name === 'Locker' || required.length > 0 || (!name && documented.hasSchema);
  if (exchange.text.trim() === '') return bodyStated ? `a ${name ?? 'JSON'} body, got an empty one` : undefined;
  if (exchange.body === undefined)
    return `a JSON body, got ${exchange.headers['content-type'] ?? 'no Content-Type'} that does not parse as JSON`;
  if ((list || (!name && documented.hasSchema)) && !detectList(exchange.body))
    return 'a list of records, bare or in an envelope';
  if (name && !list && (exchange.body === null || typeof exchange.body !== 'object' || Array.isArray(exchange.body)))
    return `a ${name} object`;
  // An object with none of the members its schema describes ({} for a locker) is no record of it.
  // Only where the spec states a record or required members: the trigger's members "may be present".
  const described =
    name && !list && (name === 'Locker' || required.length > 0)
      ? Object.keys((componentSchema(name)['properties'] as object | undefined) ?? {})
      : [];
  if (described.length && !described.some((member) => member in (exchange.body as object)))
    return `a ${name} with its members, got an object with none of them`;
  const missing = required.filter((member) => !(member in (exchange.body as object)));
  return missing.length ? `a ${name} with ${missing.join(', ')}` : undefined;
}
