// Generated from the OpenAPI document, not a hand-written list: for every operation, authentication,
// a request generated from its request schema, and every request invalid by exactly one member.
// Nothing is asserted that the document does not state; the checks judge every response.
import fc from 'fast-check';
import { fromSchema, invalidByOne, mutationsOf, propertyParameters, type Mutation } from '../generators';
import { bindBody, needsLocker, needsParcel, type BindingContext } from '../harness/binding';
import type { CisClient } from '../harness/client';
import { documentedResponse, operations, successResponses, type Operation } from '../spec/operations';
import type { Exchange } from '../harness/exchange';
import { lockerStatusBody } from '../harness/profile';
import type { Capability, RunSettings } from '../harness/run-settings';
import { abbreviate } from '../harness/text';
import { expect, notObservable, observe, rules, test, type Json, type Tagger } from '../harness/fixtures';
import type { LockerFactory, ParcelFactory } from '../harness/fixture-parts/factory-fixtures';

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

function capabilitiesOf(op: Operation): Capability[] {
  const needed: Capability[] = [];
  if (WRITES.has(op.method) || needsLocker(op)) needed.push('writes');
  if (op.base === 'mock') needed.push('trigger');
  if (op.operationId === 'addNetworkLockers') needed.push('network');
  if (op.operationId === 'updateLockerStatus') needed.push('statusProfile');
  return needed;
}

interface Fixtures {
  api: CisClient;
  lockers: LockerFactory;
  parcels: ParcelFactory;
  tag: Tagger;
  target: RunSettings;
}

/** The locker and parcel the operation acts on, created for this test. */
async function bindingContext(op: Operation, f: Fixtures): Promise<BindingContext> {
  const provider = await f.lockers.nextProvider();
  const ctx: BindingContext = { provider, tag: f.tag, runId: f.target.runId };
  if (needsLocker(op)) ctx.locker = (await f.lockers.create()).record;
  if (needsParcel(op) && ctx.locker) {
    const body = await f.parcels.book(ctx.locker);
    ctx.parcel = (await f.parcels.find(body['carrierParcelId'])) ?? { carrierParcelId: body['carrierParcelId'] };
  }
  return ctx;
}

function pathParams(op: Operation, ctx: BindingContext, f: Fixtures): Record<string, string> {
  const params: Record<string, string> = {};
  for (const p of op.pathParams) {
    if (op.operationId === 'addNetworkLockers') params[p.name] = f.target.networkUid ?? '0';
    else if (p.name === 'parcelId') params[p.name] = String(ctx.parcel?.[f.target.profile.cancel.pathId] ?? ctx.parcel?.['carrierParcelId']);
    else params[p.name] = String(ctx.locker?.['uid']);
  }
  return params;
}

/** A valid body: generated from the schema and bound, or the profile's where the spec shows none. */
function validBody(op: Operation, ctx: BindingContext, f: Fixtures, generated?: Json): unknown {
  if (op.requestSchema) {
    const seed = f.target.seed;
    return bindBody(generated ?? fc.sample(fromSchema(op.requestSchema), { numRuns: 1, ...(seed !== undefined ? { seed } : {}) })[0], ctx);
  }
  if (op.operationId === 'updateLockerStatus') {
    const [first, second] = f.target.profile.lockerStatus!.statuses;
    const next = ctx.locker?.['carrier']?.['status'] === first ? second : first;
    return lockerStatusBody(f.target.profile, String(ctx.locker?.['uid']), next);
  }
  if (op.operationId === 'cancelParcel') return f.target.profile.cancel.body ?? undefined;
  return undefined;
}

function isSuccess(op: Operation, exchange: Exchange): boolean {
  return successResponses(op).some((r) => r.code === String(exchange.status) || (r.code.endsWith('XX') && r.code[0] === String(exchange.status)[0]));
}

function rejectionStatus(op: Operation): string {
  return documentedResponse(op, 400)?.code === '400' ? '400' : '4xx';
}

function expectRejected(op: Operation, exchange: Exchange, rule: string, api: CisClient): void {
  const message = `${rule} ${op.operationId}: expected ${rejectionStatus(op)}, got ${exchange.status}\n  reproduce: ${api.curl(exchange)}`;
  if (rejectionStatus(op) === '400') expect(exchange.status, message).toBe(400);
  else expect(exchange.status >= 400 && exchange.status < 500, message).toBe(true);
}

/**
 * Where the target may not be written to (production without --allow-writes), authentication is still
 * checked, with placeholder identifiers and an empty body: nothing the request names exists.
 */
function placeholderContext(f: Fixtures): { ctx: BindingContext; body: unknown } {
  const locker = { uid: '0', carrier: { lockerId: 'carrier-conformance-none' }, provider: { lockerUid: 'none', name: 'none' } };
  return { ctx: { provider: { name: 'none', lockerModel: 'none', lockerVersion: 'none' }, tag: f.tag, runId: f.target.runId, locker, parcel: { carrierParcelId: 'carrier-conformance-none', shipmentUid: 'none' } }, body: {} };
}

for (const op of operations) {
  test.describe(`${op.method} ${op.path} (${op.operationId})`, () => {
    const unauthorized = documentedResponse(op, 401)?.code === '401';
    for (const [client, what] of [['anonymous', 'without X-API-Key'], ['wrongKey', 'with a key no carrier has']] as const) {
      test(`AUTH-KEY-REQUIRED ${op.operationId} rejects a request ${what}`, rules('AUTH-KEY-REQUIRED', unauthorized ? 'AUTH-401-BODY' : 'AUTH-401-OTHER'), async ({ api, anonymous, wrongKey, lockers, parcels, tag, target, requires }) => {
        requires(...capabilitiesOf(op).filter((c) => c !== 'writes'));
        const fixtures = { api, anonymous, wrongKey, lockers, parcels, tag, target };
        const canWrite = target.capabilities.writes.available;
        const { ctx, body } = canWrite ? { ctx: await bindingContext(op, fixtures), body: undefined } : placeholderContext(fixtures);
        const sent = op.method === 'GET' ? undefined : (body ?? validBody(op, ctx, fixtures));
        const exchange = await fixtures[client].call(op.operationId, { params: pathParams(op, ctx, fixtures), ...(sent !== undefined ? { body: sent } : {}) });
        expect(exchange.status, `AUTH-KEY-REQUIRED ${op.operationId}: expected a 4xx, got ${exchange.status}`).toBeGreaterThanOrEqual(400);
        expect(exchange.status, `AUTH-KEY-REQUIRED ${op.operationId}: expected a 4xx, got ${exchange.status}`).toBeLessThan(500);
        if (!unauthorized) observe('AUTH-401-OTHER', `${op.operationId} ${what}: ${exchange.status} ${abbreviate(exchange.text, 120)}`);
        else if (canWrite || op.method === 'GET') expect(exchange.status, `AUTH-401-BODY ${op.operationId}: expected 401, got ${exchange.status}`).toBe(401);
        else if (exchange.status !== 401) notObservable('AUTH-401-BODY', `on ${target.env} the request carried an empty body, which a target may refuse (${exchange.status}) before it looks at the key`);
      });
    }

    const success = op.rules.success;
    if (success) {
      test(`${success} ${op.operationId} accepts requests generated from its schema`, rules(success, 'GEN-STATUS-DOCUMENTED'), async ({ api, lockers, parcels, tag, target, requires }) => {
        requires(...capabilitiesOf(op));
        const fixtures = { api, lockers, parcels, tag, target };
        const runs = op.requestSchema ? Math.min(target.propertyRuns, 5) : 1;
        const arbitrary = op.requestSchema ? fromSchema(op.requestSchema) : fc.constant(undefined);
        await fc.assert(
          fc.asyncProperty(arbitrary, async (generated) => {
            const ctx = await bindingContext(op, fixtures);
            const body = validBody(op, ctx, fixtures, generated as Json | undefined);
            const exchange = await api.call(op.operationId, { params: pathParams(op, ctx, fixtures), ...(body !== undefined ? { body } : {}) });
            const documented = successResponses(op).map((r) => r.code).join(' or ');
            expect(isSuccess(op, exchange), `${success} ${op.operationId}: expected ${documented}, got ${exchange.status} ${abbreviate(exchange.text, 200)}\n  reproduce: ${api.curl(exchange)}`).toBe(true);
          }),
          propertyParameters(runs, target.seed),
        );
      });
    }

    if (op.requestSchema) {
      const schema = op.requestSchema;
      const withOptional = !!op.rules.missing && op.rules.missing === 'LCK-UPDATE-REQUIRED-MEMBERS';
      for (const mutation of mutationsOf(schema, withOptional)) {
        const rule = ruleOf(op, mutation);
        if (!rule) continue;
        test(`${rule} ${op.operationId} rejects a body ${mutation.description}`, rules(rule), async ({ api, lockers, parcels, tag, target, requires }) => {
          requires(...capabilitiesOf(op));
          const fixtures = { api, lockers, parcels, tag, target };
          const ctx = await bindingContext(op, fixtures);
          const seed = fixtures.target.seed;
          const [sample] = fc.sample(invalidByOne(fromSchema(schema, withOptional).map((g) => bindBody(g, ctx) as Json), [mutation]), {
            numRuns: 1,
            ...(seed !== undefined ? { seed } : {}),
          });
          const body = sample!.body;
          const exchange = await fixtures.api.call(op.operationId, { params: pathParams(op, ctx, fixtures), body });
          expectRejected(op, exchange, rule, fixtures.api);
        });
      }
    }
  });
}

function ruleOf(op: Operation, mutation: Mutation): string | undefined {
  if (mutation.kind === 'pattern') return mutation.memberRule ?? op.rules.wrongType;
  if (mutation.kind === 'enum') return op.rules.enum ?? mutation.memberRule ?? op.rules.wrongType;
  return op.rules[mutation.kind];
}
