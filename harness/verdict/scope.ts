// The scope a certificate covers: which `must` rules a run left out and why (a capability not given, a
// narrowed run, traffic that did not show them), what would bring each in, and the forecast of it before a run.
import type { Need } from '../../spec/catalogue';
import { SELECTION_REASONS, type RuleVerdict } from './verdicts';
import { placeScope, type PlaceScope } from './places';
import { registrationInstruction } from '../webhooks/registration';

/** Why a `must` rule is out of scope: a capability not given, a narrowed run; traffic judged: what it did not show, or
 * its stripped credentials. */
export type ScopeCause = Need | 'selection' | 'traffic' | 'credentials';

/** Where a certificate's evidence came from: requests the harness sent, or recorded traffic judged with none sent. */
export type EvidenceSource = 'run' | 'traffic';

/** How a traffic verdict's reason starts when the recording kept no X-API-Key header. */
export const CREDENTIALS_STRIPPED = 'the recording kept no X-API-Key header';

/** What each cause is called in the verdict line, what it leaves out, and what brings it in. */
export const CAUSES: Record<ScopeCause, { label: string; topic: string; remedy: string }> = {
  writes: {
    label: 'no writes (production)',
    topic: 'everything that writes',
    remedy: 'run against staging, or pass --allow-writes',
  },
  secondKey: {
    label: 'no second key',
    topic: 'isolation',
    remedy: "set CIS_API_KEY_2 (--api-key-2) to a second carrier's key",
  },
  network: {
    label: 'no network uid',
    topic: 'networks',
    remedy: 'set CIS_NETWORK_UID (--network-uid) to a network of the carrier',
  },
  trigger: {
    label: 'no trigger base',
    topic: 'staging triggers',
    remedy: 'set CIS_MOCK_BASE_URL (--mock-base-url) on staging',
  },
  webhooks: {
    label: 'no webhook listener',
    topic: 'webhooks',
    remedy: `set CIS_WEBHOOK_LISTEN (--webhook-listen) and ${registrationInstruction()}`,
  },
  statusProfile: {
    label: 'no status profile',
    topic: 'locker status',
    remedy: 'state lockerStatus in CIS_PROFILE (docs/checking-a-target.md, "Target profile")',
  },
  collectionPeriod: {
    label: 'no short collection period',
    topic: 'collection notifications',
    remedy: "set CIS_COLLECTION_PERIOD_MS (or the profile's collectionPeriodMs) to an accelerated staging's period",
  },
  selection: {
    label: 'not selected',
    topic: 'rules left out with --rules, --only or --shard',
    remedy: 'run without --rules and --only (shards: merge them, npm run report:merge)',
  },
  traffic: {
    label: 'not shown by the traffic',
    topic: 'what the recorded traffic holds nothing to judge by',
    remedy: 'record traffic that shows it (each rule says what), or run the harness against staging',
  },
  credentials: {
    label: 'credentials stripped from the recording',
    topic: 'authentication',
    remedy: 'export the recording with its X-API-Key headers (the reports never show them)',
  },
};

const CAUSE_ORDER = Object.keys(CAUSES) as ScopeCause[];

export interface ScopeEntry {
  id: string;
  section: string;
  /** Out of scope: every cause that left it out; in scope: none. */
  causes: ScopeCause[];
  reasons: string[];
  /** What would bring the rule in, or make it observable. */
  remedy: string;
}

export interface SectionScope {
  section: string;
  judged: number;
  outOfScope: number;
  notObservable: number;
  notApplicable: number;
}

export interface Scope {
  mustRules: number;
  /** `must` rules passed or failed: judged on evidence. */
  judged: number;
  outOfScope: ScopeEntry[];
  /** `must` rules in scope that nothing was judged against. */
  notObservable: ScopeEntry[];
  /** `must` rules the target's own conformant choice gave nothing to judge by (a request-only member): no gap. */
  notApplicable: ScopeEntry[];
  /** Every `must` rule was in scope. */
  full: boolean;
  /** The run asked for the full scope (--full-scope): a rule out of scope is a gap, not a choice. */
  fullScopeRequired: boolean;
  /** Causes in a fixed order, with the rules each left out. */
  causes: { cause: ScopeCause; label: string; rules: string[]; remedy: string }[];
  sections: SectionScope[];
  /** What the reader should know of the scope that changes no verdict (deliveries anyone could post). */
  notes: string[];
  /** The `must` rules' places (concerns, each form): judged, out of scope, and those in scope without evidence, a gap
   * but never a failure. */
  places: PlaceScope;
}

export type Capabilities = Partial<Record<Need, { available: boolean; reason: string; missing?: string }>>;

/** What the scope is read from besides the verdicts: what the target was given, and what the run was. */
export interface ScopeInput {
  fullScope: boolean;
  /** What the target was given; unknown (a report of an older run) counts as given. */
  capabilities?: Capabilities;
  /**
   * This is one shard of a run (`2/3`): what it did not judge another shard may have, so every `must`
   * rule it left unjudged is out of its scope; the merged report (npm run report:merge) decides.
   */
  shard?: string;
  /** The scope's notes (Scope.notes). */
  notes?: readonly string[];
  /** Recorded traffic: every `must` rule it did not judge is out of its scope (what traffic would bring it in is the
   * remedy). */
  evidenceFrom?: EvidenceSource;
}

/** The catalogue's facts about a rule that scope is read from (rules.yaml `needs`, `evidenceFrom`, `toObserve`,
 * `observable`). */
export interface ScopeFacts {
  needs?: readonly Need[];
  evidenceFrom?: readonly Need[];
  toObserve?: string;
  observable?: string;
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The causes that leave a not-judged `must` rule out of scope; none when it is a gap in scope. */
function causesOf(
  v: RuleVerdict,
  facts: ScopeFacts,
  capabilities: Capabilities,
  shard: string | undefined,
  evidenceFrom?: EvidenceSource,
): ScopeCause[] {
  if (shard) return ['selection'];
  if (evidenceFrom === 'traffic')
    return [v.reasons.some((r) => r.startsWith(CREDENTIALS_STRIPPED)) ? 'credentials' : 'traffic'];
  if (v.verdict === 'skipped' && v.reasons.some((r) => SELECTION_REASONS.some((s) => r.startsWith(s))))
    return ['selection'];
  const missing = (need: Need) => capabilities[need]?.available === false;
  const named = new Set<Need>([...(facts.needs ?? []), ...(facts.evidenceFrom ?? [])].filter(missing));
  // A test may ask for a capability its rules do not list (the second key's client): its skip reason says which.
  for (const need of Object.keys(capabilities) as Need[]) {
    if (missing(need) && v.reasons.includes(capabilities[need]!.reason)) named.add(need);
  }
  return CAUSE_ORDER.filter((c) => named.has(c as Need));
}

function remedyOf(
  causes: ScopeCause[],
  capabilities: Capabilities,
  facts: ScopeFacts,
  reasons: readonly string[],
): string {
  // Traffic: the verdict's own reasons say what traffic would bring the rule in.
  if (causes[0] === 'traffic' || causes[0] === 'credentials') return reasons.join('; ') || CAUSES[causes[0]].remedy;
  if (causes.length)
    return causes
      .map((c) => (c === 'selection' ? CAUSES.selection.remedy : capabilities[c as Need]?.reason || CAUSES[c].remedy))
      .join('; ');
  return facts.toObserve ?? facts.observable ?? 'a target that gives something to judge it by';
}

function sectionsOf(must: RuleVerdict[], outOfScope: Set<string>, notApplicable: Set<string>): SectionScope[] {
  const sections = new Map<string, SectionScope>();
  // By top-level section (§2 resources, §4 endpoints, …): one bar each is enough to see the scope at a glance.
  for (const v of must) {
    const section = v.section.split('.')[0]!;
    const s = sections.get(section) ?? { section, judged: 0, outOfScope: 0, notObservable: 0, notApplicable: 0 };
    if (v.verdict === 'passed' || v.verdict === 'failed') s.judged += 1;
    else if (outOfScope.has(v.id)) s.outOfScope += 1;
    else if (notApplicable.has(v.id)) s.notApplicable += 1;
    else s.notObservable += 1;
    sections.set(section, s);
  }
  const key = (s: string) => (s === 'preamble' ? -1 : Number(s));
  return [...sections.values()].sort((a, b) => key(a.section) - key(b.section));
}

export function scopeOf(
  verdicts: readonly RuleVerdict[],
  factsOf: (id: string) => ScopeFacts,
  input: ScopeInput,
): Scope {
  const capabilities = input.capabilities ?? {};
  const must = verdicts.filter((v) => v.level === 'must');
  const outOfScope: ScopeEntry[] = [];
  const notObservable: ScopeEntry[] = [];
  const notApplicable: ScopeEntry[] = [];
  for (const v of must) {
    if (v.verdict === 'passed' || v.verdict === 'failed') continue;
    const facts = factsOf(v.id);
    const causes = causesOf(v, facts, capabilities, input.shard, input.evidenceFrom);
    const entry = {
      id: v.id,
      section: v.section,
      causes,
      reasons: v.reasons,
      remedy: remedyOf(causes, capabilities, facts, v.reasons),
    };
    if (causes.length) outOfScope.push(entry);
    else if (v.notApplicable)
      notApplicable.push({ ...entry, remedy: 'nothing: the spec leaves the target this choice' });
    else notObservable.push(entry);
  }
  const causes = CAUSE_ORDER.map((cause) => ({
    cause,
    label: CAUSES[cause].label,
    rules: outOfScope.filter((e) => e.causes.includes(cause)).map((e) => e.id),
    remedy:
      cause === 'selection' || cause === 'traffic' || cause === 'credentials'
        ? CAUSES[cause].remedy
        : capabilities[cause]?.reason || CAUSES[cause].remedy,
  })).filter((c) => c.rules.length);
  // A shard names itself: its verdict covers what it ran, and the merge covers the rest.
  if (input.shard) for (const c of causes) if (c.cause === 'selection') c.label = `not judged in shard ${input.shard}`;
  return {
    mustRules: must.length,
    judged: must.filter((v) => v.verdict === 'passed' || v.verdict === 'failed').length,
    outOfScope,
    notObservable,
    notApplicable,
    full: outOfScope.length === 0,
    fullScopeRequired: input.fullScope,
    causes,
    sections: sectionsOf(must, new Set(outOfScope.map((e) => e.id)), new Set(notApplicable.map((e) => e.id))),
    notes: [...(input.notes ?? [])],
    places: placeScope(must, new Set(outOfScope.map((e) => e.id)), new Set(notApplicable.map((e) => e.id))),
  };
}

export const idList = (ids: readonly string[], max = 5) =>
  `${ids.slice(0, max).join(', ')}${ids.length > max ? `, … (+${ids.length - max})` : ''}`;

/**
 * Before the run: each capability not given and the `must` rules it leaves out of scope (rules.yaml
 * `needs`), and those it may leave without evidence (`evidenceFrom`), so a person can stop and fix it.
 */
export function scopeForecast(
  rules: readonly ({ id: string; level: string } & ScopeFacts)[],
  capabilities: Capabilities,
  fullScope: boolean,
): string[] {
  const must = rules.filter((r) => r.level === 'must');
  const lines: string[] = [];
  const out = new Set<string>();
  for (const need of CAUSE_ORDER) {
    const capability = capabilities[need as Need];
    if (!capability || capability.available) continue;
    const needing = must.filter((r) => r.needs?.includes(need as Need));
    const maybe = must.filter((r) => !r.needs?.includes(need as Need) && r.evidenceFrom?.includes(need as Need));
    for (const r of needing) out.add(r.id);
    const unjudged = `if the target gives nothing to judge them by (${idList(
      maybe.map((r) => r.id),
      3,
    )})`;
    const costs = needing.length
      ? `${plural(needing.length, 'must rule')} out of scope ` +
        `(${CAUSES[need].topic})${maybe.length ? `, and up to ${maybe.length} more ${unjudged}` : ''}`
      : `up to ${plural(maybe.length, 'must rule')} out of scope (${CAUSES[need].topic}) ${unjudged}`;
    lines.push(`${capability.missing ?? capability.reason}: ${costs}; ${CAUSES[need].remedy}`);
  }
  if (!lines.length) return [];
  const outcome = fullScope
    ? 'with --full-scope the verdict will be INCONCLUSIVE'
    : 'a clean run reads "CONFORMANT within scope"; --full-scope makes it INCONCLUSIVE';
  return [...lines, `at least ${out.size} of ${must.length} must rules out of scope: ${outcome}`];
}
