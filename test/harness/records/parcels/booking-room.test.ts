// A refused booking of a parcel no compartment takes is the target's answer to "can the parcel be
// accepted" (§4.6), told apart by behaviour: its PRE_CHECK, on a locker holding no booking, is not
// accepted while a plain parcel's is. Nothing reads the answer's text.
import { expect, test } from '@playwright/test';
import { BookingRoom } from '../../../../harness/records/parcels/booking-room';
import type { Exchange } from '../../../../harness/http/exchange';
import type { Json } from '../../../../harness/http/json';
import type { ParcelFactory } from '../../../../harness/records/parcels/parcel-factory';
import { closeLog, EvidenceLog, openLog } from '../../../../harness/evidence/log';

const answer = (status: number, body?: Json): Exchange => ({
  operationId: 'publishParcel',
  method: 'post',
  url: 'u',
  request: { headers: {} },
  status,
  headers: {},
  text: JSON.stringify(body ?? null),
  body,
});

/** A target whose PRE_CHECK answers `precheck` for a parcel deeper than 1000, and 200 ACCEPTED otherwise. */
function room(precheck: Exchange, plain: Exchange = answer(200, { status: 'ACCEPTED' })) {
  const sent: Json[] = [];
  let lockers = 0;
  const parcels = {
    body: (locker: Json, overrides: Json = {}) => ({
      eventType: 'BOOKING',
      lockerUid: locker['uid'],
      carrierParcelId: 'plain',
      dimensions: { depth: 20, height: 15, width: 30 },
      ...overrides,
    }),
    newParcelId: () => 'fresh',
    publish: async (body: Json) => {
      sent.push(body);
      return body['dimensions']?.['depth'] > 1000 ? precheck : plain;
    },
  } as unknown as ParcelFactory;
  const fresh = async () => ({ uid: `L${++lockers}`, carrier: { lockerId: `C${lockers}` } });
  return { room: new BookingRoom({ uid: 'L0' }, parcels, fresh), sent, lockers: () => lockers };
}

const huge = {
  eventType: 'BOOKING',
  lockerUid: 'L0',
  carrierParcelId: 'P',
  dimensions: { depth: 2 ** 31 - 1, height: 15, width: 30 },
};
const depth = { pointer: '/dimensions/depth', value: 2 ** 31 - 1 };

test(
  'a parcel whose PRE_CHECK is refused too, while a ' + 'plain one is accepted, cannot be accepted in a locker',
  async () => {
    const { room: r, sent, lockers } = room(answer(400, { errorCode: 'X', message: 'no compartment fits the parcel' }));
    expect(await r.cannotBeAccepted(huge, 'uid', depth)).toMatch(/PRE_CHECK .* refused too \(400\)/);
    expect(sent.map((b) => [b['eventType'], b['lockerUid']])).toEqual([
      ['PRE_CHECK', 'L1'],
      ['PRE_CHECK', 'L1'],
    ]);
    // One empty locker per room, asked again.
    await r.cannotBeAccepted(huge, 'uid', depth);
    expect(lockers()).toBe(1);
  },
);

test("a PRE_CHECK answered with another status than a plain parcel's says so as well", async () => {
  const { room: r } = room(answer(200, { status: 'NOT_ACCEPTED' }));
  expect(await r.cannotBeAccepted(huge, 'uid', depth)).toContain('"NOT_ACCEPTED"');
});

const none: [string, Exchange, Exchange | undefined, { pointer: string; value: unknown }][] = [
  [
    'a PRE_CHECK that accepts the parcel as a plain one: the BOOKING refusal stands',
    answer(200, { status: 'ACCEPTED' }),
    undefined,
    depth,
  ],
  ['a plain PRE_CHECK refused as well: the locker proves nothing', answer(400), answer(400), depth],
  ['a refused key is no answer about room', answer(401), undefined, depth],
  [
    'a null dimension (accepted by §2.3) never asks for room',
    answer(400),
    undefined,
    { pointer: '/dimensions/depth', value: null },
  ],
  ['text asks for no room', answer(400), undefined, { pointer: '/consignee/name', value: 2 ** 31 - 1 }],
  [
    'requiresAccessibleCompartment null means false, so asks for no room',
    answer(400),
    undefined,
    { pointer: '/requiresAccessibleCompartment', value: null },
  ],
];
for (const [name, precheck, plain, member] of none) {
  test(`no capacity answer: ${name}`, async () => {
    const { room: r } = room(precheck, plain);
    expect(await r.cannotBeAccepted(huge, 'uid', member)).toBeUndefined();
  });
}

test('only a refused BOOKING is asked about', async () => {
  const { room: r, sent } = room(answer(400));
  expect(await r.cannotBeAccepted({ ...huge, eventType: 'PRE_CHECK' }, 'uid', depth)).toBeUndefined();
  expect(sent).toEqual([]);
});

/** A target whose lockers take `capacity` bookings, refusing a BOOKING or a PRE_CHECK once full (a PRE_CHECK asks
 * whether there is room, §4.6). */
function full(capacity: number) {
  const held = new Map<string, number>();
  const sent: string[] = [];
  let lockers = 0;
  const parcels = {
    publish: async (body: Json) => {
      const uid = String(body['lockerUid']);
      sent.push(`${body['eventType']} ${uid}`);
      if ((held.get(uid) ?? 0) >= capacity)
        return answer(400, { errorCode: 'LOCKER_FULL', message: 'no free compartment' });
      if (body['eventType'] === 'BOOKING') held.set(uid, (held.get(uid) ?? 0) + 1);
      return answer(200, { status: 'ACCEPTED' });
    },
  } as unknown as ParcelFactory;
  const fresh = async () => ({ uid: `L${++lockers}` });
  return { room: new BookingRoom({ uid: 'L0' }, parcels, fresh), sent };
}

test(
  'a PRE_CHECK a full locker refuses, like a BOOKING, ' + 'goes to a fresh locker, and the room moves there',
  async () => {
    const evidence = new EvidenceLog(
      () => '',
      () => true,
    );
    openLog(evidence);
    try {
      const { room: r, sent } = full(2);
      const booking = {
        eventType: 'BOOKING',
        lockerUid: 'L0',
        carrierParcelId: 'P',
        dimensions: { depth: 1, height: 1, width: 1 },
      };
      await r.publish(booking);
      await r.publish(booking);
      const precheck = await r.publish({ ...booking, eventType: 'PRE_CHECK' });
      expect(precheck.exchange.status).toBe(200);
      expect(precheck.locker).toEqual({ uid: 'L1' });
      expect(sent).toEqual(['BOOKING L0', 'BOOKING L0', 'PRE_CHECK L0', 'PRE_CHECK L1']);
      expect(JSON.stringify(evidence.toJSON())).toContain('refused a PRE_CHECK after 2 booking(s)');
      // The room books on there from now on.
      expect((await r.publish(booking)).locker).toEqual({ uid: 'L1' });
    } finally {
      closeLog(evidence);
    }
  },
);
