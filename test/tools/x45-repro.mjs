/* global process, console, fetch, setTimeout */
// Reproductions of the twelve x45- faults (reference/faults-x45.ts). For each fault the same scenario runs
// twice against `npm run reference`: once clean, once with `--fault NAME` (CIS_REFERENCE_FAULTS works too).
// Each scenario returns a list of spec violations it saw; the fault is shown when the clean run has none
// and the faulty run has at least one.
//   node test/tools/x45-repro.mjs            all twelve
//   node test/tools/x45-repro.mjs NAME ...   only those
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const KEY1 = 'reference-key-carrier-1';
const KEY2 = 'reference-key-carrier-2';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A webhook receiver: records every delivery; `answer(n, body)` gives the status of the nth (from 0). */
async function receiver(answer = () => 200) {
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
async function reference(args) {
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

async function call(method, url, { key = KEY1, body } = {}) {
  const res = await fetch(url, {
    method,
    headers: { 'x-api-key': key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

let serial = 0;
function lockerBody(over = {}) {
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
const publishBody = (over = {}) => ({
  eventType: 'BOOKING',
  lockerUid: '900001',
  carrierParcelId: `P-${process.pid}-${++serial}`,
  dimensions: { depth: 10, height: 10, width: 10 },
  ...over,
});
const list = (b) => (Array.isArray(b) ? b : (b.items ?? b.content));

const SCENARIOS = {
  // §2.1 features: each boolean or null; §4.1 201 with the locker record.
  async 'x45-features-false-as-null'(ref) {
    const sent = { hasScreen: false, hasPinPad: true, hasPinBarcodeReader: null };
    const created = await call('POST', `${ref.base}/lockers`, { body: lockerBody({ features: sent }) });
    const listed = list((await call('GET', `${ref.base}/lockers`)).body).find((l) => l.uid === created.body.uid);
    const seen = [];
    for (const [where, record] of [
      ['create answer', created.body],
      ['list', listed],
    ]) {
      if (record.features.hasScreen !== false)
        seen.push(`${where}: features.hasScreen sent false, shown ${JSON.stringify(record.features.hasScreen)}`);
    }
    return seen;
  },
  // §4.8 Returns parcel records of the calling carrier.
  async 'x45-parcels-cache-shared-across-carriers'(ref) {
    const mine = publishBody();
    await call('POST', `${ref.base}/parcels/data`, { body: mine });
    await call('GET', `${ref.base}/parcels`, { key: KEY1 });
    const other = list((await call('GET', `${ref.base}/parcels`, { key: KEY2 })).body);
    return other
      .filter((p) => p.carrierParcelId === mine.carrierParcelId)
      .map((p) => `carrier 2's GET /parcels lists carrier 1's parcel ${p.carrierParcelId} (${p.shipmentUid})`);
  },
  // §2.3 eventType: PRE_CHECK or BOOKING (and the other listed sets).
  async 'x45-publish-enums-case-insensitive'(ref) {
    const seen = [];
    for (const [member, value] of [
      ['eventType', 'booking'],
      ['shipmentType', 'last_mile'],
      ['allocationType', 'soft_reservation'],
      ['lockStatus', 'locked'],
    ]) {
      const answer = await call('POST', `${ref.base}/parcels/data`, { body: publishBody({ [member]: value }) });
      if (answer.status < 400) seen.push(`${member} "${value}" (not a listed value) answered ${answer.status}`);
    }
    return seen;
  },
  // §4.10 lockers owned by the carrier are added; lockers not owned are silently skipped.
  async 'x45-network-add-stops-at-first-skipped'(ref) {
    const a = (await call('POST', `${ref.base}/lockers`, { body: lockerBody() })).body.uid;
    const b = (await call('POST', `${ref.base}/lockers`, { body: lockerBody() })).body.uid;
    const answer = await call('POST', `${ref.base}/networks/1001/lockers`, {
      body: { lockerUids: [Number(a), 900001, Number(b)] },
    });
    const added = answer.body.map((r) => String(r.lockerUid));
    return [a, b]
      .filter((uid) => !added.includes(uid))
      .map((uid) => `owned locker ${uid} not added (answer ${answer.status}, added ${JSON.stringify(added)})`);
  },
  // §4.6 PRE_CHECK only checks; §6 ParcelUpdates is sent when the status of a parcel changes.
  async 'x45-precheck-pushes-parcel-update'(ref, hooks) {
    const check = publishBody({ eventType: 'PRE_CHECK' });
    const answer = await call('POST', `${ref.base}/parcels/data`, { body: check });
    await sleep(800);
    const listed = list((await call('GET', `${ref.base}/parcels`)).body).filter(
      (p) => p.carrierParcelId === check.carrierParcelId,
    );
    const pushed = hooks.deliveries.filter((d) => d.body.carrierParcelId === check.carrierParcelId);
    return pushed.map(
      (d) =>
        `PRE_CHECK (answered ${answer.status} ${answer.body.status}) pushed ParcelUpdates ` +
        `${d.body.shipmentUid} ${d.body.shipmentStatus}; GET /parcels lists ${listed.length} parcel(s) with ` +
        `that id`,
    );
  },
  // §6 LockerUpdates body: locker record plus eventTimestamp (the first attempt is answered 500).
  async 'x45-webhook-retry-double-encoded'(ref, hooks) {
    const created = await call('POST', `${ref.base}/lockers`, { body: lockerBody() });
    await sleep(1500);
    const seen = [];
    hooks.deliveries.forEach((d, i) => {
      const ok =
        d.body !== null && typeof d.body === 'object' && d.body.uid === created.body.uid && 'eventTimestamp' in d.body;
      if (!ok)
        seen.push(
          `delivery ${i} (after ${i} answers of 500) body is ` +
            `${typeof d.body === 'string' ? 'a JSON string: ' + d.body.slice(0, 60) + '...' : JSON.stringify(d.body).slice(0, 80)}`,
        );
    });
    if (hooks.deliveries.length < 2) seen.push(`only ${hooks.deliveries.length} deliveries: no retry seen`);
    return seen;
  },
  // §4.2 the query parameter providerName.
  async 'x45-provider-filter-like-wildcards'(ref) {
    await call('POST', `${ref.base}/lockers`, { body: lockerBody({ provider: { name: 'PROVIDER-NAME-1' } }) });
    const seen = [];
    for (const filter of ['PROVIDER_NAME_1', 'PROVIDER_NAME_%']) {
      const shown = list((await call('GET', `${ref.base}/lockers?providerName=${encodeURIComponent(filter)}`)).body);
      for (const l of shown)
        if (l.provider.name !== filter)
          seen.push(`providerName=${filter} lists locker ${l.uid} of provider ${l.provider.name}`);
    }
    return seen;
  },
  // §1 list the locker model and version pairs that exist per provider; §4.4.
  async 'x45-providers-one-version-per-provider'(ref) {
    const pairs = list((await call('GET', `${ref.base}/lockers/providers`)).body).map(
      (p) => `${p.providerName}/${p.lockerModel}/${p.lockerVersion}`,
    );
    const inUse = new Set(
      list((await call('GET', `${ref.base}/lockers`)).body).map(
        (l) => `${l.provider.name}/${l.provider.lockerModel}/${l.provider.lockerVersion}`,
      ),
    );
    return [...inUse]
      .filter((p) => !pairs.includes(p))
      .map((p) => `pair ${p} of a listed locker is not among the ${pairs.length} pairs GET /lockers/providers lists`);
  },
  // §6 CollectionNotification informs the carrier which lockers hold parcels to be picked up.
  async 'x45-collection-after-courier-collected'(ref, hooks) {
    const locker = (await call('POST', `${ref.base}/lockers`, { body: lockerBody() })).body;
    const event = (event_type) =>
      call('POST', `${ref.mock}/parcel/first-mile/event`, {
        body: {
          parcel_id: `FM-${process.pid}`,
          provider_locker_id: locker.provider.lockerUid,
          event_type,
          carrier_name: 'CARRIER_NAME_1',
          provider_name: 'PROVIDER_NAME_1',
          shipment_type: 'FIRST_MILE',
        },
      });
    for (const e of ['BOOKING_CREATED', 'CONSIGNEE_DELIVERED']) await event(e);
    await sleep(700);
    const whileWaiting = hooks.deliveries.filter(
      (d) => d.body.carrierLockerId === locker.carrier.lockerId && 'courierAccessCode' in d.body,
    ).length;
    const collected = await event('COURIER_COLLECTED');
    const after = Date.now() + 100;
    await sleep(1600);
    const named = hooks.deliveries.filter(
      (d) => d.at > after && d.body.carrierLockerId === locker.carrier.lockerId && 'courierAccessCode' in d.body,
    );
    const seen = named.map(
      (d) =>
        `CollectionNotification names ${d.body.carrierLockerId} at ${new Date(d.at).toISOString()}, after ` +
        `COURIER_COLLECTED (answered ${collected.status}) emptied it`,
    );
    if (whileWaiting === 0) seen.push('no CollectionNotification while the parcel waited: scenario not set up');
    return seen;
  },
  // §4.3 200 with the locker record (the update's metadata applied).
  async 'x45-update-empty-metadata-ignored'(ref) {
    const created = (
      await call('POST', `${ref.base}/lockers`, { body: lockerBody({ metadata: [{ key: 'colour', value: 'green' }] }) })
    ).body;
    const updated = await call('PATCH', `${ref.base}/lockers/${created.uid}`, { body: { metadata: [] } });
    const listed = list((await call('GET', `${ref.base}/lockers`)).body).find((l) => l.uid === created.uid);
    const seen = [];
    if (updated.body.metadata.length)
      seen.push(`update sent metadata [], answered ${updated.status} with ${JSON.stringify(updated.body.metadata)}`);
    if (listed.metadata.length) seen.push(`list then shows metadata ${JSON.stringify(listed.metadata)}`);
    return seen;
  },
  // §2.1 carrier.activationDate string, date-time; §4.1 201 with the locker record.
  async 'x45-activation-date-truncated-to-day'(ref) {
    const body = lockerBody();
    const created = (await call('POST', `${ref.base}/lockers`, { body })).body;
    const listed = list((await call('GET', `${ref.base}/lockers`)).body).find((l) => l.uid === created.uid);
    const seen = [];
    for (const [where, record] of [
      ['create answer', created],
      ['list', listed],
    ]) {
      if (Date.parse(record.carrier.activationDate) !== Date.parse(body.carrier.activationDate))
        seen.push(
          `${where}: activationDate sent ${body.carrier.activationDate}, shown ${record.carrier.activationDate}`,
        );
    }
    return seen;
  },
  // §2.4 consignee of the parcel; §4.6 with BOOKING a locker booking is created.
  async 'x45-consignee-shared-object'(ref) {
    const alice = publishBody({ consignee: { name: 'Alice', email: 'alice@example.com' } });
    const bob = publishBody({ consignee: { name: 'Bob', email: 'bob@example.com' } });
    await call('POST', `${ref.base}/parcels/data`, { body: alice });
    await call('POST', `${ref.base}/parcels/data`, { body: bob });
    const listed = list((await call('GET', `${ref.base}/parcels`)).body).find(
      (p) => p.carrierParcelId === alice.carrierParcelId,
    );
    return listed.consignee?.name === 'Alice'
      ? []
      : [
          `parcel ${alice.carrierParcelId} booked for Alice is listed with consignee ` +
            `${JSON.stringify(listed.consignee)}`,
        ];
  },
};

/** Webhook receivers and flags each scenario needs. */
const SETUP = {
  'x45-precheck-pushes-parcel-update': { hooks: () => receiver() },
  'x45-webhook-retry-double-encoded': { hooks: () => receiver((n) => (n === 0 ? 500 : 200)) },
  'x45-collection-after-courier-collected': { hooks: () => receiver(), args: ['--collection-period-ms', '300'] },
};

async function runOnce(name, faulty) {
  const setup = SETUP[name] ?? {};
  const hooks = setup.hooks ? await setup.hooks() : undefined;
  const ref = await reference([
    ...(faulty ? ['--fault', name] : []),
    ...(hooks ? ['--webhook-url', hooks.url] : []),
    ...(setup.args ?? []),
  ]);
  try {
    return await SCENARIOS[name](ref, hooks);
  } finally {
    ref.stop();
    await hooks?.close();
  }
}

const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SCENARIOS);
let failed = 0;
for (const name of names) {
  const clean = await runOnce(name, false);
  const faulty = await runOnce(name, true);
  const shown = clean.length === 0 && faulty.length > 0;
  if (!shown) failed++;
  console.log(`${shown ? 'SHOWN  ' : 'NOT SHOWN'} ${name}`);
  console.log(`    off: ${clean.length ? clean.join('; ') : 'no violation'}`);
  console.log(`    on:  ${faulty.length ? faulty.join('; ') : 'no violation'}`);
}
process.exit(failed ? 1 : 0);
