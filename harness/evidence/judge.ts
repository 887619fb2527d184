// The one way a suite judges: every assertion carries its rule and is recorded as an evaluation of it,
// held or failed. `expect(exchange).toSucceed(rule)` / `.toBeRejected(rule)` for statuses, and
// `judge(rule, exchange).expect(value, message).<any matcher>` for everything else.
import { expect as base, test, type ExpectMatcherState, type MatcherReturnType } from '@playwright/test';
import { ruleById } from '../../spec/catalogue';
import { placeOf, type Exchange } from '../http/exchange';
import { offDocumentFromRecords } from '../http/request-shortfall';
import { abbreviate, withoutColours } from '../http/text';
import type { Delivery, WebhookKind } from '../webhooks/types';
import { acceptedShortfall, is4xx, type Judgement } from '../judgements/judgement';
import { currentLog, type Evaluation } from './log';
import { holdsQuickly } from './quick-matchers';

/** A webhook named where no delivery is at hand: the one a test waited for in vain. */
export interface WebhookPlace {
  webhook: WebhookKind;
}

/**
 * Where a judgement is made: an exchange (its operationId, and its form where it took one), a
 * delivery (its webhook; an unclassified one is no place), or a webhook named. A judgement about an
 * action and the delivery it causes names both.
 */
export type At = Exchange | Delivery | WebhookPlace;

const isExchange = (at: At): at is Exchange => 'operationId' in at;

const placeAt = (at: At): string | undefined => (isExchange(at) ? placeOf(at) : 'webhook' in at ? at.webhook : at.kind);

/** The places of a judgement, each once, in the order named. */
export function placesAt(at: readonly At[]): string[] {
  // Nearly every judgement has one place, and a run makes thousands: no Set for those.
  if (at.length === 1) {
    const place = placeAt(at[0]!);
    return place ? [place] : [];
  }
  return [...new Set(at.map(placeAt).filter((p): p is string => p !== undefined))];
}

/** A Playwright matcher's error as one readable failure: no colours, no stack. */
function plain(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return withoutColours(text)
    .replace(/^\s*Error:\s*/, '')
    .trim();
}

function failureText(rule: string, at: readonly At[], what: string): string {
  const places = placesAt(at);
  return `${rule}${places.length ? ` ${places.join(', ')}` : ''}: ${what}`;
}

/**
 * A failure found at a refusal of a request the run filled from the target's records with values off the document
 * (request-shortfall.ts) judges nothing: the rule is not observable there, and what the test meant to judge after
 * the request cannot be judged either, so it stops, never passed.
 */
function stopIfOffDocument(rule: string, at: readonly At[]): void {
  for (const exchange of at.filter(isExchange)) {
    const shortfall = offDocumentFromRecords(exchange);
    if (shortfall === undefined) continue;
    const reason =
      `${placeOf(exchange)} refused a request off the document at values the run took from the target's records ` +
      `(${shortfall}); set them in the profile (trigger.carrierName, trigger.providerName, trigger.providerLockerId)`;
    notObservable(rule, reason);
    test.skip(true, `${rule} not observable: ${reason}`);
  }
}

/**
 * Records one evaluation in the running test's log, at its places; on failure with the message and
 * the curl line of the first exchange among them.
 */
function recordEvaluation(rule: string, at: readonly At[], failure?: string): Evaluation {
  if (failure !== undefined) stopIfOffDocument(rule, at);
  const log = currentLog();
  const exchange = at.find(isExchange);
  const places = placesAt(at);
  const evaluation: Evaluation = {
    rule,
    passed: failure === undefined,
    ...(exchange ? { operation: exchange.operationId } : {}),
    ...(places.length ? { places } : {}),
    ...(failure !== undefined ? { message: failure, ...(exchange ? { curl: log.curlOf(exchange) } : {}) } : {}),
  };
  log.record(evaluation);
  return evaluation;
}

/**
 * Only a `must` rule's failure fails the test: a `should` rule's is a warning and an `observe` rule's an
 * observation. Both are recorded as evidence, and the test goes on to judge what it was written for.
 */
export function stops(rule: string): boolean {
  return ruleById(rule).level === 'must';
}

function reproduce(evaluation: Evaluation): string {
  return evaluation.curl ? `\n  reproduce: ${evaluation.curl}` : '';
}

function statusMatcher(name: string, holds: (exchange: Exchange) => boolean, wanted: (exchange: Exchange) => string) {
  return function (this: ExpectMatcherState, exchange: Exchange, rule: string): MatcherReturnType {
    if (this.isNot) throw new Error(`${name}(${rule}) cannot be negated: say what the rule wants instead`);
    const pass = holds(exchange);
    const what = `expected ${wanted(exchange)}, got ${exchange.status} ${abbreviate(exchange.text, 200)}`.trim();
    const evaluation = recordEvaluation(rule, [exchange], pass ? undefined : failureText(rule, [exchange], what));
    return { pass: pass || !stops(rule), name, message: () => `${evaluation.message ?? ''}${reproduce(evaluation)}` };
  };
}

const succeeded = (e: Exchange) => acceptedShortfall(e) === undefined;
const rejected = (e: Exchange, status?: number) => (status === undefined ? is4xx(e.status) : e.status === status);

const playwrightExpect = base.extend({
  /**
   * The operation was accepted: any 2xx (which 2xx is the operation's own rule) with the answer the
   * operation documents, where it documents one (a record, a list, the publish response).
   */
  toSucceed: statusMatcher('toSucceed', succeeded, (e) => acceptedShortfall(e)!),
  /** The request was refused as the client's error: a 4xx, or exactly `status` when given. */
  toBeRejected(this: ExpectMatcherState, exchange: Exchange, rule: string, status?: number): MatcherReturnType {
    const wanted = status === undefined ? 'a 4xx answer' : `${status}`;
    return statusMatcher(
      'toBeRejected',
      (e) => rejected(e, status),
      () => wanted,
    ).call(this, exchange, rule);
  },
  /** Internal: reports an evaluation that already failed, so soft and hard failures read the same. */
  toHaveHeldRule(this: ExpectMatcherState, failure: string): MatcherReturnType {
    return { pass: false, name: 'judge', message: () => failure };
  },
});

/** The status judgements that hold are recorded here; only the others become Playwright matcher calls
 * (quick-matchers.ts says why). */
const QUICK_STATUS: Record<string, (exchange: Exchange, args: unknown[]) => boolean> = {
  toSucceed: (e) => succeeded(e),
  toBeRejected: (e, [, status]) => rejected(e, status as number | undefined),
};

/** Playwright's expect with the status matchers: `expect(exchange).toSucceed(rule)`, `.toBeRejected(rule[,
 * status])`. */
export const expect: typeof playwrightExpect = new Proxy(playwrightExpect, {
  apply(target, thisArg, args: Parameters<typeof playwrightExpect>) {
    let real: ReturnType<typeof playwrightExpect> | undefined;
    const matchers = () => (real ??= Reflect.apply(target, thisArg, args) as ReturnType<typeof playwrightExpect>);
    return new Proxy({} as ReturnType<typeof playwrightExpect>, {
      get(_, property) {
        const quick = typeof property === 'string' ? QUICK_STATUS[property] : undefined;
        if (!quick) return Reflect.get(matchers(), property);
        return (...matcherArgs: unknown[]) => {
          const exchange = args[0] as unknown as Exchange;
          if (quick(exchange, matcherArgs)) {
            recordEvaluation(matcherArgs[0] as string, [exchange]);
            return;
          }
          return (Reflect.get(matchers(), property) as (...a: unknown[]) => unknown)(...matcherArgs);
        };
      },
    });
  },
});

type Matchers = ReturnType<typeof expect>;

/**
 * Every matcher (and .not/.resolves/.rejects) of `expect(actual, message)`, its outcome recorded under
 * the rule. One that surely holds is settled here without a Playwright matcher call (quick-matchers.ts
 * says why); the matchers themselves are only built when one is needed.
 */
function recorded(
  make: () => Matchers,
  actual: unknown,
  settle: (error?: unknown) => void,
  negated = false,
  path: (string | symbol)[] = [],
): Matchers {
  return new Proxy({} as Matchers, {
    get(_, property) {
      if (property === 'not') return recorded(make, actual, settle, !negated, [...path, property]);
      if (property === 'resolves' || property === 'rejects')
        return recorded(make, actual, settle, negated, [...path, property]);
      const real = () => path.reduce<unknown>((m, p) => Reflect.get(m as object, p), make()) as Matchers;
      if (typeof property !== 'string' || !property.startsWith('to')) return Reflect.get(real(), property);
      return (...args: unknown[]) => {
        if (path.every((p) => p === 'not') && holdsQuickly(property, actual, args, negated)) {
          settle();
          return undefined;
        }
        let result: unknown;
        try {
          const matchers = real();
          result = (Reflect.get(matchers, property) as (...a: unknown[]) => unknown).apply(matchers, args);
        } catch (error) {
          settle(error);
          return undefined;
        }
        if (result && typeof (result as Promise<unknown>).then === 'function') {
          return (result as Promise<unknown>).then(
            () => settle(),
            (error: unknown) => settle(error),
          );
        }
        settle();
        return result;
      };
    },
  });
}

export interface Judge {
  /** Like Playwright's expect; a failure stops the test. */
  expect: <T>(actual: T, message?: string) => Matchers;
  /** Like expect.soft; a failure marks the test failed and it goes on. */
  soft: <T>(actual: T, message?: string) => Matchers;
}

/**
 * Judges values under `rule`: each matcher call is one evaluation of it, made at the places given
 * (`judge(rule, exchange)`, `judge(rule, delivery)`, `judge(rule, { webhook: 'LockerUpdates' })`, or
 * an action and the delivery it causes: `judge(rule, exchange, delivery)`). An exchange among them
 * gives the failure its curl line. Undefined places are left out, so an optional exchange can be passed as it is.
 */
export function judge(rule: string, ...places: (At | undefined)[]): Judge {
  const at = places.filter((p): p is At => p !== undefined);
  const make =
    (soft: boolean) =>
    <T>(actual: T, message?: string): Matchers => {
      const settle = (error?: unknown) => {
        if (error === undefined) {
          recordEvaluation(rule, at);
          return;
        }
        const detail = message ? `${message}\n${plain(error).replace(message, '').trim()}` : plain(error);
        const evaluation = recordEvaluation(rule, at, failureText(rule, at, detail));
        if (!stops(rule)) return;
        (soft ? expect.soft : expect)(`${evaluation.message}${reproduce(evaluation)}`).toHaveHeldRule();
      };
      let matchers: Matchers | undefined;
      return recorded(() => (matchers ??= base(actual, message) as unknown as Matchers), actual, settle);
    };
  return { expect: make(false), soft: make(true) };
}

/**
 * Records judgements made by a rule's one judgement function (harness/judgements), at the places given: each held or
 * failed as `judge` records it; a failed `must` stops the test.
 */
export function hold(judgements: readonly Judgement[], ...places: (At | undefined)[]): void {
  // Every judgement is recorded before the first failed `must` stops the test.
  const first = recordedAll(judgements, places)[0];
  if (first) expect(`${first.message}${reproduce(first)}`).toHaveHeldRule();
}

/**
 * As hold, but a failed `must` marks the test failed and lets it go on: for a judgement made on the way to the ones a
 * test is about (a read that also shows another rule), which must not stop the test before them.
 */
export function holdSoftly(judgements: readonly Judgement[], ...places: (At | undefined)[]): void {
  for (const failed of recordedAll(judgements, places)) failSoftly(`${failed.message}${reproduce(failed)}`);
}

/** Each judgement recorded at the places given; the failed `must`s, in order. */
function recordedAll(judgements: readonly Judgement[], places: readonly (At | undefined)[]): Evaluation[] {
  const at = places.filter((p): p is At => p !== undefined);
  const stopping: Evaluation[] = [];
  for (const { rule, failure } of judgements) {
    const evaluation = recordEvaluation(rule, at, failure === undefined ? undefined : failureText(rule, at, failure));
    if (failure !== undefined && stops(rule)) stopping.push(evaluation);
  }
  return stopping;
}

/** Marks the running test failed with an evaluation's message, and lets it go on. */
export function failSoftly(message: string): void {
  expect.soft(message).toHaveHeldRule();
}

/** What the target chose where the spec leaves it open, or what an observe rule saw. */
export function observe(rule: string, text: string): void {
  currentLog().observe(rule, text);
}

/** The target gives nothing to judge the rule by, and why; never a pass. */
export function notObservable(rule: string, reason: string): void {
  currentLog().markNotObservable(rule, reason);
}

/** Nothing to judge the rule by, because of a choice the spec leaves the target; never a pass. */
export function notApplicable(rule: string, reason: string): void {
  currentLog().markNotApplicable(rule, reason);
}
