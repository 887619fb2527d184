// Every freedom a client has on the wire (issue 45): each operation is sent in wire forms a conformant
// client may write (generators/wire.ts) beside its plain form, and a form must get the outcome the
// plain one gets (metamorphic: no expected value, only the same meaning). A refused form is narrowed to
// the freedoms that alone are refused, each judged where it belongs: JSON's freedoms and the media
// type's under the operation's success rule (must: "All bodies are JSON (Content-Type:
// application/json)"), HTTP's header freedoms under GEN-WIRE-HTTP (should). An accepted create shows
// what was sent, as the plain one does (LCK-CREATE-ECHO).
import fc from 'fast-check';
import { describeWire, fromSchema, jsonFreedoms, numberPointers, PLAIN_CONTENT_TYPE, wireForms, writeJson, type WireForm } from '../generators';
import { asSent, expectControlAccepted, judge, observe, rules, successShortfall, test, type CisClient, type Exchange, type Json, type RunSettings } from '../harness/fixtures';

const HTTP_RULE = 'GEN-WIRE-HTTP';
/** Forms per operation besides the plain one and the one taking every freedom. */
const FORMS = 6;

const PLAIN: WireForm = { whitespace: 'none', order: 'as built', shuffle: 0, escapes: 'none', numbers: 'plain', contentType: PLAIN_CONTENT_TYPE, keyHeader: 'x-api-key', accept: 'application/json' };
const EVERY: WireForm = { whitespace: 'newlines', order: 'shuffled', shuffle: 7, escapes: 'every letter', numbers: 'exponent', contentType: 'Application/Json;charset=UTF-8', keyHeader: 'X-API-KEY', accept: null };

/**
 * The forms of a run: the plain one first, then every freedom at once, then a sample (the run's seed).
 * A read sends no body: only HTTP's freedoms are its, and forms that differ only in the others are one.
 */
function formsOf(target: RunSettings, operationId: string, body: boolean): WireForm[] {
  const seed = (target.seed ?? 1) + [...operationId].reduce((n, c) => n + c.charCodeAt(0), 0);
  const forms = [PLAIN, EVERY, ...fc.sample(wireForms, { numRuns: FORMS, seed })];
  if (body) return forms;
  const headersOnly = forms.map((f) => ({ ...PLAIN, keyHeader: f.keyHeader, accept: f.accept }));
  return headersOnly.filter((f, i) => headersOnly.findIndex((g) => g.keyHeader === f.keyHeader && g.accept === f.accept) === i);
}

/** The form with one of `form`'s freedoms taken and none other: what a refused form is narrowed to. */
function freedomsOf(form: WireForm): WireForm[] {
  const one = (part: Partial<WireForm>) => ({ ...PLAIN, ...part });
  return [
    ...(form.whitespace !== PLAIN.whitespace ? [one({ whitespace: form.whitespace })] : []),
    ...(form.order !== PLAIN.order ? [one({ order: form.order, shuffle: form.shuffle })] : []),
    ...(form.escapes !== PLAIN.escapes ? [one({ escapes: form.escapes })] : []),
    ...(form.numbers !== PLAIN.numbers ? [one({ numbers: form.numbers })] : []),
    ...(form.contentType !== PLAIN.contentType ? [one({ contentType: form.contentType })] : []),
    ...(form.keyHeader !== PLAIN.keyHeader ? [one({ keyHeader: form.keyHeader })] : []),
    ...(form.accept !== PLAIN.accept ? [one({ accept: form.accept })] : []),
  ];
}

const accepted = (e: Exchange) => e.status >= 200 && e.status < 300 && successShortfall(e) === undefined;
/** JSON's and the media type's freedoms are the spec's own (must); the rest are HTTP's (should). */
const ruleOf = (form: WireForm, success: string) => (jsonFreedoms(form) || form.contentType !== PLAIN_CONTENT_TYPE ? success : HTTP_RULE);

interface Operation {
  operationId: string;
  success: string;
  /** The request's schema, for the members a number may be written otherwise in; none for a read. */
  schema?: string;
  /** A fresh request of the operation: its body, and where it goes. */
  request: () => { body?: Json; params?: Record<string, string> };
  /** What an accepted answer must show of the body sent (a create's echo), failures; none where not judged. */
  echo?: (body: Json, answer: Exchange) => string[];
}

function send(api: CisClient, op: Operation, form: WireForm, request: { body?: Json; params?: Record<string, string> }, numbers: Set<string>): Promise<Exchange> {
  const wire = { keyHeader: form.keyHeader, accept: form.accept };
  if (request.body === undefined) return api.call(op.operationId, { ...(request.params ? { params: request.params } : {}), wire });
  const raw = writeJson(request.body, form, numbers);
  return api.call(op.operationId, { ...(request.params ? { params: request.params } : {}), raw, headers: { 'content-type': form.contentType }, wire });
}

/**
 * Sends the plain form (the control: refused, a refused form proves nothing), then every other form,
 * each a fresh request; a refused form is narrowed to its freedoms that alone are refused.
 */
async function judgeForms(api: CisClient, target: RunSettings, op: Operation): Promise<void> {
  const numbers = op.schema ? numberPointers(op.schema) : new Set<string>();
  const [plain, ...others] = formsOf(target, op.operationId, op.schema !== undefined);
  const control = await send(api, op, plain!, op.request(), numbers);
  const rulesJudged = [...new Set([op.success, HTTP_RULE, ...(op.echo ? ['LCK-CREATE-ECHO'] : [])])];
  expectControlAccepted(control, rulesJudged);
  const held = new Set<string>();
  const refused: string[] = [];
  for (const form of others) {
    const request = op.request();
    const exchange = await send(api, op, form, request, numbers);
    const words = describeWire(form).join('; ') || 'the plain form';
    if (accepted(exchange)) {
      // Each freedom the form took held: the header freedoms under GEN-WIRE-HTTP, the rest under the success rule.
      for (const freedom of freedomsOf(form)) held.add(ruleOf(freedom, op.success));
      if (op.echo && request.body) judge('LCK-CREATE-ECHO', exchange).expect(op.echo(request.body, exchange), `${op.operationId} written with ${words}: the answer shows the record otherwise than sent`).toEqual([]);
      continue;
    }
    // Narrowed: the freedoms that alone are refused, each judged under its rule; a combination only, as a whole.
    const alone = [];
    for (const freedom of freedomsOf(form)) {
      const one = await send(api, op, freedom, op.request(), numbers);
      if (!accepted(one)) alone.push({ freedom, exchange: one });
    }
    const failures = alone.length ? alone : [{ freedom: form, exchange }];
    for (const { freedom, exchange: answer } of failures) {
      const said = describeWire(freedom).join('; ');
      refused.push(said);
      judge(ruleOf(freedom, op.success), answer).soft(answer.status, `${op.operationId} written with ${said} (a request of the same meaning as the plain one, accepted ${control.status}) was answered ${answer.status}`).toBeLessThan(300);
    }
  }
  for (const rule of held) judge(rule, control).soft(held.size, `${op.operationId}: wire forms accepted as the plain one`).toBeGreaterThan(0);
  observe(HTTP_RULE, `${op.operationId}: ${others.length} wire forms sent beside the plain one${refused.length ? `; refused: ${refused.join(' | ')}` : ', each accepted'}`);
}

test.describe('wire forms: a request written another way with the same meaning gets the same outcome', () => {
  test('LCK-CREATE-201 createLocker in every wire form a client may write', rules('LCK-CREATE-201', HTTP_RULE, 'LCK-CREATE-ECHO'), async ({ api, binder, target, requires }) => {
    requires('writes');
    const bind = await binder();
    const sample = fc.sample(fromSchema('LockerCreateRequest', true), { numRuns: 1, seed: target.seed ?? 1 })[0] as Json;
    await judgeForms(api, target, {
      operationId: 'createLocker',
      success: 'LCK-CREATE-201',
      schema: 'LockerCreateRequest',
      request: () => ({ body: bind(sample) }),
      echo: (body, answer) => asSent(body, answer.body as Json).differences,
    });
  });

  test('LCK-UPDATE-200 updateLocker in every wire form a client may write', rules('LCK-UPDATE-200', HTTP_RULE), async ({ api, binder, lockers, target, requires }) => {
    requires('writes');
    const { record } = await lockers.lend('updates');
    const bind = await binder({ locker: record });
    const sample = fc.sample(fromSchema('LockerUpdateRequest', true), { numRuns: 1, seed: target.seed ?? 1 })[0] as Json;
    await judgeForms(api, target, { operationId: 'updateLocker', success: 'LCK-UPDATE-200', schema: 'LockerUpdateRequest', request: () => ({ body: bind(sample), params: { uid: String(record['uid']) } }) });
  });

  for (const [operationId, schema] of [
    ['publishParcel', 'PublishByLockerUidRequest'],
    ['publishParcelByCarrierLockerId', 'PublishByCarrierLockerIdRequest'],
  ] as const) {
    test(`PCL-PUBLISH-RESPONSE ${operationId} (PRE_CHECK) in every wire form a client may write`, rules('PCL-PUBLISH-RESPONSE', HTTP_RULE), async ({ api, binder, lockers, target, requires }) => {
      requires('writes');
      const { record } = await lockers.lend('bookings');
      const bind = await binder({ locker: record });
      // A PRE_CHECK books nothing (§4.6): every form asks the same question of the same locker.
      const sample = { ...(fc.sample(fromSchema(schema), { numRuns: 1, seed: target.seed ?? 1 })[0] as Json), eventType: 'PRE_CHECK' };
      await judgeForms(api, target, { operationId, success: 'PCL-PUBLISH-RESPONSE', schema, request: () => ({ body: bind(sample) }) });
    });
  }

  for (const operationId of ['listLockers', 'listParcels', 'listProviders']) {
    test(`${HTTP_RULE} ${operationId} with its key header in any letter case and any Accept JSON satisfies`, rules(HTTP_RULE), async ({ api, target }) => {
      await judgeForms(api, target, { operationId, success: HTTP_RULE, request: () => ({}) });
    });
  }
});
