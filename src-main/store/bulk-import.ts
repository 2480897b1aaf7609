// A large import's mode of the store: WAL checkpoints on a thread of their own and a larger page cache, until it ends.
import { BackgroundCheckpoints } from './background-checkpoints';
import type { Db } from './db';

/**
 * The page cache of a large import (KiB, as SQLite's negative cache_size). SQLite's default 2 MiB holds too little
 * of the indexes a batch writes into, so pages would be read again and spilled to the WAL mid-transaction
 * (measured in bench/README.md, "Trace import"). The import ends by giving it back.
 */
const BULK_CACHE_SIZE = -32 * 1024;

export class BulkImport {
  private checkpoints: BackgroundCheckpoints | undefined;
  private readonly cacheSize: number;

  constructor(private readonly db: Db) {
    this.cacheSize = db.pragma('cache_size', { simple: true }) as number;
  }

  /** Until `end`, a thread of its own checkpoints what the import writes, and the page cache is larger. */
  begin(): void {
    this.checkpoints ??= BackgroundCheckpoints.start(this.db);
    this.db.pragma(`cache_size = ${BULK_CACHE_SIZE}`);
  }

  /** Told after each committed batch, so the thread copies it into the database. */
  committed(): void {
    this.checkpoints?.committed();
  }

  /** Awaited before each batch: keeps the WAL from growing without end. */
  async settle(): Promise<void> {
    await this.checkpoints?.settle();
  }

  /** The writer checkpoints again, with its usual page cache. */
  async end(): Promise<void> {
    const checkpoints = this.checkpoints;
    this.checkpoints = undefined;
    this.db.pragma(`cache_size = ${this.cacheSize}`);
    await checkpoints?.stop();
  }
}
