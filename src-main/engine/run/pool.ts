// A fixed number of lanes pulling work from one lazy iterator: bounded concurrency with flat memory.

/**
 * Runs `worker` over `items` with at most `concurrency` in flight. Stops pulling new items once `signal`
 * aborts or a worker throws; waits for the items in flight, then rethrows the first worker error.
 */
export async function runPool<T>(
  items: Iterator<T> | AsyncIterator<T>,
  concurrency: number,
  worker: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && !signal?.aborted) {
      // Lanes share one iterator; an async generator queues concurrent next() calls, so no item is handed out twice.
      const next = await items.next();
      if (next.done) return;
      try {
        await worker(next.value);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  if (failure) throw failure.error;
}
