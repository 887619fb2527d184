// JSON pointers (RFC 6901): ajv reports instance and schema paths as pointers, and the webhook
// inbox matches deliveries by them, so there is one walk for all of them.

/** The pointer's reference tokens, unescaped ('' has none: it points at the whole document). */
export function pointerTokens(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Every node from the root down to the pointer's target, the root first. It stops early where a
 * token would step into something that is not an object or array, so a short answer means the
 * pointer leaves the document.
 */
export function nodesAlong(root: unknown, pointer: string): unknown[] {
  return nodesAlongTokens(root, pointerTokens(pointer));
}

function nodesAlongTokens(root: unknown, tokens: readonly string[]): unknown[] {
  const nodes = [root];
  let node = root;
  for (const token of tokens) {
    if (node === null || typeof node !== 'object') break;
    node = (node as Record<string, unknown>)[token];
    nodes.push(node);
  }
  return nodes;
}

/** The value a pointer points at; undefined where there is none. */
export function valueAt(root: unknown, pointer: string): unknown {
  return valueAtTokens(root, pointerTokens(pointer));
}

/** valueAt for a pointer split once (pointerTokens), where one pointer is read in many documents. */
export function valueAtTokens(root: unknown, tokens: readonly string[]): unknown {
  const nodes = nodesAlongTokens(root, tokens);
  return nodes.length === tokens.length + 1 ? nodes[nodes.length - 1] : undefined;
}
