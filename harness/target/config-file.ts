// The config file a pipeline keeps next to its code: carrier-conformance.yaml in the working directory,
// or the file --config / CIS_CONFIG names. Its keys are the flags' names (base-url, env, profile…) and
// hold what the CIS_* variables hold; `profile` is a path or the target profile itself. It is read
// into those variables, below .env and the environment, so everything after it judges it as it
// judges them; a problem with a value it gave names its key and the file (attributed below).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';
import { VARIABLE_FLAGS } from '../cli/variable-flags';
import { ConfigError } from './config-error';
import { suggestion } from './nearest';

export const CONFIG_FILE = 'carrier-conformance.yaml';

/** Key → variable: every flag that sets a variable, and the two switches. */
export const CONFIG_KEYS: Record<string, string> = {
  ...VARIABLE_FLAGS,
  strict: 'CIS_STRICT',
  'full-scope': 'CIS_FULL_SCOPE',
};

/** Set by the command: the variables the config file gave, so later problems name its keys. */
const FROM_FILE = 'CIS_CONFIG_GAVE';
const PATH_KEYS = new Set(['profile', 'baseline']);

/** The file to read: the one named (it must exist), else carrier-conformance.yaml where the command runs. */
export function configFilePath(env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  const named = env['CIS_CONFIG']?.trim();
  if (named) {
    const file = resolve(cwd, named);
    const what = `give the path of a ${CONFIG_FILE}, or run carrier-conformance init to write one`;
    if (!existsSync(file)) throw new ConfigError([`CIS_CONFIG (--config): no file at ${file}; ${what}`]);
    return file;
  }
  const file = resolve(cwd, CONFIG_FILE);
  return existsSync(file) ? file : undefined;
}

/** An inline profile, written where readProfile can read it (one file per distinct profile). */
function profileFile(profile: object): string {
  const text = JSON.stringify(profile, null, 2);
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 12);
  const file = join(tmpdir(), `carrier-conformance-profile-${digest}.json`);
  writeFileSync(file, text);
  return file;
}

/** The file's values as the variables they stand for. */
export function readConfigFile(file: string): Record<string, string> {
  let data: unknown;
  try {
    data = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const where = (error as { linePos?: { line: number }[] }).linePos?.[0]?.line;
    const reason = (error as Error).message.split('\n')[0];
    throw new ConfigError([`${file}${where ? ` line ${where}` : ''}: not YAML (${reason}); see docs/configuration.md`]);
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    const got = Array.isArray(data) ? 'list' : typeof data;
    throw new ConfigError([
      `${file}: expected key: value lines (e.g. base-url: https://staging.example/v1), got a ${got}`,
    ]);
  }
  const problems: string[] = [];
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    const variable = CONFIG_KEYS[key];
    if (!variable) {
      problems.push(`${file}: unknown key ${key}${suggestion(key, Object.keys(CONFIG_KEYS), 'keys')}`);
      continue;
    }
    if (value === null) continue;
    if (key === 'profile' && typeof value === 'object' && !Array.isArray(value)) {
      values[variable] = profileFile(value);
      continue;
    }
    if (typeof value === 'object') {
      const expected = key === 'profile' ? "a path or the profile's members" : 'one value';
      problems.push(`${file}: ${key}: expected ${expected}, got a ${Array.isArray(value) ? 'list' : 'mapping'}`);
      continue;
    }
    const text = typeof value === 'boolean' && variable !== 'CIS_LOCKER_POOL' ? (value ? '1' : '0') : String(value);
    // Paths in the file are the file's: relative to where it lies, not to where the command runs.
    values[variable] = PATH_KEYS.has(key) ? resolve(dirname(file), text) : text;
  }
  if (problems.length) throw new ConfigError(problems);
  return values;
}

/** The config file's values under the environment given (which holds .env's and the shell's). */
export function withConfigFile(env: NodeJS.ProcessEnv, cwd: string): NodeJS.ProcessEnv {
  if (env[FROM_FILE] !== undefined) return env;
  const file = configFilePath(env, cwd);
  // Marked read, so that the run's own processes (cwd: the package) do not look again.
  if (!file) return { ...env, [FROM_FILE]: '' };
  const fromFile = readConfigFile(file);
  const gave = Object.keys(fromFile).filter((variable) => env[variable] === undefined);
  return { ...fromFile, ...env, CIS_CONFIG: file, [FROM_FILE]: gave.join(',') };
}

/** A problem with a value the config file gave, said in the file's words: its path and key. */
export function attributed(problem: string, env: NodeJS.ProcessEnv): string {
  const gave = (env[FROM_FILE] ?? '').split(',');
  const variable = /^(CIS_[A-Z0-9_]+): /.exec(problem)?.[1];
  if (!variable || !gave.includes(variable)) return problem;
  const key = Object.keys(CONFIG_KEYS).find((k) => CONFIG_KEYS[k] === variable)!;
  const what = problem.slice(variable.length + 2);
  return `${env['CIS_CONFIG']}: ${key}: ${what} (or override it with --${key} or ${variable})`;
}
