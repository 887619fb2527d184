// Generated from the OpenAPI document, not a hand-written list: for every operation, authentication,
// a request generated from its request schema, and every request invalid by exactly one member.
// Nothing is asserted that the document does not state; the checks judge every response. The
// requests are built in harness/records/requests/operation-requests.ts.
import fc from 'fast-check';
import {
  applyMutation,
  formatNearMisses,
  fromSchema,
  invalidByOne,
  mutationsOf,
  propertyParameters,
  ruledAs,
  type Mutation,
} from '../generators';
import {
  abbreviate,
  actingOn,
  answeredRecordRule,
  asCarrier,
  type CisClient,
  createBase,
  detectList,
  documentedResponse,
  expect,
  expectControlAccepted,
  formsOf,
  hold,
  isRefusal,
  isSuccess,
  type Json,
  judge,
  lentFor,
  namesAnOwner,
  needsBeyond,
  notObservable,
  observe,
  type Operation,
  operations,
  pathParams,
  PLACEHOLDER,
  retagged,
  rules,
  sharedControl,
  successResponses,
  test,
  unauthorizedBodyJudgement,
  validBody,
} from '../harness/fixtures';

/** The should rule of the exact status where §7 lists 400 for an operation: a refused request gets 400. */
const STATUS_400: Record<string, string> = {
  publishParcel: 'PCL-PUBLISH-400-STATUS',
  publishParcelByCarrierLockerId: 'PCL-PUBLISH-400-STATUS',
  updateLocker: 'LCK-UPDATE-400-STATUS',
};

for (const op of operations) {
  test.describe(`${op.method} ${op.path} (${op.operationId})`, () => {
    const unauthorized = documentedResponse(op, 401)?.code === '401';
    for (const [client, what] of [
      ['anonymous', 'without X-API-Key'],
      ['wrongKey', 'with a key no carrier has'],
    ] as const) {
      const named = [
        'AUTH-KEY-REQUIRED',
        ...(unauthorized ? ['AUTH-401-BODY', 'AUTH-401-STATUS'] : ['AUTH-401-OTHER']),
      ];
      test(
        `AUTH-KEY-REQUIRED ${op.operationId} rejects a request ${what}`,
        rules(...named),
        async ({ api, anonymous, wrongKey, lockers, parcels, binder, tag, target, requires }) => {
          // Without writes the request still goes out, with placeholders.
          requires(...needsBeyond(op, named, ['writes']));
          const canWrite = target.capabilities.writes.available;
          const first = canWrite ? await actingOn(op, { lockers, parcels, binder, target }) : PLACEHOLDER;
          const forms = await formsOf(op, first, parcels, named);
          for (const [i, form] of forms.entries()) {
            // A parcel per form: the control by one form cancels the parcel the next form would name.
            const acting = i === 0 || !canWrite ? first : await actingOn(op, { lockers, parcels, binder, target });
            // createLocker's share the worker's base and control, as its refused-request tests do (createBase).
            const shared =
              op.operationId === 'createLocker' && canWrite
                ? createBase(target.runId, () => validBody(op, acting, target) as Json)
                : undefined;
            const sent =
              op.method === 'GET'
                ? undefined
                : shared
                  ? retagged(shared.bound, tag)
                  : canWrite
                    ? validBody(op, acting, target)
                    : {};
            const caller: CisClient = { anonymous, wrongKey }[client];
            const request = { ...pathParams(op, acting, target, form), ...(sent !== undefined ? { body: sent } : {}) };
            const exchange = await caller.call(op.operationId, request);
            // A refusal proves the rule only when the exact request (for createLocker, the worker's base under
            // another carrier.lockerId), with the carrier's key, is accepted; without writes only a read can
            // be sent for real. An answer that is no refusal fails outright.
            const control = () => asCarrier(op, api, parcels, request);
            if (isRefusal(exchange) && (canWrite || op.method === 'GET'))
              expectControlAccepted(await (shared ? sharedControl(shared, control) : control()), named);
            else if (isRefusal(exchange)) {
              for (const rule of named)
                notObservable(
                  rule,
                  `on ${target.env} without --allow-writes no accepted ${op.operationId} request can be ` +
                    `sent, so a refusal proves nothing`,
                );
              continue;
            }
            expect(exchange).toBeRejected('AUTH-KEY-REQUIRED');
            if (!unauthorized) {
              observe(
                'AUTH-401-OTHER',
                `${op.operationId} ${what}: ${exchange.status} ${abbreviate(exchange.text, 120)}`,
              );
              continue;
            }
            if (!canWrite && op.method !== 'GET' && exchange.status !== 401) {
              for (const rule of ['AUTH-401-BODY', 'AUTH-401-STATUS'])
                notObservable(
                  rule,
                  `on ${target.env} the request carried an empty body, which a target may refuse ` +
                    `(${exchange.status}) before it looks at the key`,
                );
              continue;
            }
            // §7 lists 401 for the operation; no sentence says a missing or wrong key gets it rather than another 4xx.
            expect(exchange).toBeRejected('AUTH-401-STATUS', 401);
            if (exchange.status !== 401)
              notObservable('AUTH-401-BODY', `${op.operationId} ${what} was answered ${exchange.status}, not 401`);
            else hold([unauthorizedBodyJudgement(exchange)], exchange);
          }
        },
      );
    }

    const success = op.rules.success;
    if (success) {
      const named = [success, 'GEN-STATUS-DOCUMENTED'];
      test(
        `${success} ${op.operationId} accepts requests generated from its schema`,
        rules(...named),
        async ({ api, lockers, parcels, binder, target, requires }) => {
          requires(...needsBeyond(op, named));
          const runs = op.requestSchema ? Math.min(target.propertyRuns, 5) : 1;
          const arbitrary = op.requestSchema ? fromSchema(op.requestSchema) : fc.constant(undefined);
          const documented = successResponses(op)
            .map((r) => r.code)
            .join(' or ');
          await fc.assert(
            fc.asyncProperty(arbitrary, async (generated) => {
              const first = await actingOn(op, { lockers, parcels, binder, target });
              // Who owns a created locker is not stated (LCK-OWNED-BY): only one whose record names an owner is the
              // carrier's.
              if (success === 'NET-OWNED-ADDED' && !namesAnOwner(first.locker)) {
                notObservable(
                  success,
                  "the created locker's ownedByCarrier names no carrier, and who owns a created locker is not stated",
                );
                return;
              }
              const forms = await formsOf(op, first, parcels, [success]);
              for (const [i, form] of forms.entries()) {
                const acting = i === 0 ? first : await actingOn(op, { lockers, parcels, binder, target });
                const body = validBody(op, acting, target, generated as Json | undefined);
                const exchange = await asCarrier(op, api, parcels, {
                  ...pathParams(op, acting, target, form),
                  ...(body !== undefined ? { body } : {}),
                });
                // A read's rule is about the records it returns: an empty list shows none, so it proves nothing.
                if (op.method === 'GET' && isSuccess(op, exchange) && detectList(exchange.body)?.items.length === 0) {
                  notObservable(success, `${op.operationId} answered a list without entries`);
                  return;
                }
                judge(success, exchange)
                  .expect(
                    isSuccess(op, exchange),
                    `expected ${documented}, got ${exchange.status} ${abbreviate(exchange.text, 200)}`,
                  )
                  .toBe(true);
                expect(exchange).toSucceed(success);
              }
              // The case's booking cancelled, its borrowed locker is empty again for the next case.
              if (lentFor(op) === 'bookings') await parcels.cleanUp();
            }),
            propertyParameters(runs, target.seed),
          );
        },
      );
    }

    if (op.requestSchema) {
      const schema = op.requestSchema;
      const withOptional = op.rules.missing === 'LCK-UPDATE-REQUIRED-MEMBERS';
      // The rules state a 4xx; exactly 400, where the document lists it for the operation, is a should rule.
      const statusRule = documentedResponse(op, 400)?.code === '400' ? STATUS_400[op.operationId] : undefined;
      for (const mutation of mutationsOf(schema, withOptional)) {
        const rule = ruleOf(op, mutation);
        if (!rule) continue;
        const named = [rule, ...(statusRule ? [statusRule] : [])];
        test(
          `${rule} ${op.operationId} rejects a body ${mutation.description}`,
          rules(...named),
          async ({ api, lockers, parcels, binder, tag, target, requires }) => {
            requires(...needsBeyond(op, [rule]));
            const acting = await actingOn(op, { lockers, parcels, binder, target });
            const seed = target.seed;
            const generate = () =>
              fc.sample(fromSchema(schema, withOptional).map(acting.bind), {
                numRuns: 1,
                ...(seed !== undefined ? { seed } : {}),
              })[0]!;
            // createLocker's tests share one bound base per worker, each with a fresh carrier.lockerId (createBases).
            const shared = op.operationId === 'createLocker' ? createBase(target.runId, generate) : undefined;
            const valid = shared ? retagged(shared.bound, tag) : generate();
            const [sample] = fc.sample(invalidByOne(fc.constant(valid), [mutation]), {
              numRuns: 1,
              ...(seed !== undefined ? { seed } : {}),
            });
            const path = pathParams(op, acting, target, (await formsOf(op, acting, parcels, named))[0]);
            const exchange = await asCarrier(op, api, parcels, { ...path, body: sample!.body });
            const control = () => asCarrier(op, api, parcels, { ...path, body: sample!.valid });
            if (isRefusal(exchange))
              expectControlAccepted(await (shared ? sharedControl(shared, control) : control()), named);
            expect(exchange).toBeRejected(rule);
            if (statusRule) expect(exchange).toBeRejected(statusRule, 400);
          },
        );
      }
      // A member's format's complement (a date-time as a date): refused or taken, the document does not say which;
      // taken, the record the answer shows has the member in its format, which its record rule's checks judge.
      const recordRule = answeredRecordRule(op);
      for (const near of recordRule ? formatNearMisses(schema, withOptional) : []) {
        test(
          `${recordRule!} ${op.operationId} takes or refuses a body with ${near.description}`,
          rules(recordRule!),
          async ({ api, lockers, parcels, binder, target, requires }) => {
            requires(...needsBeyond(op, [recordRule!]));
            const acting = await actingOn(op, { lockers, parcels, binder, target });
            const [valid] = fc.sample(fromSchema(schema, withOptional).map(acting.bind), {
              numRuns: 1,
              ...(target.seed !== undefined ? { seed: target.seed } : {}),
            });
            const path = pathParams(op, acting, target, (await formsOf(op, acting, parcels, [recordRule!]))[0]);
            const exchange = await asCarrier(op, api, parcels, { ...path, body: applyMutation(valid!, near) });
            observe(recordRule!, `${op.operationId} with ${near.description}: answered ${exchange.status}`);
          },
        );
      }
    }
  });
}

/**
 * The rule a mutation breaks, as the document states it: the operation's x-rules for a removed (or
 * null) required member, a wrong type or an enum value; for a broken pattern (no x-rules key names one) the x-rule of
 * the member whose pattern it is.
 */
function ruleOf(op: Operation, mutation: Mutation): string | undefined {
  const kind = ruledAs(mutation.kind);
  return kind === 'pattern' ? mutation.memberRule : op.rules[kind];
}
