// A carrier's client, written from the specification alone (not from the suites), as a carrier's web
// front end would call the service: it runs in a browser page (fetch), so what it sends is recorded by
// the browser's own HAR, not by this harness. A day's work with two keys: providers, lockers created with
// both opening-hours modes and groups, lists, updates, bookings and pre-checks on both paths, cancels by
// both ids, status changes, staging triggers (a first-mile parcel, a booking delivered), network adds,
// and a few client mistakes. It reads its lists back after `pauseMs`, as a user refreshing a page later.

export interface ClientSetup {
  base: string;
  mockBase: string;
  keys: [string, string];
  carriers: [string, string];
  networkUid: number;
  /** Makes the client's ids its own (the service keeps them between tests). */
  run: string;
  /** How the target's PATCH /lockers/status body names the locker and the status (§4.5: not shown; the carrier's
   * staging documentation would say). */
  status: { uid: string; member: string; off: unknown; on: unknown };
  /** How long the client waits before reading its lists back. */
  pauseMs: number;
}

/** Serialised into the page: no closures over this module, only what `setup` carries. */
export async function carrierDay(setup: ClientSetup): Promise<string[]> {
  const log: string[] = [];
  const call = async (
    key: string | undefined,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (key !== undefined) headers['X-API-Key'] = key;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    log.push(`${method} ${url.replace(setup.base, '').replace(setup.mockBase, 'mock:')} ${res.status}`);
    return { status: res.status, json };
  };
  // A list may come bare or in an envelope (§4.2: not shown): the first array member is the records.
  const items = (json: unknown): Record<string, any>[] => {
    if (Array.isArray(json)) return json;
    const found = Object.values((json ?? {}) as Record<string, unknown>).find(Array.isArray);
    return (found ?? []) as Record<string, any>[];
  };
  const [k1, k2] = setup.keys;
  const providers = items((await call(k1, 'GET', `${setup.base}/lockers/providers`)).json);
  const pair = providers[0] ?? {};
  const locker = (id: string, name: string, hours: unknown) => ({
    carrier: { lockerName: name, lockerId: id, activationDate: '2026-11-01T08:00:00Z' },
    provider: { name: pair['providerName'], lockerModel: pair['lockerModel'], lockerVersion: pair['lockerVersion'] },
    location: {
      street: 'Rue Haute',
      streetNumber: '12',
      postalCode: '1000',
      city: 'Bruxelles',
      lon: 4.35,
      lat: 50.84,
      countryCode: 'BE',
      type: 'indoor',
    },
    features: { hasScreen: true, hasPinPad: null, hasPinBarcodeReader: false },
    metadata: [{ key: 'site', value: name }],
    lockerGroups: [{ key: 'region', uid: 'BRU' }],
    openingHours: hours,
  });
  const always = { accessMode: 'ALWAYS' };
  const scheduled = { accessMode: 'SCHEDULED', weeklySchedule: [{ day: 'MONDAY', from: '08:00', to: '20:00' }] };
  const north = (await call(k1, 'POST', `${setup.base}/lockers`, locker(`north-${setup.run}`, 'Gare du Nord', always)))
    .json as Record<string, any>;
  const south = (
    await call(k1, 'POST', `${setup.base}/lockers`, locker(`south-${setup.run}`, 'Gare du Midi', scheduled))
  ).json as Record<string, any>;
  // The second carrier's locker, under an id of its own choosing that shares the first's prefix.
  const other = (await call(k2, 'POST', `${setup.base}/lockers`, locker(`north-${setup.run}-2`, 'Ixelles', always)))
    .json as Record<string, any>;
  const listed = items((await call(k1, 'GET', `${setup.base}/lockers`)).json);
  // A locker of a provider the carrier does not own, as its list shows it: the client adds it by mistake.
  const thirdParty = listed.find((l) => l['ownedByCarrier'] === null);
  await call(k1, 'GET', `${setup.base}/lockers?providerName=${encodeURIComponent(String(pair['providerName']))}`);
  await call(k1, 'PATCH', `${setup.base}/lockers/${north?.['uid']}`, {
    location: {
      street: 'Rue du Progrès',
      streetNumber: '80',
      postalCode: '1030',
      city: 'Schaerbeek',
      lon: 4.36,
      lat: 50.86,
      countryCode: 'BE',
    },
  });
  // The second locker gets a new name and a new carrier id of the carrier's choosing.
  await call(k1, 'PATCH', `${setup.base}/lockers/${south?.['uid']}`, {
    carrier: {
      lockerName: 'Gare du Midi (quai 3)',
      lockerId: `south-${setup.run}-b`,
      activationDate: '2026-11-01T08:00:00Z',
    },
  });
  // The first locker goes out of service for a while, and back: the carrier looks at its list in between, later.
  const pause = () => new Promise((resolve) => setTimeout(resolve, setup.pauseMs));
  await call(k1, 'PATCH', `${setup.base}/lockers/status`, {
    [setup.status.uid]: north?.['uid'],
    [setup.status.member]: setup.status.off,
  });
  await pause();
  await call(k1, 'GET', `${setup.base}/lockers`);
  await call(k1, 'PATCH', `${setup.base}/lockers/status`, {
    [setup.status.uid]: north?.['uid'],
    [setup.status.member]: setup.status.on,
  });
  const parcel = (id: string, event: string) => ({
    eventType: event,
    carrierParcelId: id,
    dimensions: { depth: 10, height: 10, width: 10 },
    weight: 800,
    shipmentType: 'LAST_MILE',
    consignee: { name: 'Zoë Dupont', email: 'zoe@example.com' },
    allocationType: 'HARD_RESERVATION',
    lockStatus: 'UNLOCKED',
  });
  await call(k1, 'POST', `${setup.base}/parcels/data`, {
    ...parcel(`P1-${setup.run}`, 'BOOKING'),
    lockerUid: north?.['uid'],
  });
  await call(k1, 'POST', `${setup.base}/parcels/data/by-tenant-locker-id`, {
    ...parcel(`P2-${setup.run}`, 'BOOKING'),
    carrierLockerId: `south-${setup.run}-b`,
    shipmentType: 'ALTERNATIVE_DELIVERY',
    allocationType: 'SOFT_RESERVATION',
  });
  await call(k1, 'POST', `${setup.base}/parcels/data`, {
    ...parcel(`P3-${setup.run}`, 'PRE_CHECK'),
    lockerUid: north?.['uid'],
  });
  // The second carrier's parcel under the same id as the first's (each carrier chooses its own ids), and another.
  await call(k2, 'POST', `${setup.base}/parcels/data`, {
    ...parcel(`P1-${setup.run}`, 'BOOKING'),
    lockerUid: other?.['uid'],
  });
  await call(k2, 'POST', `${setup.base}/parcels/data`, {
    ...parcel(`P4-${setup.run}`, 'BOOKING'),
    lockerUid: other?.['uid'],
  });
  // The second carrier's locker id, mistyped as the first's own: it names no locker of the first carrier.
  await call(k1, 'POST', `${setup.base}/parcels/data/by-tenant-locker-id`, {
    ...parcel(`P6-${setup.run}`, 'BOOKING'),
    carrierLockerId: `north-${setup.run}-2`,
  });
  // A parcel the consignee will collect, booked into the renamed locker.
  await call(k1, 'POST', `${setup.base}/parcels/data`, {
    ...parcel(`P8-${setup.run}`, 'BOOKING'),
    lockerUid: south?.['uid'],
  });
  // A parcel whose consignee and height the carrier does not know, sent as nulls (§2.3 allows them); sent again without
  // them if refused.
  const unknowns = {
    ...parcel(`P9-${setup.run}`, 'BOOKING'),
    lockerUid: north?.['uid'],
    consignee: null,
    requiresAccessibleCompartment: null,
    dimensions: { depth: 10, height: null, width: 10 },
  };
  if ((await call(k1, 'POST', `${setup.base}/parcels/data`, unknowns)).status >= 400)
    await call(k1, 'POST', `${setup.base}/parcels/data`, {
      ...parcel(`P9-${setup.run}`, 'BOOKING'),
      lockerUid: north?.['uid'],
      consignee: undefined,
      dimensions: { depth: 10, width: 10 },
    });
  const mine = items((await call(k1, 'GET', `${setup.base}/parcels`)).json);
  await call(k2, 'GET', `${setup.base}/parcels`);
  // Cancel one by the carrier's own id, one by the service's.
  await call(k1, 'PATCH', `${setup.base}/parcels/${encodeURIComponent(`P1-${setup.run}`)}`);
  const second = mine.find((p) => p['carrierParcelId'] === `P2-${setup.run}`);
  if (second?.['shipmentUid'])
    await call(k1, 'PATCH', `${setup.base}/parcels/${encodeURIComponent(String(second['shipmentUid']))}`);
  // A first-mile parcel through the staging trigger: booked, then delivered into the locker for the courier.
  const trigger = (id: string, event: string, at: Record<string, any> | undefined, type: string) => ({
    parcel_id: id,
    provider_locker_id: at?.['provider']?.['lockerUid'],
    event_type: event,
    carrier_name: setup.carriers[0],
    provider_name: pair['providerName'],
    shipment_type: type,
  });
  await call(
    k1,
    'POST',
    `${setup.mockBase}/parcel/first-mile/event`,
    trigger(`FM-${setup.run}`, 'BOOKING_CREATED', north, 'FIRST_MILE'),
  );
  await call(
    k1,
    'POST',
    `${setup.mockBase}/parcel/first-mile/event`,
    trigger(`FM-${setup.run}`, 'CONSIGNEE_DELIVERED', north, 'FIRST_MILE'),
  );
  // The locker's platform uid given where the provider's id belongs: a trigger for a parcel the carrier means
  // elsewhere.
  await call(k1, 'POST', `${setup.mockBase}/parcel/first-mile/event`, {
    ...trigger(`FM2-${setup.run}`, 'BOOKING_CREATED', south, 'FIRST_MILE'),
    provider_locker_id: String(south?.['uid']),
  });
  // The consignee collects P8; the carrier's later cancel of it comes too late.
  await call(
    k1,
    'POST',
    `${setup.mockBase}/parcel/first-mile/event`,
    trigger(`P8-${setup.run}`, 'CONSIGNEE_DELIVERED', south, 'FIRST_MILE'),
  );
  await call(k1, 'PATCH', `${setup.base}/parcels/${encodeURIComponent(`P8-${setup.run}`)}`);
  const adds = [
    Number(north?.['uid']),
    Number(south?.['uid']),
    Number(other?.['uid']),
    ...(thirdParty ? [Number(thirdParty['uid'])] : []),
  ];
  await call(k1, 'POST', `${setup.base}/networks/${setup.networkUid}/lockers`, { lockerUids: adds });
  // The same add sent again (a retry after a timeout, say).
  await call(k1, 'POST', `${setup.base}/networks/${setup.networkUid}/lockers`, { lockerUids: adds.slice(0, 1) });
  // Mistakes a client makes: a booking of a kind the service has not, a create with one region twice (after
  // a whole list showed no such locker), a create without its location, a publish without a key, an unknown locker.
  await call(k1, 'POST', `${setup.base}/parcels/data`, {
    ...parcel(`P7-${setup.run}`, 'BOOKING'),
    lockerUid: north?.['uid'],
    shipmentType: 'EXPRESS',
  });
  await call(k1, 'POST', `${setup.base}/lockers`, {
    ...locker(`twice-${setup.run}`, 'Twice', always),
    lockerGroups: [
      { key: 'region', uid: 'BRU' },
      { key: 'region', uid: 'ANT' },
    ],
  });
  await call(k1, 'POST', `${setup.base}/lockers`, {
    carrier: locker('x', 'x', always).carrier,
    provider: locker('x', 'x', always).provider,
  });
  await call(undefined, 'POST', `${setup.base}/parcels/data`, {
    ...parcel(`P5-${setup.run}`, 'BOOKING'),
    lockerUid: north?.['uid'],
  });
  await call(k1, 'PATCH', `${setup.base}/lockers/999999999`, { metadata: [] });
  await pause();
  await call(k1, 'GET', `${setup.base}/lockers`);
  await call(k1, 'GET', `${setup.base}/parcels`);
  await call(k2, 'GET', `${setup.base}/parcels`);
  return log;
}
