// The one fixtures module of the suites: each concern is a small module, chained with test.extend
// (target → factories → webhooks). Suites import `test` and `expect` from here only.
import { test as webhooksTest } from './fixtures/webhooks';

export const test = webhooksTest;
export { expect } from '@playwright/test';
export { rules, observe, notObservable } from './rules';
export type { Json } from './fixtures/factories';
