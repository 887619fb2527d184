// A LockerUpdates body (§6 "Locker record (2.1) plus eventTimestamp."), judged once for the suites and the
// exploration: a JSON object with its eventTimestamp, showing a form the locker had, every member that form shows,
// alike where both show it, but the members rules.yaml excuses under WH-LOCKER-BODY.
import type { Json } from '../http/json';
import { excusedBy, pathDifferences, uncarriedPaths } from '../model/same-record';
import type { Judgement } from './judgement';

const RULE = 'WH-LOCKER-BODY';

/** The differences from the version nearest the delivery: none where one version matches. */
export function nearestVersion(versions: readonly Json[], differences: (version: Json) => string[]): string[] {
  if (!versions.length) return [];
  return versions.map(differences).reduce((best, d) => (d.length < best.length ? d : best));
}

/**
 * A LockerUpdates body against the forms the locker is known to have had (`versions`: each list read's, or what a
 * test knows of it; none: its shape alone is judged). `unsettled`: members a write in flight with the push may have
 * moved, excused too. `what` names the delivery and the locker.
 */
export function lockerPushJudgement(
  body: unknown,
  versions: readonly Json[],
  what: string,
  unsettled: readonly string[] = [],
): Judgement {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { rule: RULE, failure: `${what}: a locker record, got ${JSON.stringify(body)?.slice(0, 120)}` };
  const pushed = body as Json;
  // Its form is the schema's; that it is there is §6's.
  if (pushed['eventTimestamp'] === undefined || pushed['eventTimestamp'] === null)
    return { rule: RULE, failure: `${what}: eventTimestamp, got none` };
  const excused = [...excusedBy(RULE), ...unsettled];
  // Every member the form shows, the push shows (§6: the body is the locker record), and alike where both show it.
  const nearest = nearestVersion(versions, (v) => [
    ...pathDifferences('Locker', excused, v, pushed, [], true),
    ...uncarriedPaths('Locker', excused, v, pushed),
  ]);
  return {
    rule: RULE,
    ...(nearest.length ? { failure: `${what} shows no form the locker had: ${nearest.slice(0, 3).join('; ')}` } : {}),
  };
}
