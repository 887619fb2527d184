// Recorded webhook deliveries (the requests the carrier's endpoint received) judged as the run's listener
// judges what it receives: each rule a delivery is judged by comes from the same list a run's end reads
// (webhooks/delivery-judgements.ts). WH-OWN-CARRIER is judged from the traffic's keys once it is read
// (own-endpoints.ts), never from the paths or ids this harness gives its own records.
import { deliveryJudgements } from '../../webhooks/delivery-judgements';
import type { TrafficEvidence } from '../evidence';
import type { RecordedDelivery } from '../recorded/delivery';
import type { TrafficRule } from './traffic-rule';

export class DeliveryJudge implements TrafficRule {
  constructor(private readonly evidence: TrafficEvidence) {}

  delivery({ received, entry, cut }: RecordedDelivery): void {
    // A body the recorder cut short is no JSON and no record: it proves nothing either way.
    if (cut) return;
    const places = received.kind ? [received.kind] : [];
    for (const j of deliveryJudgements(received)) {
      this.evidence.judge(
        'deliveries',
        j.rule,
        { places, entry },
        j.problems.length ? j.problems.join('; ') : undefined,
      );
    }
  }
}
