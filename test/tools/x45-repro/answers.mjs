// The x45- reproductions seen in answers and lists (../x45-repro.mjs runs them): each returns the spec
// violations it saw.
import { call, KEY1, KEY2, list, lockerBody, publishBody } from './client.mjs';

export const ANSWER_SCENARIOS = {
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
