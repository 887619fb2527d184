// The boundary pass's echo (harness/checks/boundary-findings.ts): given an accepted request of edge values
// and a record (the answer's, or the list's), want whether every echoed edge shows as sent. A list read
// settles on it, and a record the list shows otherwise fails LCK-CREATE-ECHO.
import { expect, test } from '@playwright/test';
import { echoedAsSent } from '../../harness/checks/boundary-findings';
import type { Exchange } from '../../harness/http/exchange';
import type { Edge } from '../../generators';

const long = 'x'.repeat(1000);
const body = { carrier: { lockerName: long, lockerId: 'L-1' }, location: { lon: 1.5, city: 'Köln' } };
const edge = (pointer: string, extra: Partial<Edge> = {}): Edge => ({ pointer, value: null, label: 'edge', ...extra });
const sent = (edges: Edge[]) => ({ edges, body, exchange: { body } as unknown as Exchange });

const rows: [string, Edge[], unknown, boolean][] = [
  ['the record as sent', [edge('/carrier/lockerName')], body, true],
  ['a long name cut at 255', [edge('/carrier/lockerName')], { carrier: { lockerName: long.slice(0, 255) } }, false],
  ['a name not listed at all', [edge('/carrier/lockerName')], {}, false],
  ['lon as another number', [edge('/location/lon')], { location: { lon: 1.50001 } }, false],
  ['a city in another form (NFD)', [edge('/location/city')], { location: { city: 'Köln'.normalize('NFD') } }, false],
  ['a member that is not echoed (metadata)', [edge('/metadata/0/value')], {}, true],
  ['an edge left out', [edge('/carrier/lockerName', { omitted: true })], {}, true],
  ['a null the schema does not give', [edge('/carrier/lockerName', { refusable: true })], {}, true],
];

for (const [name, edges, record, want] of rows)
  test(`echoedAsSent: ${name}`, () => expect(echoedAsSent(sent(edges), record)).toBe(want));
