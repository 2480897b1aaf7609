// Notices runs another process writes into this workspace's store (an `ai-eval run` beside `ai-eval serve`): SQLite's
// data_version changes only on commits by other connections, so polling it costs one pragma a second and tells the
// screens to reload (`runs.changedElsewhere`) without any of this process's own writes counting.

/** How often the store is asked whether another process wrote to it. */
export const STORE_POLL_MS = 1_000;

type DataVersionSource = () => { pragma(source: string, options: { simple: true }): unknown } | undefined;

/** Polls `db()` (undefined while the store is closed) and calls `changed` after another process commits. */
export function watchStoreWrites(db: DataVersionSource, changed: () => void): () => void {
  let last: unknown;
  const timer = setInterval(() => {
    const open = db();
    if (!open) {
      last = undefined;
      return;
    }
    const version = open.pragma('data_version', { simple: true });
    if (last !== undefined && version !== last) changed();
    last = version;
  }, STORE_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
