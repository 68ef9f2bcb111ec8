// Independent steps of one test, `count` at a time, each result in the place of its input: for
// steps that each wait on another process (a browser page loading, a command building), so that
// the two cores are both busy while the test still asserts on every result.

/** `step` over every item, at most `count` at once; the results in the items' order. */
export async function mapSideBySide<T, R>(items: readonly T[], count: number, step: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await step(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(count, items.length)) }, lane));
  return results;
}
