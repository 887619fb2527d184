// What one answer or address shows, judged once for the suites and for `judge` on recorded traffic: a 401's body (§7),
// a list filtered by providerName (§4.2) and the v1 segment of a base path (§9).
import type { Exchange } from '../http/exchange';
import type { Json } from '../http/json';
import { answerText, type Judgement } from './judgement';

/** A 401 of an operation §7 lists it for carries errorCode and message. */
export function unauthorizedBodyJudgement(exchange: Exchange): Judgement {
  const body = exchange.body as Json | undefined;
  const missing = ['errorCode', 'message'].filter(
    (member) => !body || typeof body !== 'object' || Array.isArray(body) || !(member in body),
  );
  return {
    rule: 'AUTH-401-BODY',
    ...(missing.length
      ? { failure: `a 401 body with errorCode and message, without ${missing.join(', ')}: ` + answerText(exchange) }
      : {}),
  };
}

/**
 * A list asked for providerName `asked` shows that provider's lockers only. A name listed that differs from the one
 * asked only in letter case, whitespace around it or Unicode form, or holds it or is held in it, is no proof the filter
 * was ignored: §4.2 names the parameter, not how it matches (a driver that chose its name apart from every other loses
 * nothing by it).
 */
export function providerFilterJudgement(asked: string, items: readonly unknown[]): Judgement {
  const unrelated = (listed: unknown) => {
    if (typeof listed !== 'string') return true;
    const norm = (t: string) => t.normalize('NFC').trim().toLowerCase();
    const [a, b] = [norm(listed), norm(asked)];
    return !a.includes(b) && !b.includes(a);
  };
  const names = items.map((item) => ((item as Json | null)?.['provider'] as Json | undefined)?.['name']);
  const other = names.findIndex(unrelated);
  // A listed locker with no provider name is no locker of that provider either (JSON.stringify of it is undefined).
  const shown = other < 0 ? undefined : (JSON.stringify(names[other]) ?? 'a locker with no provider.name');
  const uid = other < 0 ? undefined : (items[other] as Json | null)?.['uid'];
  return {
    rule: 'LCK-LIST-PROVIDER-FILTER',
    ...(shown === undefined
      ? {}
      : { failure: `only lockers of provider ${JSON.stringify(asked)}, got locker ${String(uid)} of ${shown}` }),
  };
}

/** A base address carries v1 as a segment of its path (§9: "part of the base path", not necessarily the last). */
export function basePathJudgement(base: string, where: string): Judgement {
  const v1 = new URL(base).pathname.split('/').filter(Boolean).includes('v1');
  return { rule: 'VER-BASE-PATH', ...(v1 ? {} : { failure: `a v1 segment in the ${where}, got ${base}` }) };
}
