// Lockers for the pool's tests (locker-pool*.test.ts): scratch folders for the pool's files, removed by each
// file's afterAll, and locker records as the target lists them, marked for the pool or not.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Json } from '../../harness/http/json';
import { poolMark } from '../../harness/records/lockers/locker-lending';
import { POOL_KEY, type PoolKind } from '../../harness/records/lockers/locker-pool';

/** The scratch folders made: each test file's afterAll removes them. */
export const dirs: string[] = [];
export const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pool-'));
  dirs.push(dir);
  return dir;
};

export const locker = (uid: string, kind?: PoolKind, key = 'key-1'): Json => ({
  uid,
  carrier: { lockerId: `CC-${uid}` },
  provider: { name: 'PROVIDER_NAME_7' },
  metadata: kind ? [{ key: POOL_KEY, value: poolMark(kind, key) }] : [],
});

export const pooled = (uid: string, kind: PoolKind, held = 0) => ({
  kind,
  record: locker(uid, kind),
  held,
  earlier: [],
  origin: 'made' as const,
});
