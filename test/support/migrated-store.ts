// Test helper for the migration tests: a fresh store written at one schema version, then reopened at the next.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../src-main/store/db';
import { MIGRATIONS } from '../../src-main/store/migrations';

/** The schema version a migration brings a store to, found by its name (its position moves as migrations are added). */
export const versionOf = (name: string) => MIGRATIONS.findIndex((m) => m.name === name) + 1;

export type Db = ReturnType<typeof openDb>;

/** Opens a fresh store at `version - 1`, lets `write` fill it, closes it and opens it again at `version`. */
export function migratedStore(version: number, write: (before: Db) => void): Db {
  const path = join(mkdtempSync(join(tmpdir(), 'aieval-migration-')), 'store.sqlite');
  const before = openDb(path, { upTo: version - 1 });
  write(before);
  before.close();
  return openDb(path, { upTo: version });
}
