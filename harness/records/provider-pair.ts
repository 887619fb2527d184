/** A provider with one of its locker models, as GET /lockers/providers lists them and lockers name them. */
export interface ProviderPair {
  name: string;
  lockerModel: string;
  lockerVersion: string;
}
