import { DEFAULT_CHOICES, type ReferenceChoices } from './choices';

/** Hold the Nth request to an operation (counted from the start, whatever its key or body): neither carried out nor
 * answered. */
export interface StallSpec {
  operationId: string;
  nth: number;
}

export interface CarrierAccount {
  /** One of the trigger's fixed carrier names; also the value of ownedByCarrier. */
  name: string;
  apiKey: string;
  /** Where this carrier's webhooks go; none means events are dropped. */
  webhookUrl?: string;
  /** The carrier's network (§4.10). */
  networkUid: number;
}

export interface ReferenceOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  carriers: CarrierAccount[];
  /** Sent as X-API-Key on webhook deliveries when set (§5.5 leaves the scheme open). */
  webhookKey?: string;
  /** Period of CollectionNotification (§6: once per day). */
  collectionPeriodMs: number;
  /** Deliveries answered 5xx or not answered are retried this many times, the delay doubling from baseDelayMs. */
  webhookRetries: number;
  webhookRetryBaseDelayMs: number;
  choices: ReferenceChoices;
  /** Named faults switched on (faults.ts); none for a conformant reference. */
  faults: string[];
  /** Every answer (service and mock, errors too) is written this long after it was ready, as across a network. */
  latencyMs: number;
  /** Requests held unanswered (staging.ts): to make a client's test run past its timeout. */
  stalls: StallSpec[];
  /**
   * After this many requests, every request is held unanswered (hang: a database that locked, a
   * gateway that holds connections) or has its connection reset: a staging that stopped answering.
   * `answering` ("GET /lockers", relative to the service base) keeps answering: a staging whose write
   * path locked while its reads still work.
   */
  outage?: { after: number; mode: 'hang' | 'reset'; answering?: string[] };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export const DEFAULT_CARRIERS: CarrierAccount[] = [
  { name: 'CARRIER_NAME_1', apiKey: 'reference-key-carrier-1', networkUid: 1001 },
  { name: 'CARRIER_NAME_2', apiKey: 'reference-key-carrier-2', networkUid: 2001 },
];

export function referenceOptions(overrides: Partial<ReferenceOptions> = {}): ReferenceOptions {
  return {
    host: '127.0.0.1',
    port: 0,
    carriers: DEFAULT_CARRIERS.map((c) => ({ ...c })),
    collectionPeriodMs: DAY_MS,
    webhookRetries: 3,
    webhookRetryBaseDelayMs: 200,
    faults: [],
    latencyMs: 0,
    stalls: [],
    ...overrides,
    choices: { ...DEFAULT_CHOICES, ...overrides.choices },
  };
}
