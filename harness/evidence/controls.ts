// A refusal proves a rule only when the same request without the defect is accepted: a target that
// refuses everything (a 404 to every path, a login wall) would otherwise pass every rejection rule.
import { test } from '@playwright/test';
import type { Exchange } from '../http/exchange';
import { successShortfall } from '../http/success-answer';
import { abbreviate } from '../http/text';
import { notObservable } from './judge';

/**
 * Goes on when `control` (the request without the defect) was accepted; otherwise the rules are not
 * observable, with the reason, and the test stops there.
 */
export function expectControlAccepted(control: Exchange, rules: readonly string[]): void {
  const accepted = control.status >= 200 && control.status < 300 && successShortfall(control) === undefined;
  if (accepted) return;
  const reason =
    `the same ${control.operationId} request without the defect was not accepted either (${control.status} ` +
    `${abbreviate(control.text, 80)}), so a refusal proves nothing`;
  for (const rule of rules) notObservable(rule, reason);
  test.skip(true, `${rules.join(', ')} not observable: ${reason}`);
}
