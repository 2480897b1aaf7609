// Brings a workspace's schema in the team store to this program's version: in one transaction, under an advisory
// lock held by the first client that starts (the others wait on it, then find nothing left to do). A new schema
// starts at the PostgreSQL baseline; a store newer than this program is refused, as a changed migration is.
import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import { MIGRATIONS, type Migration } from '../migrations';
import { POSTGRES_BASELINE, POSTGRES_BASELINE_VERSION } from '../migrations/postgres-baseline';
import { TeamStoreError } from './team-store-errors';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export type PostgresMigrateOptions = Readonly<{
  /** Migrate this far only (the tests of one migration); default: the latest. */
  upTo?: number;
  migrations?: readonly Migration[];
  /** Where the messages say this store is (role@host:port/database). */
  where: string;
}>;

type Applied = { version: number; name: string; sha256: string };

/** The text a version applies on PostgreSQL: the baseline for itself and every version before it. */
function postgresText(migration: Migration): string {
  if (migration.version <= POSTGRES_BASELINE_VERSION) return POSTGRES_BASELINE;
  if (migration.postgres === undefined)
    throw new Error(`migration ${migration.version} "${migration.name}" has no PostgreSQL text`);
  return migration.postgres;
}

/** Migrates `schema` (creating it) on `client`; returns the version it is at. */
export async function migratePostgres(
  client: PoolClient,
  schema: string,
  options: PostgresMigrateOptions,
): Promise<number> {
  const migrations = options.migrations ?? MIGRATIONS;
  const upTo = options.upTo ?? migrations.length;
  if (upTo < POSTGRES_BASELINE_VERSION)
    throw new Error(`a team store starts at version ${POSTGRES_BASELINE_VERSION}, not ${upTo}`);
  await client.query('BEGIN');
  try {
    // Every client of this workspace takes the same lock: the first migrates, the others wait for it to commit.
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`ai-eval migrate ${schema}`]);
    const exists = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (exists.rowCount === 0) await client.query(`CREATE SCHEMA ${quoteIdent(schema)}`);
    const table = await client.query(`SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = '_migrations'`, [
      schema,
    ]);
    if (table.rowCount === 0)
      await client.query(`CREATE TABLE ${quoteIdent(schema)}._migrations (version bigint PRIMARY KEY,
        name text NOT NULL, sha256 text NOT NULL, applied_at bigint NOT NULL)`);
    const applied = (
      await client.query<Applied>(
        `SELECT version, name, sha256 FROM ${quoteIdent(schema)}._migrations ORDER BY version`,
      )
    ).rows.map((row) => ({ ...row, version: Number(row.version) }));
    const at = checkApplied(applied, migrations, options.where);
    // A new schema takes the baseline (recorded as its version) and the migrations after it.
    const steps =
      at === 0
        ? [migrations[POSTGRES_BASELINE_VERSION - 1]!, ...migrations.slice(POSTGRES_BASELINE_VERSION, upTo)]
        : migrations.slice(at, upTo);
    await client.query(`SET LOCAL search_path TO ${quoteIdent(schema)}`);
    for (const migration of steps) {
      const text = postgresText(migration);
      await client.query(text);
      await client.query('INSERT INTO _migrations (version, name, sha256, applied_at) VALUES ($1, $2, $3, $4)', [
        migration.version,
        migration.version === POSTGRES_BASELINE_VERSION ? 'postgres-baseline' : migration.name,
        sha256(text),
        Date.now(),
      ]);
    }
    await client.query('COMMIT');
    return Math.max(at, upTo);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The version the store is at, after checking each applied migration is one this program knows, unchanged. */
function checkApplied(applied: readonly Applied[], migrations: readonly Migration[], where: string): number {
  let at = 0;
  for (const row of applied) {
    const known = migrations[row.version - 1];
    if (!known)
      throw new TeamStoreError(
        'AIEVAL_STORE_TOO_NEW',
        `${where} is at schema version ${applied.at(-1)!.version}, newer than this ai-eval knows ` +
          `(${migrations.length}): upgrade ai-eval to use it`,
      );
    if (sha256(postgresText(known)) !== row.sha256)
      throw new TeamStoreError(
        'AIEVAL_STORE_SETUP',
        `${where}: migration ${row.version} "${row.name}" differs from this ai-eval's; refusing to use the store`,
      );
    at = row.version;
  }
  return at;
}
