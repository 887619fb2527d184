// The exploration's fixture: a World per sequence (both carriers' clients, where their lists stood,
// the listener's deliveries) and the run's depth, for suites/explore.spec.ts.
import type { TestInfo } from '@playwright/test';
import type { Json } from '../http/json';
import { explore, type Depth, type Explored, type Reach } from '../model/explore';
import type { Carrier } from '../model/model';
import type { World } from '../model/world';
import { InboxClient } from '../webhooks/inbox-client';
import type { WaitAbout } from '../webhooks/silence';
import { lagsSeen } from '../records/lists/list-lag';
import { markList } from '../records/lists/list-since';
import { attachDeliveriesSince } from '../evidence/delivery-attachment';
import { comparedSoFar } from '../model/same-record';
import { DEFAULT_SETTLE_MS } from '../records/lists/settle';
import { test as base } from './webhook-fixtures';

/** The default depth: a CI run's sequences × commands (CIS_EXPLORE overrides it). */
export const DEFAULT_DEPTH: Depth = { sequences: 8, length: 12, branches: 3 };

export interface Explorer {
  reach: Reach;
  depth: Depth;
  /**
   * Part `part` (from 0) of `parts` of the depth's sequences, each part its own seed: the parts run as
   * tests of their own, in parallel on the workers, where a list's lag makes every command wait.
   */
  run(
    part?: number,
    parts?: number,
  ): Promise<Explored & { lags: ReadonlyMap<string, number>; compared: { records: number; members: number } }>;
}

/** The sequences of one part of `parts`, and its seed: the first parts take one more where they do not divide
 * evenly. */
export function partOf(
  depth: Depth,
  seed: number | undefined,
  part: number,
  parts: number,
): { depth: Depth; seed: number | undefined } {
  const sequences = Math.floor(depth.sequences / parts) + (part < depth.sequences % parts ? 1 : 0);
  return { depth: { ...depth, sequences }, seed: seed === undefined ? undefined : seed + part };
}

export const test = base.extend<{ explorer: Explorer }>({
  explorer: [
    async ({ api, clientFor, lockers, parcels, tag, target }, use, testInfo: TestInfo) => {
      const has = (c: keyof typeof target.capabilities) => target.capabilities[c].available;
      const reach: Reach = {
        trigger: has('trigger'),
        statusProfile: has('statusProfile'),
        network: has('network'),
        secondKey: has('secondKey'),
      };
      const depth = { ...DEFAULT_DEPTH, ...target.explore };
      const inbox = has('webhooks') && target.webhookInbox ? new InboxClient(target.webhookInbox) : undefined;
      const since = Date.now();
      const webhooks = inbox && {
        timeoutMs: target.webhookWaitMs,
        wait: (match: Parameters<InboxClient['wait']>[0], about: WaitAbout) =>
          inbox.wait(match, target.webhookWaitMs, about),
        all: () => inbox.all(),
        answer: (match: Parameters<InboxClient['answer']>[0], status: number, times: number) =>
          inbox.answer(match, status, times),
      };
      // The pushes are waited for once, after the last sequence; each command is a few requests.
      testInfo.setTimeout(60_000 + target.webhookWaitMs + depth.sequences * depth.length * 4_000);
      // One part's sequences only: its timeout is still the whole depth's, a part never cut shorter than the whole.
      await use({
        reach,
        depth,
        async run(part = 0, parts = 1) {
          // A part with no sequence of its own (a depth of fewer sequences than parts) makes nothing.
          const mine = partOf(depth, target.seed, part, parts);
          if (mine.depth.sequences === 0)
            return {
              sequences: 0,
              commands: 0,
              branches: 0,
              states: 0,
              lags: lagsSeen(),
              compared: { records: 0, members: 0 },
            };
          const clients: Partial<Record<Carrier, typeof api>> = {
            A: api,
            ...(reach.secondKey ? { B: await clientFor('secondary') } : {}),
          };
          // The id forms the cancel path takes are learnt once, on a borrowed locker (what they book is cancelled).
          await parcels.cancelForms((await lockers.lend('bookings')).record, api);
          const isThirdParty = (l: Json) => l['ownedByCarrier'] === null && /^\d+$/.test(String(l['uid']));
          const thirdParty = (await lockers.list(undefined, api, isThirdParty)).items.find(isThirdParty);
          const prepare = async (): Promise<World> => {
            const carriers = Object.keys(clients) as Carrier[];
            const provider = await lockers.nextProvider();
            const byProvider = { providerName: provider.name };
            const marks = await Promise.all(
              carriers.map(
                async (c) =>
                  [
                    c,
                    await markList(clients[c]!, 'listLockers', byProvider, target.profile.pagination),
                    await parcels.mark(clients[c]),
                  ] as const,
              ),
            );
            return {
              clients,
              lockers,
              parcels,
              profile: target.profile,
              tag,
              trigger: reach.trigger,
              statusProfile: reach.statusProfile,
              ...(target.networkUid !== undefined ? { networkUid: String(target.networkUid) } : {}),
              ...(webhooks ? { webhooks } : {}),
              ...(thirdParty ? { thirdParty } : {}),
              settleMs: target.listSettleMs ?? DEFAULT_SETTLE_MS,
              provider,
              lockerMarks: Object.fromEntries(marks.map(([c, l]) => [c, l])),
              parcelMarks: Object.fromEntries(marks.map(([c, , p]) => [c, p])),
              pushes: [],
              visited: new Set(),
              branches: 0,
            };
          };
          // The first part's first sequence is the covering one: every rule the exploration names is reached once.
          const before = comparedSoFar();
          const selected = target.selection.rules !== undefined;
          const explored = await explore(prepare, reach, mine.depth, mine.seed, part === 0, selected);
          const after = comparedSoFar();
          const compared = { records: after.records - before.records, members: after.members - before.members };
          return { ...explored, lags: lagsSeen(), compared };
        },
      });
      // What arrived while the exploration ran goes into the HAR with it, wherever the run then stops.
      if (inbox) await attachDeliveriesSince(inbox, since, target, testInfo);
    },
    { box: 'self' },
  ],
});
