// The points where the faults and variations of set E change the locker, provider, network, paging and
// authentication paths: each function does what the service does when its fault is off (nothing, or the value as
// given) and the fault's behaviour when it is on. The lines that call them are short hooks in the handlers.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors';
import { lastCaller } from '../faults/behaviour/shared';
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';
import type { Switches } from './fault-point-state';

/**
 * Fault se-key-compare-throws-on-length: the key is compared with each carrier's by crypto.timingSafeEqual without
 * comparing lengths first; it throws on buffers of different lengths, and that escapes as a 500.
 */
export function compareKeysTimingSafe(app: FaultPointApp, apiKey: unknown): void {
  if (!app.fault('se-key-compare-throws-on-length') || typeof apiKey !== 'string') return;
  for (const carrier of app.options.carriers) {
    try {
      if (timingSafeEqual(Buffer.from(apiKey), Buffer.from(carrier.apiKey))) return;
    } catch (error) {
      throw new ApiError(500, 'INTERNAL_ERROR', error instanceof Error ? error.message : 'key comparison failed');
    }
  }
}

export function callerSeen(app: Switches, carrier: CarrierAccount | undefined): void {
  if (carrier && app.fault('se-caller-in-shared-field')) lastCaller.set(app, carrier);
}

/** Variation ok-e-error-extra-members: what the error body carries beside errorCode and message. */
export function errorExtras(app: Switches, status: number): Record<string, unknown> {
  if (!app.fault('ok-e-error-extra-members')) return {};
  return { status, timestamp: new Date().toISOString(), traceId: randomBytes(8).toString('hex') };
}
