// An answer's words as a reader sees them, and which members of a request they name as a field: a 400
// proves an optional member required only where its words blame that member (rules/exchange-judge.ts).

/**
 * The members a 400's answer names as a field, never in prose ("not owned by the calling carrier"): a
 * path to it (location.type, /location/type, Location.Type after a prefix such as create.request.), a
 * one-word member quoted ('carrier'), as a pointer (/carrier) or before a verdict on it (carrier: …,
 * carrier is required), or ajv's "required property 'type'" with its parent named. A path into it
 * (carrier.lockerName) is about what it holds, not that it lacks.
 */
export function namedIn(text: string, members: string[]): string[] {
  const notDeeper = '(?![\\w]|[./][\\w])';
  return members.filter((m) => {
    const segments = m.split('.');
    const last = segments[segments.length - 1]!;
    const parent = segments[segments.length - 2];
    const required =
      new RegExp(`required (property|field|member)?\\s*['"\`]${last}['"\`]`, 'i').test(text) &&
      (parent === undefined || new RegExp(`(^|[^\\w])${parent}(?![\\w])`, 'i').test(text));
    if (required) return true;
    if (segments.length > 1) return new RegExp(`(^|[^\\w])${segments.join('[./]')}${notDeeper}`, 'i').test(text);
    const quoted = new RegExp(`(['"\`])${m}\\1`, 'i');
    const pointer = new RegExp(`[/.]${m}${notDeeper}`, 'i');
    const verdict = new RegExp(
      `(^|[^\\w./])${m}\\s*(:|is (required|missing|mandatory)|required|missing|must be ` +
        `(present|provided|given|set|specified)|(may|must|cannot|can't|should) not be ` +
        `(null|empty|missing|blank))`,
      'i',
    );
    return quoted.test(text) || pointer.test(text) || verdict.test(text);
  });
}

/** An answer's words as a reader sees them: the strings and member names of a JSON body (its quotes not escaped), else
 * its text. */
export function wordsOf(exchange: { text: string; body?: unknown }): string {
  if (exchange.body === undefined) return exchange.text;
  const strings: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      // A member's name is a field's name ({"errors": {"carrier": ["required"]}}): quoted, as one.
      for (const [key, value] of Object.entries(v)) {
        strings.push(`"${key}"`);
        walk(value);
      }
    }
  };
  walk(exchange.body);
  return strings.join('\n');
}
