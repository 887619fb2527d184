// The faults' behaviour of what an update writes of carrier and metadata, its lockerId check and its answer
// (locker-update.ts updateLocker, around update-points.ts lockerName, activationDate, metadata and answered). With its
// fault off each point does what the service does.
import { badRequest } from '../../errors';
import { perApp, type Switches } from '../../handlers/fault-point-state';
import type { Json, LockerRecord, StoredLocker } from '../../model';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';

// --- The carrier side an update writes ---

/**
 * Fault sbi-rename-skipped-at-provider-name: the rename is sent to the provider, and carrier.lockerName written, only
 * where the name sent differs from the name the provider registered the locker under (provider.lockerName, the name at
 * create): a locker renamed and then renamed back keeps the second name.
 */
export function renameSkippedAtProviderName(
  app: FaultPointApp,
  record: LockerRecord,
  written: string,
  sent: string,
): string {
  if (!app.fault('sbi-rename-skipped-at-provider-name')) return written;
  return sent === record.provider.lockerName ? record.carrier.lockerName : written;
}

/**
 * Variation ok-bi-activation-kept-for-same-instant: an update sending the instant the locker holds, written another
 * way, leaves the stored text as it is (the column compares instants: nothing to write).
 */
export function activationKeptForSameInstant(app: FaultPointApp, held: string, sent: string, written: string): string {
  if (!app.fault('ok-bi-activation-kept-for-same-instant')) return written;
  const instant = Date.parse(held);
  return !Number.isNaN(instant) && instant === Date.parse(sent) ? held : written;
}

// --- The metadata an update writes ---

/** Fault sbi-metadata-removed-key-not-revived: per reference, each locker's metadata keys whose rows were deleted. */
const metadataTombstones = new WeakMap<object, WeakMap<StoredLocker, Set<string>>>();

/** The key a metadata entry is stored under (null and absent keys are one key). */
const metadataKey = (entry: Json): string =>
  JSON.stringify(entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? (entry['key'] ?? null) : null);

/**
 * Fault sbi-metadata-removed-key-not-revived: metadata rows are marked deleted, never removed, and the entries sent are
 * upserted on (locker, key) with `DO UPDATE ... WHERE deleted_at IS NULL`: an entry whose key an earlier update took
 * away is neither inserted nor revived. `stored` is what the update stores of `sent`; the locker still holds the
 * entries from before.
 */
export function removedKeysNotRevived(
  app: FaultPointApp,
  locker: StoredLocker,
  sent: Json[] | undefined,
  stored: Json[],
): Json[] {
  if (!app.fault('sbi-metadata-removed-key-not-revived') || sent === undefined) return stored;
  const tombstones = perApp(metadataTombstones, app, () => new WeakMap<StoredLocker, Set<string>>());
  const deleted = tombstones.get(locker) ?? new Set<string>();
  tombstones.set(locker, deleted);
  const kept = stored.filter((entry) => !deleted.has(metadataKey(entry)));
  const resent = new Set(sent.map(metadataKey));
  for (const held of locker.record.metadata) if (!resent.has(metadataKey(held))) deleted.add(metadataKey(held));
  return kept;
}

/**
 * Variation ok-bi-metadata-resent-keeps-position: metadata rows keep their ids, so the entries an update sends again
 * keep the places they had, and the new ones follow in the order sent.
 */
export function metadataResentKeepsPosition(
  app: FaultPointApp,
  held: readonly Json[],
  sent: Json[] | undefined,
  stored: Json[],
): Json[] {
  if (!app.fault('ok-bi-metadata-resent-keeps-position') || sent === undefined) return stored;
  const rest = [...stored];
  const ordered: Json[] = [];
  for (const entry of held) {
    const at = rest.findIndex((e) => JSON.stringify(e) === JSON.stringify(entry));
    if (at >= 0) ordered.push(...rest.splice(at, 1));
  }
  return [...ordered, ...rest];
}

/**
 * Variation ok-bj-metadata-rows-kept-in-place: an update keeps the metadata rows it sends again (same key and value)
 * where they are and appends the new ones, so the entries read in row order; correct too: the entries as sent.
 */
export function metadataRowsKeptInPlace(app: Switches, held: Json[], sent: Json[] | undefined): Json[] | undefined {
  if (!app.fault('ok-bj-metadata-rows-kept-in-place') || sent === undefined) return sent;
  const remaining = [...sent];
  const kept: Json[] = [];
  for (const entry of held) {
    const at = remaining.findIndex((e) => JSON.stringify(e) === JSON.stringify(entry));
    if (at >= 0) kept.push(...remaining.splice(at, 1));
  }
  return [...kept, ...remaining];
}

// --- The update's lockerId check ---

/** Fault sbi-former-locker-id-reserved: per reference, the carrier.lockerIds the carrier's lockers held before. */
const formerLockerIds = new WeakMap<object, Map<string, Set<string>>>();

const formerIdsOf = (app: object) => perApp(formerLockerIds, app, () => new Map<string, Set<string>>());

/**
 * Fault sbi-former-locker-id-reserved: the update's carrier.lockerId check reads the carrier's former ids too (the
 * table kept so that labels printed with an old id are recognised), the updated locker's own former ids among them:
 * a locker can never be given back an id it, or another locker of the carrier, held before.
 */
export function formerLockerIdsReserved(
  app: FaultPointApp,
  carrier: string,
  locker: StoredLocker,
  sent: string | undefined,
): void {
  if (!app.fault('sbi-former-locker-id-reserved') || sent === undefined) return;
  if (sent !== locker.record.carrier.lockerId && formerIdsOf(app).get(carrier)?.has(sent))
    throw badRequest('LOCKER_ID_TAKEN', `carrier.lockerId "${sent}" is already used by another locker`);
}

/** Fault sbi-former-locker-id-reserved: an id an accepted update replaced goes into the former ids' table. */
export function formerLockerIdKept(app: FaultPointApp, carrier: string, before: string, after: string): void {
  if (!app.fault('sbi-former-locker-id-reserved') || before === after) return;
  const ids = formerIdsOf(app);
  ids.set(carrier, (ids.get(carrier) ?? new Set<string>()).add(before));
}

// --- The update's answer ---

/** Fault sbi-update-answer-replayed-by-body: per reference, update answers kept by (carrier, uid, body). */
const updateAnswers = new WeakMap<object, Map<string, Reply>>();

/**
 * Fault sbi-update-answer-replayed-by-body: PATCH /lockers/{uid} is behind an idempotency filter keyed by the caller,
 * the uid and the body as sent, which answers a body it has answered before with the answer it kept (the update
 * itself runs again).
 */
export function updateAnswerReplayedByBody(app: FaultPointApp, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('sbi-update-answer-replayed-by-body') || reply.status !== 200) return reply;
  const key = JSON.stringify([ctx.carrier.name, ctx.params['uid'], ctx.raw ?? JSON.stringify(ctx.body)]);
  const answers = perApp(updateAnswers, app, () => new Map<string, Reply>());
  const kept = answers.get(key);
  if (kept) return structuredClone(kept);
  answers.set(key, structuredClone(reply));
  return reply;
}
