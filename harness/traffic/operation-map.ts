// Which operation of the OpenAPI document a recorded request was: its method and the path after the
// base URL, matched against the document's path templates. The base is given (--base-url,
// --mock-base-url) or inferred from the first request whose path ends in a template: what precedes
// that is the base of its kind (the service's, or the trigger's mock base), and a request under any
// other base belongs to another host.
import { operations, type Base, type Operation } from '../../spec/operations';

export interface Mapped {
  op: Operation;
  /** Path parameters by name, decoded. */
  params: Record<string, string>;
  base: string;
}

/** Why an entry is not judged: its URL is under no base of the service, or under one with no such operation. */
export interface Unmapped {
  other: 'host' | 'operation';
  /** What the listing counts it under: `GET https://other.example` or `DELETE /v1/lockers/{x}`. */
  key: string;
}

interface Template {
  op: Operation;
  pattern: RegExp;
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
    return { op, pattern: new RegExp(`^(.*?)${body}/?$`), names, literals: op.path.split('/').length - names.length };
  })
  .sort((a, b) => b.literals - a.literals);

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export class OperationMap {
  private readonly bases: Partial<Record<Base, string>>;

  constructor(given: Partial<Record<Base, string>> = {}) {
    this.bases = Object.fromEntries(Object.entries(given).filter(([, v]) => v).map(([k, v]) => [k, trimSlash(v!)]));
  }

  /** The bases in use: given, or inferred so far. */
  get known(): Partial<Record<Base, string>> {
    return { ...this.bases };
  }

  /** The operation of a request, the bases learnt from it where none is known for its kind yet. */
  map(method: string, url: string): Mapped | Unmapped {
    return this.match(method, url, true);
  }

  /** The operation a request's path names under any base, learning nothing: is it an exchange with the service at all. */
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
    const origin = parsed.origin;
    for (const t of templates) {
      if (t.op.method !== method.toUpperCase()) continue;
      const found = t.pattern.exec(path);
      if (!found) continue;
      const base = trimSlash(origin + found[1]!);
      const known = this.bases[t.op.base];
      if (learn && known !== undefined && known !== base) continue;
      if (learn) this.bases[t.op.base] = base;
      const params = Object.fromEntries(t.names.map((name, i) => [name, safeDecode(found[i + 2]!)]));
      return { op: t.op, params, base };
    }
    const under = Object.values(this.bases).find((b) => (origin + path).startsWith(b + '/'));
    if (under) return { other: 'operation', key: `${method.toUpperCase()} ${new URL(under).pathname.replace(/\/$/, '')}${path.slice(new URL(under).pathname.replace(/\/$/, '').length)}` };
    return { other: 'host', key: `${method.toUpperCase()} ${origin}` };
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
