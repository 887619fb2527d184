// Which rules `--rules` (CIS_RUN_RULES) selects: ids or patterns with *, separated by commas.

export function ruleSelector(patterns: string | undefined): ((id: string) => boolean) | undefined {
  if (!patterns) return undefined;
  const regexes = patterns
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`));
  return (id) => regexes.some((r) => r.test(id));
}

/**
 * The patterns no rule id of `ids` matches, said in one sentence with what ids look like; undefined when
 * each matches one. A pattern that matches nothing would otherwise run no test at all ("No tests found").
 */
export function unmatchedRules(patterns: string[], ids: readonly string[]): string | undefined {
  const unmatched = patterns.filter((p) => !ids.some(ruleSelector(p)!));
  if (!unmatched.length) return undefined;
  const prefixes = [...new Set(ids.map((id) => id.split('-')[0]!))];
  return (
    `--rules: ${unmatched.map((p) => `"${p}"`).join(', ')} ${unmatched.length > 1 ? 'match' : 'matches'} no ` +
    `rule of spec/rules.yaml; ids look like ${ids[0]} or ${prefixes[1] ?? prefixes[0]}-*, with the prefixes ` +
    `${prefixes.join(', ')} (npm run rule -- ID describes one)`
  );
}
