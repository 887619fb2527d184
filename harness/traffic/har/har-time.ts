// When a HAR entry started, in epoch milliseconds with the fraction its recorder wrote: mitmproxy writes
// microseconds, and two exchanges within one millisecond (a trigger's answer, then the cancel it made
// due) must not read as overlapping once the first's `time` is added. Date.parse keeps whole milliseconds.
export function harInstant(text: string | undefined): number {
  const ms = Date.parse(text ?? '');
  if (Number.isNaN(ms)) return 0;
  const finer = /\.\d{3}(\d+)/.exec(text!)?.[1];
  return finer ? ms + Number(`0.${finer}`) : ms;
}
