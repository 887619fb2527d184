// The points where the faults of set AD change the parcel side and its webhooks: each does what the
// service does with its fault off, and the fault's behaviour with it on; its variations are set-ad-variations.ts.
// Called from parcels.ts (the publish, the by-tenant lookup, the booking's row), parcel-list.ts, cancel.ts, trigger.ts,
// spec-set-d-points.ts (the ParcelUpdates sender) and collections.ts.
import { gzipSync } from 'node:zlib';
import type { Switches } from './fault-point-state';

const COMPRESSED_FROM_BYTES = 1024;

/**
 * How a ParcelUpdates is posted. Fault sad-outbox-gzip-not-inflated: the outbox stores a payload of 1 KiB or more
 * gzip-compressed, and the relay, which reads the compressed flag the migration added with default false, posts the
 * stored bytes as they are, declared application/json, with no Content-Encoding.
 */
export function storedPayload(app: Switches, body: unknown): { raw?: Buffer } {
  if (!app.fault('sad-outbox-gzip-not-inflated')) return {};
  const text = JSON.stringify(body);
  return Buffer.byteLength(text) >= COMPRESSED_FROM_BYTES ? { raw: gzipSync(text) } : {};
}
