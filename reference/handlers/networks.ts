// §4.10: add owned lockers to a network; everything else is skipped without error.
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { badRequest, notFound } from '../errors';
import { validateBody } from '../validation';

export function addNetworkLockers(app: ReferenceApp, ctx: RequestContext): Reply {
  const raw = ctx.params['uid']!;
  if (!/^-?\d+$/.test(raw)) throw badRequest('VALIDATION_FAILED', `network uid "${raw}" must be an integer`);
  const network = app.state.networks.get(Number(raw));
  if (!network || network.owner !== ctx.carrier.name) {
    throw notFound('NETWORK_NOT_FOUND', `no network of this carrier has uid ${raw}`);
  }
  validateBody('AddNetworkLockersRequest', ctx.body);
  const { lockerUids } = ctx.body as { lockerUids: number[] };
  const added = [];
  for (const n of lockerUids) {
    const uid = String(n);
    const locker = app.state.ownedLocker(ctx.carrier.name, uid);
    if (!locker || network.members.has(uid)) continue;
    const { record } = locker;
    const member = {
      lockerUid: n,
      providerName: record.provider.name,
      lockerName: record.carrier.lockerName,
      providerLockerStatus: record.provider.status,
      carrierLockerStatus: record.carrier.status,
      networkLockerStatus: 'PENDING',
      carrierLockerId: record.carrier.lockerId,
      providerLockerId: record.provider.lockerUid,
    };
    network.members.set(uid, member);
    added.push({ ...member });
  }
  return { status: 200, body: added };
}
