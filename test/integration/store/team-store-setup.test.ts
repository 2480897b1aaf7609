// Opening a team store on a real PostgreSQL: clients starting at once migrate once, a store newer than the program is
// refused, each wrong address or login is one clear line (never with the password), a read-only role reads and is
// refused writes, and sslmode is honoured.
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../src-main/store/migrations';
import { PostgresStore } from '../../../src-main/store/postgres/postgres-store';
import { parseStoreUrl } from '../../../src-main/store/postgres/store-url';
import { TeamStoreError } from '../../../src-main/store/postgres/team-store-errors';
import { closedPort } from '../../support/closed-port';
import { adminQuery, dropSchema, freshSchema, openPostgres, testPostgres } from '../../support/store-backends';
import { newResult, newRun } from '../../unit/store/repos/run-fixtures';

const server = testPostgres();
const describeOnPostgres = server ? describe : describe.skip;

/** What opening the store with these changes fails with: its code and its one line. */
async function refusal(change: Partial<Parameters<typeof PostgresStore.open>[0]>): Promise<TeamStoreError> {
  const error = await PostgresStore.open({
    url: server!.url,
    password: server!.password,
    schema: freshSchema(),
    ...change,
  }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TeamStoreError);
  const message = (error as TeamStoreError).message;
  expect(message).not.toContain('\n');
  expect(message).not.toContain(server!.password);
  return error as TeamStoreError;
}

describeOnPostgres(
  `the team store's setup (postgres${server ? '' : ": skipped, no PostgreSQL server here (install Debian's postgresql package)"})`,
  () => {
    const schemas: string[] = [];
    afterAll(async () => {
      for (const schema of schemas) await dropSchema(schema);
    });

    it('migrates once when six clients open a new workspace at once; every one of them can then write', async () => {
      const schema = freshSchema();
      schemas.push(schema);
      const stores = await Promise.all(Array.from({ length: 6 }, () => openPostgres({ schema, poolSize: 2 })));
      try {
        const applied = await adminQuery([`SELECT version, name FROM "${schema}"._migrations ORDER BY version`]);
        // The baseline stands for every version up to it; each later migration is one row.
        expect(applied.rows.map((row) => Number(row.version))).toEqual([
          16,
          ...MIGRATIONS.slice(16).map((m) => m.version),
        ]);
        await Promise.all(stores.map((store, i) => store.api.runs.insert(newRun(`r${i}`))));
        expect((await stores[0]!.api.runs.list({ limit: 10, offset: 0 })).total).toBe(6);
      } finally {
        await Promise.all(stores.map((store) => store.close()));
      }
    });

    it('refuses a store a newer ai-eval migrated, saying to upgrade, and one whose applied migration differs', async () => {
      const schema = freshSchema();
      schemas.push(schema);
      await (await openPostgres({ schema })).close();
      await adminQuery([`INSERT INTO "${schema}"._migrations VALUES (999, 'from the future', 'x', 0)`]);
      const tooNew = await refusal({ schema });
      expect(tooNew.code).toBe('AIEVAL_STORE_TOO_NEW');
      expect(tooNew.message).toMatch(/schema version 999, newer than this ai-eval knows \(\d+\): upgrade ai-eval/);
      await adminQuery([`DELETE FROM "${schema}"._migrations WHERE version = 999`]);
      await adminQuery([`UPDATE "${schema}"._migrations SET sha256 = 'changed' WHERE version = 16`]);
      expect((await refusal({ schema })).message).toMatch(/migration 16 "postgres-baseline" differs/);
    });

    it('says in one line each: a wrong password, a missing database, an unreachable server', async () => {
      const { url } = server!;
      const wrong = await refusal({ password: 'not-the-password' });
      expect([wrong.code, wrong.message]).toEqual([
        'AIEVAL_STORE_AUTH',
        `${url.user}@${url.host}:${url.port}/${url.database}: wrong password`,
      ]);
      const missing = await refusal({ url: { ...url, database: 'no_such_db' } });
      expect(missing.code).toBe('AIEVAL_STORE_NO_DATABASE');
      expect(missing.message).toContain('"no_such_db" does not exist');
      const port = await closedPort();
      const down = await refusal({ url: { ...url, port } });
      expect(down.code).toBe('AIEVAL_STORE_UNREACHABLE');
      expect(down.message).toMatch(new RegExp(`^${url.user}@127\\.0\\.0\\.1:${port}/${url.database}: .*ECONNREFUSED`));
    });

    it('lets a read-only role browse a workspace and refuses it runs with a clear message', async () => {
      const schema = freshSchema();
      schemas.push(schema);
      const writer = await openPostgres({ schema });
      await writer.api.runs.insert(newRun('r1'));
      await writer.close();
      const role = `aieval_reader_${schema.slice(-6)}`;
      await adminQuery([`CREATE ROLE ${role} LOGIN PASSWORD 'reader-pass'`]);
      await adminQuery([
        `GRANT USAGE ON SCHEMA "${schema}" TO ${role}; GRANT SELECT ON ALL TABLES IN SCHEMA "${schema}" TO ${role}`,
      ]);
      try {
        const reader = await PostgresStore.open({
          url: { ...server!.url, user: role },
          password: 'reader-pass',
          schema,
        });
        try {
          expect((await reader.api.runs.list({ limit: 10, offset: 0 })).runs.map((run) => run.id)).toEqual(['r1']);
          const refused = await reader.api.runs.insert(newRun('r2')).then(
            () => undefined,
            (e: unknown) => e as TeamStoreError,
          );
          expect(refused?.code).toBe('AIEVAL_STORE_READ_ONLY');
          expect(refused?.message).toMatch(
            /this role may only read .*runs, labels and imports need a role that may write/,
          );
        } finally {
          await reader.close();
        }
      } finally {
        await adminQuery([`DROP OWNED BY ${role}; DROP ROLE ${role}`]);
      }
    });

    it.skipIf(!server?.caFile)(
      'checks the server certificate with sslmode=verify-full and a CA file, refusing without it',
      async () => {
        const { text, caFile } = server!;
        const verified = parseStoreUrl(`${text}?sslmode=verify-full&sslrootcert=${encodeURIComponent(caFile)}`);
        const schema = freshSchema();
        schemas.push(schema);
        const store = await openPostgres({ url: verified, schema });
        const tls = await store.pool.query('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
        expect(tls.rows).toEqual([{ ssl: true }]);
        await store.close();
        const unchecked = await refusal({ url: parseStoreUrl(`${text}?sslmode=verify-full`) });
        expect(unchecked.code).toBe('AIEVAL_STORE_TLS');
      },
    );
  },
);

describeOnPostgres(
  `the team store live (postgres${server ? '' : ": skipped, no PostgreSQL server here (install Debian's postgresql package)"})`,
  () => {
    it("hears another client's commit of a run or results, never its own writes", async () => {
      const schema = freshSchema();
      const [watcher, writer] = [await openPostgres({ schema }), await openPostgres({ schema })];
      let heard = 0;
      const listening = watcher.watchWrites(() => (heard += 1));
      try {
        const listeners = () =>
          adminQuery([`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN "${schema}"'`]);
        await expect.poll(async () => (await listeners()).rows[0].n as number, { timeout: 10_000 }).toBe(1);
        await watcher.api.runs.insert(newRun('own'));
        await writer.api.runs.insert(newRun('theirs'));
        await expect.poll(() => heard, { timeout: 10_000 }).toBe(1);
        await writer.api.results.insertMany([newResult('theirs', 'q1'), newResult('theirs', 'q2')]);
        await expect.poll(() => heard, { timeout: 10_000 }).toBe(2);
      } finally {
        await listening.stop();
        await Promise.all([watcher.close(), writer.close()]);
        await dropSchema(schema);
      }
    });
  },
);
