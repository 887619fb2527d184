// Where traffic judgements are recorded: the evidence log a test keeps (harness/evidence/log.ts), one
// per kind of judgement, so the verdicts, places and certificate are decided by the same code as a
// run's. A failure keeps the recorded entry it was about (its first few), for the HAR of the failures.
import { placeOf, toCurl, type Exchange } from '../http/exchange';
import { EvidenceLog } from '../evidence/log';
import type { HarEntry } from './har/har-stream';
import type { TrafficSecrets } from './secrets';

/** What a traffic judgement is about: each is one "test" of the certificate. */
export const GROUPS = {
  exchanges: 'traffic: each recorded exchange',
  across: 'traffic: across recorded requests',
  deliveries: 'traffic: each recorded webhook delivery',
} as const;
export type Group = keyof typeof GROUPS;

/** How many recorded entries a failed rule keeps for the HAR of the failures. */
const KEPT_PER_RULE = 10;

export interface Place {
  exchange?: Exchange;
  /** A webhook's name, or other places named directly. */
  places?: string[];
  entry?: HarEntry;
}

export class TrafficEvidence {
  readonly logs: Record<Group, EvidenceLog>;
  /** Rule → the recorded entries its failures were about (the first KEPT_PER_RULE), redacted. */
  readonly failedEntries = new Map<string, HarEntry[]>();

  constructor(private readonly secrets: TrafficSecrets) {
    const curl = (exchange: Exchange) => secrets.text(toCurl(exchange, secrets.named));
    this.logs = { exchanges: new EvidenceLog(curl), across: new EvidenceLog(curl), deliveries: new EvidenceLog(curl) };
  }

  /** One evaluation of `rule`: held, or failed with `what` (expected …, got …). */
  judge(group: Group, rule: string, at: Place, what?: string): void {
    const places = [...(at.exchange ? [placeOf(at.exchange)] : []), ...(at.places ?? [])];
    const log = this.logs[group];
    const failed = what !== undefined;
    log.record({
      rule,
      passed: !failed,
      ...(at.exchange ? { operation: at.exchange.operationId } : {}),
      ...(places.length ? { places } : {}),
      ...(failed
        ? {
            message: this.secrets.text(`${rule}${places.length ? ` ${places.join(', ')}` : ''}: ${what}`),
            ...(at.exchange ? { curl: log.curlOf(at.exchange) } : {}),
          }
        : {}),
    });
    if (!failed || !at.entry) return;
    const kept = this.failedEntries.get(rule) ?? [];
    this.failedEntries.set(rule, kept);
    if (kept.length < KEPT_PER_RULE) kept.push(this.secrets.entry(at.entry));
  }

  notObserved(group: Group, rule: string, reason: string): void {
    this.logs[group].markNotObservable(rule, reason);
  }
}
