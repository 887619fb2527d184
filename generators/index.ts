export {
  ABSENT,
  enumsBeyond,
  everyMemberOnce,
  everyPair,
  everyValueOnce,
  freeStringsOf,
  fromSchema,
  HELD_ELSEWHERE,
  HeldElsewhere,
  laidOver,
  MARKUP_TEXT,
  removedMembersOf,
  unlistedMembersOf,
} from './from-schema';
export * from './lockers';
export {
  applyMutation,
  invalidByOne,
  isCoercedForm,
  mutationsOf,
  wordMutations,
  formatNearMisses,
  patternNearMisses,
  ruledAs,
  type Mutation,
  type MutationKind,
} from './mutations';
export { propertyParameters } from './runs';
export { boundaries, boundariesOf, LONG_ARRAY, LONG_TEXT, type Edge } from './boundaries';
export { nullsAsOmitted, nullSiblings } from './nulls';
export {
  LAST_REPLACED,
  MOST_NEAR_MISSES,
  nearMissesOf,
  nearMissNamed,
  nearMissOf,
  type NearMiss,
  type NearMisses,
} from './keys';
export { POSTAL_FORMS } from './values';
export {
  anyLengthText,
  EVERY_SCRIPT,
  openTextChoice,
  OPEN_LENGTHS,
  RARE_CHARACTERS,
  rareCharactersFolded,
  rareText,
  SCRIPTS,
  textOfLength,
  unicodeText,
  withRareCharacters,
} from './text';
export {
  describeWire,
  jsonFreedoms,
  numberPointers,
  PLAIN_CONTENT_TYPE,
  wireForms,
  writeJson,
  type WireForm,
} from './wire';
export { distinctNearMissesOf, idNearMissesOf, type IdNearMiss } from './ids';
export { PATHS } from './publish-paths';
export { effective, formsOf, freedomsOf, PLAIN, sameForm } from './wire-forms';
export { edgeApplied, memberAt, packed } from './boundary-paths';
export { items, type Item, type Pass } from './boundary-items';
export {
  ACTIVATIONS,
  colliding,
  consigneeForm,
  consigneeIn,
  place,
  PLACES,
  SHARED_NAMES,
  SPELLINGS,
  type ConsigneeForm,
  type Place,
} from './collide';
export { keyPlacesBesides, spellingsOf, type KeyPlace } from './key-places';
