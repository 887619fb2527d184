// What a publish's points share (publish-points.ts): the points of one request, a locker's name.
import { ISO_4217 } from '../../../spec/currencies';
import { badRequest } from '../../errors';
import type { Editable } from '../../handlers/fault-point-state';
import type { PublishBody, StoredLocker } from '../../model';
import type { FaultPointApp, Reply } from '../../request-types';

/** Fault sx-network-pending-locker-not-bookable: the locker a publish names, as the publish resolves it. */
export function namedLocker(app: FaultPointApp, carrier: string, sent: Editable): StoredLocker | undefined {
  if (typeof sent['lockerUid'] === 'string') return app.state.visibleLocker(carrier, sent['lockerUid']);
  const tenantId = sent['carrierLockerId'];
  return typeof tenantId === 'string' ? app.state.lockerByCarrierLockerId(carrier, tenantId) : undefined;
}

/** Fault saf-currency-list-substring-match: the ISO 4217 codes as the payment settings hold them, one text. */
export const ISO_4217_TEXT = [...ISO_4217].sort().join(',');

/**
 * What the points of one publish request need to remember between them (fault
 * saj-by-tenant-owner-checked-after-booking).
 */
export interface OwnerCheckedAfterBooking {
  /** The locker the request addresses; `located` is the lookup of the points before. */
  locker(body: PublishBody, located: () => StoredLocker | undefined): StoredLocker | undefined;
  /** The answer, where the request is answered at all. */
  answered(reply: Reply): Reply;
}

/**
 * Fault saj-by-tenant-owner-checked-after-booking: the by-tenant controller hands the request to the booking service,
 * which resolves carrierLockerId in the platform-wide locker index (every carrier's lockers) where the caller's own
 * and the third-party ones have none of it, and books and commits; the controller then checks that the locker it was
 * answered with is the caller's or a third party's and turns the answer into 400 LOCKER_NOT_OWNED, the booking kept.
 */
export function ownerCheckedAfterBooking(
  app: FaultPointApp,
  carrier: string,
  byTenant: boolean,
): OwnerCheckedAfterBooking {
  let foreign: StoredLocker | undefined;
  return {
    locker: (body, located) => {
      const found = located();
      if (found || !byTenant || !app.fault('saj-by-tenant-owner-checked-after-booking')) return found;
      foreign = [...app.state.lockers.values()].find(
        (l) =>
          l.record.carrier.lockerId === body.carrierLockerId &&
          l.record.ownedByCarrier !== null &&
          l.record.ownedByCarrier !== carrier,
      );
      return foreign;
    },
    answered: (reply) => {
      if (foreign)
        throw badRequest(
          'LOCKER_NOT_OWNED',
          `locker "${foreign.record.carrier.lockerId}" is not a locker of this carrier`,
        );
      return reply;
    },
  };
}
