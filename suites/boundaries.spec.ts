// Boundary values, every run: besides the random property runs, one deterministic pass over
// every request schema (generators/boundaries.ts), each edge in a valid body bound to the test's own
// locker and provider. A 5xx or an answer that is not the documented success fails the operation's
// success rule; a 4xx is no such failure (a conformant service may refuse an odd but valid value) and
// is a warning under GEN-BOUNDARY-ACCEPTED. Every verdict that is not a pass is about one member at one
// edge (see `items`). Echoed members are compared where the spec says the answer is the record.
import fc from 'fast-check';
import { fromSchema, items, type Item, type Pass } from '../generators';
import {
  ACCEPTED,
  createdAsSentJudgement,
  definite,
  emailFolded,
  hold,
  type Exchange,
  Findings,
  type Json,
  judgeAnswer,
  judgeEcho,
  type Judgement,
  listedAsAnswered,
  listedCreates,
  type ListMark,
  type LockerFactory,
  observe,
  publishDecided,
  recordAsSentJudgement,
  rules,
  type RunSettings,
  type Shown,
  successRuleOf,
  test,
  updateShownJudgement,
  verdictOf,
  where,
} from '../harness/fixtures';

type Sent = Item & { exchange: Exchange };

/** A pass's requests, and how many may be in flight at once (the target's CIS_CONCURRENCY, as its client has it). */
interface Caller {
  call: (body: Json) => Promise<Exchange>;
  width: number;
}

/** A caller of one operation, as wide as the run's client sends independent requests (CIS_CONCURRENCY). */
const caller = (api: { concurrency: number }, call: (body: Json) => Promise<Exchange>): Caller => ({
  call,
  width: api.concurrency,
});

/** One generated body of the schema, the same for the same seed, with every top-level member present. */
function generated(schema: string, target: RunSettings): Json {
  return fc.sample(fromSchema(schema, true), { numRuns: 1, seed: target.seed ?? 1 })[0] as Json;
}

/**
 * Why a refusal of one edge is no refused value: the target's answer that the request cannot be
 * carried out there (a parcel no compartment takes), or undefined. It never reads the answer's text.
 */
type Excuse = (sent: Sent) => Promise<string | undefined>;

/**
 * Sends every body (the caller's width at a time), judges every answer and compares the echo of each accepted one
 * under `echo`. Where a request is not accepted, its parts go next; a request of several edges is
 * judged itself only where each of its edges alone was accepted. True when every answer was accepted;
 * each accepted request is kept in `accepted`.
 */
async function send(
  success: string,
  pass: Item[],
  caller: Caller,
  findings: Findings,
  accepted: Sent[],
  echo?: string,
  excuse?: Excuse,
): Promise<boolean> {
  // In chunks, each sent once the last is answered: a booking room moves to a fresh locker between them (a full one
  // refuses every booking of a chunk sent to it, and the room learns it from their answers).
  const sent: Sent[] = [];
  for (let i = 0; i < pass.length; i += caller.width)
    sent.push(
      ...(await Promise.all(
        pass.slice(i, i + caller.width).map(async (item) => ({ ...item, exchange: await caller.call(item.body) })),
      )),
    );
  let clean = true;
  for (const one of sent) {
    const verdict = verdictOf(one.exchange);
    if (verdict.accepted) {
      judgeAnswer(success, one, verdict, findings);
      if (echo) judgeEcho(echo, one, findings);
      accepted.push(one);
      continue;
    }
    clean = false;
    const partsClean = await send(success, one.parts(), caller, findings, accepted, echo, excuse);
    const why = one.edges.length === 1 && !verdict.accepted && verdict.refused ? await excuse?.(one) : undefined;
    if (why)
      observe(
        ACCEPTED,
        `${where(one)} refused (${one.exchange.status}), and ${why}: the target answers that the parcel ` +
          `cannot be accepted in a locker (§4.6), not that the value is refused`,
      );
    else if (one.edges.length === 1 || partsClean) judgeAnswer(success, one, verdict, findings);
  }
  return clean;
}

/** The records of accepted creates as the list then shows them, settled on the echoed strings as answered. */
async function listed(
  lockers: LockerFactory,
  mark: ListMark | undefined,
  accepted: Sent[],
): Promise<(Shown | undefined)[]> {
  const created = accepted.map((sent) => ({ body: sent.body, record: sent.exchange.body as Json }));
  const shown = await listedCreates(lockers, created, mark, (i, l) => listedAsAnswered(accepted[i]!, l));
  return shown.map((read) => read && { record: read.listed, exchange: read.exchange });
}

/**
 * The members of an accepted locker request the echo of its edges (judgeEcho) does not compare: its metadata entries
 * and features values, which the record shows as sent (LCK-CREATE-ECHO, LCK-UPDATE-200), entries in any order and
 * others beside them; nulls apart, which a service may fill with its default.
 */
const entriesOf = (body: Json): Json => {
  const { metadata, features } = definite(body) as Json;
  return { ...(metadata !== undefined ? { metadata } : {}), ...(features !== undefined ? { features } : {}) };
};

async function runPass(
  success: string,
  pass: Item[],
  caller: Caller,
  echo?: string,
  excuse?: Excuse,
  readBack?: (accepted: Sent[]) => Promise<(Shown | undefined)[]>,
  record?: (accepted: Sent) => Judgement,
): Promise<Sent[]> {
  const findings = new Findings();
  const accepted: Sent[] = [];
  await send(success, pass, caller, findings, accepted, echo, excuse);
  if (record) for (const one of accepted) findings.judged(record(one), one);
  if (echo && readBack) {
    const shown = await readBack(accepted);
    accepted.forEach((sent, i) => shown[i] && judgeEcho(echo, sent, findings, shown[i]));
  }
  findings.record(success);
  return accepted;
}

test.describe('boundary values of every request schema', () => {
  test(
    'LCK-CREATE-201 createLocker accepts edge values of every member (refusal: GEN-BOUNDARY-ACCEPTED)',
    rules(
      'LCK-CREATE-201',
      ACCEPTED,
      'LCK-CREATE-ECHO',
      'LCK-COORDINATES-ECHO',
      'LCK-INSTANT-PRECISION',
      'LCK-LIST-INCLUDES-CREATED',
      'GEN-ONE-RECORD',
      'GEN-ONE-RECORD-MEMBERS',
    ),
    async ({ api, binder, lockers, target }) => {
      const bind = await binder();
      const mark = await lockers.mark();
      const sample = generated('LockerCreateRequest', target);
      // The edges of a metadata entry land on an entry of its own, not on the run's tag the binding appends; a second
      // entry shares its key (§2.1 makes no key unique), so every accepted create shows both.
      sample['metadata'] = [
        { key: 'boundary', value: 'base' },
        { key: 'boundary', value: 'base, again' },
      ];
      // provider: a pair the target lists (a target may accept only those).
      const pass: Pass = { schema: 'LockerCreateRequest', bound: ['/provider'], fresh: ['/carrier/lockerId'] };
      await runPass(
        successRuleOf('createLocker'),
        items(pass, () => bind(sample)),
        caller(api, (body) => api.call('createLocker', { body })),
        'LCK-CREATE-ECHO',
        undefined,
        (accepted) => listed(lockers, mark, accepted),
        (one) => createdAsSentJudgement(entriesOf(one.body), one.exchange.body as Json, 'the 201 record'),
      );
    },
  );

  test(
    'LCK-UPDATE-200 updateLocker accepts edge values of every member (refusal: GEN-BOUNDARY-ACCEPTED)',
    rules('LCK-UPDATE-200', ACCEPTED, 'LCK-COORDINATES-ECHO', 'LCK-INSTANT-PRECISION'),
    async ({ api, binder, lockers, target }) => {
      const { record } = await lockers.lend('updates');
      const bind = await binder({ locker: record });
      const sample = generated('LockerUpdateRequest', target);
      sample['metadata'] = [{ key: 'boundary', value: 'base' }];
      const pass: Pass = { schema: 'LockerUpdateRequest', bound: [], fresh: ['/carrier/lockerId'] };
      await runPass(
        successRuleOf('updateLocker'),
        items(pass, () => bind(sample)),
        caller(api, (body) => api.call('updateLocker', { params: { uid: record['uid'] }, body })),
        successRuleOf('updateLocker'),
        undefined,
        undefined,
        (one) =>
          updateShownJudgement(entriesOf(one.body), one.exchange.body as Json, 'the update answer', record['uid']),
      );
    },
  );

  for (const [path, operationId, schema, bound] of [
    ['uid', 'publishParcel', 'PublishByLockerUidRequest', '/lockerUid'],
    ['tenant', 'publishParcelByCarrierLockerId', 'PublishByCarrierLockerIdRequest', '/carrierLockerId'],
  ] as const) {
    test(
      `PCL-PUBLISH-RESPONSE ${operationId} accepts edge values of every member (refusal: GEN-BOUNDARY-ACCEPTED)`,
      rules('PCL-PUBLISH-RESPONSE', ACCEPTED, 'PCL-BOOKING-CREATES', 'PCL-RECORD-AS-SENT'),
      async ({ api, binder, lockers, parcels, target }) => {
        const [{ record }, mark] = await Promise.all([lockers.lend('bookings'), parcels.mark()]);
        const bind = await binder({ locker: record });
        // A booking, so an edge reaches what the service stores; the factory cancels them after the test.
        const sample = { ...generated(schema, target), eventType: 'BOOKING' };
        // codCurrency is "of codAmount" (§2.3): an amount without its currency may be refused, so they are left out
        // together.
        const pass: Pass = {
          schema,
          bound: [bound],
          fresh: ['/carrierParcelId', '/secondaryShipmentId'],
          together: ['/codAmount', '/codCurrency'],
        };
        // Many bookings: they move to a fresh locker when the target says one is full. An edge of the
        // parcel's size, weight or compartment refused where a PRE_CHECK of it is refused too is the
        // target saying no locker takes that parcel (harness/records/parcels/booking-room.ts), not a refused value.
        const room = parcels.room(record, async () => (await lockers.lend('bookings')).record);
        const noRoom: Excuse = ({ body, edges: [edge] }) => room.cannotBeAccepted(body, path, edge!);
        // What each booking sent as it went out: the room may have moved it to another locker.
        const sentAs = new Map<Exchange, Json>();
        const accepted = await runPass(
          'PCL-PUBLISH-RESPONSE',
          items(pass, () => bind(sample)),
          caller(api, async (body) => {
            const published = await room.publish(body, path);
            sentAs.set(published.exchange, published.body);
            return published.exchange;
          }),
          undefined,
          noRoom,
        );
        // Every booking is then listed with what it decided as it was sent, its edge too (§2.4).
        const bookings = accepted
          .map((one) => ({ exchange: one.exchange, body: sentAs.get(one.exchange) ?? one.body }))
          .filter(({ body }) => body['eventType'] === 'BOOKING');
        const ids = bookings.map(({ body }) => body['carrierParcelId']);
        const { byId, listing } = await parcels.expectEachListed('PCL-BOOKING-CREATES', ids, mark);
        for (const { body, exchange } of bookings) {
          const listed = byId.get(body['carrierParcelId']);
          const what = `booking ${String(body['carrierParcelId'])} of the boundary pass`;
          const decided = emailFolded(publishDecided(body, path === 'tenant'))!;
          const judged = recordAsSentJudgement(decided, listed ? [emailFolded(listed)!] : [], what);
          hold([judged], exchange, listing.exchange);
        }
      },
    );
  }

  test(
    'NET-OWNED-ADDED addNetworkLockers accepts edge values of lockerUids (refusal: GEN-BOUNDARY-ACCEPTED)',
    rules('NET-OWNED-ADDED', ACCEPTED),
    async ({ api, binder, lockers, target }) => {
      const { record } = await lockers.create();
      const bind = await binder({ locker: record });
      const sample = generated('AddNetworkLockersRequest', target);
      // The list's own edges (empty, long: the test's locker repeated) and its items' (uids no locker has,
      // which §4.10 skips like lockers not owned).
      const pass: Pass = { schema: 'AddNetworkLockersRequest', bound: [], fresh: [] };
      await runPass(
        'NET-OWNED-ADDED',
        items(pass, () => bind(sample)),
        caller(api, (body) => api.call('addNetworkLockers', { params: { uid: target.networkUid! }, body })),
      );
    },
  );

  test(
    'TRG-RESPONSE triggerFirstMileEvent accepts edge values of every member (refusal: GEN-BOUNDARY-ACCEPTED)',
    rules('TRG-RESPONSE', ACCEPTED),
    async ({ api, binder, lockers, tag, target }) => {
      const { record } = await lockers.lend('deliveries');
      const bind = await binder({ locker: record });
      // BOOKING_CREATED of a new first-mile parcel, the event TRG-RESPONSE judges: which other transitions
      // a target allows is not shown (§3), so event_type takes no edges. labelless true is for
      // "confirmed label-less combinations" only (§4.11). Locker, carrier and provider are the test's.
      const sample = generated('TriggerRequest', target);
      const base = () => {
        const { labelless: _labelless, ...body } = bind(sample);
        return { ...body, parcel_id: tag.next('CCFM'), event_type: 'BOOKING_CREATED' };
      };
      const pass: Pass = {
        schema: 'TriggerRequest',
        bound: ['/provider_locker_id', '/carrier_name', '/provider_name', '/event_type'],
        fresh: ['/parcel_id'],
        skip: (edge) => edge.pointer === '/labelless' && edge.value === true,
      };
      await runPass(
        'TRG-RESPONSE',
        items(pass, base),
        caller(api, (body) => api.call('triggerFirstMileEvent', { body })),
      );
    },
  );
});
