// A recorded webhook delivery, read as the run's listener reads what it receives: the Inbox classifies
// and validates its body and tells whose URL got it (harness/webhooks/inbox.ts).
import { Inbox } from '../../webhooks/inbox';
import type { Delivery } from '../../webhooks/types';
import type { HarEntry } from '../har/har-stream';
import { harInstant } from '../har/har-time';

export interface RecordedDelivery {
  entry: HarEntry;
  /** What the inbox made of it: its webhook (`kind`), body and findings. */
  received: Delivery;
  /** The endpoint's path, without the query. */
  path: string;
  /** When it arrived (the entry's startedDateTime). */
  at: number;
  /** The recorder kept less of the body than arrived (HAR bodySize over the text kept): nothing to judge it by. */
  cut: boolean;
}

export class DeliveryReader {
  private readonly inbox = new Inbox();

  read(entry: HarEntry): RecordedDelivery {
    const url = new URL(entry.request.url);
    const text = entry.request.postData?.text ?? '';
    const raw = entry.request.postData?.encoding === 'base64' ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
    const headers = Object.fromEntries(
      (entry.request.headers ?? []).map(({ name, value }) => [name.toLowerCase(), value]),
    );
    if (entry.request.postData?.mimeType && !headers['content-type'])
      headers['content-type'] = entry.request.postData.mimeType;
    const received = this.inbox.receive({
      method: entry.request.method,
      path: url.pathname + url.search,
      headers,
      raw,
    });
    // The inbox keeps what it received for waiters; a recording has none, and may be long.
    this.inbox.deliveries.length = 0;
    const size = entry.request.bodySize;
    const cut = typeof size === 'number' && size > raw.length;
    return { entry, received, path: url.pathname, at: harInstant(entry.startedDateTime), cut };
  }
}
