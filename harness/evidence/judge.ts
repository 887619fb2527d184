// The one way a suite judges: every assertion carries its rule and is recorded as an evaluation of it,
// held or failed. `expect(exchange).toSucceed(rule)` / `.toBeRejected(rule)` for statuses, and
// `judge(rule, exchange).expect(value, message).<any matcher>` for everything else.
import { expect as base, type ExpectMatcherState, type MatcherReturnType } from '@playwright/test';
import { ruleById } from '../../spec/catalogue';
import type { Exchange } from '../exchange';
import { successShortfall } from '../success-answer';
import { abbreviate, withoutColours } from '../text';
import { currentLog, type Evaluation } from './log';

/** A Playwright matcher's error as one readable failure: no colours, no stack. */
function plain(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return withoutColours(text).replace(/^\s*Error:\s*/, '').trim();
}

function failureText(rule: string, exchange: Exchange | undefined, what: string): string {
  return `${rule}${exchange ? ` ${exchange.operationId}` : ''}: ${what}`;
}

/** Records one evaluation in the running test's log; on failure with the message and the curl line. */
function recordEvaluation(rule: string, exchange: Exchange | undefined, failure?: string): Evaluation {
  const log = currentLog();
  const evaluation: Evaluation = {
    rule,
    passed: failure === undefined,
    ...(exchange ? { operation: exchange.operationId } : {}),
    ...(failure !== undefined ? { message: failure, ...(exchange ? { curl: log.curlOf(exchange) } : {}) } : {}),
  };
  log.record(evaluation);
  return evaluation;
}

/**
 * Only a `must` rule's failure fails the test: a `should` rule's is a warning and an `observe` rule's an
 * observation. Both are recorded as evidence, and the test goes on to judge what it was written for.
 */
function stops(rule: string): boolean {
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
    const evaluation = recordEvaluation(rule, exchange, pass ? undefined : failureText(rule, exchange, what));
    return { pass: pass || !stops(rule), name, message: () => `${evaluation.message ?? ''}${reproduce(evaluation)}` };
  };
}

const is4xx = (status: number) => status >= 400 && status < 500;

export const expect = base.extend({
  /**
   * The operation was accepted: any 2xx (which 2xx is the operation's own rule) with the answer the
   * operation documents, where it documents one (a record, a list, the publish response).
   */
  toSucceed: statusMatcher(
    'toSucceed',
    (e) => e.status >= 200 && e.status < 300 && successShortfall(e) === undefined,
    (e) => (e.status >= 200 && e.status < 300 ? successShortfall(e)! : 'a 2xx answer'),
  ),
  /** The request was refused as the client's error: a 4xx, or exactly `status` when given. */
  toBeRejected(this: ExpectMatcherState, exchange: Exchange, rule: string, status?: number): MatcherReturnType {
    const wanted = status === undefined ? 'a 4xx answer' : `${status}`;
    return statusMatcher('toBeRejected', (e) => (status === undefined ? is4xx(e.status) : e.status === status), () => wanted).call(this, exchange, rule);
  },
  /** Internal: reports an evaluation that already failed, so soft and hard failures read the same. */
  toHaveHeldRule(this: ExpectMatcherState, failure: string): MatcherReturnType {
    return { pass: false, name: 'judge', message: () => failure };
  },
});

type Matchers = ReturnType<typeof expect>;

/** Wraps every matcher (and .not/.resolves/.rejects) so its outcome is recorded under the rule. */
function recorded(matchers: Matchers, settle: (error?: unknown) => void): Matchers {
  return new Proxy(matchers, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'not' || property === 'resolves' || property === 'rejects') return recorded(value as Matchers, settle);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        let result: unknown;
        try {
          result = (value as (...a: unknown[]) => unknown).apply(target, args);
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
 * Judges values under `rule`: each matcher call is one evaluation of it. The exchange, when given,
 * names the operation and gives the failure its curl line.
 */
export function judge(rule: string, exchange?: Exchange): Judge {
  const make =
    (soft: boolean) =>
    <T>(actual: T, message?: string): Matchers => {
      const settle = (error?: unknown) => {
        if (error === undefined) {
          recordEvaluation(rule, exchange);
          return;
        }
        const detail = message ? `${message}\n${plain(error).replace(message, '').trim()}` : plain(error);
        const evaluation = recordEvaluation(rule, exchange, failureText(rule, exchange, detail));
        if (!stops(rule)) return;
        (soft ? expect.soft : expect)(`${evaluation.message}${reproduce(evaluation)}`).toHaveHeldRule();
      };
      return recorded(base(actual, message) as unknown as Matchers, settle);
    };
  return { expect: make(false), soft: make(true) };
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
