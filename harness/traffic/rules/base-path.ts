// VER-BASE-PATH on a recording: each base the traffic was read under (given, or learnt from it by the
// operation map) holds a v1 segment.
import { basePathJudgement } from '../../judgements/answers';
import type { TrafficEvidence } from '../evidence';
import type { OperationMap } from '../recorded/operation-map';
import type { TrafficRule } from './traffic-rule';

export class BasePath implements TrafficRule {
  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly map: OperationMap,
  ) {}

  finish(): void {
    for (const [kind, base] of Object.entries(this.map.known)) {
      const j = basePathJudgement(base, kind === 'mock' ? 'mock base address' : "carrier connector's base path");
      this.evidence.judge('exchanges', j.rule, { places: [] }, j.failure);
    }
  }
}
