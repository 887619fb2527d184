// The one module suites import (with generators/index.ts for arbitraries): the fixtures, chained with
// test.extend over one small module per concern (fixture-parts/: target → factories → webhooks), and
// the vocabulary a suite judges with. Every judgement carries its rule and is recorded as evidence:
//   expect(exchange).toSucceed(rule) / .toBeRejected(rule[, status])   statuses
//   judge(rule, exchange).expect(value, message).<matcher>(...)       everything else (.soft goes on);
//     the place is the exchange's operation (and form), a delivery's webhook, or both: judge(rule, exchange, delivery)
//   observe(rule, text), notObservable(rule, reason)                  what is not a pass or a fail
//   notApplicable(rule, reason)                                       not observable by the target's own choice
//   memberNeverPresent(rule, where)                                   the optional member a rule is for never shown
//   leftOutBySelection(suites, why)                                   a narrowed run left out what provokes it
import { test as modelTest } from './fixture-parts/model-fixtures';
import { keepOnlySourceMapComments } from './fixture-parts/stack-sources';

// Every worker loads this module before its first test.
keepOnlySourceMapComments();

export const test = modelTest;
export { expect, hold, holdSoftly, judge } from './evidence/judge';
export { networkAddJudgements, type SentKind } from './judgements/network-add';
export { oncePerPeriodJudgements } from './judgements/collection-daily';
export { ownCarrierJudgement, ownParcelsJudgement } from './judgements/isolation';
export { groupsKeptJudgement } from './judgements/locker-groups';
export { keylessJudgements, stagingKeyTakenJudgement } from './judgements/keys';
export { refusalJudgements } from './judgements/refusals';
export { catalogueKeptJudgement, listEntriesJudgement } from './judgements/list-entries';
export { providersAtStart } from './target/providers-at-start';
export { eventHistoryJudgement } from './judgements/event-history';
export { lockerPushJudgement } from './judgements/locker-push';
export { causedPushJudgement, lockerCreatedPush, lockerStatusPush } from './judgements/caused-pushes';
export { idNotHeldJudgement, noEffectJudgement, nullAsOmittedJudgement } from './judgements/no-effect';
export {
  refused409,
  statusChangeAcceptedJudgements,
  statusMoved,
  statusShownJudgement,
} from './judgements/status-change';
export { sharedIdKeptJudgement, sharedIdListedJudgement, sharedIdTakenJudgement } from './judgements/shared-ids';
export { parcelPushStateJudgement } from './judgements/parcel-push';
export {
  createdAsSentJudgement,
  freshUidJudgement,
  listedUnderUidJudgement,
  wireEchoJudgement,
} from './judgements/created';
export {
  cancelAcceptedJudgement,
  cancelLeftOthersJudgement,
  cancelShownJudgement,
  deliveredCancelJudgement,
  deliveredKeptJudgement,
} from './judgements/cancels';
export {
  byTenantOwnJudgement,
  byTenantResolvesJudgement,
  byTenantTakenJudgement,
  bookingListedJudgement,
  extrasAsSentJudgement,
  precheckNotListedJudgement,
  precheckNotPushedJudgement,
  publishAcceptedJudgement,
  publishDecided,
  recordAsSentJudgement,
} from './judgements/bookings';
export { platformUidNoEffectJudgement, platformUidRefusedJudgement } from './judgements/trigger-lockers';
export { optionalMembersJudgement } from './judgements/optional-members';
export {
  answeredJudgement,
  omittedKeptJudgement,
  replacedJudgement,
  successRuleOf,
  updateListedJudgement,
  updateShownJudgement,
} from './judgements/answered';
export { basePathJudgement, providerFilterJudgement, unauthorizedBodyJudgement } from './judgements/answers';
export { expectControlAccepted } from './evidence/controls';
export { attachDeliveries } from './evidence/delivery-attachment';
export { rules, observe, notObservable, notApplicable, memberNeverPresent, leftOutBySelection } from './evidence/rules';
export { abbreviate } from './http/text';
export { successShortfall } from './http/success-answer';
export { isApplicationJson } from './checks/json-content-type';
export { removedFields } from './checks/removed-fields';
export { lockerStatusBody, lockerStatusShown, stateToSet } from './target/profile';
export { detectList } from './http/envelope';
export { asSent, definite, emailFolded } from './model/as-sent';
export { is2xx, type Judgement } from './judgements/judgement';
export { listEvery, sampleScope } from './records/lists/list-sample';
export { eventCount } from './records/parcels/delivered';
export { canonical, changedUnsent, notAsSent, withoutManaged } from './judgements/record-fidelity';
export { memberPaths } from './model/same-record';
export { lentFor, needsLocker, needsParcel } from './records/requests/binding';
export { needsOf } from '../spec/catalogue';
export { documentedResponse, operation, operations, successResponses, type Operation } from '../spec/operations';
export { SPEC_VERSION } from '../spec/document';
export { int64, type Json } from './http/json';
export { addedRecords, addedUids } from './records/lockers/network-uids';
export { madeByARun, sideOfTag, tagPrefix } from './records/lockers/tagging';
export type { CarrierSide, Tagger } from './records/lockers/tagging';
export type { CisClient } from './http/client';
export { isRefusal, type Exchange } from './http/exchange';
export type { Capability, RunSettings } from './target/run-settings';
export type { Binder, LockerFactory, ParcelFactory } from './fixture-parts/factory-fixtures';
export type { Webhooks } from './fixture-parts/webhook-fixtures';
export { type ParcelMark } from './records/parcels/parcel-factory';
export { wordsShown } from './records/parcels/parcel-words';
export { looksDelivered } from './records/parcels/delivered';
export type { BookingRoom } from './records/parcels/booking-room';
export { bookInLent } from './records/parcels/lent-booking';
export { parcelsInEveryState, TRIGGER_EVENTS, TRIGGER_SHIPMENT_TYPES } from './records/parcels/parcel-states';
export { createBase, retagged, sharedControl } from './records/lockers/create-base';
export type { PoolKind } from './records/lockers/locker-pool';
export { BODY_RULE } from './webhooks/classify';
export { distinctNotifications, isRedelivery } from './webhooks/notifications';
export { receiverOf } from './webhooks/isolation';
export { lockerIdsOfRun, lockersHolding } from './webhooks/locker-ids-held';
export { describeMatch, notifiedAt, type Delivery, type Match } from './webhooks/types';
export type { WaitAbout } from './webhooks/silence';
export {
  ACCEPTED,
  Findings,
  judgeAnswer,
  judgeEcho,
  listedAsAnswered,
  verdictOf,
  where,
  type Shown,
} from './checks/boundary-findings';
export type { ListMark } from './records/lists/list-since';
export {
  agreesWith,
  judgeAsSent,
  judgeListedAsSent,
  listedCreates,
  judgingNoneCreated,
  type Created,
  type Refused,
} from './records/lockers/locker-judging';
export { expectValid, timestampNote } from './webhooks/delivery-checks';
export { namesAnOwner, NOT_OWNED } from './records/lockers/locker-owner';
export { closedOn } from './records/lockers/opening-hours';
export { RECIPES } from './records/requests/near-miss-recipes';
export {
  answeredRecordRule,
  actingOn,
  asCarrier,
  formsOf,
  isSuccess,
  needsBeyond,
  pathParams,
  PLACEHOLDER,
  validBody,
} from './records/requests/operation-requests';
