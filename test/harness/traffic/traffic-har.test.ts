// `carrier-conformance judge` reading a recording: entries read one by one whatever the chunks, a broken
// file one error naming the entry, and requests mapped to the document's operations.
import { expect, test } from '@playwright/test';
import { HarEntryScanner, HarError, readHarEntries, type HarEntry } from '../../../harness/traffic/har/har-stream';
import { BASE, entry, file, har } from '../../support/traffic-entries';
import { OperationMap } from '../../../harness/traffic/recorded/operation-map';

test(
  'entries are read one by one whatever the chunks, strings with braces and escapes included, and _ fields ' +
    'ignored',
  () => {
    const entries = [
      entry('GET', '/lockers', 200, [{ note: 'a } and a { and a \\" and ü' }]),
      entry('GET', '/parcels', 200, []),
    ];
    const bytes = Buffer.from(har(entries));
    for (const size of [1, 7, 4096]) {
      const seen: HarEntry[] = [];
      const scanner = new HarEntryScanner('t.har');
      for (let i = 0; i < bytes.length; i += size) scanner.push(bytes.subarray(i, i + size), (e) => seen.push(e));
      scanner.end();
      expect(seen).toEqual(JSON.parse(har(entries)).log.entries);
    }
  },
);

test('a file cut off or of another kind is one error naming where it broke', async () => {
  const text = har([entry('GET', '/lockers', 200, []), entry('GET', '/lockers', 200, [])]);
  const cut = file(text.slice(0, text.length - 80));
  await expect(readHarEntries(cut, () => undefined)).rejects.toThrow(
    /entry 1 \(byte \d+\) is cut off: the file ends inside it/,
  );
  await expect(readHarEntries(file('{"rules": []}'), () => undefined)).rejects.toThrow(
    /not a HAR file: no log.entries array/,
  );
  await expect(readHarEntries(file('<html>'), () => undefined)).rejects.toThrow(HarError);
  await expect(readHarEntries(file(har([{ request: {} }])), () => undefined)).rejects.toThrow(
    /entry 0 .* is no HAR entry/,
  );
});

test(
  'requests map to operations under the base learnt from the first, literal paths before templates; other ' +
    'hosts and paths are told apart',
  () => {
    const map = new OperationMap();
    expect(map.map('PATCH', `${BASE}/lockers/status`)).toMatchObject({
      op: { operationId: 'updateLockerStatus' },
      base: BASE,
    });
    expect(map.map('PATCH', `${BASE}/lockers/100%2F1`)).toMatchObject({
      op: { operationId: 'updateLocker' },
      params: { uid: '100/1' },
    });
    expect(map.map('GET', 'https://cdn.example/v1/lockers')).toEqual({ other: 'host', key: 'GET https://cdn.example' });
    expect(map.map('DELETE', `${BASE}/lockers/7`)).toEqual({ other: 'operation', key: 'DELETE /v1/lockers/7' });
    expect(map.map('POST', 'https://mock.example/v1/parcel/first-mile/event')).toMatchObject({
      op: { operationId: 'triggerFirstMileEvent' },
      base: 'https://mock.example/v1',
    });
  },
);
