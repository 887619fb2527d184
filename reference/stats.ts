// Request statistics of a reference process, as a service's metrics would count them: how many
// requests, when, and a bounded sample of what they were (for replaying the same mix in a benchmark).
// The sample names a carrier by its index, never by its key.
export interface SampledRequest {
  method: string;
  path: string;
  /** Index of the carrier whose key was sent; -1 for none or a wrong one. */
  carrier: number;
  body?: string;
}

const SAMPLE_LIMIT = 5000;

export class RequestStats {
  count = 0;
  first = 0;
  last = 0;
  /** Requests per whole second since the first one. */
  readonly perSecond: number[] = [];
  readonly sample: SampledRequest[] = [];
  /** Requests per operationId of the OpenAPI document (those that reached an operation's path and method). */
  readonly byOperation: Record<string, number> = {};

  record(request: SampledRequest): void {
    const now = Date.now();
    if (this.count === 0) this.first = now;
    this.count += 1;
    this.last = now;
    const second = Math.floor((now - this.first) / 1000);
    while (this.perSecond.length <= second) this.perSecond.push(0);
    this.perSecond[second]! += 1;
    if (this.sample.length < SAMPLE_LIMIT) this.sample.push(request);
  }

  countOperation(operationId: string): void {
    this.byOperation[operationId] = (this.byOperation[operationId] ?? 0) + 1;
  }

  toJSON(): object {
    return {
      count: this.count,
      first: this.first,
      last: this.last,
      perSecond: this.perSecond,
      byOperation: this.byOperation,
      sample: this.sample,
    };
  }
}
