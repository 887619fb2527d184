// A parcel status two list reads show apart is waited for as a push (model/pushes.ts expectStatusPushed), whatever
// changed it; one the model already waits for is not asked twice, and what is not a status asks for none.
import { expect, test } from '@playwright/test';
import type { Exchange } from '../../../harness/http/exchange';
import { expectStatusPushed, pushOf } from '../../../harness/model/pushes';
import type { World } from '../../../harness/model/world';
import type { ServiceModel } from '../../../harness/model/model';

const read = { status: 200 } as unknown as Exchange;
const MODEL = { steps: ['step'], bookedStatus: 'BOOKED' } as unknown as ServiceModel;
const worldOf = (pushes: World['pushes'] = []) => ({ webhooks: {}, pushes }) as unknown as World;

const cases: {
  given: string;
  component: 'Locker' | 'Parcel';
  before: object;
  after: object;
  want: Record<string, unknown>[];
}[] = [
  {
    given: 'a parcel listed in another status',
    component: 'Parcel',
    before: { shipmentUid: 'S1', shipmentStatus: 'BOOKED' },
    after: { shipmentUid: 'S1', shipmentStatus: 'CANCELLED' },
    want: [{ '/shipmentUid': 'S1', '/shipmentStatus': 'CANCELLED' }],
  },
  {
    given: 'a parcel whose other members moved',
    component: 'Parcel',
    before: { shipmentUid: 'S1', shipmentStatus: 'BOOKED', events: [] },
    after: { shipmentUid: 'S1', shipmentStatus: 'BOOKED', events: [{}] },
    want: [],
  },
  {
    given: "a locker's carrier.status changed (which changes count is not stated: §6 enabled/disabled)",
    component: 'Locker',
    before: { uid: '7', carrier: { status: 'ACTIVE' } },
    after: { uid: '7', carrier: { status: 'PENDING' } },
    want: [],
  },
  {
    given: "a locker's provider.status changed (who sets it is not shown)",
    component: 'Locker',
    before: { uid: '7', provider: { status: 'ACTIVE' } },
    after: { uid: '7', provider: { status: 'INACTIVE' } },
    want: [],
  },
  {
    given: 'a parcel shown booked again (a booking under its id took it up again)',
    component: 'Parcel',
    before: { shipmentUid: 'S1', shipmentStatus: 'CANCELLED' },
    after: { shipmentUid: 'S1', shipmentStatus: 'BOOKED' },
    want: [],
  },
  {
    given: 'a status the record did not show before, now null',
    component: 'Parcel',
    before: { shipmentUid: 'S1', shipmentStatus: 'BOOKED' },
    after: { shipmentUid: 'S1', shipmentStatus: null },
    want: [],
  },
];

for (const { given, component, before, after, want } of cases)
  test(`expectStatusPushed: ${given}`, () => {
    const world = worldOf();
    expectStatusPushed(world, component, before, after, read, MODEL);
    expect(world.pushes.map((p) => p.matches[0]!.where)).toEqual(want);
  });

test('expectStatusPushed: a push the model already waits for is not asked twice', () => {
  const waited = { rule: 'WH-PARCEL-ON-STATUS', cause: read, what: 'x', matches: [] as ReturnType<typeof pushOf>[] };
  waited.matches.push(pushOf('ParcelUpdates', { '/shipmentUid': 'S1', '/shipmentStatus': 'CANCELLED' }, 5));
  const world = worldOf([waited]);
  const before = { shipmentUid: 'S1', shipmentStatus: 'BOOKED' };
  expectStatusPushed(world, 'Parcel', before, { ...before, shipmentStatus: 'CANCELLED' }, read, MODEL);
  expect(world.pushes).toHaveLength(1);
});
