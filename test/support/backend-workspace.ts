// Test helper for the integration tests that run on both stores: a copy of the example workspace whose data lives in
// its own SQLite file, or, on PostgreSQL, in a schema of its own on the test server (its aieval.yaml names a fresh
// project id), with what the service, the CLI and a direct writer need to reach that store.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceSchema } from '../../src-main/store/postgres/postgres-store';
import { inProcessStore, Store, storeFile, type StoreApi } from '../../src-main/store/store';
import type { Backend } from './store-backends';
import { dropSchema, freshSchema, openPostgres, testPostgres } from './store-backends';
import { copyExample } from './workspace';

/** How the service reaches the workspace's store (createApp's options; none for the workspace's own file). */
export type StoreOptions = Readonly<{ storeUrl?: string; env?: NodeJS.ProcessEnv }>;

export type BackendWorkspace = Readonly<{
  backend: Backend;
  dir: string;
  store: StoreOptions;
  /** The environment a CLI command (in process or a child) adds to reach the store. */
  cliEnv: Readonly<Record<string, string>>;
  /** The store opened directly, as another writer (a fixture filling it) would. */
  open(): Promise<{ api: StoreApi; close(): Promise<void> }>;
  /** Writes `rows` (column → value, the same columns in each) into `table` directly, as a fixture stands in for a run. */
  insertRows(table: string, rows: readonly Readonly<Record<string, unknown>>[]): Promise<void>;
  /** Removes the PostgreSQL schema (nothing for SQLite: the folder is a temp one). */
  dispose(): Promise<void>;
}>;

/** A copy of the example (with `edits`) whose store is on `backend`. */
export function backendWorkspace(
  backend: Backend,
  edits: Readonly<Record<string, (text: string) => string>> = {},
): BackendWorkspace {
  return onBackend(backend, copyExample(edits));
}

/** The environment a CLI command adds to reach `backend` (the workspace's aieval.yaml names its project). */
export function backendEnv(backend: Backend): Readonly<Record<string, string>> {
  if (backend === 'sqlite') return {};
  const server = testPostgres()!;
  return { AIEVAL_STORE_URL: server.text, AIEVAL_STORE_PASSWORD: server.password };
}

/** The workspace in `dir` (a test wrote it) with its store on `backend`: on PostgreSQL its aieval.yaml gets a project. */
export function onBackend(backend: Backend, dir: string): BackendWorkspace {
  if (backend === 'sqlite')
    return {
      backend,
      dir,
      store: {},
      cliEnv: {},
      open: async () => {
        const store = Store.open(storeFile(dir));
        return { api: inProcessStore(store), close: async () => store.close() };
      },
      insertRows: async (table, rows) => {
        const store = Store.open(storeFile(dir));
        try {
          const names = Object.keys(rows[0] ?? {});
          const insert = store.db.prepare(
            `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((name) => `@${name}`).join(', ')})`,
          );
          store.db.transaction(() => rows.forEach((row) => insert.run(row)))();
        } finally {
          store.close();
        }
      },
      dispose: async () => undefined,
    };
  const server = testPostgres()!;
  const project = freshSchema().replace(/^aieval_/, '');
  const config = join(dir, 'aieval.yaml');
  writeFileSync(config, readFileSync(config, 'utf8').replace(/^version: 1$/m, `version: 1\nproject: ${project}`));
  return {
    backend,
    dir,
    store: { storeUrl: server.text, env: { ...process.env, AIEVAL_STORE_PASSWORD: server.password } },
    cliEnv: backendEnv(backend),
    open: async () => {
      const store = await openPostgres({ schema: workspaceSchema(project) });
      return { api: store.api, close: () => store.close() };
    },
    insertRows: async (table, rows) => {
      const store = await openPostgres({ schema: workspaceSchema(project) });
      try {
        const names = Object.keys(rows[0] ?? {});
        for (const row of rows)
          await store.pool.query(
            `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
            names.map((name) => row[name]),
          );
      } finally {
        await store.close();
      }
    },
    dispose: () => dropSchema(workspaceSchema(project)),
  };
}
