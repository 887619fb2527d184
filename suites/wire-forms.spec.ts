// Every freedom a client has on the wire: each operation is sent in wire forms a conformant
// client may write (generators/wire.ts) beside its plain form, and a form must get the outcome the
// plain one gets (metamorphic: no expected value, only the same meaning). A form refused twice while
// the plain one is still accepted is narrowed to the freedoms that alone are refused, each judged where
// it belongs: JSON's (whitespace, member order, escapes, a number's notation) under GEN-WIRE-JSON
// (must: "All bodies are JSON"), the media type's letter case and parameters and the headers' under
// GEN-WIRE-HTTP (should: RFC 9110's, which the spec implies). An accepted create shows what was sent,
// as the plain one does (LCK-CREATE-ECHO).
import fc from 'fast-check';
import {
  describeWire,
  effective,
  EVERY_SCRIPT,
  formsOf,
  freedomsOf,
  fromSchema,
  jsonFreedoms,
  numberPointers,
  PLAIN,
  sameForm,
  writeJson,
  type WireForm,
} from '../generators';
import {
  abbreviate,
  asSent,
  type CisClient,
  type Exchange,
  expectControlAccepted,
  hold,
  type Json,
  judge,
  observe,
  rules,
  type RunSettings,
  successShortfall,
  test,
  wireEchoJudgement,
} from '../harness/fixtures';

const JSON_RULE = 'GEN-WIRE-JSON';
const HTTP_RULE = 'GEN-WIRE-HTTP';

const accepted = (e: Exchange) => e.status >= 200 && e.status < 300 && successShortfall(e) === undefined;
/** A refusal of the form, not the target pacing the harness or failing: a 4xx other than 408 and 429. */
const refusal = (e: Exchange) => e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429;
/** JSON's freedoms are the spec's own (must: "All bodies are JSON"); the media type's and the headers' are HTTP's
 * (should). */
const ruleOf = (form: WireForm) => (jsonFreedoms(form) ? JSON_RULE : HTTP_RULE);

interface Operation {
  operationId: string;
  /** The request's schema, for the members a number may be written otherwise in; none for a read. */
  schema?: string;
  /** A fresh request of the operation: its body, and where it goes. */
  request: () => { body?: Json; params?: Record<string, string> };
  /** What an accepted answer must show of the body sent (a create's echo), failures; none where not judged. */
  echo?: (body: Json, answer: Exchange) => string[];
  /** Sampled forms besides the plain one and the one taking every freedom (generators/wire-forms.ts: FORMS unless
   * fewer). */
  forms?: number;
}

function send(
  api: CisClient,
  op: Operation,
  form: WireForm,
  request: { body?: Json; params?: Record<string, string> },
  numbers: Set<string>,
): Promise<Exchange> {
  const wire = { keyHeader: form.keyHeader, accept: form.accept };
  if (request.body === undefined)
    return api.call(op.operationId, { ...(request.params ? { params: request.params } : {}), wire });
  const framed = { ...wire, chunked: form.framing === 'chunked' };
  const raw = writeJson(request.body, form, numbers);
  return api.call(op.operationId, {
    ...(request.params ? { params: request.params } : {}),
    raw,
    headers: { 'content-type': form.contentType },
    wire: framed,
  });
}

/**
 * Sends the plain form (the control: refused, a refused form proves nothing), then every other form,
 * each a fresh request. A form refused (a 4xx) is sent again, and the plain form once more: a refusal
 * counts only where the form is refused twice while the plain one is still accepted. It is then
 * narrowed to its freedoms that alone are refused (each tried once per operation), each judged under
 * its rule; refused only together, the form is judged as a whole.
 */
async function judgeForms(api: CisClient, target: RunSettings, op: Operation): Promise<void> {
  const numbers = op.schema ? numberPointers(op.schema) : new Set<string>();
  const sample = op.request();
  const forms = formsOf(target, op.operationId, op.schema !== undefined, op.forms).map((f) =>
    effective(f, sample.body, numbers),
  );
  const others = forms
    .slice(1)
    .filter((f, i, all) => !sameForm(f, PLAIN) && all.findIndex((g) => sameForm(g, f)) === i);
  const control = await send(api, op, PLAIN, sample, numbers);
  expectControlAccepted(control, [
    ...(op.schema ? [JSON_RULE] : []),
    HTTP_RULE,
    ...(op.echo ? ['LCK-CREATE-ECHO'] : []),
  ]);
  // What the plain create shows otherwise than sent is the plain form's, not a form's.
  const plainEcho = new Set(op.echo && sample.body ? op.echo(sample.body, control) : []);
  const held = new Set<string>();
  const refused: string[] = [];
  const tried = new Map<string, { freedom: WireForm; exchange: Exchange } | undefined>();
  const refusedTwice = async (form: WireForm, first: Exchange): Promise<Exchange | undefined> => {
    if (!refusal(first)) return undefined;
    const again = await send(api, op, form, op.request(), numbers);
    const plainAgain = await send(api, op, PLAIN, op.request(), numbers);
    return refusal(again) && accepted(plainAgain) ? again : undefined;
  };
  for (const form of others) {
    const request = op.request();
    const exchange = await send(api, op, form, request, numbers);
    const words = describeWire(form).join('; ');
    if (accepted(exchange)) {
      // Each freedom the form took held: JSON's under GEN-WIRE-JSON, the media type's and headers' under GEN-WIRE-HTTP.
      for (const freedom of freedomsOf(form)) held.add(ruleOf(freedom));
      const extra = op.echo && request.body ? op.echo(request.body, exchange).filter((d) => !plainEcho.has(d)) : [];
      if (op.echo) hold([wireEchoJudgement(extra, op.operationId, words)], exchange);
      continue;
    }
    const refusedAnswer = await refusedTwice(form, exchange);
    if (!refusedAnswer) continue;
    const alone: { freedom: WireForm; exchange: Exchange }[] = [];
    for (const freedom of freedomsOf(form)) {
      const key = describeWire(freedom).join();
      if (!tried.has(key)) {
        const one = await send(api, op, freedom, op.request(), numbers);
        tried.set(key, refusal(one) ? { freedom, exchange: one } : undefined);
      }
      const found = tried.get(key);
      if (found) alone.push(found);
    }
    const failures = alone.length ? alone : [{ freedom: form, exchange: refusedAnswer }];
    for (const { freedom, exchange: answer } of failures) {
      const said = describeWire(freedom).join('; ');
      if (refused.includes(said)) continue;
      refused.push(said);
      const together = alone.length ? '' : ' (each of its freedoms alone was accepted)';
      // 411 Length Required is HTTP's own answer to a body without a length (RFC 9110 §15.5.12): observed.
      if (answer.status === 411 && freedom.framing === 'chunked') {
        observe(HTTP_RULE, `${op.operationId}: a body framed chunked was answered 411`);
        continue;
      }
      judge(ruleOf(freedom), answer)
        .soft(
          accepted(answer),
          `${op.operationId}: the plain form was answered ${control.status}; this one, differing only in ` +
            `${said}${together}, was answered ${answer.status} ${abbreviate(answer.text, 120)}`,
        )
        .toBe(true);
    }
  }
  for (const rule of held)
    judge(rule, control).soft(held.size, `${op.operationId}: wire forms accepted as the plain one`).toBeGreaterThan(0);
  observe(
    HTTP_RULE,
    `${op.operationId}: ${others.length} wire forms sent beside the plain ` +
      `one${refused.length ? `; refused: ${refused.join(' | ')}` : ', each accepted'}`,
  );
}

test.describe('wire forms: a request written another way with the same meaning gets the same outcome', () => {
  test(
    'GEN-WIRE-JSON createLocker in wire forms a client may write',
    rules(JSON_RULE, HTTP_RULE, 'LCK-CREATE-ECHO'),
    async ({ api, binder, tag, target, requires }) => {
      requires('writes');
      const bind = await binder();
      const sample = fc.sample(fromSchema('LockerCreateRequest', true), {
        numRuns: 1,
        seed: target.seed ?? 1,
      })[0] as Json;
      // Each a locker no run can delete: two sampled forms besides every freedom at once, each named anew.
      const request = () => {
        const body = bind(sample);
        // Named with every script, so escaping non-ASCII writes surrogate pairs and combining marks too.
        const lockerName = `${tag.next('Wire form')} ${EVERY_SCRIPT}`;
        return { body: { ...body, carrier: { ...(body['carrier'] as Json), lockerName } } };
      };
      await judgeForms(api, target, {
        operationId: 'createLocker',
        schema: 'LockerCreateRequest',
        forms: 2,
        request,
        echo: (body, answer) => asSent(body, answer.body as Json).differences,
      });
    },
  );

  test(
    'GEN-WIRE-JSON updateLocker in wire forms a client may write',
    rules(JSON_RULE, HTTP_RULE),
    async ({ api, binder, lockers, target, requires }) => {
      requires('writes');
      const { record } = await lockers.lend('updates');
      const bind = await binder({ locker: record });
      const sample = fc.sample(fromSchema('LockerUpdateRequest', true), {
        numRuns: 1,
        seed: target.seed ?? 1,
      })[0] as Json;
      await judgeForms(api, target, {
        operationId: 'updateLocker',
        schema: 'LockerUpdateRequest',
        request: () => ({ body: bind(sample), params: { uid: String(record['uid']) } }),
      });
    },
  );

  for (const [operationId, schema] of [
    ['publishParcel', 'PublishByLockerUidRequest'],
    ['publishParcelByCarrierLockerId', 'PublishByCarrierLockerIdRequest'],
  ] as const) {
    test(
      `GEN-WIRE-JSON ${operationId} (PRE_CHECK) in wire forms a client may write`,
      rules(JSON_RULE, HTTP_RULE),
      async ({ api, binder, lockers, target, requires }) => {
        requires('writes');
        const { record } = await lockers.lend('bookings');
        const bind = await binder({ locker: record });
        // A PRE_CHECK books nothing (§4.6): every form asks the same question of the same locker.
        const sample = {
          ...(fc.sample(fromSchema(schema), { numRuns: 1, seed: target.seed ?? 1 })[0] as Json),
          eventType: 'PRE_CHECK',
        };
        await judgeForms(api, target, { operationId, schema, request: () => ({ body: bind(sample) }) });
      },
    );
  }

  for (const operationId of ['listLockers', 'listParcels', 'listProviders']) {
    test(
      `${HTTP_RULE} ${operationId} with its key header in any letter case and any Accept JSON satisfies`,
      // Each answer, to no Accept at all too, is JSON (GEN-JSON), judged as every answer is.
      rules(HTTP_RULE, 'GEN-JSON'),
      async ({ api, target }) => {
        await judgeForms(api, target, { operationId, request: () => ({}) });
      },
    );
  }
});
