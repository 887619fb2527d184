// Deliveries for the listener's tests (listener*.test.ts): a locker record a LockerUpdates carries, and a
// post of any body to the listener's delivery URL, answered with its status.
import { request } from 'undici';
import type { ListenerHandle } from '../../harness/webhooks/listener';

export const locker = {
  uid: '1',
  carrier: { lockerName: 'A', lockerId: 'L1', activationDate: '2025-01-01T00:00:00Z' },
  eventTimestamp: '2025-01-01T00:00:00Z',
};

export async function deliver(
  listener: ListenerHandle,
  body: string | Buffer,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Promise<number> {
  const response = await request(listener.deliveryUrl, { method: 'POST', headers, body });
  await response.body.dump();
  return response.statusCode;
}
