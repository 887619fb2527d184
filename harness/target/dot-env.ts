// The CIS_* variables as a run reads them: the environment, over a .env file of the working directory,
// over the config file (config-file.ts). Flags are set over all three by the command.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './config-error';
import { withConfigFile } from './config-file';

/** KEY=VALUE lines; # comments; optional single or double quotes. */
export function parseDotEnv(text: string, file = '.env'): Record<string, string> {
  const values: Record<string, string> = {};
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(trimmed);
    if (!match) throw new ConfigError([`${file} line ${index + 1}: expected NAME=value, got "${trimmed}"`]);
    let value = match[2]!;
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2]!;
    else value = value.replace(/\s+#.*$/, '');
    values[match[1]!] = value;
  });
  return values;
}

/** The environment over the working directory's .env file, over the config file: each where there is one. */
export function environmentWithDotEnv(env: NodeJS.ProcessEnv, cwd = process.cwd()): NodeJS.ProcessEnv {
  const file = resolve(cwd, '.env');
  const merged = existsSync(file) ? { ...parseDotEnv(readFileSync(file, 'utf8'), file), ...env } : env;
  return withConfigFile(merged, cwd);
}
