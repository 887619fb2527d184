// Recorded webhook deliveries (the requests the carrier's endpoint received) judged as the run's
// listener judges what it receives: the Inbox classifies and validates each body and tells whose URL
// got it (harness/webhooks/inbox.ts), and each rule a delivery is judged by comes from the same list a
// run's end reads (webhooks/delivery-judgements.ts). WH-OWN-CARRIER is judged from the traffic's keys
// once it is read (record-owners.ts), never from the paths or ids this harness gives its own records.
import { harInstant } from '../har/har-time';
import { deliveryJudgements } from '../../webhooks/delivery-judgements';
import { Inbox } from '../../webhooks/inbox';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import type { RecordOwners } from '../learnt/record-owners';

export class DeliveryJudge {
  private readonly inbox = new Inbox();
  count = 0;

  constructor(
    private readonly evidence: TrafficEvidence,
    /** Each delivery, classified, and when it arrived (the cancel forms learn a parcel's identifiers from them). */
    private readonly onDelivery: (kind: string | undefined, body: unknown, at: number) => void,
    private readonly owners: RecordOwners,
  ) {}

  judge(entry: HarEntry): void {
    const url = new URL(entry.request.url);
    const text = entry.request.postData?.text ?? '';
    const raw = entry.request.postData?.encoding === 'base64' ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
    const headers = Object.fromEntries((entry.request.headers ?? []).map(({ name, value }) => [name.toLowerCase(), value]));
    if (entry.request.postData?.mimeType && !headers['content-type']) headers['content-type'] = entry.request.postData.mimeType;
    const delivery = this.inbox.receive({ method: entry.request.method, path: url.pathname + url.search, headers, raw });
    // The inbox keeps what it received for waiters; a recording has none, and may be long.
    this.inbox.deliveries.length = 0;
    this.count += 1;
    const places = delivery.kind ? [delivery.kind] : [];
    for (const j of deliveryJudgements(delivery)) {
      this.evidence.judge('deliveries', j.rule, { places, entry }, j.problems.length ? j.problems.join('; ') : undefined);
    }
    // WH-OWN-CARRIER: once the traffic told whose records and endpoints they are (record-owners.ts).
    this.owners.delivered(url.pathname, delivery.kind, delivery.body, entry);
    this.onDelivery(delivery.kind, delivery.body, harInstant(entry.startedDateTime));
  }
}
