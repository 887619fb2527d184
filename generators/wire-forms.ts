// The wire forms a request of an operation is sent in (suites/wire-forms.spec.ts): the plain one, the
// one taking every freedom, a sample of the rest, and what a form refused is narrowed to.
import fc from 'fast-check';
import { describeWire, PLAIN_CONTENT_TYPE, wireForms, writeJson, type WireForm } from './wire';

/** Forms per operation besides the plain one and the one taking every freedom. */
const FORMS = 6;

export const PLAIN: WireForm = {
  whitespace: 'none',
  order: 'as built',
  shuffle: 0,
  escapes: 'none',
  numbers: 'plain',
  contentType: PLAIN_CONTENT_TYPE,
  keyHeader: 'x-api-key',
  accept: 'application/json',
  framing: 'length',
};
const EVERY: WireForm = {
  whitespace: 'newlines',
  order: 'shuffled',
  shuffle: 7,
  escapes: 'every letter',
  numbers: 'exponent',
  contentType: 'Application/Json;charset=UTF-8',
  keyHeader: 'X-API-KEY',
  accept: null,
  framing: 'chunked',
};

/**
 * The forms of a run: the plain one first, then every freedom at once, then a sample (the run's seed).
 * A read sends no body: only HTTP's freedoms are its, and forms that differ only in the others are one.
 */
export function formsOf(target: { seed?: number }, operationId: string, body: boolean, count = FORMS): WireForm[] {
  const seed = (target.seed ?? 1) + [...operationId].reduce((n, c) => n + c.charCodeAt(0), 0);
  const forms = [PLAIN, EVERY, ...fc.sample(wireForms, { numRuns: count, seed })];
  if (body) return forms;
  const headersOnly = forms.map((f) => ({ ...PLAIN, keyHeader: f.keyHeader, accept: f.accept }));
  return headersOnly.filter(
    (f, i) => headersOnly.findIndex((g) => g.keyHeader === f.keyHeader && g.accept === f.accept) === i,
  );
}

/** The form with one of `form`'s freedoms taken and none other: what a refused form is narrowed to. */
export function freedomsOf(form: WireForm): WireForm[] {
  const one = (part: Partial<WireForm>) => ({ ...PLAIN, ...part });
  return [
    ...(form.whitespace !== PLAIN.whitespace ? [one({ whitespace: form.whitespace })] : []),
    ...(form.order !== PLAIN.order ? [one({ order: form.order, shuffle: form.shuffle })] : []),
    ...(form.escapes !== PLAIN.escapes ? [one({ escapes: form.escapes })] : []),
    ...(form.numbers !== PLAIN.numbers ? [one({ numbers: form.numbers })] : []),
    ...(form.contentType !== PLAIN.contentType ? [one({ contentType: form.contentType })] : []),
    ...(form.keyHeader !== PLAIN.keyHeader ? [one({ keyHeader: form.keyHeader })] : []),
    ...(form.accept !== PLAIN.accept ? [one({ accept: form.accept })] : []),
    ...(form.framing !== PLAIN.framing ? [one({ framing: form.framing })] : []),
  ];
}

/**
 * The form with the freedoms that write the same request as the plain form left out: a solidus escaped
 * in a body without one, a number notation where the schema has no number member.
 */
export function effective(form: WireForm, body: unknown, numbers: Set<string>): WireForm {
  if (body === undefined) return { ...PLAIN, keyHeader: form.keyHeader, accept: form.accept };
  const plainText = writeJson(body, PLAIN, numbers);
  const noOp = (part: Partial<WireForm>) => writeJson(body, { ...PLAIN, ...part }, numbers) === plainText;
  return {
    ...form,
    ...(noOp({ whitespace: form.whitespace }) ? { whitespace: PLAIN.whitespace } : {}),
    ...(noOp({ order: form.order, shuffle: form.shuffle }) ? { order: PLAIN.order, shuffle: 0 } : {}),
    ...(noOp({ escapes: form.escapes }) ? { escapes: PLAIN.escapes } : {}),
    ...(noOp({ numbers: form.numbers }) ? { numbers: PLAIN.numbers } : {}),
  };
}

export const sameForm = (a: WireForm, b: WireForm) => describeWire(a).join() === describeWire(b).join();
