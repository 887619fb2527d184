// The requests of a boundary pass (suites/boundaries.spec.ts): every edge of a request schema
// (boundaries.ts) applied to a body the test binds to its own locker and provider, edges of different
// members packed into one request, each request knowing the parts to send where it is not accepted.
import { edgeApplied, memberAt, packed } from './boundary-paths';
import { boundaries, type Edge } from './boundaries';
import { nullsAsOmitted } from './nulls';

// Bodies as the suites read them (harness/http/json.ts): members by the names the spec gives.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** How one operation's bodies are made and which of their members take no edges. */
export interface Pass {
  schema: string;
  /** Members the test's own locker, parcel or provider fills in: another value names something else. */
  bound: string[];
  /** Members the binding gives a fresh identifier: an edge is made unique with it, or left out. */
  fresh: string[];
  /** Edges the spec advises against, though the schema allows them. */
  skip?: (edge: Edge) => boolean;
  /** Members the spec gives meaning only together: one omitted is both omitted. */
  together?: [string, string];
}

/**
 * The edge on a fresh identifier, made unique with the identifier the binding gave: an identifier
 * that is not new each run may be refused as taken. An empty or blank one cannot be new, so none.
 */
function unique(edge: Edge, fresh: unknown): Edge | undefined {
  if (typeof edge.value !== 'string' || typeof fresh !== 'string') return edge;
  if (edge.value.trim() === '') return undefined;
  const prefix = `${fresh}-`;
  const value = edge.value.length > prefix.length ? prefix + edge.value.slice(prefix.length) : prefix + edge.value;
  return { ...edge, value };
}

/** One request of the pass: the edges its body carries and, where it is not accepted, what to send next. */
export interface Item {
  edges: Edge[];
  body: Json;
  /** Sent where this item is not accepted: its edges one by one, or the kinds of text an edge combines. */
  parts: () => Item[];
}

/** The body `bind` gives, with the edges applied; a fresh identifier's edge made unique, or left out. */
function carrying(pass: Pass, bind: () => Json, raw: Edge[]): { edges: Edge[]; body: Json } {
  const base = bind();
  const edges = raw.flatMap((e) =>
    pass.fresh.includes(e.pointer) ? (unique(e, memberAt(base, e.pointer)) ?? []) : [e],
  );
  const partner = (e: Edge) =>
    e.omitted && pass.together?.includes(e.pointer)
      ? pass.together.filter((p) => p !== e.pointer).map((pointer): Edge => ({ ...e, pointer }))
      : [];
  return {
    edges,
    body: edges.flatMap((e) => [e, ...partner(e)]).reduce((body, edge) => edgeApplied(body, edge), base),
  };
}

function single(pass: Pass, bind: () => Json, edge: Edge): Item[] {
  const one = carrying(pass, bind, [edge]);
  return one.edges.length
    ? [{ ...one, parts: () => (edge.parts ?? []).flatMap((part) => single(pass, bind, part)) }]
    : [];
}

/**
 * The pass's requests. A conformant service accepts every edge, so edges of different members share
 * a request (packed: the first edge of every member, then the second...): a few requests per
 * operation, not hundreds. Only where such a request is not accepted do its edges go one by one, so
 * every verdict that is not a pass still names the one member and edge it is about.
 */
export function items(pass: Pass, bind: () => Json): Item[] {
  const kept = (e: Edge) =>
    !pass.bound.some((b) => e.pointer === b || e.pointer.startsWith(`${b}/`)) && !pass.skip?.(e);
  // Nulls go in groups of their own: a service that refuses them would send every edge they shared a request with one
  // by one.
  const groups = [
    ...packed(boundaries(pass.schema, bind()).filter(kept)),
    ...packed(nullsAsOmitted(pass.schema).filter(kept)),
  ];
  return groups.flatMap((group) => {
    const many = carrying(pass, bind, group);
    if (many.edges.length <= 1) return group.flatMap((edge) => single(pass, bind, edge));
    return [{ ...many, parts: () => group.flatMap((edge) => single(pass, bind, edge)) }];
  });
}
