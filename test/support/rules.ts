// spec/rules.yaml as typed data, for the tests that hold the catalogue and the document together.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';

export interface Rule {
  id: string;
  section: string;
  statement: string;
  level: 'must' | 'observe';
  concerns: string[];
  observable: string;
  needs?: string[];
}

export function loadRules(): Rule[] {
  const text = readFileSync(join(__dirname, '..', '..', 'spec', 'rules.yaml'), 'utf8');
  return (YAML.parse(text) as { rules: Rule[] }).rules;
}
