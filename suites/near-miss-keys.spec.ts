// Near misses of the carrier's key (§5: every operation uses an API key in X-API-Key), on every
// operation: the key with a character appended, a prefix of it, its last character replaced, in
// changed letter case (generators/keys.ts). A service that compares only part of the key takes one of
// them as the carrier. Each is refused, what it would have changed is read back and must be as it
// was, and the same request with the key itself is then accepted (the positive control; without it a
// refusal proves nothing). The changed-case key is judged under AUTH-KEY-CASE, a should: the spec does
// not say a key is compared with its letter case. The key itself in every other place a client could put it (the
// complements of the document's security scheme, generators/key-places.ts) is AUTH-KEY-HEADER-ONLY's, a should too:
// §5 says where the key goes, not that a key elsewhere is refused. The key with surrounding whitespace is reported
// only: HTTP removes that whitespace (RFC 9110 §5.5), so the service may rightly receive the key itself. Each
// operation's request is arranged in harness/records/requests/near-miss-recipes.ts.
import { keyPlacesBesides, nearMissesOf, type KeyPlace } from '../generators';
import {
  type CisClient,
  documentedResponse,
  expect,
  expectControlAccepted,
  hold,
  isRefusal,
  judge,
  notObservable,
  observe,
  operation,
  RECIPES,
  rules,
  test,
  unauthorizedBodyJudgement,
} from '../harness/fixtures';

const RULE = 'AUTH-KEY-REQUIRED';
const CASE_RULE = 'AUTH-KEY-CASE';
/** The key itself elsewhere than X-API-Key: refusing it is implied, not stated (a should). */
const PLACE_RULE = 'AUTH-KEY-HEADER-ONLY';
const SHOULD = new Set([CASE_RULE, PLACE_RULE]);
/** The must stops the test at its first miss; the should's miss goes on, so the other near misses are still judged. */
const asserting = (rule: string) => (SHOULD.has(rule) ? expect.soft : expect);

/** The keyless client, sending `key` in X-API-Key: the client sets the header only where it has a key of its own. */
function withKey(keyless: CisClient, key: string): CisClient {
  const client = Object.create(keyless) as CisClient;
  client.call = (operationId, options = {}) =>
    keyless.call(operationId, { ...options, headers: { ...options.headers, 'x-api-key': key } });
  return client;
}

/** The document's scheme of the operations (§5: "located in the header, named X-API-Key"). */
const KEY_SCHEME = 'ApiKey';

/** The keyless client, sending the key only where `place` puts it. */
function placedKey(keyless: CisClient, place: KeyPlace): CisClient {
  const client = Object.create(keyless) as CisClient;
  client.call = (operationId, options = {}) =>
    keyless.call(operationId, {
      ...options,
      query: { ...options.query, ...place.query },
      headers: { ...options.headers, ...place.headers },
    });
  return client;
}

for (const [operationId, recipe] of Object.entries(RECIPES)) {
  // Where §7 lists a 401 for the operation, a near miss is a wrong key as any other (AUTH-401-*).
  const unauthorized = documentedResponse(operation(operationId), 401)?.code === '401';
  const named = [RULE, CASE_RULE, PLACE_RULE, ...(unauthorized ? ['AUTH-401-BODY', 'AUTH-401-STATUS'] : [])];
  test(
    `AUTH-KEY-REQUIRED ${operationId} refuses near misses of the carrier's key, none of which changes ` +
      `anything, and accepts the key itself`,
    rules(...named),
    async ({ api, anonymous, lockers, parcels, target, tag, requires }) => {
      const { judged, observed } = nearMissesOf(target.apiKey);
      const misses = [
        ...judged.map((miss) => ({
          ...miss,
          rule: miss.normalised ? CASE_RULE : RULE,
          client: withKey(anonymous, miss.value),
        })),
        // The key itself, everywhere but X-API-Key (the document's scheme and its complements).
        ...keyPlacesBesides(KEY_SCHEME, target.apiKey).map((place) => ({
          what: place.what,
          rule: PLACE_RULE,
          normalised: undefined,
          client: placedKey(anonymous, place),
        })),
      ];
      for (const arranged of await recipe({ api, lockers, parcels, target, tag, requires })) {
        const refused = await Promise.all(misses.map(({ client }, i) => arranged.send(client, i)));
        const effects = (await arranged.effects?.(misses.length)) ?? misses.map(() => undefined);
        // A target that took a should-level variant as the carrier's (the key in changed case, or elsewhere than
        // X-API-Key) made its change: where one record takes every request, that change is not the refused ones'.
        const tookVariant = refused.some((e, i) => !isRefusal(e) && SHOULD.has(misses[i]!.rule));
        const acceptedOnly = () => refused.forEach((e, i) => (isRefusal(e) ? (effects[i] = undefined) : undefined));
        if (tookVariant) acceptedOnly();
        // An answer that is no refusal, or an effect, fails at once; the passes wait for the control.
        const verdicts = (all: boolean) =>
          misses.forEach(({ what, rule }, i) => {
            const exchange = refused[i]!;
            if (all || !isRefusal(exchange)) asserting(rule)(exchange).toBeRejected(rule);
            const message = `${arranged.place} with ${what}, answered ${exchange.status}, had an effect`;
            if (all || effects[i] !== undefined)
              judge(rule, exchange)[SHOULD.has(rule) ? 'soft' : 'expect'](effects[i], message).toBeUndefined();
          });
        verdicts(false);
        const control = await arranged.send(api, 0);
        expectControlAccepted(control, named);
        const { idle, effect } = (await arranged.confirm?.(control)) ?? {};
        if (effect) misses.forEach((_, i) => (effects[i] = effect));
        if (tookVariant) acceptedOnly();
        if (idle) {
          misses.forEach(({ rule }, i) =>
            isRefusal(refused[i]!) ? undefined : asserting(rule)(refused[i]!).toBeRejected(rule),
          );
          notObservable(
            RULE,
            `${arranged.place}: ${idle}, so an unchanged target after near misses of the key proves nothing`,
          );
          continue;
        }
        verdicts(true);
        // A changed-case key taken as the carrier's is AUTH-KEY-CASE's warning, no refusal to judge the status of.
        for (const exchange of unauthorized
          ? refused.filter((e, i) => !SHOULD.has(misses[i]!.rule) || isRefusal(e))
          : []) {
          expect(exchange).toBeRejected('AUTH-401-STATUS', 401);
          if (exchange.status !== 401)
            notObservable(
              'AUTH-401-BODY',
              `${arranged.place}: a near miss of the key was answered ${exchange.status}, not 401`,
            );
          else hold([unauthorizedBodyJudgement(exchange)], exchange);
        }
        // Whitespace around the key is sent on reads only: a write would rightly go through as the carrier's.
        if (arranged.effects || arranged.confirm) continue;
        for (const { what, value, why } of observed) {
          const answer = await arranged.send(withKey(anonymous, value), 0);
          observe(RULE, `${arranged.place} with ${what} answered ${answer.status} (not judged: ${why})`);
        }
      }
    },
  );
}
