// For each rule the traffic gave nothing to judge by: why, and what traffic would bring it in. Three
// kinds: rules any recorded answer of their operations can show (the schema's and the checks'), rules
// the traffic's order shows (said one by one below), and rules that need requests chosen to show them
// (a second carrier's key, what a refused request left unchanged), which no recording of ordinary use
// is sure to hold: an active run judges those.
import { catalogue, type Rule } from '../../spec/catalogue';
import { CREDENTIALS_STRIPPED } from '../verdict/scope';
import type { TrafficEvidence } from './evidence';

/** Rules judged on one recorded answer of their operations, or one recorded request and its answer. */
const BY_EXCHANGE = new Set([
  'LCK-RECORD-SHAPE',
  'LCK-OH-SCHEDULED',
  'LCK-OH-ALWAYS',
  'LCK-PROVIDER-FIELDS',
  'LCK-CARRIER-LOCKERNAME',
  'LCK-LIST-RECORDS',
  'LCK-LIST-CARRIER-OBJECT',
  'PRV-LIST',
  'PRV-ENTRY-SHAPE',
  'PCL-PUBLISH-RESPONSE',
  'PCL-LIST-STATUS-EVENTS',
  'PCL-RECORD-SHAPE',
  'PCL-ACCESS-CODES',
  'PCL-ACCESS-CODES-NO-DEPRECATED',
  'PCL-SIGNATURE-OBJECT',
  'NET-RESPONSE-RECORD',
  'TRG-RESPONSE',
  'ERR-BODY',
  'ERR-BODY-TYPES',
  'ERR-BODY-OTHER',
  'ERR-NO-LEGACY-ERROR',
  'ERR-404-JSON',
  'GEN-JSON',
  'GEN-DATE-TIME-ZONE',
  'GEN-STATUS-DOCUMENTED',
  'GEN-NO-5XX',
  'VER-REMOVED-FIELDS',
  'AUTH-401-BODY',
]);

/** What a request must carry (and its answer be) for the rule to be judged from it. */
const BY_REQUEST: Record<string, string> = {
  'LCK-CREATE-201': 'a valid create accepted',
  'LCK-CREATE-ECHO': 'a valid create accepted with its record (and for the uid, more than one)',
  'LCK-UPDATE-200': 'a valid update accepted with its record',
  'LCK-CREATE-REQUIRED': 'a create lacking a required member',
  'LCK-CREATE-TYPES': 'a create giving a member of another JSON type',
  'LCK-CREATE-LOCATION-TYPE-OPTIONAL': 'a valid create without location.type',
  'LCK-GROUPS-UNIQUE-KEY': 'a create or update with two lockerGroups of one key',
  'LCK-UPDATE-OPTIONAL': 'a valid update that leaves members out, answered 2xx or 400',
  'LCK-UPDATE-NO-PROVIDER': 'an update carrying a provider object',
  'LCK-UPDATE-REQUIRED-MEMBERS': 'an update whose carrier or location lacks a required member',
  'LCK-UPDATE-TYPES': 'an update giving a member of another JSON type',
  'LCK-LIST-PROVIDER-FILTER': 'GET /lockers?providerName=… answered in whole',
  'PCL-PUBLISH-REQUIRED': 'a publish lacking a required field',
  'PCL-PUBLISH-ENUMS': 'a publish with a value outside a listed set',
  'PCL-PUBLISH-TYPES': 'a publish giving a field of another JSON type',
  'PCL-PUBLISH-CURRENCY': 'a publish whose codCurrency is no ISO 4217 code',
  'PCL-PUBLISH-CURRENCY-CASE': 'a publish whose codCurrency is a code in lower case',
  'NET-REQUEST-BODY': 'a network add without lockerUids or with non-integers',
  'TRG-REQUIRED': 'a trigger lacking a required field',
  'TRG-ENUMS': 'a trigger with a value outside a listed set',
  'TRG-TYPES': 'a trigger giving a field of another JSON type',
  'AUTH-KEY-REQUIRED':
    "a request without X-API-Key, or with an empty one or a near miss of a carrier's key, in a recording that kept " +
    'the header',
  'AUTH-KEY-CASE': "a request with a carrier's key in changed letter case",
  'AUTH-KEY-HEADER-ONLY': "a request without X-API-Key carrying a carrier's key in the query or another header",
  'TRG-STAGING-KEY': 'a trigger without X-API-Key, in a recording that kept the header',
  'VER-BASE-PATH': 'any exchange under the base URL',
};

/** What the traffic's order must show. */
const ACROSS: Record<string, string> = {
  'LCK-UPDATE-OMITTED-KEPT':
    'a create or update accepted and answered with its record, then an update of the same key accepted and ' +
    'answered with it, with no write to the locker between them',
  'PCL-BOOKING-CREATES': 'a BOOKING accepted on POST /parcels/data, then a whole GET /parcels of the same carrier',
  'PCL-PRECHECK-NO-BOOKING':
    'a PRE_CHECK accepted for a parcel never booked, then a whole GET /parcels of the same carrier (or the ' +
    "carrier's deliveries recorded the webhook wait past it)",
  'PCL-LIST-OWN':
    "a BOOKING by lockerUid into a locker a key's create was answered as owned by its carrier, then a GET " +
    '/parcels of a key of another carrier',
  'NET-NOT-OWNED-SKIPPED':
    "a GET /lockers of the carrier showing lockers not its own (ownedByCarrier null or another's), then a " +
    'network add naming them',
  'NET-OWNED-ADDED': 'a create accepted, then a network add of that carrier naming the new locker',
  'NET-ONLY-NEW': 'a network add of a locker the same carrier created, then another add of it to the same network',
  'CAN-NOT-DELIVERED':
    'a whole GET /parcels showing a parcel, its cancel accepted, then another whole GET /parcels; or a parcel booked ' +
    'and shown in its booked status, its cancel refused, where a cancel by that form of id is accepted elsewhere',
  'GEN-ID-EXACT':
    'an update answered with another locker than its path names; or an update, status change, cancel or booking by ' +
    'a near miss of an id the traffic showed (a letter appended, another case), which no record had',
  'CAN-DELIVERED-REFUSED': 'a CONSIGNEE_DELIVERED trigger accepted for a parcel, then a cancel of it',
  'TRG-EVENT-HISTORY':
    'a whole GET /parcels showing a parcel, a trigger accepted for it, then another whole GET /parcels',
  'WH-LOCKER-ON-CREATE':
    "a create accepted, and the deliveries of that carrier's endpoint recorded after it (--webhooks)",
  'WH-PARCEL-ON-STATUS':
    "a cancel accepted, and the deliveries of that carrier's endpoint recorded after it (--webhooks)",
  'PCL-RECORD-AS-SENT': 'a BOOKING accepted on either path, then a GET /parcels of the same carrier showing it',
  'PCL-BY-TENANT-RESOLVES':
    "a BOOKING accepted by carrierLockerId, where the carrier's own lockers were shown with that " +
    'carrier.lockerId once, then a GET /parcels showing it',
  'PCL-BY-TENANT-OWN':
    "a BOOKING by a carrierLockerId that only another carrier's key created a locker with, then a GET " +
    '/parcels of the booking carrier showing it, or its refusal',
  'GEN-REJECTED-NO-EFFECT':
    'a whole GET /parcels (or /lockers) of a carrier, then a BOOKING (or create) of that carrier refused ' +
    'with a 4xx for an id the list did not show, then a list of that carrier (whole, begun the list settle ' +
    'time after the refusal, to hold)',
  'NET-RECORD-LOCKER-NAME':
    'a locker shown with its carrier.lockerName (its create, update or a list), then a network add whose ' +
    'answer names it with a lockerName',
  'LCK-STATUS-CHANGE':
    'a PATCH /lockers/status accepted whose body names one locker the traffic showed (its uid) and one ' +
    'status other than its own, in the words its records use, then the locker shown again the list settle ' +
    'time after',
  'PCL-PUBLISH-NULLS':
    'a valid publish carrying a null requiresAccessibleCompartment, consignee or dimension member: accepted, ' +
    'or refused and then the same publish without them accepted',
  'TRG-PROVIDER-LOCKER-ID':
    "a trigger accepted with a locker's platform uid as provider_locker_id (the traffic showed its " +
    'provider.lockerUid as another value), then a whole GET /parcels of that carrier the list settle time ' +
    'after',
  'ISO-CARRIER-IDS':
    "a BOOKING under a carrierParcelId another carrier (by its creates' owner) booked: accepted, or refused " +
    'and then the same booking under another id accepted',
  'LCK-UPDATE-GROUPS-KEPT':
    'a locker shown with its lockerGroups (a service that shows them in its answers), then an update ' +
    'accepted that sent none, answered with its groups',
  'WH-LOCKER-ON-STATUS':
    "a status change as LCK-STATUS-CHANGE reads it, and the deliveries of that carrier's endpoint recorded " +
    'after it (--webhooks)',
};

/** Webhook rules one delivery shows (webhooks/delivery-judgements.ts and WH-OWN-CARRIER). */
const DELIVERY_RULES = new Set([
  'WH-LOCKER-BODY',
  'WH-PARCEL-BODY',
  'WH-COLLECTION-BODY',
  'WH-DELIVERY-VALID',
  'WH-DELIVERY-KNOWN',
  'WH-OWN-CARRIER',
]);

const hasEvidence = (evidence: TrafficEvidence, rule: string) =>
  Object.values(evidence.logs).some((log) => log.toJSON().rules[rule]);

/**
 * How recorded traffic can show a rule: on any answer (or delivery) of its places, on an exchange of a
 * kind (`shows`), on a sequence of them (`shows`), on a delivery alone, or not at all (an active run).
 */
export type TrafficReach =
  { kind: 'exchange' | 'delivery' | 'active' } | { kind: 'request' | 'sequence'; shows: string };

export function trafficReach(rule: Pick<Rule, 'id' | 'concerns'>): TrafficReach {
  // Webhooks are named in upper camel case among the concerns, operations in lower.
  const webhook = rule.concerns.some((c) => /^[A-Z]/.test(c));
  const byRequest = BY_REQUEST[rule.id];
  if (byRequest) return { kind: 'request', shows: byRequest };
  const across = ACROSS[rule.id];
  if (across) return { kind: 'sequence', shows: across };
  if (BY_EXCHANGE.has(rule.id) || (webhook && !rule.id.startsWith('WH-'))) return { kind: 'exchange' };
  if (webhook && DELIVERY_RULES.has(rule.id)) return { kind: 'delivery' };
  return { kind: 'active' };
}

function reasonFor(rule: Rule, facts: { keysKept: boolean; deliveries: boolean }): string {
  if ((rule.id === 'AUTH-KEY-REQUIRED' || rule.id === 'TRG-STAGING-KEY') && !facts.keysKept)
    return (
      `${CREDENTIALS_STRIPPED}, so a request without one cannot be told from one whose key was stripped: a ` +
      `recording with its headers would bring it in`
    );
  if (rule.id.startsWith('WH-') && !facts.deliveries && !ACROSS[rule.id])
    return (
      "no webhook deliveries were given: the recording of what the carrier's endpoint received (--webhooks) " +
      'would bring it in'
    );
  if (rule.id === 'WH-OWN-CARRIER')
    return (
      "not observed: no delivery named a record that one key's requests alone created, at an endpoint whose " +
      "deliveries the traffic ties to a key (deliveries about two keys' records, each at an endpoint of its " +
      'own, would bring it in)'
    );
  const reach = trafficReach(rule);
  const one = 'traffic with one would bring it in';
  switch (reach.kind) {
    case 'request':
      return `not observed: the traffic held no exchange that shows it (${reach.shows}); ${one}`;
    case 'sequence':
      return (
        `not observed: the traffic held no such sequence (${reach.shows}; a list cut short by the recorder, ` +
        `filtered or paged shows nothing); ${one}`
      );
    case 'exchange':
      return (
        `not observed: no recorded ${rule.concerns.join(', ') || 'exchange'} answer or delivery met it ` +
        `(bodies cut short by the recorder are not read); ${one}`
      );
    case 'delivery':
      return `not observed: no recorded delivery met it; deliveries of ${rule.concerns.join(', ')} would bring it in`;
    case 'active':
      return (
        'not judged from traffic: it is judged on requests chosen to show it, or on a delivery tied to the ' +
        `request that caused it (${rule.observable.split('. ')[0]}); an active run against staging judges it`
      );
  }
}

/** Each rule with no evaluation and no reason yet, with the reason it was not judged from the traffic. */
export function unobserved(
  evidence: TrafficEvidence,
  facts: { keysKept: boolean; deliveries: boolean },
): [string, string][] {
  const reasoned = new Set(Object.values(evidence.logs).flatMap((log) => Object.keys(log.toJSON().notObservable)));
  return catalogue
    .filter((r) => !hasEvidence(evidence, r.id) && !reasoned.has(r.id))
    .map((r) => [r.id, reasonFor(r, facts)]);
}
