// The one error bad configuration stops a run with: every problem at once, each naming the setting,
// what is wrong and what to do.
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`carrier-conformance cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}
