// Boundary values, every run (issue 14): besides the random property runs, one deterministic pass over
// every request schema (generators/boundaries.ts), each edge in a valid body bound to the test's own
// locker and provider. A 5xx or an answer that is not the documented success fails the operation's
// success rule; a 4xx is no such failure (a conformant service may refuse an odd but valid value) and
// is a warning under GEN-BOUNDARY-ACCEPTED. Every verdict that is not a pass is about one member at one
// edge (see `items`). Echoed members are compared where the spec says the answer is the record.
import fc from 'fast-check';
import { boundaries, edgeApplied, fromSchema, nullsAsOmitted, packed, memberAt, type Edge } from '../generators';
import {
  ACCEPTED,
  Findings,
  judgeAnswer,
  judgeEcho,
  observe,
  rules,
  test,
  verdictOf,
  where,
  type Exchange,
  type Json,
  type RunSettings,
} from '../harness/fixtures';

/** Requests in flight at once: enough to keep the run short, few enough not to look like a flood. */
const WIDTH = 8;

/** How one operation's bodies are made and which of their members take no edges. */
interface Pass {
  schema: string;
  /** Members the test's own locker, parcel or provider fills in: another value names something else. */
  bound: string[];
  /** Members the binding gives a fresh identifier: an edge is made unique with it, or left out. */
  fresh: string[];
  /** Edges the spec advises against, though the schema allows them. */
  skip?: (edge: Edge) => boolean;
  /** Members the spec gives meaning only together: one omitted is both omitted. */
  together?: [string, string];
}

async function inChunks<T, R>(items: T[], each: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += WIDTH)
    results.push(...(await Promise.all(items.slice(i, i + WIDTH).map(each))));
  return results;
}

/** One generated body of the schema, the same for the same seed, with every top-level member present. */
function generated(schema: string, target: RunSettings): Json {
  return fc.sample(fromSchema(schema, true), { numRuns: 1, seed: target.seed ?? 1 })[0] as Json;
}

/**
 * The edge on a fresh identifier, made unique with the identifier the binding gave: an identifier
 * that is not new each run may be refused as taken. An empty or blank one cannot be new, so none.
 */
function unique(edge: Edge, fresh: unknown): Edge | undefined {
  if (typeof edge.value !== 'string' || typeof fresh !== 'string') return edge;
  if (edge.value.trim() === '') return undefined;
  const prefix = `${fresh}-`;
  const value = edge.value.length > prefix.length ? prefix + edge.value.slice(prefix.length) : prefix + edge.value;
  return { ...edge, value };
}

/** One request of the pass: the edges its body carries and, where it is not accepted, what to send next. */
interface Item {
  edges: Edge[];
  body: Json;
  /** Sent where this item is not accepted: its edges one by one, or the kinds of text an edge combines. */
  parts: () => Item[];
}

type Sent = Item & { exchange: Exchange };

/** The body `bind` gives, with the edges applied; a fresh identifier's edge made unique, or left out. */
function carrying(pass: Pass, bind: () => Json, raw: Edge[]): { edges: Edge[]; body: Json } {
  const base = bind();
  const edges = raw.flatMap((e) =>
    pass.fresh.includes(e.pointer) ? (unique(e, memberAt(base, e.pointer)) ?? []) : [e],
  );
  const partner = (e: Edge) =>
    e.omitted && pass.together?.includes(e.pointer)
      ? pass.together.filter((p) => p !== e.pointer).map((pointer): Edge => ({ ...e, pointer }))
      : [];
  return {
    edges,
    body: edges.flatMap((e) => [e, ...partner(e)]).reduce((body, edge) => edgeApplied(body, edge), base),
  };
}

function single(pass: Pass, bind: () => Json, edge: Edge): Item[] {
  const one = carrying(pass, bind, [edge]);
  return one.edges.length
    ? [{ ...one, parts: () => (edge.parts ?? []).flatMap((part) => single(pass, bind, part)) }]
    : [];
}

/**
 * The pass's requests. A conformant service accepts every edge, so edges of different members share
 * a request (packed: the first edge of every member, then the second...): a few requests per
 * operation, not hundreds. Only where such a request is not accepted do its edges go one by one, so
 * every verdict that is not a pass still names the one member and edge it is about.
 */
function items(pass: Pass, bind: () => Json): Item[] {
  const kept = (e: Edge) =>
    !pass.bound.some((b) => e.pointer === b || e.pointer.startsWith(`${b}/`)) && !pass.skip?.(e);
  // Nulls go in groups of their own: a service that refuses them would send every edge they shared a request with one
  // by one.
  const groups = [
    ...packed(boundaries(pass.schema, bind()).filter(kept)),
    ...packed(nullsAsOmitted(pass.schema).filter(kept)),
  ];
  return groups.flatMap((group) => {
    const many = carrying(pass, bind, group);
    if (many.edges.length <= 1) return group.flatMap((edge) => single(pass, bind, edge));
    return [{ ...many, parts: () => group.flatMap((edge) => single(pass, bind, edge)) }];
  });
}

/**
 * Why a refusal of one edge is no refused value: the target's answer that the request cannot be
 * carried out there (a parcel no compartment takes), or undefined. It never reads the answer's text.
 */
type Excuse = (sent: Sent) => Promise<string | undefined>;

/**
 * Sends every body (WIDTH at a time), judges every answer and compares the echo of each accepted one
 * under `echo`. Where a request is not accepted, its parts go next; a request of several edges is
 * judged itself only where each of its edges alone was accepted. True when every answer was accepted.
 */
async function send(
  success: string,
  pass: Item[],
  call: (body: Json) => Promise<Exchange>,
  findings: Findings,
  echo?: string,
  excuse?: Excuse,
): Promise<boolean> {
  const sent = await inChunks(pass, async (item) => ({ ...item, exchange: await call(item.body) }));
  let clean = true;
  for (const one of sent) {
    const verdict = verdictOf(one.exchange);
    if (verdict.accepted) {
      judgeAnswer(success, one, verdict, findings);
      if (echo) judgeEcho(echo, one, findings);
      continue;
    }
    clean = false;
    const partsClean = await send(success, one.parts(), call, findings, echo, excuse);
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

async function runPass(
  success: string,
  pass: Item[],
  call: (body: Json) => Promise<Exchange>,
  echo?: string,
  excuse?: Excuse,
): Promise<void> {
  const findings = new Findings();
  await send(success, pass, call, findings, echo, excuse);
  findings.record(success);
}

test.describe('boundary values of every request schema', () => {
  test(
    'LCK-CREATE-201 createLocker accepts edge values of every member (refusal: GEN-BOUNDARY-ACCEPTED)',
    rules('LCK-CREATE-201', ACCEPTED, 'LCK-CREATE-ECHO', 'LCK-COORDINATES-ECHO'),
    async ({ api, binder, target }) => {
      const bind = await binder();
      const sample = generated('LockerCreateRequest', target);
      // The edges of a metadata entry land on an entry of its own, not on the run's tag the binding appends.
      sample['metadata'] = [{ key: 'boundary', value: 'base' }];
      // provider: a pair the target lists (a target may accept only those).
      const pass: Pass = { schema: 'LockerCreateRequest', bound: ['/provider'], fresh: ['/carrier/lockerId'] };
      await runPass(
        'LCK-CREATE-201',
        items(pass, () => bind(sample)),
        (body) => api.call('createLocker', { body }),
        'LCK-CREATE-ECHO',
      );
    },
  );

  test(
    'LCK-UPDATE-200 updateLocker accepts edge values of every member (refusal: GEN-BOUNDARY-ACCEPTED)',
    rules('LCK-UPDATE-200', ACCEPTED, 'LCK-COORDINATES-ECHO'),
    async ({ api, binder, lockers, target }) => {
      const { record } = await lockers.lend('updates');
      const bind = await binder({ locker: record });
      const sample = generated('LockerUpdateRequest', target);
      sample['metadata'] = [{ key: 'boundary', value: 'base' }];
      const pass: Pass = { schema: 'LockerUpdateRequest', bound: [], fresh: ['/carrier/lockerId'] };
      await runPass(
        'LCK-UPDATE-200',
        items(pass, () => bind(sample)),
        (body) => api.call('updateLocker', { params: { uid: record['uid'] }, body }),
        'LCK-UPDATE-200',
      );
    },
  );

  for (const [path, operationId, schema, bound] of [
    ['uid', 'publishParcel', 'PublishByLockerUidRequest', '/lockerUid'],
    ['tenant', 'publishParcelByCarrierLockerId', 'PublishByCarrierLockerIdRequest', '/carrierLockerId'],
  ] as const) {
    test(
      `PCL-PUBLISH-RESPONSE ${operationId} accepts edge values of every member (refusal: GEN-BOUNDARY-ACCEPTED)`,
      rules('PCL-PUBLISH-RESPONSE', ACCEPTED),
      async ({ binder, lockers, parcels, target }) => {
        const { record } = await lockers.lend('bookings');
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
        // target saying no locker takes that parcel (harness/records/booking-room.ts), not a refused value.
        const room = parcels.room(record, async () => (await lockers.lend('bookings')).record);
        const noRoom: Excuse = ({ body, edges: [edge] }) => room.cannotBeAccepted(body, path, edge!);
        await runPass(
          'PCL-PUBLISH-RESPONSE',
          items(pass, () => bind(sample)),
          async (body) => (await room.publish(body, path)).exchange,
          undefined,
          noRoom,
        );
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
        (body) => api.call('addNetworkLockers', { params: { uid: target.networkUid! }, body }),
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
      await runPass('TRG-RESPONSE', items(pass, base), (body) => api.call('triggerFirstMileEvent', { body }));
    },
  );
});
