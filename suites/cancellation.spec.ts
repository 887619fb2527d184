// Cancellation (§4.9, §8): only a parcel that has not been delivered can be cancelled. §4.9 does not
// say which identifier parcelId is: every rule here is judged through each form the target takes (by
// carrierParcelId, by shipmentUid), and a form it does not take is not observable there, with why.
import {
  bookingListedJudgement,
  cancelAcceptedJudgement,
  cancelLeftOthersJudgement,
  cancelShownJudgement,
  deliveredCancelJudgement,
  deliveredKeptJudgement,
  eventCount,
  expect,
  hold,
  holdSoftly,
  type Json,
  judge,
  looksDelivered,
  noEffectJudgement,
  notObservable,
  observe,
  type ParcelFactory,
  rules,
  test,
  TRIGGER_EVENTS,
} from '../harness/fixtures';

/** Each form the cancel path takes (learnt on the locker where the run does not know it); the others not observable
 * under `rules`. */
async function eachForm(
  parcels: ParcelFactory,
  locker: Json,
  named: readonly string[],
): Promise<('carrierParcelId' | 'shipmentUid')[]> {
  const { taken, untaken } = await parcels.cancelForms(locker);
  for (const { kind, why } of untaken) for (const rule of named) notObservable(rule, `cancelParcel by ${kind}: ${why}`);
  return taken;
}

/**
 * The trigger event that neither delivers a parcel nor takes it from the locker (§4.11): a booking given it may still
 * show booked, and is then a parcel that has not been delivered like any other (§4.9). One that shows it moved on is
 * observed (§3 shows no transitions), and so is a collected parcel (whether its booking may still be cancelled is not
 * stated).
 */
const UNDELIVERING = ['BOOKING_CREATED'] as const;

test(
  'CAN-NOT-DELIVERED cancelling a booked parcel succeeds and the list then shows it no longer booked, whether or ' +
    'not a trigger event left it booked, and another booking in the locker booked',
  rules('CAN-NOT-DELIVERED'),
  async ({ lockers, parcels, target }) => {
    const { record } = await lockers.lend('bookings');
    // An older booking in the same locker: a cancel ends the booking of the parcel it names (§4.9), not another.
    const other = (await parcels.book(record))['carrierParcelId'];
    const otherBooked = await parcels.expectListed('PCL-BOOKING-CREATES', other);
    const forms = await eachForm(parcels, record, ['CAN-NOT-DELIVERED']);
    // Each form, on a fresh booking and on one each undelivering event touched (where the target has the trigger).
    const touches = [undefined, ...(target.capabilities.trigger.available ? UNDELIVERING : [])];
    // A locker holds at least three parcels (locker-pool.ts): the touched bookings go to a locker per event.
    const lent = await Promise.all(
      touches.map(async (touch) => (touch ? (await lockers.lend('bookings')).record : record)),
    );
    // What the cancelled parcels show after their cancels: the cancels' own move, which the parcel beside must not
    // make.
    const cancelledShown: unknown[] = [];
    const seen = await Promise.all(
      forms.flatMap((form) =>
        touches.map(async (touch, t) => {
          const body = await parcels.book(lent[t]!);
          const id = body['carrierParcelId'];
          let booked = await parcels.expectListed('PCL-BOOKING-CREATES', id);
          const how = `by ${form}${touch ? ` after ${touch}` : ''}`;
          if (touch) {
            const triggered = await parcels.trigger(lent[t]!, id, touch);
            // Read again until the event shows (a list may show it a moment later), or the settle time ends.
            const shown = triggered.status >= 200 && triggered.status < 300;
            const { parcel } = shown
              ? await parcels.lookup(id, undefined, (p) => eventCount(p) > eventCount(booked))
              : { parcel: booked };
            if (!parcel || parcel['shipmentStatus'] !== booked['shipmentStatus']) {
              return `${how}: the trigger answered ${triggered.status}, then the parcel shows ${String(
                parcel?.['shipmentStatus'] ?? '(not listed)',
              )}, not booked: not cancelled here`;
            }
            booked = parcel;
          }
          const exchange = await parcels.cancel(id, undefined, form);
          hold([cancelAcceptedJudgement(exchange, `parcel ${id} ${how}`)], exchange);
          const { parcel: after, exchange: read } = await parcels.lookup(
            id,
            undefined,
            (p) => p?.['shipmentStatus'] !== booked['shipmentStatus'],
          );
          // A cancelled booking may leave the list or stay with another status; either way it is not booked.
          hold(
            [
              cancelShownJudgement(
                `parcel ${id}, cancelled ${how}`,
                booked['shipmentStatus'],
                after?.['shipmentStatus'],
              ),
            ],
            read,
          );
          if (after) cancelledShown.push(after['shipmentStatus']);
          const shows = after ? `shows ${String(after['shipmentStatus'])}` : 'is no longer listed';
          return `${how}: ${exchange.status}, then the parcel ${shows}`;
        }),
      ),
    );
    observe('CAN-NOT-DELIVERED', `cancel answered ${seen.join('; ')}`);
    const { parcel: otherAfter, exchange: read } = await parcels.lookup(other);
    const beside = `parcel ${other} in locker ${String(record['uid'])} beside the parcels cancelled`;
    const [before, after] = [otherBooked['shipmentStatus'], otherAfter?.['shipmentStatus']];
    hold([cancelLeftOthersJudgement(beside, before, after, cancelledShown)], read);
    if (after !== before) observe('CAN-NOT-DELIVERED', `${beside} went from ${String(before)} to ${String(after)}`);
  },
);

/** What a refused request must leave as it was: the status and history GET /parcels shows, and the signature. */
const stateOf = (parcel: Json | undefined) =>
  parcel && {
    shipmentStatus: parcel['shipmentStatus'],
    events: parcel['events'],
    signature: parcel['signature'] ?? null,
  };

const DELIVERED = ['CAN-DELIVERED-REFUSED', 'CAN-DELIVERED-400-STATUS', 'GEN-REJECTED-NO-EFFECT'];

const BOOKING = 'booked parcel';

/** A parcel of the run's, booked and as first listed, in a locker, cancelled by a form of its id. */
interface Made {
  locker: Json;
  id: string;
  booked: Json;
  form: 'carrierParcelId' | 'shipmentUid';
  /** What kind of parcel it is, for the failures. */
  kind: string;
}

/**
 * The parcel delivered through the staging trigger, then cancelled by its form of id: refused, and its status and
 * history kept; after each further event the trigger takes, refused again (§3 shows no transitions). Judged only
 * where the list shows it delivered.
 */
async function deliveredNotCancelled(parcels: ParcelFactory, { locker, id, booked, form, kind }: Made): Promise<void> {
  // §4.11 simulates first-mile events and shows no transitions: that a parcel takes CONSIGNEE_DELIVERED and is then
  // delivered is not stated, so only a parcel that looks delivered is judged.
  const delivered = await parcels.trigger(locker, id, 'CONSIGNEE_DELIVERED');
  // Read again while it does not look delivered yet: a list may show the event a moment later.
  const before =
    delivered.status >= 200 && delivered.status < 300
      ? (await parcels.lookup(id, undefined, (p) => looksDelivered(p, booked['shipmentStatus']))).parcel
      : undefined;
  if (!looksDelivered(before, booked['shipmentStatus'])) {
    const reason =
      `cancelParcel by ${form}: CONSIGNEE_DELIVERED for ${kind} ${id} answered ${delivered.status}, and GET ` +
      `/parcels does not show it delivered (${String(before?.['shipmentStatus'] ?? 'unchanged')})`;
    // The trigger's own parcels add to what the bookings judge: where they are not delivered, that is reported.
    if (kind === BOOKING) for (const rule of DELIVERED) notObservable(rule, reason);
    else observe('CAN-DELIVERED-REFUSED', reason);
    return;
  }
  const exchange = await parcels.cancel(id, undefined, form);
  expect.soft(exchange).toBeRejected('CAN-DELIVERED-400-STATUS', 400);
  const { parcel: after, exchange: read } = await parcels.lookup(id);
  // Refused or not, what the list then shows is judged too before a failure stops the test.
  const what = `${kind} ${id} by its ${form}`;
  const kept = deliveredKeptJudgement(what, before!['shipmentStatus'], after?.['shipmentStatus']);
  hold([deliveredCancelJudgement(exchange, what), kept], exchange, read);
  hold(
    [
      noEffectJudgement(
        `the delivered parcel's record after a refused cancellation by its ${form}`,
        stateOf(before),
        stateOf(after),
      ),
    ],
    exchange,
  );
  // Delivered once, uncancellable whatever event came after (§3 shows no transitions): each further event the
  // trigger takes, then a cancel, refused as the first was.
  // Each read waits for every event taken so far to show (one entry each, TRG-EVENT-HISTORY): a list that lags shows
  // the parcel as an earlier event left it a moment longer, and an earlier event's status is no cancel's doing.
  let taken = eventCount(after);
  for (const event of TRIGGER_EVENTS) {
    const triggered = await parcels.trigger(locker, id, event);
    if (triggered.status < 200 || triggered.status >= 300) continue;
    taken += 1;
    const shows = (p: Json | undefined) => eventCount(p) >= taken;
    const { parcel: then } = await parcels.lookup(id, undefined, shows);
    if (!shows(then)) continue;
    const again = await parcels.cancel(id, undefined, form);
    const { parcel: last, exchange: lastRead } = await parcels.lookup(id, undefined, shows);
    const whatNow = `${what} after ${event}`;
    const keptNow = deliveredKeptJudgement(whatNow, then?.['shipmentStatus'], last?.['shipmentStatus']);
    hold([deliveredCancelJudgement(again, whatNow), keptNow], again, lastRead);
  }
}

test(
  'CAN-DELIVERED-REFUSED a parcel delivered through the staging trigger cannot be cancelled, by any id the ' +
    'cancel path takes, and keeps its status and history',
  rules(...DELIVERED),
  async ({ api, lockers, parcels, tag, target }) => {
    const { record } = await lockers.lend('bookings');
    const forms = await eachForm(parcels, record, DELIVERED);
    // A delivered parcel per form: a refusal by one form proves nothing about a parcel the other form already
    // cancelled.
    const booked = forms.map(async (form): Promise<Made> => {
      const body = await parcels.book(record);
      const id = body['carrierParcelId'];
      return {
        locker: record,
        id,
        booked: await parcels.expectListed('PCL-BOOKING-CREATES', id),
        form,
        kind: 'booking',
      };
    });
    // And the parcels the trigger makes, of each shipment type it takes (§4.11), each type in a locker of its own (a
    // locker holds so many parcels, §1): "only a parcel that has not been delivered can be cancelled" holds for any.
    const made = !target.capabilities.trigger.available
      ? []
      : ['FIRST_MILE', 'RETURN'].flatMap((shipmentType) => {
          const locker = lockers.create().then(({ record: r }) => r);
          return forms.map(async (form): Promise<Made | undefined> => {
            const at = await locker;
            const id = tag.next('CCFM');
            const answered = await parcels.trigger(at, id, 'BOOKING_CREATED', api, { shipmentType });
            const kind = `a ${shipmentType} parcel the trigger made`;
            // Refused, it made nothing to wait for in the list.
            const parcel =
              answered.status >= 200 && answered.status < 300
                ? (await parcels.lookup(id, undefined, (p) => p !== undefined)).parcel
                : undefined;
            if (!parcel) {
              observe('CAN-DELIVERED-REFUSED', `${kind}: BOOKING_CREATED answered ${answered.status}, not listed`);
              return undefined;
            }
            return { locker: at, id, booked: parcel, form, kind };
          });
        });
    const parcelsMade = (await Promise.all([...booked, ...made])).filter((m): m is Made => m !== undefined);
    await Promise.all(parcelsMade.map((m) => deliveredNotCancelled(parcels, m)));
  },
);

const UNKNOWN = ['CAN-UNKNOWN-404', 'CAN-UNKNOWN-404-STATUS', 'ERR-404-JSON'];
test(
  'CAN-UNKNOWN-404 cancelling a parcel that does not exist is refused with a 4xx (404, a should), changes ' +
    'nothing, and a 404 has a JSON body',
  rules(...UNKNOWN),
  async ({ lockers, parcels }) => {
    const { record } = await lockers.lend('bookings');
    const body = await parcels.book(record);
    const real = await parcels.expectListed('PCL-BOOKING-CREATES', body['carrierParcelId']);
    const forms = await eachForm(parcels, record, UNKNOWN);
    // An id the service knows in another role: pre-checked and never booked, it names no parcel (§4.6: a PRE_CHECK
    // checks only).
    const checked = parcels.body(record, { eventType: 'PRE_CHECK' });
    const precheck = await parcels.publish(checked);
    // ERR-404-JSON at listParcels: no request the spec gives yields that 404 (rules.yaml `unprovokable`).
    const listed = await parcels.everyListed();
    const probes = forms.map((kind) => {
      // An id of the shape a real one of the form has, with a suffix the run never booked, so what is
      // judged is an unknown parcel, not a malformed id.
      const pathId = String(real[kind] ?? body['carrierParcelId']);
      return { kind, pathId, unknown: `${pathId}${/\d$/.test(pathId) ? '0' : 'x'}` };
    });
    if (forms.includes('carrierParcelId') && precheck.status >= 200 && precheck.status < 300)
      probes.push({ kind: 'carrierParcelId', pathId: body['carrierParcelId'], unknown: checked['carrierParcelId'] });
    for (const { kind, pathId, unknown } of probes) {
      if (listed.some((p) => String(p[kind]) === unknown)) {
        for (const rule of UNKNOWN)
          notObservable(rule, `cancelParcel by ${kind}: the probe id ${unknown} belongs to a listed parcel`);
        continue;
      }
      const exchange = await parcels.call(kind, unknown);
      // Sent again, as a client that retries sends it: refused as the first, its answer held to what every answer is.
      expect.soft(await parcels.call(kind, unknown)).toBeRejected('CAN-UNKNOWN-404');
      expect.soft(exchange).toBeRejected('CAN-UNKNOWN-404');
      expect.soft(exchange).toBeRejected('CAN-UNKNOWN-404-STATUS', 404);
      const after = await parcels.expectListed('CAN-UNKNOWN-404', body['carrierParcelId']);
      judge('CAN-UNKNOWN-404', exchange)
        .soft(stateOf(after), `cancelling ${unknown} (by ${kind}) changed parcel ${pathId}`)
        .toEqual(stateOf(real));
      if (exchange.status !== 404) {
        notObservable(
          'ERR-404-JSON',
          `cancelParcel by ${kind}: the unknown parcel was answered ${exchange.status}, not 404`,
        );
        continue;
      }
      for (const rule of ['CAN-UNKNOWN-404', 'ERR-404-JSON'])
        judge(rule, exchange).soft(exchange.body, 'a 404 without a JSON body').not.toBeUndefined();
    }
    // The id left empty: no operation's path (§4.9 defines PATCH /parcels/{parcelId}), so its status is not judged;
    // its answer is held to what every answer is (an error body's members too).
    await parcels.call(forms[0]!, '');
  },
);

test(
  'GEN-REJECTED-NO-EFFECT a cancel whose body is not JSON, where refused, leaves the booking uncancelled, to be ' +
    'cancelled after',
  rules('GEN-REJECTED-NO-EFFECT', 'CAN-NOT-DELIVERED'),
  async ({ lockers, parcels }) => {
    // §4.9 shows no request body and the preamble says every body is JSON: one that is not, declared JSON, is the
    // complement a client sends by mistake. Refused or taken (not stated), a refusal changes nothing (§7 lists 400 for
    // cancel parcel).
    const { record } = await lockers.lend('bookings');
    const forms = await eachForm(parcels, record, ['GEN-REJECTED-NO-EFFECT']);
    const seen = await Promise.all(
      forms.map(async (form) => {
        const id = (await parcels.book(record))['carrierParcelId'];
        const booked = await parcels.expectListed('PCL-BOOKING-CREATES', id);
        const pathId = await parcels.pathIdOf(form, id);
        if (pathId === undefined) return `by ${form}: no path id known`;
        const exchange = await parcels.call(form, pathId, undefined, '{"reason": ');
        if (exchange.status < 400 || exchange.status >= 500) {
          await parcels.cancel(id, undefined, form);
          return `by ${form}: ${exchange.status}`;
        }
        const { parcel: after, exchange: read } = await parcels.lookup(id);
        // Then cancelled as a client would: accepted (a refusal changed nothing), and what it leaves is what the
        // refused one must not have left. A booking may move by itself meanwhile (§3 "Transitions: not shown"): only
        // the cancellation is judged, the parcel listed and not showing the status the accepted cancel gives it.
        const again = await parcels.cancel(id, undefined, form);
        holdSoftly([cancelAcceptedJudgement(again, `parcel ${id} by ${form}, after that refusal`)], again);
        const moved = (p: Json | undefined) => p?.['shipmentStatus'] !== after?.['shipmentStatus'];
        const { parcel: cancelled } = await parcels.lookup(id, undefined, moved);
        const gives = cancelled?.['shipmentStatus'];
        const asCancelled =
          after === undefined || (gives !== booked['shipmentStatus'] && after['shipmentStatus'] === gives);
        const what = `parcel ${id} after a cancel by its ${form}, its body not JSON, refused ${exchange.status}`;
        const shown = after === undefined ? 'not listed' : `listed ${String(after['shipmentStatus'])}`;
        hold(
          [noEffectJudgement(what, 'not cancelled', asCancelled ? `${shown}, as a cancel leaves it` : 'not cancelled')],
          read,
          exchange,
        );
        return `by ${form}: refused ${exchange.status}`;
      }),
    );
    observe('GEN-REJECTED-NO-EFFECT', `a cancel with a body that is not JSON: ${seen.join('; ')}`);
  },
);

test('CAN-TWICE reports what a second cancellation answers', rules('CAN-TWICE'), async ({ lockers, parcels }) => {
  const { record } = await lockers.lend('bookings');
  const body = await parcels.book(record);
  const first = await parcels.cancel(body['carrierParcelId']);
  const second = await parcels.cancel(body['carrierParcelId']);
  observe('CAN-TWICE', `first cancellation ${first.status}, second ${second.status}`);
});

test(
  'PCL-AFTER-CANCEL reports what a cancelled parcel answers to a trigger event and to a new booking under its id, ' +
    'which, accepted, is listed as sent (PCL-BOOKING-CREATES)',
  rules('PCL-AFTER-CANCEL', 'PCL-BOOKING-CREATES'),
  async ({ lockers, parcels, target }) => {
    const [{ record }, mark] = await Promise.all([lockers.lend('bookings'), parcels.mark()]);
    const body = await parcels.book(record);
    const id = body['carrierParcelId'];
    const cancelled = await parcels.cancel(id);
    hold([cancelAcceptedJudgement(cancelled, `parcel ${id}`)], cancelled);
    const seen: string[] = [];
    if (target.capabilities.trigger.available) {
      const delivered = await parcels.trigger(record, id, 'CONSIGNEE_DELIVERED');
      seen.push(
        `CONSIGNEE_DELIVERED answered ${delivered.status}, the parcel then shows ` +
          `${String((await parcels.find(id))?.['shipmentStatus'] ?? '(not listed)')}`,
      );
    }
    // Whether a new booking under the id is taken is not stated; taken, it is a booking (§4.6), as sent: into
    // another locker and with the other allocationType, so that a service that revives the cancelled record
    // (its locker, its members) shows it.
    const other = (await lockers.create()).record;
    const allocationType = body['allocationType'] === 'SOFT_RESERVATION' ? 'HARD_RESERVATION' : 'SOFT_RESERVATION';
    const again = await parcels.publish(parcels.body(other, { carrierParcelId: id, allocationType }));
    const listed = (await parcels.listSince(mark)).filter((p) => p['carrierParcelId'] === id);
    seen.push(
      `a new booking under ${id} answered ${again.status}; GET /parcels lists ${listed.length} record(s) ` +
        `under it (${listed.map((p) => String(p['shipmentStatus'])).join(', ')})`,
    );
    observe('PCL-AFTER-CANCEL', `after a cancellation: ${seen.join('; ')}`);
    if (again.status < 200 || again.status >= 300) return;
    const asSent = (p: Json) =>
      String(p['lockerUid']) === String(other['uid']) && p['allocationType'] === allocationType;
    const { all, exchange: read } = await parcels.lookup(id, undefined, (_, all) => all.some(asSent));
    hold(
      [bookingListedJudgement(`${id}, booked anew after its cancel`, other['uid'], allocationType, all)],
      again,
      read,
    );
  },
);
