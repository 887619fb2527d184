// A failure taken apart for the reports: the request and the answer read back from its message and curl
// line, the HAR entries it was about, and the command that asks again.
import type { RuleVerdict } from '../verdict/verdicts';

/** A failure taken apart: what was asked, what came back, and how to ask again. */
export interface FailureView {
  message: string;
  request?: { method: string; url: string };
  response?: { status: number; body?: string };
  curl?: string;
  replay: string;
  /** Entry numbers in exchanges.har, when the HAR writer recorded them. */
  harEntries?: number[];
}

/** The HAR writer adds `harEntries` to verdicts; reports written before it have none. */
type WithHar = RuleVerdict & { harEntries?: number[] };

export function replayCommand(ruleId: string): string {
  return `npx carrier-conformance replay ${ruleId}`;
}

/** Method and URL from the curl line harness/http/exchange.ts writes (`curl -i -X POST 'url' …`). */
function requestOf(curl: string | undefined): FailureView['request'] {
  const match = curl && /^curl -i -X (\S+) '([^']*)'/.exec(curl);
  return match ? { method: match[1]!, url: match[2]! } : undefined;
}

/**
 * The status (and body) the target answered, where the message is one of the shapes the harness writes
 * for statuses: judge.ts's `expected …, got 200 <body>`, a check of the answer as a whole
 * (`got 200 (at /)`, checks/types.ts) and a matcher's `Expected: 201 / Received: 200`.
 */
function responseOf(message: string): FailureView['response'] {
  const whole = /, got (\d{3}) \(at \/\)$/.exec(message);
  if (whole) return { status: Number(whole[1]) };
  // Not a value at a pointer inside the body (`got 404 (at /count)`): that is no status.
  const got = /, got (\d{3})(?: (?!\(at )([\s\S]+))?$/.exec(message);
  if (got) return { status: Number(got[1]), ...(got[2] ? { body: got[2] } : {}) };
  const received = /Expected: \d{3}\s+Received: (\d{3})\s*$/.exec(message);
  return received ? { status: Number(received[1]) } : undefined;
}

export function failureView(rule: RuleVerdict): FailureView | undefined {
  if (rule.failure === undefined) return undefined;
  const request = requestOf(rule.curl);
  const response = responseOf(rule.failure);
  const har = (rule as WithHar).harEntries;
  return {
    message: rule.failure,
    ...(request ? { request } : {}),
    ...(response ? { response } : {}),
    ...(rule.curl ? { curl: rule.curl } : {}),
    replay: replayCommand(rule.id),
    ...(har?.length ? { harEntries: har } : {}),
  };
}
