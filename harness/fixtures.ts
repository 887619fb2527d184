// The one fixtures module of the suites: each concern is a small module, chained with test.extend
// (target → factories → webhooks, in fixture-parts/). Suites import `test` and `expect` from here only.
import { test as webhooksTest } from './fixture-parts/webhook-fixtures';

export const test = webhooksTest;
export { expect } from '@playwright/test';
export { rules, observe, notObservable } from './rules';
export type { Json } from './json';
export type { Tagger } from './tagging';
