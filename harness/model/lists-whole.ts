// The lists read whole at the exploration's end: every locker any sequence made is in its carrier's list asked with
// no filter, as the last filtered read showed it. A filter's complement: what a filtered read showed, the list
// asked without it shows too (a filter that narrows too much, or sticks to later reads, shows only here).
import { listAll } from '../records/lists/listing';
import { lockerReading } from './invariants';
import { lockersOf, type ServiceModel } from './model';
import { settled, type Reading } from './reading';
import { carriersOf, clientOf, type World } from './world';

/** One reading of many models' records: what each found, together. */
function together(readings: Reading[]): Reading {
  const places = new Map(readings.flatMap((r) => [...(r.places ?? new Map())]));
  return {
    findings: readings.flatMap((r) => r.findings),
    judged: new Set(readings.flatMap((r) => [...r.judged])),
    unseen: readings.flatMap((r) => r.unseen),
    ...(places.size ? { places } : {}),
  };
}

export async function lockersUnfiltered(models: readonly ServiceModel[], world: World): Promise<void> {
  for (const model of models) model.steps.push('the closing read, no filter');
  await Promise.all(
    carriersOf(world).map(async (carrier) => {
      if (!models.some((m) => lockersOf(m, carrier).length)) return;
      const read = () => listAll(clientOf(world, carrier), 'listLockers', {}, world.profile.pagination);
      await settled(
        world,
        'GET /lockers',
        'every sequence, its lockers read with no filter',
        read,
        // A list not read through proves no locker missing: its complement is then judged by the filtered reads.
        (listing) =>
          listing.complete
            ? together(models.map((m) => lockerReading(m, lockersOf(m, carrier), listing)))
            : together([]),
        () => undefined,
      );
    }),
  );
}
