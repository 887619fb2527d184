// Collection notifications once a day (WH-COLLECTION-DAILY; §8 "Collection notifications are sent once per day."),
// judged once for the suite that follows one locker and for the run's end that counts every notification. A period
// less a tenth, the job's tick. A notification names its locker by carrierLockerId alone, which §2.1 does not make
// unique: where the run saw `holding` of a carrier's lockers hold one id, a period may carry that many of it.
import type { Judgement } from './judgement';

const RULE = 'WH-COLLECTION-DAILY';

/**
 * The notifications naming one carrierLockerId, each once (a resend counts once, webhooks/notifications.ts), stamped
 * at `times`: no `holding` + 1 of them within a period. `who` names the locker in a failure.
 */
export function oncePerPeriodJudgements(
  times: readonly number[],
  periodMs: number,
  who: string,
  holding = 1,
): Judgement[] {
  const sorted = [...times].sort((a, b) => a - b);
  const shared = holding > 1 ? ` (${holding} of the carrier's lockers held that id during the run)` : '';
  const judgements: Judgement[] = [];
  for (let i = holding; i < sorted.length; i++) {
    const gap = sorted[i]! - sorted[i - holding]!;
    const times = holding > 1 ? `${holding + 1} times` : 'twice';
    judgements.push(
      gap >= periodMs * 0.9
        ? { rule: RULE }
        : { rule: RULE, failure: `${who} was notified ${times} within ${gap} ms (period ${periodMs} ms)${shared}` },
    );
  }
  return judgements;
}
