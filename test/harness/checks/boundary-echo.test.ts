// The boundary pass's echo in the list (harness/checks/boundary-findings.ts): given an accepted request of edge
// values, its answer and the record a later list read shows, want whether the list shows each echoed string as
// the answer did. The answer's own differences from what was sent are judged at the answer, and lon/lat's exact
// numbers (a should) there only; a list read settles on this, and a record listed otherwise fails LCK-CREATE-ECHO.
import { expect, test } from '@playwright/test';
import { listedAsAnswered } from '../../../harness/checks/boundary-findings';
import type { Exchange } from '../../../harness/http/exchange';
import type { Edge } from '../../../generators';

const long = 'x'.repeat(1000);
const body = { carrier: { lockerName: long, lockerId: 'L-1' }, location: { lon: 1.5, city: 'Köln' } };
const edge = (pointer: string, extra: Partial<Edge> = {}): Edge => ({ pointer, value: null, label: 'edge', ...extra });
const sent = (edges: Edge[], answer: unknown = body) => ({ edges, body, exchange: { body: answer } as Exchange });
const name = [edge('/carrier/lockerName')];
const cut = { carrier: { lockerName: long.slice(0, 255) } };

const rows: [string, ReturnType<typeof sent>, unknown, boolean][] = [
  ['the record as answered', sent(name), body, true],
  ['a long name cut at 255', sent(name), cut, false],
  ['a name not listed at all', sent(name), {}, false],
  [
    'a city in another Unicode form (NFD)',
    sent([edge('/location/city')]),
    { location: { city: 'Köln'.normalize('NFD') } },
    false,
  ],
  ['the answer already cut: judged at the answer, not again', sent(name, cut), cut, true],
  [
    'lon as another number: a should, judged at the answer only',
    sent([edge('/location/lon')]),
    { location: { lon: 1.50001 } },
    true,
  ],
  ['a member that is not echoed (metadata)', sent([edge('/metadata/0/value')]), {}, true],
  ['an edge left out', sent([edge('/carrier/lockerName', { omitted: true })]), {}, true],
  ['a null the schema does not give', sent([edge('/carrier/lockerName', { refusable: true })]), {}, true],
];

for (const [title, given, listed, want] of rows)
  test(`listedAsAnswered: ${title}`, () => expect(listedAsAnswered(given, listed)).toBe(want));
