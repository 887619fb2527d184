// §6: events go "to a URL provided by the carrier". The listener gives each carrier its own path
// (…/carrier-1 for CIS_API_KEY's, …/carrier-2 for CIS_API_KEY_2's), and what the run creates is tagged
// with the carrier whose key created it, so a delivery about the other carrier's locker or parcel at
// a carrier's URL is seen for what it is: another carrier's event leaking to it.
import { ownCarrierJudgement } from '../judgements/isolation';
import { sideOfTag, type CarrierSide } from '../records/lockers/tagging';

export const CARRIER_PATHS: Record<CarrierSide, string> = { primary: 'carrier-1', secondary: 'carrier-2' };

/** The carrier whose URL received the delivery, where the path says. */
export function receiverOf(path: string): CarrierSide | undefined {
  const last = path.split('?')[0]!.replace(/\/+$/, '').split('/').pop();
  return (Object.keys(CARRIER_PATHS) as CarrierSide[]).find((side) => CARRIER_PATHS[side] === last);
}

type Obj = Record<string, unknown>;
const asObject = (v: unknown): Obj | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;

/** The carrier whose key created what the delivery is about, where the run tagged it. */
export function concernsOf(body: unknown): CarrierSide | undefined {
  const record = asObject(body);
  if (!record) return undefined;
  return (
    sideOfTag(asObject(record['carrier'])?.['lockerId']) ??
    sideOfTag(record['carrierParcelId']) ??
    sideOfTag(record['carrierLockerId'])
  );
}

export interface Isolation {
  /** Both the receiving carrier and the concerned one are known: the delivery is evidence either way. */
  judged: boolean;
  problem?: string;
}

export function judgeIsolation(path: string, body: unknown): Isolation {
  const receiver = receiverOf(path);
  const concerns = concernsOf(body);
  if (!receiver || !concerns) return { judged: false };
  const { failure } = ownCarrierJudgement(path, receiver, concerns);
  return { judged: true, ...(failure ? { problem: failure } : {}) };
}
