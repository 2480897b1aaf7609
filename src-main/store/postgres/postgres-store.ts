// The team store: one workspace's schema in a PostgreSQL database, reached through a pg pool (TLS as the URL asks,
// the password from where the caller found it, never from the URL's display), migrated under a lock, with the same
// repositories as the SQLite store behind the same StoreApi.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import pg from 'pg';
import type { Migration } from '../migrations';
import { POSTGRES } from '../sql/dialect';
import { bindRepos, isOperation } from '../sql/query';
import { Queries } from '../sql/statement';
import { createRepos, type StoreApi } from '../store';
import { NO_BULK_MODE } from '../store-context';
import { migratePostgres, quoteIdent } from './migrate-postgres';
import { PostgresRunner } from './postgres-runner';
import { describeStore, type StoreUrl } from './store-url';
import { TeamStoreError, teamStoreError } from './team-store-errors';

export type PostgresStoreOptions = Readonly<{
  url: StoreUrl;
  /** The password found for it (environment, keychain); the URL's own when absent; ~/.pgpass when neither. */
  password: string | undefined;
  /** The workspace's schema in the database (workspaceSchema of its project id). */
  schema: string;
  /** Connections at most (a CLI run needs few; the desktop app and serve a few more). */
  poolSize?: number;
  /** Migrate this far only, with these migrations (the migration tests). */
  upTo?: number;
  migrations?: readonly Migration[];
}>;

/** A workspace's schema: `aieval_` and its project id (one database holds many workspaces, none sees another's). */
export const workspaceSchema = (project: string) => `aieval_${project}`;

/** pg gives 64-bit integers and numerics as strings; the store's are times, ids and counts, safe as numbers. */
const TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
      ? Number
      : pg.types.getTypeParser(oid, format ?? 'text'),
};

function readTlsFile(path: string, what: string, where: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new TeamStoreError(
      'AIEVAL_STORE_TLS',
      `${where}: cannot read the ${what} ${path} (${(error as Error).message})`,
    );
  }
}

/** node's TLS options for the URL's sslmode (libpq's meanings), its CA file and client certificate. */
export function tlsOptions(url: StoreUrl, where: string): ConnectionOptions | false {
  if (url.sslMode === 'disable') return false;
  const ca = url.caFile === undefined ? undefined : readTlsFile(url.caFile, 'CA file (sslrootcert)', where);
  const client = {
    ...(url.certFile ? { cert: readTlsFile(url.certFile, 'client certificate (sslcert)', where) } : {}),
    ...(url.keyFile ? { key: readTlsFile(url.keyFile, 'client key (sslkey)', where) } : {}),
  };
  // As libpq: `require` with a CA file checks the chain, as verify-ca does.
  const mode = url.sslMode === 'require' && ca !== undefined ? 'verify-ca' : url.sslMode;
  if (mode === 'prefer' || mode === 'require') return { rejectUnauthorized: false, ...client };
  return {
    rejectUnauthorized: true,
    ...(ca === undefined ? {} : { ca }),
    ...(mode === 'verify-ca' ? { checkServerIdentity: () => undefined } : {}),
    ...client,
  };
}

export class PostgresStore {
  readonly api: StoreApi;

  private constructor(
    readonly pool: pg.Pool,
    readonly schema: string,
    readonly where: string,
    /** How the pool connects: a listener opens a connection of its own the same way. */
    private readonly config: pg.PoolConfig,
  ) {
    const runner = new PostgresRunner(pool, where);
    const repos = createRepos({ q: new Queries(POSTGRES), bulk: NO_BULK_MODE });
    this.api = bindRepos(repos, (result) => (isOperation(result) ? runner.run(result) : Promise.resolve(result)));
  }

  /** Connects, migrates the workspace's schema (under the lock) and returns the store; one clear error otherwise. */
  static async open(options: PostgresStoreOptions): Promise<PostgresStore> {
    const where = describeStore(options.url);
    let pool = PostgresStore.pool(options, tlsOptions(options.url, where));
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      // sslmode=prefer: TLS when the server offers it, plain text when it does not.
      if (options.url.sslMode !== 'prefer' || !/does not support SSL/i.test((error as Error).message))
        throw teamStoreError(error, where);
      await pool.end();
      pool = PostgresStore.pool(options, false);
      client = await pool.connect().catch((again: unknown) => Promise.reject(teamStoreError(again, where)));
    }
    try {
      await migratePostgres(client, options.schema, { where, upTo: options.upTo, migrations: options.migrations });
    } catch (error) {
      client.release();
      await pool.end();
      throw teamStoreError(error, where);
    }
    client.release();
    return new PostgresStore(pool, options.schema, where, pool.options);
  }

  private static pool(options: PostgresStoreOptions, ssl: ConnectionOptions | false): pg.Pool {
    const { url } = options;
    const pool = new pg.Pool({
      host: url.host,
      port: url.port,
      database: url.database,
      user: url.user,
      password: options.password ?? url.password,
      ssl,
      max: options.poolSize ?? 8,
      connectionTimeoutMillis: url.connectTimeoutS * 1000,
      // Its own name, so that it tells its own writes from other clients' in what the workspace's channel hears.
      application_name: `ai-eval ${randomBytes(4).toString('hex')}`,
      // Every connection works in the workspace's schema, from its first statement.
      options: `-c search_path=${quoteIdent(options.schema)}`,
      types: TYPES,
    });
    // An idle connection the server dropped is replaced at the next query; the pool must not crash the process.
    pool.on('error', () => undefined);
    return pool;
  }

  /**
   * Calls `changed` after another client commits runs or results to this workspace (the triggers of the baseline
   * notify its channel with the writer's application_name; this store's own writes are not counted), on a connection
   * of its own until `stop`. A lost connection is opened again (after 1 s, then up to 30 s) and `changed` called,
   * since what was committed meanwhile was not heard.
   */
  watchWrites(changed: () => void): { stop(): Promise<void> } {
    let client: pg.Client | undefined;
    let stopped = false;
    let delay = 1_000;
    let timer: NodeJS.Timeout | undefined;
    const retry = () => {
      if (stopped || timer) return;
      client = undefined;
      timer = setTimeout(() => {
        timer = undefined;
        void connect(true);
      }, delay);
      delay = Math.min(delay * 2, 30_000);
    };
    const connect = async (again: boolean): Promise<void> => {
      const next = new pg.Client(this.config);
      next.on('notification', (message) => {
        if (message.channel === this.schema && message.payload !== this.config.application_name) changed();
      });
      next.on('error', () => undefined);
      next.on('end', () => {
        if (client === next) retry();
      });
      client = next;
      try {
        await next.connect();
        await next.query(`LISTEN ${quoteIdent(this.schema)}`);
        delay = 1_000;
        if (again) changed();
      } catch {
        if (client === next) retry();
        await next.end().catch(() => undefined);
      }
    };
    void connect(false);
    return {
      stop: async () => {
        stopped = true;
        clearTimeout(timer);
        await client?.end().catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
