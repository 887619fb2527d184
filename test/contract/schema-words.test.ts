// Schema errors in the harness's words: what was expected, never the validator's own sentence.
import { expect, test } from '@playwright/test';
import { createAjv } from '../../spec/ajv';
import { expectedBy } from '../../spec/schema-words';

// The harness's own validator, as every check uses it.
const ajv = createAjv();
const CASES: [string, Record<string, unknown>, unknown, string][] = [
  [
    'a removed field',
    { type: 'object', properties: { providerName: { not: {} } } },
    { providerName: 'x' },
    'the member absent (a removed field)',
  ],
  [
    'a missing member',
    { type: 'object', required: ['lockerId'], properties: { lockerId: { type: 'string' } } },
    {},
    'member lockerId',
  ],
  ['another type', { type: ['string', 'null'] }, 4, 'a string or a null'],
  ['an integer', { type: 'integer' }, 'x', 'an integer'],
  ['a listed value', { enum: ['A', 'B'] }, 'C', 'one of "A", "B"'],
  ['a format', { type: 'string', format: 'date-time' }, 'x', 'a date-time'],
  ['a pattern', { type: 'string', pattern: '^[A-Z]{3}$' }, 'x', 'text matching ^[A-Z]{3}$'],
  ['an array length', { type: 'array', minItems: 1 }, [], 'at least 1 items'],
];

for (const [given, schema, value, want] of CASES) {
  test(`schema words: ${given}`, () => {
    const validate = ajv.compile(schema);
    expect(validate(value)).toBe(false);
    const error = validate.errors!.find((e) => e.keyword !== 'if')!;
    expect(expectedBy(error)).toBe(want);
    expect(expectedBy(error)).not.toMatch(/must/);
  });
}
