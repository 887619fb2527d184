// The points where the conformant variations of set AN (`ok-an-*`) change the service: each does what the service does
// with its variation off. Called from lockers.ts (a new locker's uid, the list's pages), providers.ts (the catalogue),
// networks.ts (the add's answer), parcel-list.ts (the list's order and envelope), trigger.ts (the answer),
// collections.ts (a notification), and through set-an-faults.ts from app.ts (the webhook sender).
import type { Switches } from './fault-point-state';

// --- Variation ok-an-webhook-job-batches ---

/** How often the job sends the queued webhook deliveries. */
const WEBHOOK_JOB_MS = 500;

/** Variation ok-an-webhook-job-batches: the interval of the job that sends webhooks; undefined: sent at once. */
export function jobBatchMs(app: Switches): number | undefined {
  return app.fault('ok-an-webhook-job-batches') ? WEBHOOK_JOB_MS : undefined;
}
