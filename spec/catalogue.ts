// The rule catalogue (spec/rules.yaml), read once per process. Tests, checks, reports and reference
// faults name rules by id; this is where an id is known to exist.
import { join } from 'node:path';
import { readYamlFile } from './yaml-file';
import { ROOT } from './root';

/**
 * must: a sentence of the spec states it (the rule carries its source); should: the contract implies it,
 * a warning unless --strict; observe: the spec leaves it open, reported only. The policy heads rules.yaml.
 */
export type Level = 'must' | 'should' | 'observe';

/** The section of the spec and its own words, copied exactly, that a must rule rests on. */
export interface Source {
  section: string;
  quote: string;
}

/**
 * What a target must offer for a rule to be observable at all (the `needs` of rules.yaml), or what
 * brings about its evidence (`evidenceFrom`): collectionPeriod is a CollectionNotification period
 * short enough to wait for (§6 says once per day).
 */
export const NEEDS = [
  'writes',
  'secondKey',
  'network',
  'trigger',
  'webhooks',
  'statusProfile',
  'collectionPeriod',
] as const;
export type Need = (typeof NEEDS)[number];

export interface Rule {
  id: string;
  section: string;
  statement: string;
  level: Level;
  concerns: string[];
  observable: string;
  needs?: Need[];
  /**
   * Capabilities that bring about what the rule is judged on (a delivered parcel, records the run
   * wrote) without being needed to run its tests: without one, a rule nothing was judged against is
   * out of the run's scope rather than a gap in it.
   */
  evidenceFrom?: Need[];
  /** What would make the rule observable where a target gave nothing to judge (a variable, a profile member, a
   * registration). */
  toObserve?: string;
  /** One source, or a list when the rule rests on more than one sentence or table cell. */
  source?: Source | Source[];
  /**
   * Places of `concerns` that only set the rule up (the trigger that delivers the parcel a cancel rule
   * needs), each with the reason: shown with the rule's places, never counted as judged or missing.
   */
  setUp?: Record<string, string>;
  /**
   * Places of `concerns` where the rule holds but the spec gives no request that brings about what it
   * is about (a status §7 lists there with no condition), each with the reason: judged whenever the
   * target answers so; otherwise shown with the reason, neither judged nor missing.
   */
  unprovokable?: Record<string, string>;
  /**
   * The rule is stated for a member the spec does not require (a "where present" rule): a target whose records never
   * carry it has nothing to hold the rule to, which is its conformant choice, not a gap in the scope. `member` names
   * it, `why` the section that leaves it optional.
   */
  wherePresent?: { member: string; why: string };
  /**
   * Members of a record that may differ between two places showing it (a webhook body and the list), each with the
   * sentence that lets it; every other member of the record's schema is compared.
   */
  excused?: Record<string, string>;
}

/**
 * Operations through which the spec lets a client name what it acts on in more than one form: each
 * form is a place of its own, since a service may check a rule on one form and forget it on the other.
 * §4.9 names the parcel to cancel `parcelId` without saying which identifier (carrierParcelId or
 * shipmentUid) it is. Publishing by lockerUid or by carrierLockerId needs no entry: those are two
 * operations of the document already.
 */
export const FORMS: Readonly<Record<string, readonly string[]>> = {
  cancelParcel: ['by carrierParcelId', 'by shipmentUid'],
};

/** One place a rule holds in: an operationId or webhook of its `concerns`, with the form where FORMS gives forms. */
export interface RulePlace {
  place: string;
  /** rules.yaml `setUp`: why this place only sets the rule up. */
  setUp?: string;
  /** rules.yaml `unprovokable`: why no request the spec gives brings the rule about here. */
  unprovokable?: string;
}

/** The places a rule concerns, in `concerns` order, each operation with forms once per form. */
export function placesOf(rule: Pick<Rule, 'concerns' | 'setUp' | 'unprovokable'>): RulePlace[] {
  return rule.concerns.flatMap((name) => {
    const setUp = rule.setUp?.[name];
    const unprovokable = rule.unprovokable?.[name];
    const forms = FORMS[name];
    const places = forms ? forms.map((form) => `${name} ${form}`) : [name];
    return places.map((place) => ({ place, ...(setUp ? { setUp } : {}), ...(unprovokable ? { unprovokable } : {}) }));
  });
}

const RULES_PATH = join(ROOT, 'spec', 'rules.yaml');

export const catalogue: readonly Rule[] = (readYamlFile(RULES_PATH) as { rules: Rule[] }).rules;

/** The rule of an id; an unknown id is a harness error, never a verdict. */
export function ruleById(id: string): Rule {
  const found = catalogue.find((r) => r.id === id);
  if (!found) throw new Error(`rule ${id} is not in spec/rules.yaml`);
  return found;
}

/** The capabilities a target needs for every one of the rules, in catalogue order of first need. */
export function needsOf(ruleIds: readonly string[]): Need[] {
  return [...new Set(ruleIds.flatMap((id) => ruleById(id).needs ?? []))];
}
