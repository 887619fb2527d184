// How a suite judges a locker record against the request that made or changed it (LCK-CREATE-ECHO,
// LCK-UPDATE-200), and that creates the target refused left no locker (GEN-REJECTED-NO-EFFECT): shared by
// the create, lockerGroups and update suites.
import { hold, holdSoftly, judge, notObservable, observe } from '../../evidence/judge';
import { is2xx, refusedForContent } from '../../judgements/judgement';
import { idNotHeldJudgement } from '../../judgements/no-effect';
import { updateShownJudgement } from '../../judgements/answered';
import { createdAsSentJudgement, listedCreatedJudgement } from '../../judgements/created';
import type { Exchange } from '../../http/exchange';
import type { Json } from '../../http/json';
import type { ListMark } from '../lists/list-since';
import type { LockerFactory } from './locker-factory';
import { changedUnsent, keptFromBefore, notAsSent } from '../../judgements/record-fidelity';
import { oneRecordJudgements } from '../../judgements/frame';

/**
 * Agrees with what was sent, and keeps what was not sent as it was (the record before, where given), an array sent in
 * place of the one before: a list that still shows the form before the write is read again until it settles.
 */
export const agreesWith = (sent: Json, before?: Json) => (record: Json) =>
  notAsSent(sent, record).members.length === 0 &&
  (!before || (changedUnsent(sent, before, record).length === 0 && keptFromBefore(sent, before, record).length === 0));

/**
 * Every member sent, as the record shows it: under `rule`, lon/lat as the very numbers under LCK-COORDINATES-ECHO and
 * activationDate at the precision shown under LCK-INSTANT-PRECISION; judged at the answer that carried the record
 * (`at`: the request's, and the list read's where the list shows it).
 */
export function judgeAsSent(
  rule: 'LCK-CREATE-ECHO' | 'LCK-UPDATE-200',
  at: Exchange[],
  sent: Json,
  record: Json,
  where: string,
): void {
  const { coordinates, instants } = notAsSent(sent, record);
  const shown = rule === 'LCK-UPDATE-200' ? updateShownJudgement : createdAsSentJudgement;
  hold([shown(sent, record, where)], ...at);
  if (sent['location'])
    judge('LCK-COORDINATES-ECHO', ...at)
      .expect(coordinates, `${where}: lon/lat differ from the numbers sent`)
      .toEqual([]);
  if ((sent['carrier'] as Json | undefined)?.['activationDate'] !== undefined)
    judge('LCK-INSTANT-PRECISION', ...at)
      .expect(instants, `${where}: activationDate is not the instant sent at the precision shown`)
      .toEqual([]);
}

/** A create the target refused, and what it would mean if the list showed its locker. */
export interface Refused {
  body: Json;
  exchange: Exchange;
  what: string;
}

/**
 * Runs the property, then judges that no refused create left a locker: the list read once per provider
 * after all the cases, each case judged on its own, also when the property failed part way.
 */
export async function judgingNoneCreated(
  lockers: LockerFactory,
  refused: Refused[],
  property: () => Promise<void>,
): Promise<void> {
  const mark = await lockers.mark();
  try {
    await property();
  } finally {
    const named = refused.filter(({ body }) => typeof body['carrier']?.['lockerId'] === 'string');
    const created = await lockers.withLockerIds(
      named.map(({ body }) => ({ lockerId: body['carrier']['lockerId'], providerName: body['provider']?.['name'] })),
      mark,
    );
    named.forEach(({ exchange, what }, i) =>
      judge('GEN-REJECTED-NO-EFFECT', exchange).soft(created[i], what).toEqual([]),
    );
    // Nor did it hold the id it carried: a valid create under it is taken where the same create under a fresh id is
    // (the control: what else a service refuses a create for is not shown, §7).
    const free = named.find((r, i) => created[i]?.length === 0 && refusedForContent(r.exchange.status));
    if (free) {
      const lockerId = String(free.body['carrier']['lockerId']);
      const [again, control] = await lockers.createUnderAndFresh(lockerId);
      if (!is2xx(control.status))
        observe(
          'GEN-REJECTED-NO-EFFECT',
          `a valid create under a fresh carrier.lockerId was answered ${control.status}`,
        );
      else hold([idNotHeldJudgement(lockerId, again.status)], free.exchange, again);
    }
  }
}

/** A create the target answered with a record: what was sent, the record answered and the answer. */
export interface Created {
  body: Json;
  record: Json;
  exchange: Exchange;
}

/**
 * Each answered create as the list then shows it, in their order (undefined: not listed, which is
 * LCK-LIST-INCLUDES-CREATED's): the pages that can hold what was added since the mark, read once, each record
 * found by its uid (an edge of carrier.lockerId must not hide the record it changed); one `agrees` does not
 * accept is read again, one at a time, until it does or the settle time is spent. The record listed is the one the
 * create answered, every member (GEN-ONE-RECORD, GEN-ONE-RECORD-MEMBERS).
 */
export async function listedCreates(
  lockers: LockerFactory,
  created: { body: Json; record: Json }[],
  mark: ListMark | undefined,
  agrees: (i: number, listed: Json) => boolean,
): Promise<({ listed: Json; exchange: Exchange } | undefined)[]> {
  const lockerIds = created.map(({ body }) => String(body['carrier']?.['lockerId']));
  const lists = await lockers.readWithLockerIds(
    lockerIds.map((lockerId, i) => ({ lockerId, providerName: created[i]!.body['provider']?.['name'] })),
    mark,
    lockerIds,
  );
  const shown: ({ listed: Json; exchange: Exchange } | undefined)[] = [];
  for (const [i, { record }] of created.entries()) {
    const { listing, exchange } = lists[i]!;
    const found = listing.items.find((l) => l['uid'] === record['uid']);
    // Answered as created, it is looked for in the list (read through where the target lets it be).
    const included = listedCreatedJudgement(`locker ${String(record['uid'])}`, found !== undefined, listing);
    if (included) hold([included], exchange);
    else notObservable('LCK-LIST-INCLUDES-CREATED', `locker ${String(record['uid'])}: ${listing.incomplete}`);
    if (!found) shown.push(undefined);
    else if (agrees(i, found)) shown.push({ listed: found, exchange });
    else {
      const read = await lockers.settledRead(record, (l) => agrees(i, l));
      shown.push(read.listed ? { listed: read.listed, exchange: read.exchange } : undefined);
    }
    // No write named the locker between its create and this read: the list shows the record the answer showed (held
    // softly: the caller's judgements of the read come after).
    const read = shown[i];
    if (read)
      holdSoftly(
        oneRecordJudgements(record, read.listed).map(({ rule, differences }) => ({
          rule,
          ...(differences.length
            ? {
                failure: `locker ${String(record['uid'])}, the create answer, then the list: ${differences.join('; ')}`,
              }
            : {}),
        })),
        read.exchange,
      );
  }
  return shown;
}

/** Each answered create as the list then shows it (listedCreates), judged as sent under LCK-CREATE-ECHO. */
export async function judgeListedAsSent(
  lockers: LockerFactory,
  created: Created[],
  mark: ListMark | undefined,
): Promise<void> {
  const shown = await listedCreates(lockers, created, mark, (i, listed) => agreesWith(created[i]!.body)(listed));
  for (const [i, { body, record, exchange }] of created.entries()) {
    const read = shown[i];
    if (read)
      judgeAsSent(
        'LCK-CREATE-ECHO',
        [exchange, read.exchange],
        body,
        read.listed,
        `the listed record of locker ${record['uid']}`,
      );
  }
}
