/** Starts every item side by side; when one fails, stops the ones that did start and throws its error. */
export async function startAll<T, S extends { stop(): Promise<void> }>(
  items: readonly T[],
  start: (item: T) => Promise<S>,
): Promise<[T, S][]> {
  const settled = await Promise.allSettled(items.map(async (i): Promise<[T, S]> => [i, await start(i)]));
  const started = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.allSettled(started.map(([, s]) => s.stop()));
    throw failed.reason;
  }
  return started;
}
