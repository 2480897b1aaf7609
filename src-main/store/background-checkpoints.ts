// WAL checkpoints on a thread of their own while a large import writes, so the writer does not wait for the disk.
import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../worker-entry';
import type { CheckpointInput, CheckpointMessage, CheckpointRequest } from './checkpoint-worker';
import { WAL_AUTOCHECKPOINT_PAGES, type Db } from './db';

/**
 * Once the WAL is this long (in pages of 4 KiB: 256 MiB), the writer lets it be copied whole, so it starts over. A
 * longer WAL copies an index page that many batches rewrote once instead of once per restart
 * (bench/README.md, "Trace import").
 */
export const RESTART_PAGES = 65536;
const PAGE_BYTES = 4096;

/**
 * In WAL mode a checkpoint waits for the disk twice (the WAL, then the database file); done by the writer, those waits
 * are a large part of a large import's time (bench/README.md). While this runs, the writer only appends (no autocheckpoint) and each commit
 * is copied into the database by the thread, one checkpoint at a time. The WAL starts over only when a write begins
 * with all of it copied, which a busy writer would never see: so once it is long, `settle` waits for that.
 */
export class BackgroundCheckpoints {
  private running = false;
  private again = false;
  private walPages = 0;
  /** Set once the writer checkpoints again (stopped, or the thread failed). */
  private handedBack = false;
  private idle: (() => void)[] = [];
  private readonly stopped: Promise<void>;

  private constructor(
    private readonly db: Db,
    private readonly worker: Worker,
    private readonly restartPages: number,
  ) {
    this.stopped = new Promise<void>((resolve) => {
      worker.on('message', (message: CheckpointMessage) => {
        if (message.kind === 'checkpointed') this.checkpointed(message.walPages);
        else if (message.kind === 'failed') this.handBack();
        else resolve();
      });
      worker.once('error', () => this.handBack());
      worker.once('exit', () => {
        this.handBack();
        resolve();
      });
    });
  }

  /** Starts the thread for a database file; undefined (the writer checkpoints as usual) for :memory: or no entry. */
  static start(db: Db, restartPages = RESTART_PAGES): BackgroundCheckpoints | undefined {
    if (db.memory) return undefined;
    const entry = workerEntry(import.meta.url, './checkpoint-worker.mjs', 'store-checkpointer');
    if (!entry) return undefined;
    const input: CheckpointInput = { file: db.name };
    const worker = new Worker(entry, { workerData: input });
    worker.unref();
    db.pragma('wal_autocheckpoint = 0');
    return new BackgroundCheckpoints(db, worker, restartPages);
  }

  /** After a commit: copy it (a commit during a checkpoint asks for one more after it). */
  committed(): void {
    if (this.handedBack) return;
    if (this.running) this.again = true;
    else this.request();
  }

  /** Before a write: once the WAL is long, waits until all of it is copied, so that this write starts it over. */
  async settle(): Promise<void> {
    // The last checkpoint's count lags behind the commits since; the file's size does not (it is cut back to
    // 64 MiB, less than RESTART_PAGES, when the WAL starts over: a file this large holds a WAL this long).
    const long = this.walPages >= this.restartPages || walBytes(this.db) >= this.restartPages * PAGE_BYTES;
    if (this.handedBack || !long) return;
    await this.copied();
    this.walPages = 0;
  }

  /** Resolves once everything committed so far is copied (at once when nothing is being copied). */
  async copied(): Promise<void> {
    if (this.running) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** Ends the thread and gives checkpointing back to the writer. */
  async stop(): Promise<void> {
    this.handBack();
    this.post('stop');
    await this.stopped;
    await this.worker.terminate();
  }

  private request(): void {
    this.running = true;
    this.post('checkpoint');
  }

  private checkpointed(walPages: number): void {
    this.walPages = walPages;
    if (this.again && !this.handedBack) {
      this.again = false;
      this.request();
      return;
    }
    this.running = false;
    for (const resolve of this.idle.splice(0)) resolve();
  }

  /**
   * Gives checkpointing back to the writer: at the end, or when the thread failed (it could not open the file, say);
   * the import goes on either way.
   */
  private handBack(): void {
    if (this.handedBack) return;
    this.handedBack = true;
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    this.running = false;
    for (const resolve of this.idle.splice(0)) resolve();
  }

  private post(request: CheckpointRequest): void {
    this.worker.postMessage(request);
  }
}

function walBytes(db: Db): number {
  try {
    return statSync(`${db.name}-wal`).size;
  } catch {
    return 0;
  }
}
