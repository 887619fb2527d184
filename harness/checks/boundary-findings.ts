// The verdicts of the boundary pass (suites/boundaries.spec.ts): what each answer to a body of edge values
// shows (accepted, refused, or not answered as documented), the echo of an accepted locker record, and the
// findings per rule that the pass records once it is over.
import { memberAt, type Edge } from '../../generators';
import { judge } from '../evidence/judge';
import { observe } from '../evidence/rules';
import { documentedShortfall } from '../judgements/answered';
import { oneInstant, showsInstant } from '../judgements/instants';
import { answerText, type Judgement } from '../judgements/judgement';
import { abbreviate } from '../http/text';
import type { Exchange } from '../http/exchange';
import type { Json } from '../http/json';

export const ACCEPTED = 'GEN-BOUNDARY-ACCEPTED';

/** One request of the pass as sent: the edges its body carries, the body, and the target's answer. */
export interface Sent {
  edges: Edge[];
  body: Json;
  exchange: Exchange;
}

export const where = ({ exchange, edges }: Sent) =>
  `${exchange.operationId} ${edges.map((e) => `${e.pointer} = ${e.label}`).join(', ')}`;

/** What the pass found, per rule: the failures already judged, and one answer to record a pass by. */
export class Findings {
  private readonly failed = new Set<string>();
  private readonly held = new Map<string, { exchange: Exchange; count: number }>();
  /** Members whose null the target refused: a choice the spec leaves it (generators/nulls.ts). */
  readonly refusedNulls: string[] = [];
  /** Omissions of members the table gives as not required, refused: judged once the pass shows what it accepts. */
  readonly refusedOmissions: { sent: Sent; problem: string }[] = [];

  fail(
    rule: string,
    sent: Sent,
    message: string,
    value: unknown,
    matcher: (j: ReturnType<ReturnType<typeof judge>['soft']>) => void,
  ): void {
    this.failed.add(rule);
    matcher(judge(rule, sent.exchange).soft(value, `${where(sent)}: ${message}`));
  }

  /** A judgement of one accepted request: held, or failed at its edges. */
  judged(judgement: Judgement, sent: Sent): void {
    if (judgement.failure === undefined) this.hold(judgement.rule, sent.exchange);
    else this.fail(judgement.rule, sent, judgement.failure, judgement.failure, (m) => m.toBeUndefined());
  }

  hold(rule: string, exchange: Exchange, count = 1): void {
    const seen = this.held.get(rule);
    this.held.set(rule, { exchange, count: (seen?.count ?? 0) + count });
  }

  /**
   * One pass per rule that held on every edge it judged (one per edge would cost a step each). A refused
   * omission fails the operation only where the pass had a request accepted; else the base may be what is refused.
   */
  record(success: string): void {
    const acceptedAny = this.held.has(success);
    for (const { sent, problem } of this.refusedOmissions) {
      this.fail(
        acceptedAny ? success : ACCEPTED,
        sent,
        `${problem}, though the table does not list ${sent.edges[0]!.pointer} as required`,
        sent.exchange.status,
        (m) => m.toBeLessThan(400),
      );
    }
    for (const [rule, { exchange, count }] of this.held) {
      if (!this.failed.has(rule))
        judge(rule, exchange).soft(count, `${exchange.operationId}: edge values judged`).toBeGreaterThan(0);
    }
    if (this.refusedNulls.length)
      observe(ACCEPTED, `null refused (rather than taken as omitted) for ${this.refusedNulls.join(', ')}`);
  }
}

export type Verdict = { accepted: true } | { accepted: false; refused: boolean; problem: string };

/** A refusal (4xx), anything else than the documented success (a 5xx, another status or body), or acceptance. */
export function verdictOf(exchange: Exchange): Verdict {
  if (exchange.status >= 400 && exchange.status < 500)
    return { accepted: false, refused: true, problem: `refused: ${answerText(exchange, 200)}` };
  const shortfall = documentedShortfall(exchange);
  return shortfall === undefined
    ? { accepted: true }
    : { accepted: false, refused: false, problem: `not answered as documented: expected ${shortfall}` };
}

/**
 * A refusal is a warning under GEN-BOUNDARY-ACCEPTED, except of a null the schema does not give (the spec lets it
 * be refused) and of a member the table says is not required, left out (the operation failing, as anything else).
 */
export function judgeAnswer(success: string, sent: Sent, verdict: Verdict, findings: Findings): void {
  const [only] = sent.edges;
  if (verdict.accepted) {
    for (const rule of [success, ACCEPTED]) findings.hold(rule, sent.exchange, sent.edges.length);
  } else if (verdict.refused && sent.edges.every((e) => e.refusable))
    findings.refusedNulls.push(...sent.edges.map((e) => `${sent.exchange.operationId} ${e.pointer}`));
  else if (verdict.refused && sent.edges.length === 1 && only?.omitted && only.stated)
    findings.refusedOmissions.push({ sent, problem: verdict.problem });
  else if (verdict.refused)
    findings.fail(ACCEPTED, sent, verdict.problem, sent.exchange.status, (m) => m.toBeLessThan(400));
  // A value whose validity the spec's words leave open (Edge.open): a 5xx to it is GEN-NO-5XX's, which every answer's
  // checks judge, not the operation failing.
  else if (sent.exchange.status >= 500 && sent.edges.every((e) => e.open))
    observe(ACCEPTED, `${where(sent)}: ${verdict.problem} (GEN-NO-5XX judges a 5xx)`);
  else findings.fail(success, sent, verdict.problem, verdict.problem, (m) => m.toBeUndefined());
}

// The members a locker record echoes as sent (LCK-CREATE-ECHO, LCK-UPDATE-200), and lon/lat, whose
// exact numbers are a should (LCK-COORDINATES-ECHO), edge by edge. Metadata entries and features values are
// compared whole, in the record each accepted request was answered with (boundaries.spec.ts); groups are request-only.
// Built from its two groups of members: written out whole, the expression is wider than a line.
const CARRIER_ECHOED = 'carrier/(lockerName|lockerId|activationDate)';
const LOCATION_ECHOED = 'location/(street|streetNumber|postalCode|city|countryCode|type)';
const ECHOED_STRINGS = new RegExp(`^/(${CARRIER_ECHOED}|${LOCATION_ECHOED})$`);
const COORDINATES = /^\/location\/(lon|lat)$/;

/**
 * A value for a message: a long text by its start and its length, where a cut shows; a text that differs
 * from `other` only in its Unicode form with its non-ASCII characters escaped, where the difference shows.
 */
const quoted = (value: unknown, other?: unknown): string => {
  if (typeof value !== 'string') return JSON.stringify(value);
  if (typeof other === 'string' && other !== value && other.normalize('NFC') === value.normalize('NFC'))
    return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return value.length > 80
    ? `${JSON.stringify(abbreviate(value, 40))} (${[...value].length} code points)`
    : JSON.stringify(value);
};

/** Where an echo is read other than in the answer: the record as a later list read shows it. */
export interface Shown {
  record: Json;
  exchange: Exchange;
}

interface Echo {
  edge: Edge;
  /** The should an exact echo is (lon/lat's exact numbers, an instant at the precision shown); else the must. */
  should?: 'LCK-COORDINATES-ECHO' | 'LCK-INSTANT-PRECISION';
  want: unknown;
  got: unknown;
  held: boolean;
}

// An instant is the one sent to the second (in any notation); at the precision the record shows, a should.
const INSTANT_POINTER = /\/activationDate$/;
const sameValue = (pointer: string, got: unknown, want: unknown) =>
  got === want || (INSTANT_POINTER.test(pointer) && oneInstant(want, got));

/** The echoed edges of an accepted request, and whether `record` (the answer's) shows each as sent. */
function echoes(sent: Sent, record: unknown): Echo[] {
  return sent.edges.flatMap((edge) => {
    const coordinate = COORDINATES.test(edge.pointer);
    if (edge.omitted || edge.refusable || (!coordinate && !ECHOED_STRINGS.test(edge.pointer))) return [];
    const want = memberAt(sent.body, edge.pointer);
    const got = memberAt(record, edge.pointer);
    if (coordinate) return [{ edge, should: 'LCK-COORDINATES-ECHO' as const, want, got, held: got === want }];
    const echo = { edge, want, got, held: sameValue(edge.pointer, got, want) };
    return INSTANT_POINTER.test(edge.pointer)
      ? [echo, { ...echo, should: 'LCK-INSTANT-PRECISION' as const, held: showsInstant(want, got) }]
      : [echo];
  });
}

/**
 * The echoed strings of an accepted request as the list shows them, against the answer: where the answer
 * showed a member as sent, the list must show it so too (the answer's own differences are judged there, and
 * lon/lat's exact numbers, a should, at the answer only).
 */
function listedEchoes(sent: Sent, listed: unknown): Echo[] {
  return echoes(sent, sent.exchange.body).flatMap((answered) => {
    if (answered.should || !answered.held) return [];
    const got = memberAt(listed, answered.edge.pointer);
    return [{ ...answered, want: answered.got, got, held: sameValue(answered.edge.pointer, got, answered.got) }];
  });
}

/** Whether the list's record shows every echoed string as the answer did (a list read settles on it). */
export const listedAsAnswered = (sent: Sent, listed: unknown): boolean =>
  listedEchoes(sent, listed).every((e) => e.held);

/**
 * The echoed members (and lon/lat) of an accepted request, as sent, in the answer; or where `shown` is
 * given, the echoed strings in the record a later list read shows, as answered (LCK-CREATE-ECHO: "as
 * answered and as the list then shows it").
 */
export function judgeEcho(rule: string, sent: Sent, findings: Findings, shown?: Shown): void {
  // What a record shows for a member left out is not shown; a null the schema does not give, once
  // accepted, is the member omitted (generators/nulls.ts), never a value the answer shows.
  for (const edge of shown ? [] : sent.edges) {
    if (!edge.refusable || !ECHOED_STRINGS.test(edge.pointer) || edge.omitted) continue;
    const got = memberAt(sent.exchange.body, edge.pointer);
    if (got !== null) findings.hold(rule, sent.exchange);
    else
      findings.fail(
        rule,
        { ...sent, edges: [edge] },
        'sent null, which the table does not give this member, and the record shows it null: a null is ' +
          'refused or taken as the member omitted',
        got,
        (m) => m.not.toBeNull(),
      );
  }
  const at = shown ? { ...sent, exchange: shown.exchange } : sent;
  const whose = shown ? `the listed record of locker ${String(shown.record['uid'])}` : 'the record';
  const judged = shown ? listedEchoes(sent, shown.record) : echoes(sent, sent.exchange.body);
  for (const { edge, should, want, got, held } of judged) {
    const own = should ?? rule;
    if (held) findings.hold(own, at.exchange);
    else
      findings.fail(
        own,
        { ...at, edges: [edge] },
        `${shown ? 'answered' : 'sent'} ${quoted(want, got)}, ${whose} has ${quoted(got, want)}`,
        got,
        (m) => m.toEqual(want),
      );
  }
}
