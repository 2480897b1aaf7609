// Opens the SQLite store: pragmas, a backup before migrating an existing file, checksummed forward-only migrations;
// a new store is created from the schema they make together (migrations/schema-snapshot.json).
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MIGRATIONS, type Migration } from './migrations';
import SCHEMA_SNAPSHOT from './migrations/schema-snapshot.json' with { type: 'json' };
import { nativeBinding } from './native-binding';
import { plural } from '../../src-shared/text/plural';

export type Db = Database.Database;

export class MigrationError extends Error {}

/** The writer checkpoints once the WAL holds this many pages (of 4 KiB): 64 MiB. */
export const WAL_AUTOCHECKPOINT_PAGES = 16384;
/** When the WAL starts over, its file is cut back to this size. */
const WAL_FILE_LIMIT_BYTES = 64 * 1024 * 1024;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export type OpenDbOptions = Readonly<{
  /** Migrate this far only (the tests of one migration); default: the latest. */
  upTo?: number;
  migrations?: readonly Migration[];
  /** A new store made migration by migration rather than from the snapshot (the snapshot's script and its check). */
  stepByStep?: boolean;
}>;

/** Opens (creating if needed) the database at `file` (or ':memory:') and migrates it to `upTo` (default: latest). */
export function openDb(file: string, options: OpenDbOptions = {}): Db {
  const migrations = options.migrations ?? MIGRATIONS;
  const upTo = options.upTo ?? migrations.length;
  const isNew = file === ':memory:' || !existsSync(file);
  // The snapshot is the schema of this program's migrations, all of them; anything else goes step by step.
  const fromSnapshot =
    isNew &&
    !options.stepByStep &&
    migrations === MIGRATIONS &&
    upTo === MIGRATIONS.length &&
    upTo === SCHEMA_SNAPSHOT.version;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // Under Electron, the build for Electron's ABI (native-binding.ts); under Node, better-sqlite3's own.
  const db = new Database(file, { nativeBinding: nativeBinding() });
  // WAL lets the UI read while a run writes; busy_timeout makes a second process (CLI beside the app)
  // wait for the write lock instead of failing at once with SQLITE_BUSY.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // A checkpoint waits for the disk twice (the WAL, then the database), so the writer checkpoints every 64 MiB of
  // WAL instead of SQLite's 4 MiB (bench/README.md). Large trace imports checkpoint on a thread of their own
  // (background-checkpoints.ts); runs and small imports write this way. The WAL file is cut back to that size.
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  db.pragma(`journal_size_limit = ${WAL_FILE_LIMIT_BYTES}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  try {
    if (fromSnapshot) createFromSnapshot(db, migrations);
    else migrate(db, file, isNew, migrations, upTo);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

function createMigrationsTable(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS _migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, sha256 TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT`);
}

/** A migration's row in _migrations, and the store's user_version. */
function recordMigration(db: Db, migration: Migration, appliedAt: number): void {
  db.prepare('INSERT INTO _migrations (version, name, sha256, applied_at) VALUES (?, ?, ?, ?)').run(
    migration.version,
    migration.name,
    sha256(migration.sql),
    appliedAt,
  );
  db.pragma(`user_version = ${migration.version}`);
}

/**
 * A new store in one transaction: the schema every migration makes together, each recorded as applied. One by one,
 * they would rebuild tables that are still empty; every CI job's run starts with a new store (bench/README.md,
 * "Start-up").
 */
function createFromSnapshot(db: Db, migrations: readonly Migration[]): void {
  db.transaction(() => {
    createMigrationsTable(db);
    db.exec(SCHEMA_SNAPSHOT.statements.map((statement) => `${statement};`).join('\n'));
    const now = Date.now();
    for (const migration of migrations) recordMigration(db, migration, now);
  })();
}

/** The statements that make the store's schema, in the order they were made (without SQLite's own and _migrations). */
export function schemaStatements(db: Db): string[] {
  const rows = db
    .prepare(
      "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name <> '_migrations' ORDER BY rowid",
    )
    .all() as { sql: string }[];
  return rows.map((row) => row.sql);
}

function migrate(db: Db, file: string, isNew: boolean, migrations: readonly Migration[], upTo: number): void {
  createMigrationsTable(db);
  const applied = db.prepare('SELECT version, name, sha256 FROM _migrations ORDER BY version').all() as {
    version: number;
    name: string;
    sha256: string;
  }[];
  for (const row of applied) {
    const known = migrations[row.version - 1];
    if (!known)
      throw new MigrationError(
        `The store was written by a newer version (migration ${row.version} "${row.name}" is unknown).`,
      );
    if (sha256(known.sql) !== row.sha256) {
      throw new MigrationError(
        `Migration ${row.version} "${row.name}" changed after it was applied; refusing to open the store.`,
      );
    }
  }
  const pending = migrations.slice(applied.length, upTo);
  if (pending.length === 0) return;
  const backedUp = !isNew && applied.length > 0; // isNew for ':memory:' too
  if (backedUp) backup(db, file, applied.length);
  for (const migration of pending) applyMigration(db, migration);
  if (backedUp) removeBackupsBefore(file, applied.length);
}

/** One migration in one transaction; one that rebuilds a referenced table runs with foreign keys off, checked. */
function applyMigration(db: Db, migration: Migration): void {
  // The pragma is a no-op inside a transaction, so it is switched around it.
  if (migration.foreignKeysOff) db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      db.exec(migration.sql);
      const broken = migration.foreignKeysOff ? (db.pragma('foreign_key_check') as { table: string }[]) : [];
      if (broken.length > 0)
        throw new MigrationError(
          `Migration ${migration.version} "${migration.name}" would break ${plural(broken.length, 'reference')} from ${broken[0]!.table}.`,
        );
      recordMigration(db, migration, Date.now());
    })();
  } finally {
    if (migration.foreignKeysOff) db.pragma('foreign_keys = ON');
  }
}

// VACUUM INTO writes a consistent copy synchronously (db.backup() is async); enough before a migration.
function backup(db: Db, file: string, version: number): void {
  const target = `${file}.v${version}.bak`;
  if (!existsSync(target)) db.prepare('VACUUM INTO ?').run(target);
}

/**
 * Once a migration succeeded, the backups made before earlier ones are removed: each is a whole copy of the store
 * (a gigabyte and more after large trace imports), and the newest holds everything up to this upgrade.
 */
function removeBackupsBefore(file: string, version: number): void {
  const pattern = /^(.*)\.v(\d+)\.bak$/;
  for (const name of readdirSync(dirname(file))) {
    const found = pattern.exec(name);
    if (found?.[1] === basename(file) && Number(found[2]) < version) rmSync(join(dirname(file), name), { force: true });
  }
}
