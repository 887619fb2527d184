// What a module judged on recorded traffic takes part in. The judge (harness/traffic/judge-traffic.ts)
// reads the deliveries' file first, then the traffic's exchanges in file order, and hands each to every
// module of the registry (registry.ts) in its order; a module implements only the steps it needs.
import type { Operation } from '../../../spec/operations';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import type { Recording } from '../../evidence/recording';
import type { OperationMap } from '../recorded/operation-map';
import type { RecordedDelivery } from '../recorded/delivery';
import type { Recorded } from '../recorded/recorded';

export interface TrafficRule {
  /** Before any module sees an answered exchange: what this one knows already that its record should carry. */
  annotate?(r: Recorded, op: Operation): void;
  /** An answered exchange, in the traffic's order. */
  see?(r: Recorded, op: Operation, entry: HarEntry): void;
  /** A write that got no answer (a browser's status 0): it may have been applied, so what it touched is unknown. */
  unanswered?(r: Recorded, op: Operation, entry: HarEntry): void;
  /** A delivery the deliveries' file held; all are read before the traffic. */
  delivery?(d: RecordedDelivery): void;
  /** The end of the recording: what waited for the whole of it is judged. */
  finish?(): void;
}

/** What every module may be made with. */
export interface TrafficContext {
  evidence: TrafficEvidence;
  /** How long a list may lag a write before what it shows of the write is judged. */
  settleMs: number;
  /** How long after its request a push may come. */
  webhookWaitMs: number;
  /** A deliveries' file was given: what a request must cause can be looked for. */
  deliveries: boolean;
  /** One recorder kept the traffic and the deliveries: their times may be compared (two clocks may disagree). */
  sameRecorder: boolean;
  /** The operations and the bases the traffic was read under. */
  map: OperationMap;
  /** Where the HAR states it (this harness's own): the stretches that hold every delivery the listener took. */
  recording?: Recording;
  /**
   * Only what spans requests (the `across` group): a run's own history, whose tests judged each exchange and delivery
   * alone as they came.
   */
  acrossOnly?: boolean;
  /**
   * How long a list may lag a write whatever the reads showed: a run's own history, where the run waited its settle
   * time for each list and a loaded service's lag may once be longer than any read had a chance to see.
   */
  lagFloorMs?: number;
}
