// PCL-PUBLISH-NULLS on a recording: a valid publish carrying a null requiresAccessibleCompartment, a null
// consignee or null dimension members (§2.3: each may be null) is accepted. Accepted, it holds. Refused, it
// fails where the recording shows the nulls were what was refused: the carrier's very next publish is the
// same body with those members left out (requiresAccessibleCompartment may be false: §2.3's null is false),
// on the same path, and is accepted, with no cancel of that carrier's in between. A value in their place
// proves nothing: the null dimensions may have been refused because no compartment could be decided.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { is2xx, REFUSALS, type Recorded } from '../recorded/recorded';
import { validRequest } from '../../checks/request-defects';
import { canonical } from '../../judgements/record-fidelity';
import type { TrafficRule } from './traffic-rule';

/** The members §2.3 lets be null that PCL-PUBLISH-NULLS names, as paths. */
const NULLABLE = [
  ['requiresAccessibleCompartment'],
  ['consignee'],
  ['dimensions', 'depth'],
  ['dimensions', 'height'],
  ['dimensions', 'width'],
] as const;

const at = (body: Json, path: readonly string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Json)[k] : undefined), body);

/** The body with those members left out, and without the ids a carrier chooses per parcel: what a retry without the
 * nulls shares. */
function withoutNullables(op: Operation, body: Json): string {
  const copy = structuredClone(body);
  for (const path of NULLABLE) {
    const parent = path.length === 1 ? copy : (copy[path[0]] as Json | null | undefined);
    if (parent && typeof parent === 'object') delete parent[path[path.length - 1]!];
  }
  delete copy['carrierParcelId'];
  delete copy['secondaryShipmentId'];
  return `${op.operationId} ${canonical(copy)}`;
}

export class NullMembers implements TrafficRule {
  /** carrier → its refusal awaiting its next publish. */
  private readonly refused = new Map<string, { twin: string; nulls: string[]; r: Recorded; entry: HarEntry }>();

  constructor(private readonly evidence: TrafficEvidence) {}

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    if (!r.carrier) return;
    if (op.operationId === 'cancelParcel' && is2xx(r.exchange.status)) this.refused.delete(r.carrier);
    if (op.operationId !== 'publishParcel' && op.operationId !== 'publishParcelByCarrierLockerId') return;
    const waiting = this.refused.get(r.carrier);
    this.refused.delete(r.carrier);
    const body = r.exchange.request.body as Json | undefined;
    if (!body || typeof body !== 'object' || !validRequest(op, body)) return;
    const nulls = NULLABLE.filter((path) => at(body, path) === null).map((path) => path.join('.'));
    const twin = withoutNullables(op, body);
    if (is2xx(r.exchange.status)) {
      if (nulls.length) this.evidence.judge('exchanges', 'PCL-PUBLISH-NULLS', { exchange: r.exchange, entry });
      // The twin leaves the members out: values in their place would not tell the nulls were refused.
      const leftOut = (w: { nulls: string[] }) =>
        NULLABLE.filter((path) => w.nulls.includes(path.join('.'))).every(
          (path) =>
            at(body, path) === undefined || (path[0] === 'requiresAccessibleCompartment' && at(body, path) === false),
        );
      const x = waiting?.twin === twin && leftOut(waiting) ? waiting : undefined;
      if (x) {
        this.evidence.judge(
          'across',
          'PCL-PUBLISH-NULLS',
          { exchange: x.r.exchange, entry: x.entry },
          `a publish carrying ${x.nulls.join(', ')} as null accepted, as the same publish without them was ` +
            `just after it, got ${x.r.exchange.status}`,
        );
      }
    } else if (nulls.length && (REFUSALS.has(r.exchange.status) || r.exchange.status >= 500))
      // A server error is no acceptance either: the nulls broke the publish the twin shows taken.
      this.refused.set(r.carrier, { twin, nulls, r, entry });
  }
}
