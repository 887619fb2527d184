// Recorded traffic for the judge's own tests: HAR entries of the service and of the webhook endpoint,
// written as a recorder writes them (base64 bodies, a clock that runs on), and the files holding them.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HarEntry } from '../../harness/traffic/har/har-stream';
import { trafficCertificate } from '../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../harness/traffic/judge-traffic';

export const BASE = 'https://cis.example/v1';
export const KEY = 'live-key-3f9a1c77e2';
/** The recording's entries are a second apart: this judges a service whose lists never lag (the settle time is
 * whole-list.ts's). */
export const NO_LAG = 0;

/** A first-mile trigger's body about a parcel, as the carrier's mock receives it. */
export const triggerBody = (parcel: string, event: string) => ({
  parcel_id: parcel,
  provider_locker_id: 'PL-1',
  event_type: event,
  carrier_name: 'CARRIER_NAME_1',
  provider_name: 'PROVIDER_NAME_1',
  shipment_type: 'FIRST_MILE',
});

let clock = Date.parse('2026-01-05T10:00:00Z');

/** The recording's clock now: each entry written advances it by a second. */
export const now = () => clock;

export function entry(
  method: string,
  path: string,
  status: number,
  answer: unknown,
  options: { body?: unknown; key?: string | null; base?: string } = {},
): HarEntry & Record<string, unknown> {
  const key = options.key === undefined ? KEY : options.key;
  clock += 1000;
  return {
    _resourceType: 'fetch',
    startedDateTime: new Date(clock).toISOString(),
    time: 12,
    request: {
      method,
      url: `${options.base ?? BASE}${path}`,
      headers: [
        { name: 'Accept', value: 'application/json' },
        ...(key === null ? [] : [{ name: 'X-API-Key', value: key }]),
      ],
      ...(options.body === undefined
        ? {}
        : { postData: { mimeType: 'application/json', text: JSON.stringify(options.body) } }),
    },
    response: {
      status,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      content: {
        size: JSON.stringify(answer).length,
        mimeType: 'application/json',
        encoding: 'base64',
        text: Buffer.from(JSON.stringify(answer)).toString('base64'),
      },
    },
  };
}

/** A webhook delivery with `body` as the carrier's endpoint received it. */
export const delivery = (body: object) =>
  entry('POST', '/carrier-1', 200, { received: 1 }, { base: 'https://hooks.example', key: null, body });

export const har = (entries: unknown[]) =>
  JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      pages: [{ id: 'p', title: '{"not": [an entry' }],
      entries,
    },
  });

export function file(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'cc-traffic-')), 'traffic.har');
  writeFileSync(path, text);
  return path;
}

export const create = {
  carrier: { lockerName: 'North', lockerId: 'C-1', activationDate: '2026-01-01T00:00:00Z' },
  provider: { name: 'P1', lockerModel: 'M', lockerVersion: '1' },
  location: {
    street: 'S',
    streetNumber: '1',
    postalCode: '1000',
    city: 'Town',
    lon: 4.5,
    lat: 50.8,
    countryCode: 'BE',
  },
};
export const record = {
  uid: '100',
  ...create,
  carrier: { ...create.carrier, status: 'ACTIVE' },
  provider: { ...create.provider, status: 'ACTIVE' },
};

/** An accepted BOOKING by lockerUid of parcel `id` into locker 100 (§4.6), as a carrier's client sends it. */
export const bookingEntry = (id: string, key?: string) =>
  entry(
    'POST',
    '/parcels/data',
    200,
    { status: 'BOOKED', message: 'ok', timestamp: '2026-01-05T10:00:00Z' },
    {
      ...(key === undefined ? {} : { key }),
      body: {
        eventType: 'BOOKING',
        lockerUid: '100',
        carrierParcelId: id,
        allocationType: 'HARD_RESERVATION',
        requiresAccessibleCompartment: false,
        weight: 100,
        dimensions: { depth: 1, height: 1, width: 1 },
        consignee: null,
      },
    },
  );

/** The report's rules of `judge` on recorded traffic and deliveries, a push waited for 500 ms, lists never lagging. */
export async function judgedRules(traffic: unknown[], deliveries: unknown[]) {
  const t = await judgeTraffic({
    traffic: file(har(traffic)),
    webhooks: file(har(deliveries)),
    webhookWaitMs: 500,
    listSettleMs: 0,
  });
  return trafficCertificate(t, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules;
}
