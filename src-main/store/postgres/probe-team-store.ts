// Tests a team store's address without opening it as a store (no migration, no write): connects as the URL's role and
// asks whether that role may write the workspace's schema, for the settings screen's "Test connection".
import pg from 'pg';
import { quoteIdent } from './migrate-postgres';
import { tlsOptions } from './postgres-store';
import { describeStore, type StoreUrl } from './store-url';
import { teamStoreError } from './team-store-errors';

export type TeamStoreProbe = Readonly<{
  /** role@host:port/database, never with the password. */
  where: string;
  /** Whether the workspace's schema is there yet (the first writer to open it creates it). */
  schemaExists: boolean;
  /** The role may only read: it cannot write the schema's runs (or, before the schema exists, create it). */
  readOnly: boolean;
}>;

/** Connects once and reads the role's rights on `schema`; a failure is the one-line TeamStoreError opening would give. */
export async function probeTeamStore(
  url: StoreUrl,
  password: string | undefined,
  schema: string,
): Promise<TeamStoreProbe> {
  const where = describeStore(url);
  const client = await connect(url, password, where);
  try {
    const { rows } = await client.query<{ runs: string | null; can_create: boolean }>(
      `SELECT to_regclass($1)::text AS runs, has_database_privilege(current_database(), 'CREATE') AS can_create`,
      [`${quoteIdent(schema)}.runs`],
    );
    const { runs, can_create: canCreate } = rows[0]!;
    if (runs === null) return { where, schemaExists: false, readOnly: !canCreate };
    const insert = await client.query<{ ok: boolean }>(`SELECT has_table_privilege($1, 'INSERT') AS ok`, [runs]);
    return { where, schemaExists: true, readOnly: !insert.rows[0]!.ok };
  } catch (error) {
    throw teamStoreError(error, where);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function connect(url: StoreUrl, password: string | undefined, where: string): Promise<pg.Client> {
  const open = async (ssl: ReturnType<typeof tlsOptions>) => {
    const client = new pg.Client({
      host: url.host,
      port: url.port,
      database: url.database,
      user: url.user,
      password: password ?? url.password,
      ssl,
      connectionTimeoutMillis: url.connectTimeoutS * 1000,
      application_name: 'ai-eval connection test',
    });
    await client.connect();
    return client;
  };
  try {
    return await open(tlsOptions(url, where));
  } catch (error) {
    // sslmode=prefer: TLS when the server offers it, plain text when it does not (as opening the store does).
    if (url.sslMode !== 'prefer' || !/does not support SSL/i.test((error as Error).message))
      throw teamStoreError(error, where);
    return open(false).catch((again: unknown) => Promise.reject(teamStoreError(again, where)));
  }
}
