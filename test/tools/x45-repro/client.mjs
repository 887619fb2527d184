/* global process, fetch, setTimeout */
// What the x45- reproductions (../x45-repro.mjs) share: `npm run reference` started and stopped, a webhook
// receiver, a keyed call, and request bodies.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const KEY1 = 'reference-key-carrier-1';
export const KEY2 = 'reference-key-carrier-2';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A webhook receiver: records every delivery; `answer(n, body)` gives the status of the nth (from 0). */
export async function receiver(answer = () => 200) {
  const deliveries = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        body = { unparsable: text };
      }
      const status = answer(deliveries.length, body);
      deliveries.push({ at: Date.now(), url: req.url, body, status });
      res.writeHead(status).end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    deliveries,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** Starts the reference with `npm run reference`, resolving its base URLs once it has printed them. */
export async function reference(args) {
  const child = spawn('npm', ['run', 'reference', '--silent', '--', '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (c) => (err += c));
  const urls = await new Promise((resolveUrls, reject) => {
    child.stdout.on('data', (c) => {
      out += c;
      const base = /CIS_BASE_URL=(\S+)/.exec(out);
      const mock = /CIS_MOCK_BASE_URL=(\S+)/.exec(out);
      if (base && mock) resolveUrls({ base: base[1], mock: mock[1] });
    });
    child.on('exit', (code) => reject(new Error(`reference exited ${code}: ${err}`)));
  });
  return { ...urls, stop: () => process.kill(-child.pid, 'SIGTERM') };
}

export async function call(method, url, { key = KEY1, body } = {}) {
  const res = await fetch(url, {
    method,
    headers: { 'x-api-key': key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

let serial = 0;
export function lockerBody(over = {}) {
  const n = ++serial;
  return {
    carrier: {
      lockerName: `Repro locker ${n}`,
      lockerId: `REPRO-${process.pid}-${n}`,
      activationDate: '2025-06-01T10:30:00Z',
      ...over.carrier,
    },
    provider: { name: 'PROVIDER_NAME_1', lockerModel: 'M100', lockerVersion: '1.0', ...over.provider },
    location: {
      street: 'Main Street',
      streetNumber: '1',
      postalCode: '10115',
      city: 'Berlin',
      lon: 13.4,
      lat: 52.5,
      countryCode: 'DE',
    },
    ...(over.features ? { features: over.features } : {}),
    ...(over.metadata ? { metadata: over.metadata } : {}),
  };
}
export const publishBody = (over = {}) => ({
  eventType: 'BOOKING',
  lockerUid: '900001',
  carrierParcelId: `P-${process.pid}-${++serial}`,
  dimensions: { depth: 10, height: 10, width: 10 },
  ...over,
});
export const list = (b) => (Array.isArray(b) ? b : (b.items ?? b.content));
