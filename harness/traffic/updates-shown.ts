// LCK-UPDATE-200's "and the list then shows that record", on a recording: a valid update accepted, then the
// next list answer (any page or filter) showing the locker, begun the list settle time after the update was
// answered, shows every member the update sent as sent (the same comparison as its answer's). A later update
// or status change of the locker before that list leaves the earlier update to no list.
import type { Operation } from '../../spec/operations';
import type { Json } from '../http/json';
import { notAsSent } from '../records/record-fidelity';
import type { TrafficEvidence } from './evidence';
import type { HarEntry } from './har-stream';
import { idText, is2xx, type Recorded } from './recorded';
import { listedPart, schemaValidRequest } from './request-defects';
import { listedRecords } from './whole-list';

interface Update {
  sent: Json;
  endedAt: number;
  r: Recorded;
  entry: HarEntry;
}

export class UpdatesShown {
  /** uid → its last accepted update not yet seen in a list. */
  private readonly pending = new Map<string, Update>();

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly settleMs: number,
  ) {}

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    if (!is2xx(r.exchange.status)) return;
    if (op.operationId === 'updateLocker') {
      const uid = decodeURIComponent(new URL(r.exchange.url).pathname.split('/').pop() ?? '');
      const body = r.exchange.request.body;
      this.pending.delete(uid);
      if (body && typeof body === 'object' && schemaValidRequest(op, body)) this.pending.set(uid, { sent: listedPart(op, body) as Json, endedAt: r.endedAt || r.startedAt, r, entry });
    } else if (op.operationId === 'updateLockerStatus') {
      // A status change may move what an update set (§4.5's shape is not shown): that update is left to no list.
      for (const value of Object.values((r.exchange.request.body ?? {}) as Json)) if (idText(value) !== undefined) this.pending.delete(idText(value)!);
    } else if (op.operationId === 'listLockers' && !r.cut && this.pending.size) {
      for (const record of listedRecords(r.exchange)) {
        const uid = idText(record['uid']);
        const update = uid !== undefined ? this.pending.get(uid) : undefined;
        if (!update || r.startedAt < update.endedAt + this.settleMs) continue;
        this.pending.delete(uid!);
        const differs = notAsSent(update.sent, record).members;
        this.evidence.judge('across', 'LCK-UPDATE-200', { exchange: update.r.exchange, entry: update.entry, places: ['listLockers'] }, differs.length ? `locker ${uid} listed with the change its update was answered 200 for, got ${differs.slice(0, 3).join('; ')} in a list begun ${((r.startedAt - update.endedAt) / 1000).toFixed(1)} s after` : undefined);
      }
    }
  }
}
