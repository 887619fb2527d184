// The points where the faults of set AN change the service: each does what the service does with its fault off, and the
// fault's behaviour with it on; its variations are set-an-variations.ts. Called from app.ts (the webhook sender, the
// LockerUpdates push), lockers.ts (a create, the opening hours stored), locker-update.ts (the metadata and opening
// hours of an update, a status change's answer), networks.ts (whether a locker is a member), parcel-list.ts (the
// parcels read, their events), publish-points.ts (a PRE_CHECK, a booking stored), cancel-points.ts (the compartment
// released), trigger.ts (the provider adapter, a delivery) and collections.ts (the waiting parcels a run reads).
import { later } from '../faults/behaviour/shared';
import type { Json, Network, StoredLocker } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply } from '../request-types';
import { perApp, type StateApp, type Switches } from './fault-point-state';
import { jobBatchMs } from './set-an-variations';

// --- The webhook sender (app.ts) ---

/** Fault san-webhook-flush-to-first-carrier: how long the sender gathers deliveries into one batch. */
const SENDER_BATCH_MS = 100;

/**
 * The webhook sender, set up once the outbox exists.
 * - Fault san-webhook-flush-to-first-carrier: deliveries gathered for 100 ms, each posted to the URL of the carrier
 *   of the batch's first event.
 * - Variation ok-an-webhook-job-batches: deliveries sent by a job every 500 ms, each to its own carrier's URL.
 */
export function senderBySetAN(app: Pick<FaultPointApp, 'fault' | 'outbox'>): void {
  const toFirst = app.fault('san-webhook-flush-to-first-carrier');
  const every = toFirst ? SENDER_BATCH_MS : jobBatchMs(app);
  if (every === undefined) return;
  const send = app.outbox.send.bind(app.outbox);
  type Queued = { carrier: CarrierAccount; body: unknown; how: Parameters<typeof send>[2] };
  let batch: Queued[] = [];
  let timer: NodeJS.Timeout | undefined;
  app.outbox.send = (carrier, body, how = {}) => {
    batch.push({ carrier, body, how });
    timer ??= later(every, () => {
      const items = batch;
      batch = [];
      timer = undefined;
      const endpoint = items[0]!.carrier;
      for (const item of items) send(toFirst ? endpoint : item.carrier, item.body, item.how);
    });
  };
}

/** Fault san-locker-push-rendered-at-flush: how long after its event the outbox relay picks a LockerUpdates up. */
const RELAY_PICKUP_MS = 250;

/**
 * A LockerUpdates about to be sent; true where the fault sends it otherwise. Fault san-locker-push-rendered-at-flush:
 * `renderLater` is called 250 ms later, rendering the body from the locker as it is then.
 */
export function renderedAtFlushBySetAN(app: Switches, renderLater: () => void): boolean {
  if (!app.fault('san-locker-push-rendered-at-flush')) return false;
  later(RELAY_PICKUP_MS, renderLater);
  return true;
}

// --- A create (lockers.ts) ---

/** Fault san-create-batch-ids-zipped-by-arrival: how long creates are gathered into one insert batch. */
const CREATE_BATCH_MS = 25;

interface PendingCreate {
  carrier: string;
  make: (uid: string) => StoredLocker;
  store: (locker: StoredLocker) => Reply;
  resolve: (reply: Reply) => void;
  reject: (error: unknown) => void;
}

type CreateBatch = { pending: PendingCreate[]; timer?: NodeJS.Timeout | undefined };
const createBatches = new WeakMap<object, CreateBatch>();

/**
 * A create, where the fault gathers it into a batch; undefined where it is carried out at once. Fault
 * san-create-batch-ids-zipped-by-arrival: the batch's rows are written carrier by carrier, each under the uid drawn
 * for it, and the uids handed back to the requests in their order of arrival.
 */
export function batchedCreateBySetAN(
  app: StateApp,
  carrier: string,
  make: (uid: string) => StoredLocker,
  store: (locker: StoredLocker) => Reply,
): Promise<Reply> | undefined {
  if (!app.fault('san-create-batch-ids-zipped-by-arrival')) return undefined;
  const batch = perApp<CreateBatch>(createBatches, app, () => ({ pending: [] }));
  return new Promise<Reply>((resolve, reject) => {
    batch.pending.push({ carrier, make, store, resolve, reject });
    batch.timer ??= later(CREATE_BATCH_MS, () => {
      const arrived = batch.pending.splice(0);
      batch.timer = undefined;
      // One insert per carrier, in the order the carriers first appear in the batch.
      const carriers = [...new Set(arrived.map((p) => p.carrier))];
      const written = carriers.flatMap((c) => arrived.filter((p) => p.carrier === c));
      const uids = written.map(() => app.state.newLockerUid());
      const replies = new Map<PendingCreate, Reply>();
      written.forEach((p, i) => {
        try {
          replies.set(p, p.store(p.make(uids[i]!)));
        } catch (error) {
          p.reject(error);
        }
      });
      // The returned ids zipped with the requests as they arrived.
      arrived.forEach((p, i) => {
        const reply = replies.get(p);
        if (reply) p.resolve({ ...reply, body: { ...(reply.body as object), uid: uids[i] } });
      });
    });
  });
}

// --- An update, a status change (locker-update.ts) ---

/** Fault san-update-metadata-chunk-off-by-one: the rows the driver writes in one batch. */
const METADATA_CHUNK = 25;

/** The metadata entries an update writes. Fault san-update-metadata-chunk-off-by-one: chunks of 25, cut at 24. */
export function chunkedBySetAN(app: Switches, entries: Json[]): Json[] {
  if (!app.fault('san-update-metadata-chunk-off-by-one')) return entries;
  const rows: Json[] = [];
  for (let i = 0; i < entries.length; i += METADATA_CHUNK) rows.push(...entries.slice(i, i + METADATA_CHUNK - 1));
  return rows;
}

/** Fault san-status-batch-flush-last-value: how long after its first command a batch of status writes is flushed. */
const STATUS_FLUSH_MS = 100;

type StatusBatch = { pending: { locker: StoredLocker; status: string }[]; timer?: NodeJS.Timeout | undefined };
const statusBatches = new WeakMap<object, StatusBatch>();

/**
 * A status change's answer, once it was answered and pushed. Fault san-status-batch-flush-last-value: the row keeps
 * the status it had until the batch is flushed, 100 ms after its first command, with the batch's last status for
 * every locker in it.
 */
export function statusFlushedBySetAN(
  app: Pick<FaultPointApp, 'fault' | 'lag'>,
  locker: StoredLocker,
  before: string,
  reply: Reply,
): Reply {
  const asked = locker.record.carrier.status;
  if (!app.fault('san-status-batch-flush-last-value') || asked === before) return reply;
  locker.record.carrier.status = before;
  const batch = perApp<StatusBatch>(statusBatches, app, () => ({ pending: [] }));
  batch.pending.push({ locker, status: asked });
  batch.timer ??= later(STATUS_FLUSH_MS, () => {
    const written = batch.pending.splice(0);
    batch.timer = undefined;
    const status = written.at(-1)!.status; // UPDATE ... SET status = :status WHERE uid IN (...)
    for (const { locker: l } of written) {
      l.record.carrier.status = status;
      app.lag.written(l, l.record);
    }
  });
  return reply;
}

// --- A network add (networks.ts) ---

/** Fault san-network-membership-lru: the members the per-network cache holds. */
const NETWORK_CACHE_SIZE = 16;

/**
 * Whether `uid` is a member of the network already. Fault san-network-membership-lru: asked of the 16 members added
 * last; a member the cache does not hold is upserted as new (written again, at the newest end).
 */
export function heldBySetAN(app: Switches, network: Network, uid: string): boolean {
  if (!app.fault('san-network-membership-lru')) return network.members.has(uid);
  if ([...network.members.keys()].slice(-NETWORK_CACHE_SIZE).includes(uid)) return true;
  network.members.delete(uid);
  return false;
}
