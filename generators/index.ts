export { fromSchema } from './from-schema';
export * from './lockers';
export { applyMutation, invalidByOne, mutationsOf, type Mutation, type MutationKind } from './mutations';
export * from './parcels';
export { propertyParameters } from './runs';
export * from './trigger';
