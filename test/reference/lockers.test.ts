import { createLocker, lockerCreateBody, unique } from '../support/bodies';
import { expect, test } from '../support/fixtures';

test.describe('POST /lockers', () => {
  test('creates a locker owned by the carrier and answers 201 with the record', async ({ api }) => {
    const body = lockerCreateBody({
      metadata: [{ key: 'tag', value: 'x' }],
      features: { hasScreen: true, hasPinPad: null, hasPinBarcodeReader: false },
    });
    const response = await api.post('lockers', { data: body });
    expect(response.status()).toBe(201);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    const record = await response.json();
    expect(record.uid).toMatch(/^\d+$/);
    expect(record.carrier).toEqual({ ...body.carrier, status: 'ACTIVE' });
    expect(record.provider).toMatchObject(body.provider);
    expect(record.provider.lockerUid).not.toBe(record.uid);
    expect(record.location).toEqual(body.location);
    expect(record.metadata).toEqual(body.metadata);
    expect(record.features).toEqual(body.features);
    expect(record.ownedByCarrier).toBe('CARRIER_NAME_1');
    expect(record.openingHours).toEqual({ accessMode: 'ALWAYS', exceptions: [] });
    expect(record).not.toHaveProperty('carriers');
  });

  test('gives every locker a fresh uid', async ({ api }) => {
    const a = await createLocker(api);
    const b = await createLocker(api);
    expect(a.uid).not.toBe(b.uid);
  });

  test('accepts a location without type', async ({ api }) => {
    const body = lockerCreateBody();
    delete body.location.type;
    expect((await api.post('lockers', { data: body })).status()).toBe(201);
  });

  for (const [object, member] of [
    ['carrier', undefined],
    ['provider', undefined],
    ['location', undefined],
    ['carrier', 'lockerName'],
    ['carrier', 'lockerId'],
    ['carrier', 'activationDate'],
    ['provider', 'name'],
    ['provider', 'lockerModel'],
    ['provider', 'lockerVersion'],
    ['location', 'street'],
    ['location', 'streetNumber'],
    ['location', 'postalCode'],
    ['location', 'city'],
    ['location', 'lon'],
    ['location', 'lat'],
    ['location', 'countryCode'],
  ] as const) {
    const name = member ? `${object}.${member}` : object;
    test(`rejects a request without ${name} with 400 and creates nothing`, async ({ api }) => {
      const before = (await (await api.get('lockers')).json()).length;
      const body = lockerCreateBody();
      if (member) delete body[object][member];
      else delete body[object];
      const response = await api.post('lockers', { data: body });
      expect(response.status()).toBe(400);
      const error = await response.json();
      expect(error).toEqual({ errorCode: 'VALIDATION_FAILED', message: expect.stringContaining(member ?? object) });
      expect((await (await api.get('lockers')).json()).length).toBe(before);
    });
  }

  for (const [name, patch] of [
    ['lat as a string', (b: any) => (b.location.lat = '52.5')],
    ['activationDate not a date-time', (b: any) => (b.carrier.activationDate = 'soon')],
    ['features.hasScreen as a number', (b: any) => (b.features = { hasScreen: 1 })],
    ['metadata as an object', (b: any) => (b.metadata = { key: 'a' })],
    ['carrier as an array', (b: any) => (b.carrier = [])],
  ] as const) {
    test(`rejects ${name} with 400`, async ({ api }) => {
      const body = lockerCreateBody();
      patch(body);
      expect((await api.post('lockers', { data: body })).status()).toBe(400);
    });
  }

  test('rejects two groups with the same key', async ({ api }) => {
    const body = lockerCreateBody({
      lockerGroups: [
        { key: 'REGION', uid: 'g1' },
        { key: 'REGION', uid: 'g2' },
      ],
    });
    const response = await api.post('lockers', { data: body });
    expect(response.status()).toBe(400);
    expect((await response.json()).errorCode).toBe('DUPLICATE_GROUP_KEY');
  });

  test('accepts groups with distinct keys and echoes them', async ({ api }) => {
    const groups = [
      { key: 'REGION', uid: 'g1' },
      { key: 'TIER', uid: 'g2' },
    ];
    const record = await createLocker(api, { lockerGroups: groups });
    expect(record.lockerGroups).toEqual(groups);
  });

  test('holds openingHours sent as an extension to the record rules', async ({ api }) => {
    const scheduled = { accessMode: 'SCHEDULED', weeklySchedule: [{ day: 'MONDAY' }], exceptions: [] };
    expect((await createLocker(api, { openingHours: scheduled })).openingHours).toEqual(scheduled);
    for (const bad of [
      { accessMode: 'SCHEDULED' },
      { accessMode: 'SCHEDULED', weeklySchedule: [] },
      { accessMode: 'ALWAYS', weeklySchedule: [{}] },
    ]) {
      const response = await api.post('lockers', { data: lockerCreateBody({ openingHours: bad }) });
      expect(response.status(), JSON.stringify(bad)).toBe(400);
      expect((await response.json()).message).toContain('/openingHours');
    }
  });

  test('type-checks and stores the members the schema names but the request table does not', async ({ api }) => {
    const body = lockerCreateBody();
    Object.assign(body.carrier, { status: 'INACTIVE' });
    Object.assign(body.provider, { status: 'PENDING', lockerName: 'Theirs', lockerUid: 'THEIRS-1' });
    const record = await createLocker(api, body);
    expect(record.carrier.status).toBe('INACTIVE');
    expect(record.provider).toMatchObject({ status: 'PENDING', lockerName: 'Theirs', lockerUid: 'THEIRS-1' });
    const wrong = lockerCreateBody();
    Object.assign(wrong.carrier, { status: 42 });
    const response = await api.post('lockers', { data: wrong });
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toContain('/carrier/status');
  });

  test('rejects a carrier.lockerId the carrier already uses', async ({ api }) => {
    const first = await createLocker(api);
    const response = await api.post('lockers', { data: lockerCreateBody({ carrier: first.carrier }) });
    expect(response.status()).toBe(400);
    expect((await response.json()).errorCode).toBe('LOCKER_ID_TAKEN');
  });
});

test.describe('GET /lockers', () => {
  test("lists own and third-party lockers as a bare array, not another carrier's", async ({ api, api2 }) => {
    const mine = await createLocker(api);
    const theirs = await createLocker(api2);
    const list = await (await api.get('lockers')).json();
    expect(Array.isArray(list)).toBe(true);
    const uids = list.map((l: any) => l.uid);
    expect(uids).toContain(mine.uid);
    expect(uids).not.toContain(theirs.uid);
    expect(list.filter((l: any) => l.ownedByCarrier === null).length).toBeGreaterThanOrEqual(3);
  });

  test('filters by providerName', async ({ api }) => {
    const record = await createLocker(api, {
      provider: { name: 'PROVIDER_NAME_5', lockerModel: 'M500', lockerVersion: '1.0' },
    });
    const list = await (await api.get('lockers', { params: { providerName: 'PROVIDER_NAME_5' } })).json();
    expect(list.map((l: any) => l.uid)).toContain(record.uid);
    expect(list.every((l: any) => l.provider.name === 'PROVIDER_NAME_5')).toBe(true);
    expect(await (await api.get('lockers', { params: { providerName: unique('none') } })).json()).toEqual([]);
  });
});

test.describe('PATCH /lockers/{uid}', () => {
  test('accepts an empty body and answers 200 with the unchanged record', async ({ api }) => {
    const record = await createLocker(api);
    const response = await api.patch(`lockers/${record.uid}`, { data: {} });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual(record);
  });

  test('updates each optional member alone', async ({ api }) => {
    const record = await createLocker(api);
    const location = { ...record.location, city: 'Hamburg' };
    const carrier = { lockerName: 'Renamed', lockerId: unique('L'), activationDate: '2026-01-01T00:00:00Z' };
    for (const [member, value] of [
      ['location', location],
      ['carrier', carrier],
      ['metadata', [{ key: 'k', value: null }]],
      ['features', { hasScreen: false }],
    ] as const) {
      const response = await api.patch(`lockers/${record.uid}`, { data: { [member]: value } });
      expect(response.status(), member).toBe(200);
      expect((await response.json())[member], member).toMatchObject(value);
    }
  });

  test('keeps the groups when lockerGroups is omitted and replaces them when sent', async ({ api }) => {
    const groups = [{ key: 'REGION', uid: 'north' }];
    const record = await createLocker(api, { lockerGroups: groups });
    const kept = await (await api.patch(`lockers/${record.uid}`, { data: { metadata: [] } })).json();
    expect(kept.lockerGroups).toEqual(groups);
    const replaced = await (
      await api.patch(`lockers/${record.uid}`, { data: { lockerGroups: [{ key: 'TIER', uid: 'gold' }] } })
    ).json();
    expect(replaced.lockerGroups).toEqual([{ key: 'TIER', uid: 'gold' }]);
  });

  test('rejects a provider object with 400 and changes nothing', async ({ api }) => {
    const record = await createLocker(api);
    const response = await api.patch(`lockers/${record.uid}`, {
      data: { provider: record.provider, metadata: [{ key: 'x', value: 'y' }] },
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).errorCode).toBe('VALIDATION_FAILED');
    const after = (await (await api.get('lockers')).json()).find((l: any) => l.uid === record.uid);
    expect(after).toEqual(record);
  });

  test('rejects carrier or location without a required member', async ({ api }) => {
    const record = await createLocker(api);
    const { lockerId: _dropped, ...carrier } = record.carrier;
    const { lat: _lat, ...location } = record.location;
    for (const data of [{ carrier }, { location }]) {
      expect((await api.patch(`lockers/${record.uid}`, { data })).status()).toBe(400);
    }
  });

  test('rejects two groups with the same key', async ({ api }) => {
    const record = await createLocker(api, { lockerGroups: [{ key: 'A', uid: '1' }] });
    const response = await api.patch(`lockers/${record.uid}`, {
      data: {
        lockerGroups: [
          { key: 'B', uid: '1' },
          { key: 'B', uid: '2' },
        ],
      },
    });
    expect(response.status()).toBe(400);
    const after = (await (await api.get('lockers')).json()).find((l: any) => l.uid === record.uid);
    expect(after.lockerGroups).toEqual([{ key: 'A', uid: '1' }]);
  });

  test("answers 404 with an error body for an unknown uid, a third-party locker and another carrier's locker", async ({
    api,
    api2,
  }) => {
    const theirs = await createLocker(api2);
    for (const uid of ['999999999', '900001', theirs.uid]) {
      const response = await api.patch(`lockers/${uid}`, { data: {} });
      expect(response.status(), uid).toBe(404);
      expect(await response.json()).toEqual({ errorCode: 'LOCKER_NOT_FOUND', message: expect.any(String) });
    }
  });
});

test.describe('GET /lockers/providers', () => {
  test('lists provider/model pairs for the seven providers', async ({ api }) => {
    const entries = await (await api.get('lockers/providers')).json();
    expect(entries.length).toBeGreaterThanOrEqual(7);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['lockerModel', 'lockerVersion', 'providerName', 'providerUid']);
    }
    expect(new Set(entries.map((e: any) => e.providerName)).size).toBe(7);
  });
});

test.describe('PATCH /lockers/status', () => {
  test('changes the carrier status and answers the record', async ({ api }) => {
    const record = await createLocker(api);
    const response = await api.patch('lockers/status', { data: { uid: record.uid, status: 'INACTIVE' } });
    expect(response.status()).toBe(200);
    expect((await response.json()).carrier.status).toBe('INACTIVE');
  });

  test('answers 409 when the locker already has the status', async ({ api }) => {
    const record = await createLocker(api);
    const response = await api.patch('lockers/status', { data: { uid: record.uid, status: 'ACTIVE' } });
    expect(response.status()).toBe(409);
    expect((await response.json()).errorCode).toBe('STATUS_UNCHANGED');
  });

  test('answers 400 for a body without uid or status and 404 for an unknown locker', async ({ api }) => {
    for (const data of [{ status: 'X' }, { uid: '1' }, { uid: '1', status: '' }, [1]]) {
      expect((await api.patch('lockers/status', { data })).status(), JSON.stringify(data)).toBe(400);
    }
    expect((await api.patch('lockers/status', { data: { uid: '424242', status: 'INACTIVE' } })).status()).toBe(404);
  });
});
