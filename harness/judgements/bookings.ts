// What a booking shows once listed, judged once for the suites, the exploration and `judge` on recorded traffic: the
// record as the booking sent it (§2.4), and a booking by carrierLockerId in the carrier's own locker of that
// carrier.lockerId (§4.7 "Same as 4.6, but the locker is identified by carrierLockerId (the carrier's own locker id)").
import type { Exchange } from '../http/exchange';
import type { Json } from '../http/json';
import { memberNames } from '../../spec/schemas';
import { asSent, extrasAsSent } from '../model/as-sent';
import { acceptedShortfall, answerText, notTaken, type Judgement } from './judgement';

/**
 * PCL-RECORD-AS-SENT: of the records listed under a booking's id (`listed`: an earlier parcel of that id may be
 * listed too), one shows every member the booking sent (`sent`) as sent. `what` names the booking.
 */
export function recordAsSentJudgement(sent: Json, listed: readonly Json[], what: string): Judgement {
  const differences = listed.map((record) => asSent(sent, record).differences);
  const held = differences.some((d) => d.length === 0);
  return {
    rule: 'PCL-RECORD-AS-SENT',
    ...(held ? {} : { failure: `${what} listed as sent, got ${(differences[0] ?? ['no record']).join('; ')}` }),
  };
}

/**
 * The members of the parcel record a publish decides (PCL-RECORD-AS-SENT): shipmentType, allocationType and consignee
 * as sent, the carrierParcelId, and on the by-tenant path the carrierLockerId it sent. A consignee sent null is the
 * service's to fill.
 */
export function publishDecided(sent: Json, byTenant: boolean): Json {
  const { carrierParcelId, shipmentType, allocationType, consignee, carrierLockerId } = sent;
  return {
    carrierParcelId,
    ...(shipmentType !== undefined ? { shipmentType } : {}),
    ...(allocationType !== undefined ? { allocationType } : {}),
    ...(consignee !== undefined && consignee !== null ? { consignee } : {}),
    ...(byTenant && carrierLockerId !== undefined ? { carrierLockerId } : {}),
  };
}

/** The members of the parcel record (§2.4). */
const PARCEL_MEMBERS = memberNames('Parcel');

/** Publish members that name the event, the locker and the parcel, or whose unit is not shown (dimensions). */
const NAMING_MEMBERS = new Set(['eventType', 'lockerUid', 'carrierLockerId', 'carrierParcelId', 'dimensions']);

/**
 * PCL-RECORD-EXTRA-AS-SENT: a member the listed record shows beyond §2.4 under a publish member's name (a lock
 * state, a weight) shows what the booking sent. Undefined where the record shows none of them: nothing was judged.
 */
export function extrasAsSentJudgement(sent: Json, listed: Json, what: string): Judgement | undefined {
  const { compared, differences } = extrasAsSent(sent, listed, PARCEL_MEMBERS, NAMING_MEMBERS);
  if (!compared) return undefined;
  return {
    rule: 'PCL-RECORD-EXTRA-AS-SENT',
    ...(differences.length ? { failure: `${what} listed as sent, got ${differences.join('; ')}` } : {}),
  };
}

/**
 * PCL-BY-TENANT-RESOLVES, at the answer: a booking by a carrier.lockerId the carrier's locker holds is taken; where a
 * `control` (the same request by the locker's uid) is given, a refusal fails only next to the control accepted (§8
 * states no capacity, so a refusal alone proves nothing).
 */
export function byTenantTakenJudgement(answer: Exchange, what: string, control?: Exchange): Judgement {
  return {
    rule: 'PCL-BY-TENANT-RESOLVES',
    ...(notTaken(answer, control)
      ? {
          failure:
            `${what} taken, got ${answerText(answer)}` +
            (control ? `, where the same by its lockerUid was accepted (${control.status})` : ''),
        }
      : {}),
  };
}

/**
 * PCL-BY-TENANT-RESOLVES, in the list: booking `id` by carrierLockerId `lockerId` is listed in locker `uid`, the one
 * locker of the carrier with that carrier.lockerId (`listedUids`: the lockers the list shows records of that id in).
 */
export function byTenantResolvesJudgement(
  id: unknown,
  lockerId: unknown,
  uid: unknown,
  listedUids: unknown[],
): Judgement {
  const inPlace = listedUids.some((u) => String(u) === String(uid));
  return {
    rule: 'PCL-BY-TENANT-RESOLVES',
    ...(inPlace
      ? {}
      : {
          failure:
            `${String(id)}, booked by carrierLockerId ${String(lockerId)}, in locker ${String(uid)}, got lockerUid ` +
            `${listedUids.map(String).join(', ') || 'none'}`,
        }),
  };
}

/**
 * PCL-BY-TENANT-OWN: booking `id` by carrierLockerId `lockerId` is in no other carrier's locker (`foreign`: the uids of
 * other carriers' lockers with that carrier.lockerId; `listedUids`: where the lists show it).
 */
export function byTenantOwnJudgement(
  id: unknown,
  lockerId: unknown,
  foreign: readonly unknown[],
  listedUids: readonly unknown[],
): Judgement {
  const into = listedUids.find((u) => u !== undefined && foreign.some((f) => String(f) === String(u)));
  return {
    rule: 'PCL-BY-TENANT-OWN',
    ...(into === undefined
      ? {}
      : {
          failure:
            `${String(id)}, booked by carrierLockerId ${String(lockerId)}, in no other carrier's locker, got it in ` +
            `locker ${String(into)}, another carrier's named by that id`,
        }),
  };
}

/**
 * A valid publish is accepted (§4.6): a BOOKING under PCL-BOOKING-CREATES, a PRE_CHECK under PCL-PRECHECK-NO-BOOKING
 * (which answer a publish carries is PCL-PUBLISH-RESPONSE's). `what` names it.
 */
export function publishAcceptedJudgement(exchange: Exchange, what: string): Judgement {
  const body = exchange.request.body as Json | undefined;
  const rule = body?.['eventType'] === 'PRE_CHECK' ? 'PCL-PRECHECK-NO-BOOKING' : 'PCL-BOOKING-CREATES';
  const shortfall = acceptedShortfall(exchange);
  return {
    rule,
    ...(shortfall ? { failure: `${what} accepted: expected ${shortfall}, got ${answerText(exchange)}` } : {}),
  };
}

/**
 * PCL-BOOKING-CREATES, in the list: booking `id` is listed (`listed`: its records there, an earlier one of the id
 * beside it perhaps) in the locker it named, with the allocationType it sent where `allocationType` is given.
 */
export function bookingListedJudgement(
  id: unknown,
  lockerUid: unknown,
  allocationType: unknown,
  listed: readonly Json[],
): Judgement {
  const held = listed.some(
    (p) =>
      String(p['lockerUid']) === String(lockerUid) &&
      (allocationType === undefined || p['allocationType'] === allocationType),
  );
  const shown = listed.map((p) => `lockerUid ${String(p['lockerUid'])}, ${String(p['allocationType'])}`).join('; ');
  return {
    rule: 'PCL-BOOKING-CREATES',
    ...(held
      ? {}
      : {
          failure:
            `the booking of ${String(id)} listed in locker ${String(lockerUid)}` +
            `${allocationType === undefined ? '' : ` as ${String(allocationType)}`}, got ${shown || 'no record of it'}`,
        }),
  };
}

/** PCL-PRECHECK-NO-BOOKING: no parcel of a pre-checked id is listed (`listed`: the records of it a list shows). */
export function precheckNotListedJudgement(id: unknown, listed: readonly unknown[]): Judgement {
  return {
    rule: 'PCL-PRECHECK-NO-BOOKING',
    ...(listed.length ? { failure: `no booking of ${String(id)}, which was only pre-checked, got one listed` } : {}),
  };
}

/** PCL-PRECHECK-NO-BOOKING: no ParcelUpdates comes about a pre-checked id (`pushed`: the pushes about one). */
export function precheckNotPushedJudgement(ids: readonly unknown[], pushed: readonly string[]): Judgement {
  return {
    rule: 'PCL-PRECHECK-NO-BOOKING',
    ...(pushed.length
      ? { failure: `no ParcelUpdates about pre-checked ${ids.map(String).join(', ')}, got ${pushed.join('; ')}` }
      : {}),
  };
}

/**
 * A valid publish the service did not accept is refused, not failed: a refusal may be the locker's capacity (§8 states
 * none), a 5xx is no answer to a valid request. Under PCL-BOOKING-CREATES for a BOOKING, PCL-PUBLISH-RESPONSE for a
 * PRE_CHECK.
 */
export function publishNotFailedJudgement(exchange: Exchange, what: string): Judgement {
  const body = exchange.request.body as Json | undefined;
  const rule = body?.['eventType'] === 'PRE_CHECK' ? 'PCL-PUBLISH-RESPONSE' : 'PCL-BOOKING-CREATES';
  return {
    rule,
    ...(exchange.status >= 500 ? { failure: `${what} refused or accepted, got ${answerText(exchange)}` } : {}),
  };
}
