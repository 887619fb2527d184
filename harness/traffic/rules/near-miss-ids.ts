// GEN-ID-EXACT on a recording: an identifier names only the record whose identifier it equals (§4.3 "Path: uid
// (string), the platform locker identifier."; §4.9 "Path: parcelId."). Judged where the recording shows it:
// - an update of listed members answered with the record of a locker the recording showed other than the path's;
// - an update, status change or cancel by a near miss of an id the recording showed (generators/ids.ts: a letter
//   appended, another letter case, digits past int64, a text id with a leading zero), which no record of the recording
//   ever had, answered 2xx with the record of the exact id;
// - a booking by such a near miss of a lockerUid or carrierLockerId whose parcel a later list shows in the locker the
//   exact id names.
// Forms a service may take as the same id (another normalization, a numeric id's leading zero, whitespace a path is
// trimmed of) and prefixes (another record's id may be one) are left out, as the suites leave them.
import { distinctNearMissesOf, idNearMissesOf } from '../../../generators';
import type { Operation } from '../../../spec/operations';
import { answerText } from '../../judgements/judgement';
import type { Json } from '../../http/json';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { validRequest } from '../../checks/request-defects';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import { listedRecords } from '../recorded/whole-list';
import type { TrafficRule } from './traffic-rule';

const RULE = 'GEN-ID-EXACT';

type Kind = 'locker' | 'parcel';

interface Named {
  r: Recorded;
  entry: HarEntry;
  kind: Kind;
  id: string;
}

interface Booked extends Named {
  carrierParcelId: string;
}

/** The ids a locker or parcel record shows, by the kind of record they name. */
function idsOf(record: Json, kind: Kind): string[] {
  const ids =
    kind === 'locker'
      ? [record['uid'], (record['carrier'] as Json | null | undefined)?.['lockerId']]
      : [record['carrierParcelId'], record['shipmentUid']];
  return ids.map(idText).filter((id): id is string => id !== undefined && id !== '');
}

export class NearMissIds implements TrafficRule {
  private readonly shown: Record<Kind, Set<string>> = { locker: new Set(), parcel: new Set() };
  private readonly named: Named[] = [];
  private readonly bookings: Booked[] = [];
  /** carrierParcelId → the lockers (uid, carrierLockerId) its parcels were listed in, and how often it was booked. */
  private readonly listedIn = new Map<string, Set<string>>();
  private readonly timesBooked = new Map<string, number>();

  constructor(private readonly evidence: TrafficEvidence) {}

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    const { exchange } = r;
    const body = exchange.request.body as Json | undefined;
    const answer = exchange.body as Json | undefined;
    // An update's answer naming a locker the recording showed before it: another locker, where it is not the path's.
    const answeredKnown = this.shown.locker.has(idText(answer?.['uid']) ?? '');
    this.learn(op.operationId, r);
    switch (op.operationId) {
      case 'updateLocker': {
        const uid = r.params['uid'] ?? '';
        const answered = idText(answer?.['uid']);
        // A form a service may take as the same uid (a leading zero, whitespace) answered with the record it names.
        const sameUid = (a: string) =>
          a === uid || idNearMissesOf(a).some((m) => m.value === uid && (m.equivalent || m.trimmed));
        // Only for a body of listed members (a uid sent in the body may be stored: the request tables do not list it).
        if (is2xx(exchange.status) && answered !== undefined && !r.cut && validRequest(op, body))
          this.evidence.judge(
            'across',
            RULE,
            { exchange, entry },
            sameUid(answered) || !answeredKnown
              ? undefined
              : `an update of locker uid ${uid} answered with the record of locker ${answered}`,
          );
        else this.name({ r, entry, kind: 'locker', id: uid });
        return;
      }
      case 'updateLockerStatus': {
        const uid = idText(body?.['uid']);
        if (uid !== undefined) this.name({ r, entry, kind: 'locker', id: uid });
        return;
      }
      case 'cancelParcel':
        this.name({ r, entry, kind: 'parcel', id: r.params['parcelId'] ?? '' });
        return;
      case 'publishParcel':
      case 'publishParcelByCarrierLockerId': {
        const carrierParcelId = idText(body?.['carrierParcelId']);
        const id = idText(body?.[op.operationId === 'publishParcel' ? 'lockerUid' : 'carrierLockerId']);
        if (carrierParcelId === undefined || body?.['eventType'] !== 'BOOKING') return;
        this.timesBooked.set(carrierParcelId, (this.timesBooked.get(carrierParcelId) ?? 0) + 1);
        if (id !== undefined && is2xx(exchange.status))
          this.bookings.push({ r, entry, kind: 'locker', id, carrierParcelId });
        return;
      }
    }
  }

  /** Every id an answer's records show, and the ids a create or booking gave its record. */
  private learn(operationId: string, r: Recorded): void {
    const { exchange } = r;
    if (!is2xx(exchange.status)) return;
    const answer = exchange.body as Json | undefined;
    const body = exchange.request.body as Json | undefined;
    if (operationId === 'listLockers')
      for (const record of listedRecords(exchange)) for (const id of idsOf(record, 'locker')) this.shown.locker.add(id);
    if (operationId === 'createLocker' || operationId === 'updateLocker')
      for (const record of [answer, body])
        if (record) for (const id of idsOf(record, 'locker')) this.shown.locker.add(id);
    if (operationId === 'listParcels')
      for (const record of listedRecords(exchange)) {
        for (const id of idsOf(record, 'parcel')) this.shown.parcel.add(id);
        const parcelId = idText(record['carrierParcelId']);
        const lockers = [record['lockerUid'], record['carrierLockerId']].map(idText).filter((x) => x !== undefined);
        if (parcelId !== undefined)
          for (const locker of lockers)
            (this.listedIn.get(parcelId) ?? this.listedIn.set(parcelId, new Set()).get(parcelId)!).add(locker);
      }
    const parcelId = idText(body?.['carrierParcelId']);
    if ((operationId === 'publishParcel' || operationId === 'publishParcelByCarrierLockerId') && parcelId)
      this.shown.parcel.add(parcelId);
  }

  /** A write to judge at the end: kept only where its id named no record shown so far (a near miss is never one). */
  private name(named: Named): void {
    if (named.id !== '' && !this.shown[named.kind].has(named.id)) this.named.push(named);
  }

  /**
   * Each near miss of a shown id (one no service may take for it) that itself names no record shown, to the id it
   * misses: built once, at the end, when every id the recording shows is known.
   */
  private nearMisses(kind: Kind): Map<string, { exact: string; what: string }> {
    const misses = new Map<string, { exact: string; what: string }>();
    for (const exact of this.shown[kind])
      for (const m of distinctNearMissesOf(exact))
        if (m.value !== '' && !this.shown[kind].has(m.value) && !misses.has(m.value))
          misses.set(m.value, { exact, what: m.what });
    return misses;
  }

  finish(): void {
    const misses = { locker: this.nearMisses('locker'), parcel: this.nearMisses('parcel') };
    for (const { r, entry, kind, id } of this.named.splice(0)) {
      const { exchange } = r;
      const miss = misses[kind].get(id);
      // A 4xx holds; a success fails where its answer shows the record the exact id names (a success that changed
      // nothing, or a 5xx, which GEN-NO-5XX judges, tells nothing of which record the id named).
      if (!miss) continue;
      const refused = exchange.status >= 400 && exchange.status < 500;
      const answer = exchange.body as Json | undefined;
      const exact = is2xx(exchange.status) && !!answer && typeof answer === 'object';
      if (!refused && !(exact && idsOf(answer, kind).includes(miss.exact))) continue;
      this.evidence.judge(
        'across',
        RULE,
        { exchange, entry },
        refused
          ? undefined
          : `a 4xx for ${kind} id ${JSON.stringify(id)}, ${miss.exact} ${miss.what}, got ${answerText(exchange)}`,
      );
    }
    for (const { r, entry, id, carrierParcelId } of this.bookings.splice(0)) {
      const miss = misses.locker.get(id);
      if (!miss || this.timesBooked.get(carrierParcelId) !== 1) continue;
      const listed = this.listedIn.get(carrierParcelId);
      // Unlisted, the booking shows nothing of where it went.
      if (!listed) continue;
      this.evidence.judge(
        'across',
        RULE,
        { exchange: r.exchange, entry },
        listed.has(miss.exact)
          ? `a booking by ${JSON.stringify(id)}, ${miss.exact} ${miss.what}, listed in locker ${miss.exact}`
          : undefined,
      );
    }
  }
}
