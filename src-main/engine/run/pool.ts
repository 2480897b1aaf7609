// A fixed number of lanes pulling work from one lazy iterator: bounded concurrency with flat memory.

/** A limit under the lanes that may change during the run (measured concurrency): lanes above it wait. */
export type LaneWidth = Readonly<{ current(): number; changed(): Promise<void> }>;

/**
 * Runs `worker` over `items` with at most `concurrency` in flight (and at most `width.current()` when given). Stops
 * pulling new items once `signal` aborts or a worker throws; waits for the items in flight, then rethrows the first
 * worker error.
 */
export async function runPool<T>(
  items: Iterator<T> | AsyncIterator<T>,
  concurrency: number,
  worker: (item: T) => Promise<void>,
  signal?: AbortSignal,
  width?: LaneWidth,
): Promise<void> {
  let failure: { error: unknown } | undefined;
  let finished = false;
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const end = () => {
    finished = true;
    stop();
  };
  signal?.addEventListener('abort', end, { once: true });
  const lane = async (index: number) => {
    while (!failure && !signal?.aborted) {
      while (width && index >= width.current() && !finished) await Promise.race([width.changed(), stopped]);
      // Lanes share one iterator; an async generator queues concurrent next() calls, so no item is handed out twice.
      const next = await items.next();
      if (next.done) return end();
      try {
        await worker(next.value);
      } catch (error) {
        failure ??= { error };
        end();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, (_, index) => lane(index)));
  } finally {
    signal?.removeEventListener('abort', end);
  }
  if (failure) throw failure.error;
}
