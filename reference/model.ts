// Records as the reference stores them. Wire shapes are the OpenAPI document's; these types only
// describe what the reference itself builds.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface LockerGroup {
  key: string;
  uid: string;
}

export interface LockerRecord {
  uid: string;
  carrier: { lockerName: string; lockerId: string; activationDate: string; status: string };
  provider: {
    name: string;
    lockerModel: string;
    lockerVersion: string;
    lockerName: string;
    lockerUid: string;
    status: string;
  };
  location: JsonObject;
  features: JsonObject;
  openingHours: JsonObject;
  metadata: Json[];
  ownedByCarrier: string | null;
  compartmentTypes: JsonObject[] | null;
}

export interface StoredLocker {
  record: LockerRecord;
  lockerGroups: LockerGroup[];
  /** The carrier.lockerId it was created with (fault by-tenant-stale-after-rename keeps looking it up by that). */
  createdAs?: string;
}

/** RESERVED: only the hold a PRE_CHECK makes under fault x47-precheck-soft-reservation-held. */
export type ShipmentStatus = 'BOOKED' | 'CANCELLED' | 'DELIVERED' | 'COLLECTED' | 'RESERVED';

export interface ParcelEvent {
  type: string;
  timestamp: string;
}

export interface ParcelRecord {
  shipmentUid: string;
  lockerUid: string;
  carrierParcelId: string;
  carrierLockerId: string | null;
  shipmentType: string;
  shipmentStatus: ShipmentStatus;
  dimensionsStatus: string;
  allocationType: string;
  /** Without consigneeCollectionCode only under fault x47-revoked-access-code-dropped. */
  accessCodes: { consigneeCollectionCode?: { code: string; validUntil: string } } | null;
  consignee: JsonObject | null;
  events: ParcelEvent[];
  signature?: { imageBase64: string; format: string };
  lockStatus: string;
}

export interface StoredParcel {
  owner: string;
  record: ParcelRecord;
  /** A CONSIGNEE_DELIVERED event was applied to it: it has been delivered, whatever came after (§3). */
  delivered?: true;
}

export interface NetworkLockerRecord {
  /** int64: a BigInt beyond 2^53, written from its digits. */
  lockerUid: number | bigint;
  providerName: string;
  lockerName: string;
  providerLockerStatus: string;
  carrierLockerStatus: string;
  networkLockerStatus: string;
  carrierLockerId: string;
  providerLockerId: string;
}

export interface Network {
  uid: number;
  owner: string;
  members: Map<string, NetworkLockerRecord>;
}

export interface ProviderModel {
  providerName: string;
  providerUid: string;
  lockerModel: string;
  lockerVersion: string;
}

/** A create or update request body once its schema has accepted it. */
export interface LockerWriteBody {
  carrier?: { lockerName: string; lockerId: string; activationDate: string; status?: string };
  provider?: {
    name: string;
    lockerModel: string;
    lockerVersion: string;
    lockerName?: string;
    lockerUid?: string;
    status?: string;
  };
  location?: JsonObject;
  features?: JsonObject;
  metadata?: Json[];
  lockerGroups?: LockerGroup[];
  openingHours?: JsonObject;
}

/** A publish request body once its schema has accepted it. */
export interface PublishBody {
  eventType: 'PRE_CHECK' | 'BOOKING';
  lockerUid?: string;
  carrierLockerId?: string;
  carrierParcelId: string;
  shipmentType?: string;
  consignee?: JsonObject | null;
  /** Required (§2.3); absent only under the fault publish-optional-dimensions, which accepts it so. */
  dimensions?: { depth?: number | null; height?: number | null; width?: number | null };
  weight?: number;
  allocationType?: string;
  requiresAccessibleCompartment?: boolean | null;
  secondaryShipmentId?: string;
  codAmount?: number;
  codCurrency?: string;
  lockStatus?: string;
}

export interface TriggerBody {
  parcel_id: string;
  provider_locker_id: string;
  event_type: 'BOOKING_CREATED' | 'COURIER_COLLECTED' | 'CONSIGNEE_DELIVERED';
  carrier_name: string;
  provider_name: string;
  shipment_type: string;
  labelless?: boolean;
}
