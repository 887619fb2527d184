// Which operation of the OpenAPI document a recorded request was: its method and the path after the
// base URL, matched against the document's path templates. The base is given (--base-url,
// --mock-base-url) or inferred from the first request whose path ends in a template: what precedes
// that is the base of its kind (the service's, or the trigger's mock base), and a request under any
// other base belongs to another host.
import { operations, type Base, type Operation } from '../../../spec/operations';

export interface Mapped {
  op: Operation;
  /** Path parameters by name, decoded. */
  params: Record<string, string>;
  base: string;
  url: URL;
}

/** Why an entry is not judged: its URL is under no base of the service, or under one with no such operation. */
export interface Unmapped {
  other: 'host' | 'operation';
  /** What the listing counts it under: `GET https://other.example` or `DELETE /v1/lockers/{x}`. */
  key: string;
}

interface Template {
  op: Operation;
  /** The path anywhere after a base not known yet; `anchored`, the path right after a known base. */
  pattern: RegExp;
  anchored: RegExp;
  names: string[];
  /** Literal segments win over parameters: /lockers/status is not /lockers/{uid}. */
  literals: number;
}

const templates: Template[] = operations
  .map((op) => {
    const names: string[] = [];
    const body = op.path
      .split('/')
      .map((segment) => {
        const param = /^\{(\w+)\}$/.exec(segment);
        if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(param[1]!);
        return '([^/]+)';
      })
      .join('/');
    return {
      op,
      pattern: new RegExp(`^(.*?)${body}/?$`),
      anchored: new RegExp(`^()${body}/?$`),
      names,
      literals: op.path.split('/').length - names.length,
    };
  })
  .sort((a, b) => b.literals - a.literals);

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export class OperationMap {
  private readonly bases: Partial<Record<Base, string>>;

  constructor(given: Partial<Record<Base, string>> = {}) {
    this.bases = Object.fromEntries(
      Object.entries(given)
        .filter(([, v]) => v)
        .map(([k, v]) => [k, trimSlash(v!)]),
    );
  }

  /** The bases in use: given, or inferred so far. */
  get known(): Partial<Record<Base, string>> {
    return { ...this.bases };
  }

  /** The operation of a request, the bases learnt from it where none is known for its kind yet. */
  map(method: string, url: string): Mapped | Unmapped {
    return this.match(method, url, true);
  }

  /** The operation a request's path names under any base, learning nothing: is it an exchange with the service at
   * all. */
  peek(method: string, url: string): Mapped | Unmapped {
    return this.match(method, url, false);
  }

  private match(method: string, url: string, learn: boolean): Mapped | Unmapped {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { other: 'host', key: `${method} ${url.slice(0, 80)}` };
    }
    const path = parsed.pathname;
    const whole = parsed.origin + path;
    const verb = method.toUpperCase();
    for (const t of templates) {
      if (t.op.method !== verb) continue;
      const known = learn ? this.bases[t.op.base] : undefined;
      // Under a base already known the path is matched from its end on, with no search for where it starts.
      if (known !== undefined && !whole.startsWith(known)) continue;
      const found = known !== undefined ? t.anchored.exec(whole.slice(known.length)) : t.pattern.exec(path);
      if (!found) continue;
      const base = known ?? trimSlash(parsed.origin + found[1]!);
      if (learn) this.bases[t.op.base] = base;
      const params = Object.fromEntries(t.names.map((name, i) => [name, safeDecode(found[i + 2]!)]));
      return { op: t.op, params, base, url: parsed };
    }
    if (Object.values(this.bases).some((b) => whole.startsWith(b + '/')))
      return { other: 'operation', key: `${verb} ${path}` };
    return { other: 'host', key: `${verb} ${parsed.origin}` };
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
