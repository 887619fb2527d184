// The keys and tokens a recording carries, learnt as it is read: a recorded request's X-API-Key is a
// real key, unknown to the harness, so the values themselves are what the reports' redaction
// (harness/evidence/exchanges.ts) takes out. Each value is named by a variable, $CIS_TRAFFIC_KEY_1, …
import { redactHeaders, redactSecrets } from '../evidence/exchanges';
import type { HarEntry } from './har/har-stream';

const CREDENTIALS =
  /^(x-api-key|authorization|proxy-authorization|cookie|set-cookie|x-webhook-key|x-application-key|x-app-key)$/i;
/** Past this many distinct values the rest of a recording's credentials read REDACTED in headers, and are not
 * collected. */
const MAX_KEPT = 1000;

export class TrafficSecrets {
  private readonly byValue = new Map<string, string>();

  /** Learns the credential header values of an entry (a Bearer token without its scheme, too). */
  learn(entry: HarEntry): void {
    for (const headers of [entry.request.headers, entry.response.headers]) {
      for (const { name, value } of headers ?? []) {
        if (!CREDENTIALS.test(name) || !value || this.byValue.size >= MAX_KEPT) continue;
        const token = value.replace(/^Bearer\s+/i, '');
        for (const secret of new Set([value, token])) {
          if (secret.length >= 4 && !this.byValue.has(secret))
            this.byValue.set(secret, `CIS_TRAFFIC_KEY_${this.byValue.size + 1}`);
        }
      }
    }
  }

  /** Variable → value, as redactSecrets and toCurl take them. */
  get named(): Record<string, string> {
    return Object.fromEntries([...this.byValue].map(([value, name]) => [name, value]));
  }

  /** The variable that stands for a key in the reports, or undefined for none. */
  nameOf(value: string | undefined): string | undefined {
    return value === undefined ? undefined : this.byValue.get(value);
  }

  text(text: string): string {
    return redactSecrets(text, this.named);
  }

  /** A recorded entry as a report may show it: credentials named by variable, every other occurrence taken out. */
  entry(entry: HarEntry): HarEntry {
    const headers = (list: HarEntry['request']['headers']) => {
      const record = Object.fromEntries((list ?? []).map(({ name, value }) => [name, value]));
      return Object.entries(redactHeaders(record, this.named)).map(([name, value]) => ({ name, value }));
    };
    const clean = {
      ...entry,
      request: { ...entry.request, headers: headers(entry.request.headers) },
      response: { ...entry.response, headers: headers(entry.response.headers) },
    };
    return JSON.parse(this.text(JSON.stringify(clean))) as HarEntry;
  }
}
