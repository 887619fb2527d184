// Which rules `--rules` (CIS_RUN_RULES) selects: ids or patterns with *, separated by commas.

export function ruleSelector(patterns: string | undefined): ((id: string) => boolean) | undefined {
  if (!patterns) return undefined;
  const regexes = patterns.split(',').map((p) => p.trim()).filter(Boolean).map((p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`));
  return (id) => regexes.some((r) => r.test(id));
}
