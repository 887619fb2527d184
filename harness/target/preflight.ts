// Before any test: is the target there, is it the API, and does it take the key? If not, the run
// stops within seconds with one message saying what to fix (exit code 2: could not run).
import { pairsListed, recordProvidersAtStart } from './providers-at-start';
import { request } from 'undici';
import { describeNetworkError } from '../http/network-error';
import { isJsonMediaType } from '../checks/json-content-type';
import type { HarnessConfig } from './config';
import { EXPOSURE_REMEDY, unauthenticatedListener } from '../webhooks/exposure';
import { registrationInstruction } from '../webhooks/registration';

/**
 * Each probe's bound on connecting, the headers and the body. The second-key and mock probes run
 * side by side after the first, so the whole preflight ends within two of these on any target.
 */
const PROBE_TIMEOUT_MS = 4000;
/** How much of an answer the preflight reads: enough to tell a providers list from a login page. */
const BODY_LIMIT_BYTES = 64 * 1024;
/** How many characters of an answer a message shows. */
const SHOWN_CHARS = 80;

export class PreflightError extends Error {}

interface Answer {
  status: number;
  contentType: string | undefined;
  location: string | undefined;
  /** The body's first BODY_LIMIT_BYTES, as UTF-8. */
  text: string;
  /** The body went on past BODY_LIMIT_BYTES. */
  cut: boolean;
}

async function probe(url: string, apiKey: string | undefined, timeoutMs: number): Promise<Answer> {
  const response = await request(url, {
    method: 'GET',
    headers: apiKey ? { 'x-api-key': apiKey, accept: 'application/json' } : { accept: 'application/json' },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const chunks: Buffer[] = [];
  let size = 0;
  let cut = false;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= BODY_LIMIT_BYTES) {
      // Leaving the loop destroys the body: a never-ending answer is not read to its end.
      cut = true;
      break;
    }
  }
  const header = (name: string) => {
    const value = response.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return {
    status: response.statusCode,
    contentType: header('content-type'),
    location: header('location'),
    text: Buffer.concat(chunks).subarray(0, BODY_LIMIT_BYTES).toString('utf8'),
    cut,
  };
}

/** The body's JSON value, or undefined when it is not JSON. */
function parsed(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** The first characters of a body, control characters escaped; quoted unless it is JSON text. */
function firstBytes(answer: Answer): string {
  if (answer.text.length === 0) return 'an empty body';
  const quoted = answer.cut || !parsed(answer.text);
  const more = answer.text.length > SHOWN_CHARS ? '…' : '';
  // eslint-disable-next-line no-control-regex -- escaping control characters is the point
  const escaped = answer.text.slice(0, SHOWN_CHARS).replace(/[\\"]|[\u0000-\u001f\u007f-\u009f]/g, (c) => {
    if (c === '\\' || c === '"') return quoted ? `\\${c}` : c;
    return (
      ({ '\n': '\\n', '\r': '\\r', '\t': '\\t' } as Record<string, string>)[c] ??
      `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
    );
  });
  return quoted ? `"${escaped}${more}"` : `${escaped}${more}`;
}

/**
 * The providers list (§2.2, §4.4) is an array of entries, bare or in an envelope the spec does not
 * show: an object with an array member (items, content, data, …) or one level deeper (HAL's
 * _embedded.providers).
 */
function holdsList(value: unknown, depth = 2): boolean {
  if (Array.isArray(value)) return true;
  if (depth === 0 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((member) => holdsList(member, depth - 1));
}

/** A body cut at BODY_LIMIT_BYTES cannot be parsed; its beginning has to tell. */
function beginsLikeList(text: string): boolean {
  const start = text.trimStart();
  return start.startsWith('[') || (start.startsWith('{') && start.includes('['));
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return Object.keys(value).length ? 'an object holding no list' : 'an empty object';
  return `a ${typeof value}`;
}

/** Why an answer of GET /lockers/providers is not the API's, or undefined when it may be. */
function notTheApi(answer: Answer): string | undefined {
  const said = `${answer.status} ${answer.contentType ?? '(no Content-Type)'}`;
  if (answer.status >= 300 && answer.status < 400)
    return `${answer.status} redirecting to ${answer.location ?? '(no Location)'}`;
  // A providers list under another Content-Type is the API breaking "All bodies are JSON
  // (Content-Type: application/json)": GEN-JSON's to judge in the run, not a reason not to run.
  const json = answer.cut ? undefined : parsed(answer.text);
  const list = answer.cut ? beginsLikeList(answer.text) : !!json && holdsList(json.value);
  if (!isJsonMediaType(answer.contentType)) return list ? undefined : `${said} ${firstBytes(answer)}`;
  if (answer.cut) return list ? undefined : `${said} with something other than a list: ${firstBytes(answer)}`;
  if (!json) return `${said} with a body that is not JSON: ${firstBytes(answer)}`;
  if (list) return undefined;
  return (
    `${said} with ${kindOf(json.value)} where the providers list belongs (a JSON array, or an object holding ` +
    `one): ${firstBytes(answer)}`
  );
}

export type PreflightConfig = HarnessConfig & {
  baseUrl: string;
  apiKey: string;
  embedded?: boolean;
  /** Where the run keeps what it learns: the providers the start listed go there (providers-at-start.ts). */
  scratchDir?: string;
};

/**
 * What the user should hear before the run, though it need not stop it: who else can post the
 * deliveries the run judges, and where the target is to send them. The embedded reference is given
 * its URLs by the run itself, so it needs no registration.
 */
export function preflightNotes(config: Pick<PreflightConfig, 'webhookListen' | 'webhookKey' | 'embedded'>): string[] {
  const notes: string[] = [];
  const exposure = unauthenticatedListener(config);
  if (exposure)
    notes.push(
      `warning: ${exposure}, so a delivery posted by any of them can pass or fail webhook rules. ${EXPOSURE_REMEDY}.`,
    );
  const listen = config.webhookListen;
  if (listen && !config.embedded) notes.push(`webhooks: ${registrationInstruction(listen.host, listen.port)}.`);
  return notes;
}

const toStdout = (line: string) => void process.stdout.write(`carrier-conformance: ${line}\n`);

/**
 * Whether another read takes a key GET /lockers/providers refused: the carrier's own locker list, filtered to a
 * provider no one has (read-only, and short on any staging). Taken, the key is valid, and the catalogue's refusal is
 * the service's to answer for (PRV-LIST), not a key to correct.
 */
async function takenElsewhere(baseUrl: string, key: string, timeoutMs: number): Promise<boolean> {
  const url = `${baseUrl}/lockers?providerName=carrier-conformance-key-check`;
  const answer = await probe(url, key, timeoutMs).catch(() => undefined);
  return answer !== undefined && answer.status >= 200 && answer.status < 300;
}

const catalogueOnly = (variable: string, status: number) =>
  `warning: GET /lockers/providers refused ${variable} (${status}), which GET /lockers took: the run goes on, and ` +
  `the catalogue's answer is judged as any other (PRV-LIST).`;

/**
 * Says the notes (first, before any probe can take seconds), then throws a PreflightError naming the
 * variable to fix.
 */
export async function preflight(config: PreflightConfig, say: (line: string) => void = toStdout): Promise<void> {
  for (const note of preflightNotes(config)) say(note);
  const timeout = Math.min(config.timeoutMs, PROBE_TIMEOUT_MS);
  // GET /lockers/providers only reads, so it is safe on production too.
  const url = `${config.baseUrl}/lockers/providers`;
  let answer: Answer;
  try {
    answer = await probe(url, config.apiKey, timeout);
  } catch (error) {
    throw new PreflightError(
      `cannot reach the target at CIS_BASE_URL=${config.baseUrl} (${describeNetworkError(error, timeout)}). ` +
        'Start the service or correct CIS_BASE_URL (it includes /v1); leave it unset to run against the ' +
        'embedded reference.',
    );
  }
  const { status } = answer;
  const refusedKey = status === 401 || status === 403;
  if (refusedKey && config.apiKey && (await takenElsewhere(config.baseUrl, config.apiKey, timeout)))
    say(catalogueOnly('CIS_API_KEY', status));
  else if (refusedKey) {
    throw new PreflightError(
      `the target at ${config.baseUrl} refused CIS_API_KEY (${status} on GET /lockers/providers). Set ` +
        `CIS_API_KEY to a valid carrier key.`,
    );
  }
  if (status === 404) {
    throw new PreflightError(
      `the target at ${config.baseUrl} has no GET /lockers/providers (404). Check that CIS_BASE_URL is the ` +
        `service base including /v1.`,
    );
  }
  if (status >= 500) {
    throw new PreflightError(
      `the target at ${config.baseUrl} is failing: GET /lockers/providers answered ${status} ` +
        `${answer.contentType ?? '(no Content-Type)'} ${firstBytes(answer)}. ` +
        'A read-only listing that fails means the service is down or broken: check that it is up (its logs, ' +
        'its operators) and run again.',
    );
  }
  // The embedded reference is the API by construction: what it answers is the rules' to judge (the
  // self-test's faults on this endpoint must reach them), so only a remote target's answer is examined.
  const wrong = config.embedded || (status >= 400 && status < 500) ? undefined : notTheApi(answer);
  if (wrong) {
    throw new PreflightError(
      `the target at ${config.baseUrl} does not answer like the API: GET /lockers/providers answered ${wrong}. ` +
        'Check CIS_BASE_URL (it is the service base including /v1, not a login page or proxy).',
    );
  }
  if (config.scratchDir) recordProvidersAtStart(config.scratchDir, pairsListed(status, answer.text, answer.cut));
  const [second, mock] = await Promise.all([
    config.apiKey2 ? probe(url, config.apiKey2, timeout).catch(() => undefined) : undefined,
    config.mockBaseUrl && config.env === 'staging'
      ? probe(`${config.mockBaseUrl}/parcel/first-mile/event`, config.apiKey, timeout).then(
          () => undefined,
          (error: unknown) => describeNetworkError(error, timeout),
        )
      : undefined,
  ]);
  const secondRefused = second !== undefined && (second.status === 401 || second.status === 403);
  if (secondRefused && config.apiKey2 && (await takenElsewhere(config.baseUrl, config.apiKey2, timeout)))
    say(catalogueOnly('CIS_API_KEY_2', second.status));
  else if (secondRefused) {
    throw new PreflightError(
      `the target refused CIS_API_KEY_2 (${second.status}). Set it to another carrier's valid key, or unset it.`,
    );
  }
  // Only a mock that cannot be reached stops the run: what GET answers on a POST endpoint is no sign.
  if (mock) {
    throw new PreflightError(
      `cannot reach CIS_MOCK_BASE_URL=${config.mockBaseUrl} (${mock}). Correct it, or unset it to skip the ` +
        `trigger rules.`,
    );
  }
}
