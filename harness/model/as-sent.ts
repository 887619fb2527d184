// A record against what was sent, text compared as Unicode text: a service may store text in another
// normalization form (é as one code point or as e and a combining accent; §8 states no character set),
// so both sides are compared in NFC, and a record that differs from the request only by form is an
// observed choice, not a failure; so is a text sent with rare characters shown without them (generators
// rareCharactersFolded). Anything else (a letter dropped, folded to ASCII, replaced) fails.
import type { Json } from '../http/json';
import { notAsSent } from '../judgements/record-fidelity';

export function nfc(value: unknown): unknown {
  if (typeof value === 'string') return value.normalize('NFC');
  if (Array.isArray(value)) return value.map(nfc);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nfc(v)]));
  return value;
}

export interface AsSent {
  /** Members the record does not show as sent (lon/lat apart: LCK-COORDINATES-ECHO's). */
  differences: string[];
  /** The record shows every member as sent, some only in another normalization form. */
  otherForm: boolean;
}

export function asSent(sent: Json, record: Json | undefined): AsSent {
  const { members: exact, forms } = notAsSent(sent, record);
  if (!exact.length) return { differences: [], otherForm: forms.length > 0 };
  const differences = notAsSent(nfc(sent) as Json, nfc(record) as Json | undefined).members;
  return { differences, otherForm: differences.length === 0 };
}

/**
 * The record with its consignee's email in lower case: §2.3 types email as a string and says nothing of its case, so
 * a service may fold it (the domain's case means nothing); the must rules compare it so, PCL-EMAIL-AS-SENT (a should)
 * as sent.
 */
export function emailFolded(record: Json | undefined): Json | undefined {
  const email = record?.['consignee']?.['email'];
  if (typeof email !== 'string') return record;
  return { ...record, consignee: { ...record!['consignee'], email: email.toLowerCase() } };
}

/**
 * The members of a record beyond its component's (§2.4 for a parcel) that carry a request member's name, as the
 * request sent them: `leave` names members the request uses to name things (its event, its ids), not values of the
 * record. A member sent null is the service's default to fill (§2.3: "absent or null is treated as false").
 */
export function extrasAsSent(
  sent: Json,
  record: Json,
  componentMembers: readonly string[],
  leave: ReadonlySet<string>,
): { compared: number; differences: string[] } {
  const names = Object.keys(sent).filter(
    (k) => !componentMembers.includes(k) && !leave.has(k) && sent[k] !== null && k in record,
  );
  const differences = names.flatMap((k) =>
    JSON.stringify(nfc(sent[k])) === JSON.stringify(nfc(record[k]))
      ? []
      : [`${k}: sent ${JSON.stringify(sent[k])}, shown ${JSON.stringify(record[k])}`],
  );
  return { compared: names.length, differences };
}

/**
 * What a request sent that a record must show as sent: members sent null, empty objects and array items holding a null
 * left out. A service may fill a null with its default (a boolean false, a location type) or drop an empty entry
 * (§2.1 types these "or null", and says no more), so the walk's nulls are sent and not judged.
 */
export function definite(value: unknown): unknown {
  if (Array.isArray(value))
    return value
      .filter((item) => !(item !== null && typeof item === 'object' && Object.values(item).some((v) => v === null)))
      .map(definite)
      .filter((item) => !(item !== null && typeof item === 'object' && Object.keys(item).length === 0));
  if (value === null || typeof value !== 'object') return value;
  const kept = Object.entries(value as Json)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => [k, definite(v)] as const)
    .filter(([, v]) => !(v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0));
  return Object.fromEntries(kept);
}
