// A rule holds in every place the spec makes it hold: a near miss of a real key refused as any
// wrong key, or 403 where §7 lists no 401 (the independent choices), and a fault that takes one.
import { connect } from 'node:net';
import { test as base, expect } from '@playwright/test';
import { CHOICE_SETS } from '../../reference/choices';
import { DEFAULT_CARRIERS } from '../../reference/options';
import type { ReferenceHandle } from '../../reference/server';
import { book } from '../support/bodies';
import { KEY, withReference } from '../support/reference';

/** The status a request with this X-API-Key header (or none) gets. */
async function statusWithKey(
  reference: ReferenceHandle,
  path: string,
  key: string | undefined,
  method = 'GET',
): Promise<number> {
  const response = await fetch(`${reference.baseUrl}/${path}`, {
    method,
    headers: key === undefined ? {} : { 'x-api-key': key },
  });
  await response.arrayBuffer();
  return response.status;
}

const NEAR_MISSES = [`${KEY}x`, KEY.slice(0, -1), KEY.slice(0, 8), KEY.toUpperCase()];

base.describe('near misses of a real key', () => {
  base('the default refuses each near miss as any wrong key (401)', async () => {
    await withReference({}, async ({ reference }) => {
      for (const key of [undefined, 'wrong', ...NEAR_MISSES]) {
        expect(await statusWithKey(reference, 'lockers', key), String(key)).toBe(401);
        expect(await statusWithKey(reference, 'parcels', key), String(key)).toBe(401);
      }
    });
  });

  base(
    "fault partial-key-compare: the key with a character appended is taken as that carrier's; other near " +
      'misses are refused',
    async () => {
      await withReference({ faults: ['partial-key-compare'] }, async ({ reference, api }) => {
        const sent = await book(api, '900001');
        const response = await fetch(`${reference.baseUrl}/parcels`, { headers: { 'x-api-key': `${KEY}x` } });
        expect(response.status).toBe(200);
        expect(((await response.json()) as { carrierParcelId: string }[]).map((p) => p.carrierParcelId)).toContain(
          sent.carrierParcelId,
        );
        expect(await statusWithKey(reference, 'parcels', `${DEFAULT_CARRIERS[1]!.apiKey}-and-more`)).toBe(200);
        for (const key of [undefined, 'wrong', KEY.slice(0, -1), KEY.toUpperCase()])
          expect(await statusWithKey(reference, 'parcels', key), String(key)).toBe(401);
      });
    },
  );

  base(
    'the independent choices answer a near miss 403 where §7 lists no 401; a missing or unrelated key is ' +
      '401, and 401 stays where §7 lists it',
    async () => {
      expect(CHOICE_SETS.independent.nearMissKeyStatus).toBe(403);
      await withReference({ choices: 'independent' }, async ({ reference }) => {
        for (const key of NEAR_MISSES) {
          expect(await statusWithKey(reference, 'lockers', key), key).toBe(403);
          expect(await statusWithKey(reference, 'lockers/providers', key), key).toBe(403);
          expect(await statusWithKey(reference, 'parcels', key), key).toBe(401);
          expect(await statusWithKey(reference, 'lockers/100001', key, 'PATCH'), key).toBe(401);
        }
        const body = await (
          await fetch(`${reference.baseUrl}/lockers`, { headers: { 'x-api-key': `${KEY}x` } })
        ).json();
        expect(body).toEqual({ errorCode: 'FORBIDDEN', message: expect.any(String) });
        for (const key of [undefined, 'wrong', '', 'carrier-conformance-wrong-key'])
          expect(await statusWithKey(reference, 'lockers', key), String(key)).toBe(401);
        expect(await statusWithKey(reference, 'lockers', KEY)).toBe(200);
      });
    },
  );

  base(
    "a key with whitespace around it reaches the service trimmed (HTTP drops a field value's surrounding " +
      'whitespace), so it is the key',
    async () => {
      await withReference({ choices: 'independent' }, async ({ reference }) => {
        // Written on a socket: fetch would trim the value itself before sending it.
        const statusLine = await new Promise<string>((resolve, reject) => {
          const socket = connect(reference.port, '127.0.0.1');
          let answer = '';
          socket.on('data', (chunk) => (answer += chunk.toString()));
          socket.on('end', () => resolve(answer.split('\r\n')[0]!));
          socket.on('error', reject);
          socket.write(
            `GET ${new URL(reference.baseUrl).pathname}/lockers HTTP/1.1\r\nHost: reference\r\nX-API-Key:  ` +
              `\t${KEY} \t\r\nConnection: close\r\n\r\n`,
          );
        });
        expect(statusLine).toBe('HTTP/1.1 200 OK');
      });
    },
  );
});
