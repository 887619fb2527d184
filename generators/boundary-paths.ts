// Putting boundary edges into request bodies: which edges can share one body, and a body with one member at its
// edge (the array item on its way put in first).
import { valueAt } from '../spec/json-pointer';
import type { Edge } from './boundaries';

const nested = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/**
 * The edges in as few groups as can each go in one request: no two on the same member, nor on
 * members that contain each other, so a body carrying a group is valid wherever each edge alone is.
 * The n-th group holds about the n-th edge of every member, in the order given.
 */
export function packed(edges: Edge[]): Edge[][] {
  const groups: Edge[][] = [];
  for (const edge of edges) {
    const group = groups.find((g) => !g.some((other) => nested(other.pointer, edge.pointer)));
    if (group) group.push(edge);
    else groups.push([edge]);
  }
  return groups;
}

const tokensOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));

/** Sets the value at the pointer (removes the member where `omit`), creating the objects and arrays on the way that are
 * absent or null. */
function setAt(
  root: Record<string, unknown>,
  pointer: string,
  value: unknown,
  onlyIfAbsent = false,
  omit = false,
): void {
  const tokens = tokensOf(pointer);
  let node: Record<string, unknown> = root;
  tokens.slice(0, -1).forEach((token, i) => {
    if (node[token] === undefined || node[token] === null) node[token] = /^\d+$/.test(tokens[i + 1]!) ? [] : {};
    node = node[token] as Record<string, unknown>;
  });
  const last = tokens[tokens.length - 1]!;
  if (omit) delete node[last];
  else if (!onlyIfAbsent || node[last] === undefined || node[last] === null) node[last] = structuredClone(value);
}

/**
 * The body with the one member at the edge; the input is not changed. The array item the pointer
 * goes through is put in first where the body has none.
 */
export function edgeApplied<T>(body: T, edge: Edge): T {
  // The whole body at an edge of its own (an update of no member: `{}`).
  if (edge.pointer === '') return structuredClone(edge.value) as T;
  const copy = structuredClone(body) as Record<string, unknown>;
  if (edge.item) setAt(copy, edge.item.pointer, edge.item.value, true);
  setAt(copy, edge.pointer, edge.value, false, edge.omitted);
  return copy as T;
}

/** The member an edge's pointer names in a body or a record; undefined where there is none. */
export function memberAt(root: unknown, pointer: string): unknown {
  return valueAt(root, pointer);
}
