// The points where the faults of set AF change the parcel side and its webhooks: each does what the service does with
// its fault off, and the fault's behaviour with it on; its variations are set-af-variations.ts (passed on from here to
// app.ts, server.ts, trigger.ts and cancel.ts). Called from publish-points.ts (around the publish, the validation, the
// duplicate guard), parcel-list.ts, cancel.ts, collections.ts and spec-set-d-points.ts (the ParcelUpdates sender).
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';
import { isObject } from './fault-point-state';
import { lockerSnapshot } from './set-af-variations';

/** Whether the AMQP topic binding matches the routing key: "*" one word, "#" zero or more, words split on ".". */
function topicMatches(binding: string, routingKey: string): boolean {
  const bound = binding.split('.');
  const words = routingKey.split('.');
  const match = (b: number, w: number): boolean => {
    if (b === bound.length) return w === words.length;
    if (bound[b] === '#') return match(b + 1, w) || (w < words.length && match(b, w + 1));
    return w < words.length && (bound[b] === '*' || bound[b] === words[w]) && match(b + 1, w + 1);
  };
  return match(0, 0);
}

/**
 * Before a ParcelUpdates is sent. Fault saf-push-topic-dotted-parcel-id: the event is published with the routing key
 * parcel.<carrier>.<carrierParcelId>.updated, and the carrier's relay is bound with parcel.<carrier>.*.updated: a key
 * no binding matches is dropped by the broker. True: nothing is sent. Variation ok-af-parcel-push-locker-snapshot.
 */
export function setAFParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown): boolean {
  lockerSnapshot(app, body);
  if (!app.fault('saf-push-topic-dotted-parcel-id') || !isObject(body)) return false;
  const routingKey = `parcel.${owner.name}.${String(body['carrierParcelId'])}.updated`;
  return !topicMatches(`parcel.${owner.name}.*.updated`, routingKey);
}
