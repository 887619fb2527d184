// The wire forms a conformant client may write (generators/wire.ts): every one is the same JSON value
// as the plain form, and each dimension writes what it says.
import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import { fromSchema } from '../../generators';
import { describeWire, numberPointers, wireForms, writeJson, type WireForm } from '../../generators/wire';

const PLAIN: WireForm = {
  whitespace: 'none',
  order: 'as built',
  shuffle: 0,
  escapes: 'none',
  numbers: 'plain',
  contentType: 'application/json',
  keyHeader: 'x-api-key',
  accept: 'application/json',
  framing: 'length',
};
const form = (part: Partial<WireForm>): WireForm => ({ ...PLAIN, ...part });

test('every wire form of every create and publish body reads back as the same JSON value', () => {
  for (const schema of ['LockerCreateRequest', 'LockerUpdateRequest', 'PublishByLockerUidRequest', 'TriggerRequest']) {
    const numbers = numberPointers(schema);
    fc.assert(
      fc.property(fromSchema(schema, true), wireForms, (body, wire) =>
        expect(JSON.parse(writeJson(body, wire, numbers))).toEqual(JSON.parse(JSON.stringify(body))),
      ),
      { numRuns: 200, seed: 45 },
    );
  }
});

test('numberPointers: the members whose type is number, not integer', () => {
  expect([...numberPointers('LockerCreateRequest')].sort()).toEqual(['/location/lat', '/location/lon']);
  expect([...numberPointers('PublishByLockerUidRequest')]).toEqual([]);
});

const body = { name: 'Zoë/1', lat: 52.1, count: 3, list: [1, { b: true, a: null }] };
const numbers = new Set(['/lat']);
const table: [string, WireForm, string][] = [
  ['the plain form is JSON.stringify', PLAIN, JSON.stringify(body)],
  [
    'spaces between every token',
    form({ whitespace: 'spaces' }),
    '{  "name"  :  "Zoë/1",  "lat"  :  52.1,  "count"  :  3,  "list"  :  [  1,  {  "b"  :  true,  "a"  :  ' +
      'null  }  ]  }',
  ],
  [
    'members reversed, at every depth',
    form({ order: 'reversed' }),
    '{"list":[1,{"a":null,"b":true}],"count":3,"lat":52.1,"name":"Zoë/1"}',
  ],
  [
    'non-ASCII escaped',
    form({ escapes: 'non-ASCII' }),
    '{"name":"Zo\\u00eb/1","lat":52.1,"count":3,"list":[1,{"b":true,"a":null}]}',
  ],
  [
    'the solidus escaped',
    form({ escapes: 'solidus' }),
    '{"name":"Zoë\\/1","lat":52.1,"count":3,"list":[1,{"b":true,"a":null}]}',
  ],
  [
    'a number member with a trailing zero, integers untouched',
    form({ numbers: 'trailing zero' }),
    '{"name":"Zoë/1","lat":52.10,"count":3,"list":[1,{"b":true,"a":null}]}',
  ],
  [
    'a number member with an exponent',
    form({ numbers: 'exponent' }),
    '{"name":"Zoë/1","lat":5.21E+1,"count":3,"list":[1,{"b":true,"a":null}]}',
  ],
];
for (const [given, wire, want] of table) {
  test(`writeJson: ${given}`, () => {
    expect(writeJson(body, wire, numbers)).toBe(want);
    expect(JSON.parse(writeJson(body, wire, numbers))).toEqual(body);
  });
}

test('describeWire names each freedom taken, and none for the plain form', () => {
  expect(describeWire(PLAIN)).toEqual([]);
  expect(
    describeWire(form({ contentType: 'application/JSON', accept: null, keyHeader: 'X-API-KEY', framing: 'chunked' })),
  ).toEqual(['Content-Type: application/JSON', 'key header named X-API-KEY', 'no Accept', 'body framed chunked']);
});
