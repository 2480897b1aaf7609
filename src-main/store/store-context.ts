// What every repository is built with: the store's SQL (its dialect's builder and statements) and the store's own means.
import type { Queries } from './sql/statement';

/** A large import's mode of the store (bulk-import.ts on SQLite; PostgreSQL needs none and does nothing). */
export type BulkImportMode = Readonly<{
  begin(): void;
  committed(): void;
  settle(): Promise<void>;
  end(): Promise<void>;
}>;

export type StoreContext = Readonly<{ q: Queries; bulk: BulkImportMode }>;

/** The bulk-import mode of a store that needs none. */
export const NO_BULK_MODE: BulkImportMode = {
  begin() {},
  committed() {},
  settle: async () => {},
  end: async () => {},
};
