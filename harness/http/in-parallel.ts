// A remote target costs a round trip per answer: independent requests go out together, at most
// `limit` at a time (CIS_CONCURRENCY), so a slow network is waited for once per batch, not per request.

/** fn over every item, at most `limit` at once; results in the items' order. */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}
