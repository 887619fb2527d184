// `carrier-conformance judge` on refused cancels (harness/traffic/rules/refused-cancels.ts): the cancel of a parcel
// the recording shows booked and never delivered is refused only where the service takes no cancel by that form of id.
import { expect, test } from '@playwright/test';
import { failedRules } from '../../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';
import { BASE, bookingEntry, entry, file, har, triggerBody } from '../../support/traffic-entries';

const MOCK = 'https://mock.example/v1';

const booking = (id: string) => bookingEntry(id);
const listed = (...parcels: [id: string, status: string][]) =>
  entry(
    'GET',
    '/parcels',
    200,
    parcels.map(([id, status]) => ({
      shipmentUid: `S-${id}`,
      lockerUid: '100',
      carrierParcelId: id,
      shipmentStatus: status,
      allocationType: 'HARD_RESERVATION',
      events: [],
    })),
  );
const cancel = (id: string, status: number, body: unknown = {}) =>
  entry('PATCH', `/parcels/${id}`, status, status < 300 ? { status: 'OK' } : { errorCode: 'X', message: 'no' }, {
    body,
  });
const trigger = (id: string, event: string) =>
  entry('POST', '/parcel/first-mile/event', 200, {}, { base: MOCK, body: triggerBody(id, event) });

const judge = async (entries: unknown[]) =>
  failedRules(await judgeTraffic({ traffic: file(har(entries)), baseUrl: BASE, mockBaseUrl: MOCK }));

test('a booked parcel never delivered, its cancel refused where that form is taken: CAN-NOT-DELIVERED', async () => {
  const taken = [booking('P-1'), listed(['P-1', 'BOOKED']), cancel('P-1', 200)];
  const given: [what: string, entries: unknown[], fails: boolean][] = [
    [
      'refused after a list shows it booked',
      [...taken, booking('P-2'), listed(['P-2', 'BOOKED']), cancel('P-2', 400)],
      true,
    ],
    [
      'refused with no cancel of that form taken',
      [booking('P-2'), listed(['P-2', 'BOOKED']), cancel('P-2', 400)],
      false,
    ],
    ['no list before the cancel', [...taken, booking('P-2'), cancel('P-2', 404)], false],
    ['a 500, not a refusal', [...taken, booking('P-2'), listed(['P-2', 'BOOKED']), cancel('P-2', 500)], false],
    [
      'an id booked twice',
      [...taken, booking('P-2'), booking('P-2'), listed(['P-2', 'BOOKED']), cancel('P-2', 400)],
      false,
    ],
    [
      'taken only for a parcel in another status',
      [
        booking('P-1'),
        listed(['P-1', 'READY']),
        cancel('P-1', 200),
        booking('P-2'),
        listed(['P-2', 'BOOKED']),
        cancel('P-2', 400),
      ],
      false,
    ],
    [
      'a delivering trigger before it',
      [...taken, booking('P-2'), listed(['P-2', 'BOOKED']), trigger('P-2', 'CONSIGNEE_DELIVERED'), cancel('P-2', 400)],
      false,
    ],
    [
      'only BOOKING_CREATED before it',
      [...taken, booking('P-2'), listed(['P-2', 'BOOKED']), trigger('P-2', 'BOOKING_CREATED'), cancel('P-2', 409)],
      true,
    ],
    [
      'shown in another status than its booked one',
      [...taken, booking('P-2'), listed(['P-2', 'BOOKED']), listed(['P-2', 'READY']), cancel('P-2', 400)],
      false,
    ],
    [
      'the next list shows it moved',
      [...taken, booking('P-2'), listed(['P-2', 'BOOKED']), cancel('P-2', 400), listed(['P-2', 'DELIVERED'])],
      false,
    ],
    [
      'a body the document does not allow',
      [...taken, booking('P-2'), listed(['P-2', 'BOOKED']), cancel('P-2', 400, [])],
      false,
    ],
  ];
  for (const [what, entries, fails] of given)
    expect((await judge(entries)).includes('CAN-NOT-DELIVERED'), what).toBe(fails);
});
