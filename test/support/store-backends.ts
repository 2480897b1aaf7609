// The store's two backends for the tests that run on both: SQLite always, PostgreSQL where postgres.setup.ts started one
// or AIEVAL_TEST_POSTGRES_URL names one. Where there is none, the PostgreSQL cases skip with the reason in their name;
// where PostgreSQL is expected (AIEVAL_TEST_POSTGRES_REQUIRED=1, as in CI) and missing, they fail instead.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { PostgresStore, type PostgresStoreOptions } from '../../src-main/store/postgres/postgres-store';
import { parseStoreUrl, type StoreUrl } from '../../src-main/store/postgres/store-url';
import { inProcessStore, Store, type StoreApi } from '../../src-main/store/store';

export type Backend = 'sqlite' | 'postgres';

export type TestStore = Readonly<{ backend: Backend; api: StoreApi; close(): Promise<void> }>;

const env = process.env;

/** The test server's address (no password) and its password, or undefined where none runs. */
export function testPostgres(): { url: StoreUrl; text: string; password: string; caFile: string } | undefined {
  const text = env.AIEVAL_TEST_POSTGRES_URL;
  if (!text) {
    if (env.AIEVAL_TEST_POSTGRES_REQUIRED === '1')
      throw new Error(
        'PostgreSQL is expected here (AIEVAL_TEST_POSTGRES_REQUIRED=1) but none was started: ' +
          "install Debian's postgresql package (the tests start a cluster of their own) or set AIEVAL_TEST_POSTGRES_URL",
      );
    return undefined;
  }
  return {
    url: parseStoreUrl(text),
    text,
    password: env.AIEVAL_TEST_POSTGRES_PASSWORD ?? '',
    caFile: env.AIEVAL_TEST_POSTGRES_CA ?? '',
  };
}

const NO_POSTGRES =
  "skipped: no PostgreSQL server here (install Debian's postgresql package, or set AIEVAL_TEST_POSTGRES_URL)";

/**
 * Declares `body`'s tests once per backend, in a suite named `title` and the backend. Where there is no PostgreSQL,
 * its suite is skipped and its name says why.
 */
export function describeBackends(title: string, body: (backend: Backend) => void): void {
  describe(`${title} (sqlite)`, () => body('sqlite'));
  if (testPostgres()) describe(`${title} (postgres)`, () => body('postgres'));
  else describe.skip(`${title} (postgres: ${NO_POSTGRES})`, () => body('postgres'));
}

/** A workspace schema of its own for each test, so tests run side by side in one database. */
export const freshSchema = () => `aieval_test_${randomBytes(6).toString('hex')}`;

/**
 * Runs `statements` in order on the test server as its administrator (in `schema` when one is named, else with
 * qualified names); returns the last one's result.
 */
export async function adminQuery(statements: readonly string[], schema?: string): Promise<pg.QueryResult> {
  const server = testPostgres()!;
  const client = new pg.Client({ ...connection(server.url), password: server.password });
  await client.connect();
  try {
    if (schema !== undefined) await client.query(`SET search_path TO "${schema}"`);
    let result: pg.QueryResult | undefined;
    for (const statement of statements) result = await client.query(statement);
    return result!;
  } finally {
    await client.end();
  }
}

/** Drops a test's schema (and everything in it). */
export async function dropSchema(schema: string): Promise<void> {
  await adminQuery([`DROP SCHEMA IF EXISTS "${schema}" CASCADE`]);
}

const connection = (url: StoreUrl) => ({ host: url.host, port: url.port, database: url.database, user: url.user });

/** Opens the test server's store for `schema` (a fresh one by default). */
export async function openPostgres(
  options: Partial<Omit<PostgresStoreOptions, 'password'>> = {},
): Promise<PostgresStore> {
  const server = testPostgres()!;
  return PostgresStore.open({ url: server.url, password: server.password, schema: freshSchema(), ...options });
}

/** A new, empty store on `backend`; close() removes it. */
export async function openTestStore(backend: Backend): Promise<TestStore> {
  if (backend === 'sqlite') {
    const store = Store.open(':memory:');
    return { backend, api: inProcessStore(store), close: async () => store.close() };
  }
  const store = await openPostgres();
  return {
    backend,
    api: store.api,
    async close() {
      await store.close();
      await dropSchema(store.schema);
    },
  };
}
