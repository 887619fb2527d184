// The wire forms of one request ("every freedom a client has"): the ways a conformant client
// may write the same request without changing its meaning. JSON's own freedoms (whitespace, member
// order, a string's escapes, a number's notation where the schema says number) and HTTP's (the media
// type's letter case and parameters, RFC 9110 §8.3.1; header names in any case, §5.1; Accept absent or
// any acceptable value; a body framed by chunks rather than a length, RFC 9112 §6.1). Each dimension
// shrinks to the plain form, so a failure prints the one freedom that broke it.
import fc from 'fast-check';
import { resolve, types, type Schema } from './from-schema';
import { componentSchema } from '../spec/schemas';

/** One request written one way: which freedom each dimension took (plain where it took none). */
export interface WireForm {
  whitespace: 'none' | 'spaces' | 'tabs' | 'newlines';
  order: 'as built' | 'reversed' | 'shuffled';
  /** Shuffles members reproducibly; shrinks towards the order built. */
  shuffle: number;
  escapes: 'none' | 'non-ASCII' | 'solidus' | 'every letter';
  numbers: 'plain' | 'trailing zero' | 'exponent';
  contentType: string;
  keyHeader: string;
  /** The Accept header, or null for none. */
  accept: string | null;
  /** How the body's end is told: by Content-Length, or chunked (RFC 9112 §6.1: a recipient must parse chunked). */
  framing: 'length' | 'chunked';
}

/** The media type as the spec writes it; its letter case and parameters are HTTP's freedoms (RFC 9110 §8.3.1). */
export const PLAIN_CONTENT_TYPE = 'application/json';

export const wireForms: fc.Arbitrary<WireForm> = fc.record({
  whitespace: fc.constantFrom('none', 'spaces', 'tabs', 'newlines'),
  order: fc.constantFrom('as built', 'reversed', 'shuffled'),
  shuffle: fc.nat({ max: 1000 }),
  escapes: fc.constantFrom('none', 'non-ASCII', 'solidus', 'every letter'),
  numbers: fc.constantFrom('plain', 'trailing zero', 'exponent'),
  contentType: fc.constantFrom(
    PLAIN_CONTENT_TYPE,
    'application/json; charset=utf-8',
    'application/JSON',
    'Application/Json;charset=UTF-8',
    'application/json;charset="utf-8"',
  ),
  keyHeader: fc.constantFrom('x-api-key', 'X-API-Key', 'X-API-KEY', 'X-Api-Key'),
  accept: fc.constantFrom<string | null>(
    'application/json',
    null,
    '*/*',
    'application/json, text/plain;q=0.5',
    'application/*',
  ),
  framing: fc.constantFrom('length', 'chunked'),
});

/** The freedoms a form takes, in words; empty for the plain form. */
export function describeWire(form: WireForm): string[] {
  return [
    ...(form.whitespace !== 'none' ? [`whitespace: ${form.whitespace}`] : []),
    ...(form.order !== 'as built' ? [`members ${form.order}`] : []),
    ...(form.escapes !== 'none' ? [`escaped: ${form.escapes}`] : []),
    ...(form.numbers !== 'plain' ? [`numbers: ${form.numbers}`] : []),
    ...(form.contentType !== PLAIN_CONTENT_TYPE ? [`Content-Type: ${form.contentType}`] : []),
    ...(form.keyHeader !== 'x-api-key' ? [`key header named ${form.keyHeader}`] : []),
    ...(form.accept !== 'application/json' ? [form.accept === null ? 'no Accept' : `Accept: ${form.accept}`] : []),
    ...(form.framing !== 'length' ? ['body framed chunked'] : []),
  ];
}

/** The JSON freedoms taken: those a request's body shows (the rest are HTTP's). */
export const jsonFreedoms = (form: WireForm) =>
  form.whitespace !== 'none' || form.order !== 'as built' || form.escapes !== 'none' || form.numbers !== 'plain';

/**
 * The pointers (array items as `*`) whose schema type is number and not integer: only there may a
 * number be written with a fraction or an exponent and mean the same.
 */
export function numberPointers(componentName: string): Set<string> {
  const found = new Set<string>();
  const walk = (schema: Schema, at: string, depth: number) => {
    if (depth > 8) return;
    const s = resolve(schema);
    const t = types(s);
    if (t.includes('number') && !t.includes('integer')) found.add(at);
    for (const [name, member] of Object.entries((s.properties ?? {}) as Record<string, Schema>))
      walk(member, `${at}/${name}`, depth + 1);
    if (s.items && typeof s.items === 'object') walk(s.items as Schema, `${at}/*`, depth + 1);
  };
  walk(componentSchema(componentName) as Schema, '', 0);
  return found;
}

const GAP: Record<WireForm['whitespace'], string> = { none: '', spaces: '  ', tabs: '\t', newlines: '\r\n  ' };

/** A small reproducible shuffle: the same seed, the same order. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed + 1;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function writeString(text: string, escapes: WireForm['escapes']): string {
  const plain = JSON.stringify(text);
  const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  switch (escapes) {
    case 'none':
      return plain;
    case 'non-ASCII':
      return plain.replace(/[\u0080-\uffff]/g, u);
    case 'solidus':
      return plain.replace(/\//g, '\\/');
    case 'every letter':
      // Letters only outside an escape already written (\n, \u00e9): those keep their meaning.
      return plain
        .replace(/\\u[0-9a-fA-F]{4}|\\.|[A-Za-z]/g, (m) => (m.length === 1 ? u(m) : m))
        .replace(/[\u0080-\uffff]/g, u);
  }
}

function writeNumber(value: number, numbers: WireForm['numbers']): string {
  const plain = JSON.stringify(value);
  if (!Number.isFinite(value) || numbers === 'plain') return plain;
  if (numbers === 'exponent') return value.toExponential().replace('e+', 'E+');
  const [mantissa, exponent] = plain.split('e');
  const zeroed = mantissa!.includes('.') ? `${mantissa}0` : `${mantissa}.0`;
  return exponent ? `${zeroed}e${exponent}` : zeroed;
}

/** The body written in the form: the same JSON value, another text. */
export function writeJson(body: unknown, form: WireForm, numbers: Set<string> = new Set()): string {
  const gap = GAP[form.whitespace];
  const write = (value: unknown, at: string): string => {
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'number') return numbers.has(at) ? writeNumber(value, form.numbers) : JSON.stringify(value);
    if (typeof value === 'string') return writeString(value, form.escapes);
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    if (Array.isArray(value)) return `[${gap}${value.map((v) => write(v, `${at}/*`)).join(`,${gap}`)}${gap}]`;
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    const ordered =
      form.order === 'reversed'
        ? [...entries].reverse()
        : form.order === 'shuffled'
          ? shuffled(entries, form.shuffle)
          : entries;
    const members = ordered.map(([k, v]) => `${writeString(k, form.escapes)}${gap}:${gap}${write(v, `${at}/${k}`)}`);
    return `{${gap}${members.join(`,${gap}`)}${gap}}`;
  };
  return write(body, '');
}
