// Every rule one recorded exchange can show: the checks every answer of a run passes
// (harness/checks), the outcome of a request by what its body breaks or keeps (checks/request-defects.ts),
// the record a create or update answers against what it sent, the providerName filter, and a request
// without a key. A refusal proves its rule only where the same operation is seen accepting a request
// (the control an active run makes on purpose), so refusals are counted and decided at the end.
import { idNearMissesOf } from '../../../generators';
import { CHECKS, describeFailure, judgeAnswer } from '../../checks';
import { ruleById } from '../../../spec/catalogue';
import type { Operation } from '../../../spec/operations';
import { detectList } from '../../http/envelope';
import type { Json } from '../../http/json';
import { successShortfall } from '../../http/success-answer';
import { listEntriesJudgement } from '../../judgements/list-entries';
import { answeredJudgement, updateShownJudgement } from '../../judgements/answered';
import { createdAsSentJudgement } from '../../judgements/created';
import { publishNotFailedJudgement } from '../../judgements/bookings';
import { keylessJudgements, wrongKeyJudgement } from '../../judgements/keys';
import { wrongKeyOf, type WrongKey } from '../recorded/request-key';
import { refusalJudgements } from '../../judgements/refusals';
import { beyondSchema } from '../../webhooks/classify';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { is2xx, type Recorded } from '../recorded/recorded';
import { listedPart, requestDefects, schemaValidRequest, validRequest } from '../../checks/request-defects';
import { namedIn, wordsOf } from '../recorded/answer-words';
import { OPTIONAL_MEMBERS, optionalMembersJudgement } from '../../judgements/optional-members';
import { providerFilterJudgement, unauthorizedBodyJudgement } from '../../judgements/answers';
import type { TrafficRule } from './traffic-rule';

/** The checks that read no body: all a recorded answer cut short can be judged by. */
const STATUS_CHECKS = [CHECKS['noServerError']!, CHECKS['statusDocumented']!];
/** Where the recording kept no type of the answer, GEN-JSON's Content-Type cannot be judged from it. */
const UNTYPED_CHECKS = Object.values(CHECKS).filter((c) => c !== CHECKS['jsonContentType']);

/** Past this many requests without a key and none with one, the recording is taken to have stripped the header. */
const MAX_UNKEYED = 1000;

const AUTH_401_BODY = new Set(ruleById('AUTH-401-BODY').concerns);

/** The publish operations, by either path (§4.6, §4.7). */
const PUBLISHES = new Set(['publishParcel', 'publishParcelByCarrierLockerId']);

interface Refusals {
  count: number;
  places: Map<string, number>;
}

/**
 * The path's uid to hold an update's answer to, unless the answer's uid is one the path holds in a form a service may
 * take for it (generators/ids.ts: equivalent or trimmed near misses, reported there).
 */
function pathUidOf(pathUid: string | undefined, record: Json): string | undefined {
  const answered = String(record['uid']);
  if (pathUid === undefined || pathUid === answered) return pathUid;
  return idNearMissesOf(answered).some((m) => m.value === pathUid && (m.equivalent || m.trimmed)) ? undefined : pathUid;
}

export class ExchangeJudge implements TrafficRule {
  /** Operations seen accepting a request: the control a refusal of theirs is read against. */
  private readonly accepted = new Set<string>();
  /** Operation → rule → refusals awaiting that control. */
  private readonly refusals = new Map<string, Map<string, Refusals>>();
  /** Key values seen accepted, and how often: a carrier's key. */
  private readonly acceptedKeys = new Map<string, number>();
  /** A request of the recording carried X-API-Key: a request without one really had none. */
  keysKept = false;
  /** Requests without a key read before any with one: judged as such if a keyed request follows (a recording that kept
   * the header). */
  private readonly unkeyed: { r: Recorded; op: Operation; entry: HarEntry }[] = [];

  /** `learnOnly`: what the exchanges tell of the keys is learnt, and nothing judged (TrafficContext acrossOnly). */
  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly learnOnly = false,
  ) {}

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    const { exchange } = r;
    if (r.key !== undefined) this.keysKept = true;
    const wrongKey = wrongKeyOf(r, this.acceptedKeys);
    if (is2xx(exchange.status) && !wrongKey) {
      this.accepted.add(op.operationId);
      if (r.key !== undefined) this.acceptedKeys.set(r.key, (this.acceptedKeys.get(r.key) ?? 0) + 1);
    }
    if (this.learnOnly) return;
    const at = { exchange, entry };
    for (const j of judgeAnswer(exchange, op, r.cut ? STATUS_CHECKS : r.typeUnrecorded ? UNTYPED_CHECKS : undefined)) {
      this.evidence.judge(
        'exchanges',
        j.rule,
        at,
        j.failure ? describeFailure(j.failure).replace(/^\S+ \S+: /, '') : undefined,
      );
    }
    if (exchange.status === 401 && !r.cut && AUTH_401_BODY.has(op.operationId)) this.authBody(r, entry);
    if (wrongKey) this.withWrongKey(r, op, entry, wrongKey);
    else if (r.key === undefined && !this.keysKept && this.unkeyed.length < MAX_UNKEYED)
      this.unkeyed.push({ r, op, entry });
    if (wrongKey) return;
    if (r.key === undefined && this.keysKept) this.withoutKey(r, op, entry);
    else this.byBody(r, op, entry);
    if (op.operationId === 'listLockers' && r.query['providerName'] !== undefined && is2xx(exchange.status) && !r.cut)
      this.providerFilter(r, entry);
    // A list takes no body: any 2xx answer in whole is the success its rule states (LCK-LIST-RECORDS, PRV-LIST,
    // PCL-LIST-STATUS-EVENTS).
    if (op.method === 'GET' && op.rules.success && is2xx(exchange.status) && !r.cut)
      this.evidence.judge(
        'exchanges',
        op.rules.success,
        { exchange, entry },
        successShortfall(exchange) ?? listEntriesJudgement(exchange)?.failure,
      );
    if (op.operationId === 'listParcels' && is2xx(exchange.status) && !r.cut) this.accessCodes(r, entry);
  }

  /** §7 shows a 401 body (errorCode, message) for these operations only. */
  private authBody(r: Recorded, entry: HarEntry): void {
    const j = unauthorizedBodyJudgement(r.exchange);
    this.evidence.judge('exchanges', j.rule, { exchange: r.exchange, entry }, j.failure);
  }

  private refused(op: Operation, rule: string, r: Recorded): void {
    const byRule = this.refusals.get(op.operationId) ?? new Map<string, Refusals>();
    this.refusals.set(op.operationId, byRule);
    const count = byRule.get(rule) ?? { count: 0, places: new Map<string, number>() };
    byRule.set(rule, count);
    count.count += 1;
    const place = r.exchange.form ? `${op.operationId} ${r.exchange.form}` : op.operationId;
    count.places.set(place, (count.places.get(place) ?? 0) + 1);
  }

  /** A request with no X-API-Key, where the recording kept the header: refused (AUTH-KEY-REQUIRED; the trigger's
   * TRG-STAGING-KEY too). */
  private withoutKey(r: Recorded, op: Operation, entry: HarEntry): void {
    for (const { rule, failure } of keylessJudgements(r.exchange))
      if (failure === undefined) this.refused(op, rule, r);
      else this.evidence.judge('exchanges', rule, { exchange: r.exchange, entry }, failure);
  }

  /** A request whose key was not the carrier's (request-key.ts): refused like any key that is not valid. */
  private withWrongKey(r: Recorded, op: Operation, entry: HarEntry, { kind, what }: WrongKey): void {
    const j = wrongKeyJudgement(r.exchange, kind, what);
    if (!j) return;
    if (j.failure === undefined) this.refused(op, j.rule, r);
    else this.evidence.judge('exchanges', j.rule, { exchange: r.exchange, entry }, j.failure);
  }

  private byBody(r: Recorded, op: Operation, entry: HarEntry): void {
    const { exchange } = r;
    const at = { exchange, entry };
    for (const { rule, failure } of refusalJudgements(exchange))
      if (failure === undefined) this.refused(op, rule, r);
      else this.evidence.judge('exchanges', rule, at, failure);
    if (requestDefects(op, exchange.request.body).length) return;
    const listedOnly = validRequest(op, exchange.request.body);
    const body = exchange.request.body as Json | undefined;
    const optional = body ? OPTIONAL_MEMBERS[op.operationId] : undefined;
    // A 400 is the refusal of a request as invalid; another 4xx (an unknown uid) says nothing of the
    // members. Nor does a 400 that names none of those missing: a valid request may be refused for what
    // it holds (a value out of a range the spec does not show, an unknown group), not for what it lacks.
    // An accepted request shows the members it lacked are optional whatever else it carried (openingHours,
    // members the tables do not list); a refused one is read only where it carried nothing but listed members.
    const blamed =
      optional && exchange.status === 400 && listedOnly ? namedIn(wordsOf(exchange), optional.lacks(body!)) : [];
    const lacking = body ? optionalMembersJudgement(exchange, body, blamed, !r.cut) : undefined;
    if (lacking) this.evidence.judge('exchanges', lacking.rule, at, lacking.failure);
    // A valid request refused with a 4xx may be refused for the state it met (an unknown uid); a 5xx never
    // is. One that carried members the tables do not list is judged only where it was accepted, and by
    // the members they list (§4.1: a create's success is 201 with the record, whatever else it carried).
    // Only a body valid in every member: a date-time without its zone, say, is not judged by what it became.
    if (!body || !(is2xx(exchange.status) || (exchange.status >= 500 && listedOnly)) || !schemaValidRequest(op, body))
      return;
    const listed = (listedOnly ? body : listedPart(op, body)) as Json;
    const record = is2xx(exchange.status) && !r.cut ? (exchange.body as Json) : undefined;
    if (op.operationId === 'createLocker') {
      const answered = answeredJudgement(exchange, 'a valid create', !r.cut);
      this.evidence.judge('exchanges', answered.rule, at, answered.failure);
      const echo = record ? createdAsSentJudgement(listed, record, 'the answered record') : undefined;
      if (echo) this.evidence.judge('exchanges', echo.rule, at, echo.failure);
    }
    // A valid publish answered 5xx: neither refused nor accepted (the exploration's judgement of each publish).
    if (PUBLISHES.has(op.operationId) && exchange.status >= 500 && !r.cut) {
      const failed = publishNotFailedJudgement(exchange, `a valid ${String(listed['eventType'])}`);
      this.evidence.judge('exchanges', failed.rule, at, failed.failure);
    }
    if (op.operationId === 'updateLocker' && (record || exchange.status !== 200)) {
      const answered = answeredJudgement(exchange, 'a valid update', !r.cut);
      const shown =
        !answered.failure && record
          ? updateShownJudgement(listed, record, 'the answered record', pathUidOf(r.params['uid'], record))
          : answered;
      this.evidence.judge('exchanges', shown.rule, at, shown.failure);
    }
  }

  /** PCL-ACCESS-CODES on each listed parcel, as on a ParcelUpdates body: no schema node states it
   * (webhooks/classify.ts). */
  private accessCodes(r: Recorded, entry: HarEntry): void {
    for (const item of detectList(r.exchange.body)?.items ?? []) {
      const { judged, findings } = beyondSchema('ParcelUpdates', item);
      for (const rule of judged)
        this.evidence.judge(
          'exchanges',
          rule,
          { exchange: r.exchange, entry },
          findings.find((f) => f.rule === rule)?.problem.replace(/^ParcelUpdates /, "a listed parcel's "),
        );
    }
  }

  private providerFilter(r: Recorded, entry: HarEntry): void {
    const name = r.query['providerName'];
    const items = detectList(r.exchange.body)?.items;
    // An empty name may be read as no filter (a framework binds '' to null; §4.2 gives the filter no more): not judged.
    if (!items || name === undefined || name.trim() === '') return;
    const j = providerFilterJudgement(name, items);
    this.evidence.judge('exchanges', j.rule, { exchange: r.exchange, entry }, j.failure);
  }

  /** The end of the recording: each refusal is evidence where its operation was seen accepting a request, and nothing
   * otherwise. */
  finish(): void {
    if (this.keysKept) for (const { r, op, entry } of this.unkeyed.splice(0)) this.withoutKey(r, op, entry);
    for (const [operationId, byRule] of this.refusals) {
      for (const [rule, { places }] of byRule) {
        if (!this.accepted.has(operationId)) {
          this.evidence.notObserved(
            'exchanges',
            rule,
            `every ${operationId} request of the traffic was refused, so a refusal proves nothing: traffic ` +
              `where ${operationId} accepts a request would bring it in`,
          );
          continue;
        }
        for (const [place, n] of places)
          for (let i = 0; i < n; i++) this.evidence.judge('exchanges', rule, { places: [place] });
      }
    }
  }
}
