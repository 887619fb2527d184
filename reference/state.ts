// The reference's in-memory state: one instance per server, nothing shared between servers.
import { randomInt } from 'node:crypto';
import type { CarrierAccount } from './options';
import type { LockerRecord, Network, StoredLocker, StoredParcel } from './model';
import { pastParcels, thirdPartyLockers } from './seed';

const FIRST_SEEDED_UID = 900001;
const FIRST_CREATED_UID = 100001;

export class ReferenceState {
  readonly lockers = new Map<string, StoredLocker>();
  readonly parcels: StoredParcel[] = [];
  readonly networks = new Map<number, Network>();
  private nextLockerUid = FIRST_CREATED_UID;
  private nextShipment = 1;

  /**
   * Added to every locker uid: 0, or 2^53 where the choices give uids beyond what a double holds exactly
   * (a 64-bit sequence, a snowflake id): §2.1 makes the uid a string, §2.5 and §4.10 an int64.
   */
  private readonly uidOffset: bigint;

  constructor(
    carriers: CarrierAccount[],
    seed: { thirdPartyLockers: number; parcelsPerCarrier: number; awaitingCourier?: boolean; int64Uids?: boolean },
  ) {
    this.uidOffset = seed.int64Uids ? 2n ** 53n : 0n;
    const seeded = thirdPartyLockers((i) => this.uidAt(FIRST_SEEDED_UID + i), seed.thirdPartyLockers);
    for (const record of seeded) {
      this.lockers.set(record.uid, { record, lockerGroups: [] });
    }
    carriers.forEach((carrier, index) => {
      this.networks.set(carrier.networkUid, { uid: carrier.networkUid, owner: carrier.name, members: new Map() });
      for (const record of pastParcels(
        index,
        seed.parcelsPerCarrier,
        seeded,
        () => this.newShipmentUid(),
        seed.awaitingCourier,
      )) {
        this.parcels.push({ owner: carrier.name, record });
      }
    });
  }

  private uidAt(n: number): string {
    return String(this.uidOffset + BigInt(n));
  }

  newLockerUid(): string {
    return this.uidAt(this.nextLockerUid++);
  }

  /** The uid the next created locker gets, not yet taken (fault duplicate-uid-concurrent reads it early). */
  peekLockerUid(): string {
    return this.uidAt(this.nextLockerUid);
  }

  /** A uid read with peekLockerUid is now in use: the next one is past it. */
  lockerUidTaken(uid: string): void {
    this.nextLockerUid = Math.max(this.nextLockerUid, Number(BigInt(uid) - this.uidOffset) + 1);
  }

  /** Conformant variation ok-c-random-uids: a random 9-digit uid no locker has (§2.1: assigned by the service). */
  randomLockerUid(): string {
    for (;;) {
      const uid = this.uidAt(randomInt(100_000_000, 1_000_000_000));
      if (!this.lockers.has(uid)) return uid;
    }
  }

  newShipmentUid(): string {
    return `SHP-${String(this.nextShipment++).padStart(8, '0')}`;
  }

  /** Lockers a carrier may see and book into: its own and the third-party ones. */
  visibleLockers(carrier: string): StoredLocker[] {
    return [...this.lockers.values()].filter(
      (l) => l.record.ownedByCarrier === carrier || l.record.ownedByCarrier === null,
    );
  }

  ownedLocker(carrier: string, uid: string): StoredLocker | undefined {
    const locker = this.lockers.get(uid);
    return locker?.record.ownedByCarrier === carrier ? locker : undefined;
  }

  visibleLocker(carrier: string, uid: string): StoredLocker | undefined {
    const locker = this.lockers.get(uid);
    return locker && (locker.record.ownedByCarrier === carrier || locker.record.ownedByCarrier === null)
      ? locker
      : undefined;
  }

  /** A carrier's own locker wins over a third-party one with the same carrier.lockerId. */
  /** `anyCase`: fault tenant-id-ignores-case, a collation that ignores letter case. */
  lockerByCarrierLockerId(
    carrier: string,
    lockerId: string,
    asCreated = false,
    anyCase = false,
  ): StoredLocker | undefined {
    const same = (a: string) => (anyCase ? a.toLowerCase() === lockerId.toLowerCase() : a === lockerId);
    const matches = this.visibleLockers(carrier).filter((l) =>
      same(asCreated ? (l.createdAs ?? l.record.carrier.lockerId) : l.record.carrier.lockerId),
    );
    return matches.find((l) => l.record.ownedByCarrier === carrier) ?? matches[0];
  }

  lockerByProviderLockerId(carrier: string, providerLockerId: string): StoredLocker | undefined {
    return this.visibleLockers(carrier).find((l) => l.record.provider.lockerUid === providerLockerId);
  }

  parcelsOf(carrier: string): StoredParcel[] {
    return this.parcels.filter((p) => p.owner === carrier);
  }

  /** The newest parcel of the carrier matching the predicate. */
  latestParcel(carrier: string, match: (p: StoredParcel) => boolean): StoredParcel | undefined {
    for (let i = this.parcels.length - 1; i >= 0; i--) {
      const parcel = this.parcels[i]!;
      if (parcel.owner === carrier && match(parcel)) return parcel;
    }
    return undefined;
  }

  lockerRecordsOwnedBy(carrier: string): LockerRecord[] {
    return [...this.lockers.values()].filter((l) => l.record.ownedByCarrier === carrier).map((l) => l.record);
  }
}
