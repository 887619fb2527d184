// `carrier-conformance judge` on cancels: a delivered parcel's cancel must be refused, and an accepted cancel
// of a parcel booked in the traffic must be pushed.
import { expect, test } from '@playwright/test';
import { failedRules, trafficCertificate } from '../../../harness/traffic/certificate-files';
import { BASE, bookingEntry, create, entry, file, har, KEY, record, triggerBody } from '../../support/traffic-entries';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';

test(
  'a delivered parcel is one this carrier booked and a CONSIGNEE_DELIVERED trigger was answered for before the ' +
    'cancel, unless a whole list between them shows it not delivered',
  async () => {
    const MOCK = 'https://mock.example/v1';
    const OTHER = 'other-carrier-key-5521';
    const booking = (key = KEY) =>
      entry(
        'POST',
        '/parcels/data',
        200,
        { status: 'BOOKED', message: 'ok', timestamp: '2026-01-05T10:00:00Z' },
        {
          key,
          body: {
            eventType: 'BOOKING',
            lockerUid: '100',
            carrierParcelId: 'P-9',
            allocationType: 'HARD_RESERVATION',
            requiresAccessibleCompartment: false,
            weight: 100,
            dimensions: { depth: 1, height: 1, width: 1 },
            consignee: null,
          },
        },
      );
    const events = (status: string) => [
      { type: 'BOOKING_CREATED', timestamp: 't' },
      ...(status === 'DELIVERED' ? [{ type: 'CONSIGNEE_DELIVERED', timestamp: 't' }] : []),
    ];
    const listed = (status: string, key = KEY) =>
      entry(
        'GET',
        '/parcels',
        200,
        [
          {
            shipmentUid: 'S-9',
            lockerUid: '100',
            carrierParcelId: 'P-9',
            shipmentStatus: status,
            allocationType: 'HARD_RESERVATION',
            events: events(status),
          },
        ],
        { key },
      );
    const delivered = () =>
      entry(
        'POST',
        '/parcel/first-mile/event',
        200,
        {},
        { base: MOCK, body: triggerBody('P-9', 'CONSIGNEE_DELIVERED') },
      );
    const cancel = (key = KEY) =>
      entry(
        'PATCH',
        '/parcels/P-9',
        200,
        { status: 'OK', message: 'cancelled', timestamp: '2026-01-05T10:00:00Z' },
        { key, body: {} },
      );
    const judge = async (entries: unknown[]) =>
      failedRules(await judgeTraffic({ traffic: file(har(entries)), baseUrl: BASE, mockBaseUrl: MOCK }));
    expect(await judge([booking(), listed('BOOKED'), delivered(), listed('DELIVERED'), cancel()])).toEqual([
      'CAN-DELIVERED-REFUSED',
    ]);
    // Nothing recorded between them: the trigger answered before the cancel started is taken as applied.
    expect(await judge([booking(), listed('BOOKED'), delivered(), cancel()])).toEqual(['CAN-DELIVERED-REFUSED']);
    // A whole list between them that does not show it delivered (a trigger applied later than answered):
    // the cancel may have met a parcel not yet delivered.
    expect(await judge([booking(), listed('BOOKED'), delivered(), listed('BOOKED'), cancel()])).not.toContain(
      'CAN-DELIVERED-REFUSED',
    );
    // Another carrier's parcel of the same id: its cancel is no cancel of the delivered one.
    expect(await judge([booking(), listed('BOOKED'), delivered(), listed('DELIVERED'), cancel(OTHER)])).toEqual([]);
    // The cancel started while the trigger was still being answered: it may have been served first.
    const [b, l, t, c] = [booking(), listed('BOOKED'), delivered(), cancel()];
    t['time'] = 5_000;
    expect(await judge([b, l, t, c])).toEqual([]);
    // A list that shows it not yet delivered, then a ParcelUpdates showing it delivered before the cancel:
    // delivered — where one recorder kept both (one file, one clock).
    const push = () => ({
      ...entry(
        'POST',
        '/carrier-1',
        200,
        { received: 1 },
        {
          base: 'https://hooks.example',
          key: null,
          body: {
            shipmentUid: 'S-9',
            carrierParcelId: 'P-9',
            shipmentStatus: 'DELIVERED',
            accessCodes: null,
            consignee: null,
            events: events('DELIVERED'),
            allocationType: 'HARD_RESERVATION',
            dimensionsStatus: 'DECLARED',
            eventTimestamp: '2026-01-05T10:00:00Z',
          },
        },
      ),
    });
    const withPushes = async (entries: unknown[]) => {
      const recording = file(har(entries));
      return failedRules(
        await judgeTraffic({ traffic: recording, webhooks: recording, baseUrl: BASE, mockBaseUrl: MOCK }),
      );
    };
    const sequence = [booking(), listed('BOOKED'), delivered(), listed('BOOKED')];
    const between = push();
    const cancelled = cancel();
    expect(await withPushes([...sequence, between, cancelled])).toContain('CAN-DELIVERED-REFUSED');
    // Two recorders' clocks may disagree: a push recorded apart from the traffic is not set against its times.
    expect(
      failedRules(
        await judgeTraffic({
          traffic: file(har([...sequence, cancelled])),
          webhooks: file(har([between])),
          baseUrl: BASE,
          mockBaseUrl: MOCK,
        }),
      ),
    ).not.toContain('CAN-DELIVERED-REFUSED');
    // A push that arrived after the cancel started says nothing of what the cancel met.
    between['startedDateTime'] = new Date(Date.parse(cancelled['startedDateTime'] as string) + 500).toISOString();
    expect(await withPushes([...sequence, cancelled, between])).not.toContain('CAN-DELIVERED-REFUSED');
    // A status that does not say DELIVER, with a signature: delivered as a run reads it.
    const signed = (status: string) =>
      entry('GET', '/parcels', 200, [
        {
          shipmentUid: 'S-9',
          lockerUid: '100',
          carrierParcelId: 'P-9',
          shipmentStatus: status,
          allocationType: 'HARD_RESERVATION',
          events: events(status),
          ...(status === 'COMPLETED' ? { signature: { image: 'x' } } : {}),
        },
      ]);
    expect(await judge([booking(), signed('BOOKED'), delivered(), signed('COMPLETED'), cancel()])).toContain(
      'CAN-DELIVERED-REFUSED',
    );
  },
);

test(
  'an accepted cancel must be pushed where the parcel was booked in the traffic; one booked before the ' +
    'recording may have been cancelled already',
  async () => {
    const book = (id: string) => bookingEntry(id);
    const cancel = (id: string) =>
      entry(
        'PATCH',
        `/parcels/${id}`,
        200,
        { status: 'OK', message: 'cancelled', timestamp: '2026-01-05T10:00:00Z' },
        { body: {} },
      );
    const pushed = (id: string) =>
      entry(
        'POST',
        '/carrier-1',
        200,
        { received: 1 },
        {
          base: 'https://hooks.example',
          key: null,
          body: {
            shipmentUid: `S-${id}`,
            carrierParcelId: id,
            shipmentStatus: 'CANCELLED',
            accessCodes: null,
            consignee: null,
            events: [],
            allocationType: 'HARD_RESERVATION',
            dimensionsStatus: 'DECLARED',
            eventTimestamp: '2026-01-05T10:00:00Z',
          },
        },
      );
    const verdict = async (traffic: unknown[], deliveries: unknown[]) => {
      const t = await judgeTraffic({
        traffic: file(har(traffic)),
        webhooks: file(har(deliveries)),
        webhookWaitMs: 500,
      });
      return trafficCertificate(t, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules.find(
        (r) => r.id === 'WH-PARCEL-ON-STATUS',
      )!;
    };
    const booked = [book('P-1'), book('P-2'), cancel('P-1'), cancel('P-2')];
    const deliveries = () => [pushed('P-1')];
    expect((await verdict(booked, deliveries())).failure).toContain(
      'no ParcelUpdates about P-2 after its cancel was accepted arrived among the deliveries recorded until',
    );
    // P-3 was booked before the recording: its cancel proves no change of status, and is not judged.
    expect(await verdict([book('P-1'), cancel('P-1'), cancel('P-3')], deliveries())).toMatchObject({
      verdict: 'passed',
      evidence: { evaluations: 1 },
    });
    // No cancel ever pushed, while the carrier's creates were, and the deliveries went on past the wait:
    // the endpoint recorded is the carrier's, so the missing pushes are seen.
    const created = entry('POST', '/lockers', 201, record, { body: create });
    const lockerPushed = () => ({
      ...entry(
        'POST',
        '/carrier-1',
        200,
        { received: 1 },
        { base: 'https://hooks.example', key: null, body: { ...record, eventTimestamp: '2026-01-05T10:00:00Z' } },
      ),
    });
    const never = await verdict([created, ...booked], [lockerPushed(), lockerPushed()]);
    expect(never.verdict).toBe('failed');
    expect(never.failure).toContain(
      'no ParcelUpdates about P-1 after its cancel was accepted arrived among the deliveries recorded until',
    );
  },
);
