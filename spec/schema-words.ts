// What a schema error expected, in the harness's words: every message a report shows about a body
// that broke its schema reads "expected …, got …", never the validator's own wording ("must NOT be valid").
import type { ErrorObject } from 'ajv';

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);
const kinds = (type: unknown) => String(type).split(',').map(article).join(' or ');
const values = (list: unknown) => (Array.isArray(list) ? list.map((v) => JSON.stringify(v)).join(', ') : String(list));

/** "a string or a null", "member lockerId", "the member absent (a removed field)", "one of \"A\", \"B\"". */
export function expectedBy(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'not':
      return 'the member absent (a removed field)';
    case 'required':
      return `member ${String(p['missingProperty'])}`;
    case 'type':
      return kinds(p['type']);
    case 'enum':
      return `one of ${values(p['allowedValues'])}`;
    case 'const':
      return JSON.stringify(p['allowedValue']);
    case 'format':
      return article(String(p['format']));
    case 'pattern':
      return `text matching ${String(p['pattern'])}`;
    case 'minItems':
      return `at least ${String(p['limit'])} items`;
    case 'maxItems':
      return `at most ${String(p['limit'])} items`;
    case 'minLength':
      return `at least ${String(p['limit'])} characters`;
    case 'maxLength':
      return `at most ${String(p['limit'])} characters`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `a number ${String(p['comparison'])} ${String(p['limit'])}`;
    case 'additionalProperties':
      return `no member ${String(p['additionalProperty'])}`;
    case 'uniqueItems':
      return 'items that are all different';
    default:
      return `a value the document allows there (${error.keyword})`;
  }
}
