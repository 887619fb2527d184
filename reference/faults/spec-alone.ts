// Faults of classes written from the spec alone by a helper: trimmed webhooks, zones, framework error pages.
import type { Fault } from '../fault';

export const SPEC_ALONE_FAULTS = [
  // Classes of this helper's issue, written from the spec alone: a webhook trimmed or naming its subject by another id,
  // whose locker a network takes, a listed value not implemented, a date-time's zone, a framework's error page
  {
    name: 'parcel-webhook-drops-signature',
    rule: 'WH-PARCEL-BODY',
    description:
      'ParcelUpdates leave signature out (the image is stripped to keep payloads small), also once the ' +
      'parcel has one; GET /parcels still shows it (written from the spec alone by a helper)',
  },
  {
    name: 'locker-webhook-previous-locker',
    rule: 'WH-LOCKER-ON-CREATE',
    description:
      "a create's LockerUpdates carries the locker created before it (a stale event cache); the run's first " +
      'create is pushed right (written from the spec alone by a helper)',
  },
  {
    name: 'locker-webhook-provider-uid',
    rule: 'WH-LOCKER-ON-CREATE',
    description:
      'the LockerUpdates of a create carries the provider-side id (provider.lockerUid, PL-…) as uid: the ' +
      "create's event mapper, shared with the provider onboarding flow, takes the provider's id; status " +
      'pushes and answers are right (written from the spec alone by a helper)',
  },
  {
    name: 'network-adds-other-carriers',
    rule: 'NET-NOT-OWNED-SKIPPED',
    description:
      "the network's ownership check asks whether a carrier owns the locker, not whether the calling one " +
      "does: another carrier's lockers are added (third-party ones still skipped) (written from the spec " +
      'alone by a helper)',
  },
  {
    name: 'trigger-refuses-return',
    rule: 'GEN-BOUNDARY-ACCEPTED',
    description:
      'the trigger implements shipment_type FIRST_MILE only: RETURN, a listed value, is refused 400 (written ' +
      'from the spec alone by a helper)',
  },
  {
    name: 'publish-timestamp-no-zone',
    rule: 'GEN-DATE-TIME-ZONE',
    description:
      'the publish timestamp is a local date-time in UTC written without an offset (2025-06-01T10:00:00.000) ' +
      '(written from the spec alone by a helper)',
  },
  {
    name: 'malformed-json-html-page',
    rule: 'ERR-BODY',
    description:
      "a body that is not JSON is answered 400 with the framework's HTML error page (text/html), not " +
      'errorCode and message (written from the spec alone by a helper)',
  },
] as const satisfies readonly Fault[];
