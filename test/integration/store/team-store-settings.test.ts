// The store setting's status and "Test connection" through the service and its HTTP shell (the settings screen's
// calls, without Electron): what the workspace uses and where the password comes from, and a test that reaches a
// writer, a read-only role, a wrong password and a closed port in one line each, never with the password.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamStoreStatus, TeamStoreTest } from '../../../src-shared/contract/team-store.contract';
import { callApp, createTestApp, serveTestApp, type ServedApp } from '../../support/app';
import { onBackend, type BackendWorkspace } from '../../support/backend-workspace';
import { closedPort } from '../../support/closed-port';
import { testPostgres } from '../../support/store-backends';
import { copyExample } from '../../support/workspace';
import { memoryKeychain } from '../../unit/app/memory-keychain';

const server = testPostgres();

describe('the store setting through the service (sqlite)', () => {
  it('says the workspace uses its own file, that only the environment can hold a password, and why it cannot test', async () => {
    const app = createTestApp(copyExample());
    try {
      const status = await callApp<TeamStoreStatus>(app, 'teamStore.status', {});
      expect(status).toMatchObject({
        kind: 'sqlite',
        url: '',
        source: null,
        passwordStorage: 'environment',
        problem: null,
      });
      const refused = await app.dispatch('teamStore.test', {}, { transport: 'in-process' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'bad_input' } });
      const notPostgres = await app.dispatch(
        'teamStore.test',
        { url: 'mysql://db.example/evals' },
        { transport: 'in-process' },
      );
      expect(notPostgres).toMatchObject({ ok: false, error: { message: expect.stringContaining('postgresql://') } });
    } finally {
      await app.dispose();
    }
  });
});

(server ? describe : describe.skip)(
  `the store setting through the HTTP shell (postgres${server ? '' : ": skipped, no PostgreSQL server here (install Debian's postgresql package)"})`,
  () => {
    let workspace: BackendWorkspace;
    let served: ServedApp;
    const token = 'settings-token';
    const call = async <T>(method: string, input: unknown): Promise<T> => {
      const response = await fetch(`${served.base}/rpc/${method}`, {
        method: 'POST',
        body: JSON.stringify(input),
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      });
      const envelope = (await response.json()) as { ok: boolean; value: T; error?: unknown };
      if (!envelope.ok) throw new Error(JSON.stringify(envelope.error));
      return envelope.value;
    };
    const role = `aieval_settings_reader_${process.pid}`;
    const admin = async (sql: string) => {
      const { url, password } = server!;
      const client = new pg.Client({
        host: url.host,
        port: url.port,
        database: url.database,
        user: url.user,
        password,
      });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      workspace = onBackend('postgres', copyExample());
      served = await serveTestApp(createTestApp(workspace.dir, { store: workspace.store }), { token });
      await admin(`CREATE ROLE ${role} LOGIN PASSWORD 'reader-pass'`);
    });
    afterAll(async () => {
      await served.close();
      await admin(`DROP OWNED BY ${role}`);
      await admin(`DROP ROLE IF EXISTS ${role}`);
      await workspace.dispose();
    });

    it('shows the team store in use and where its password comes from', async () => {
      const status = await call<TeamStoreStatus>('teamStore.status', {});
      expect(status).toMatchObject({
        kind: 'postgres',
        url: server!.text,
        source: 'flag',
        passwordSource: 'environment',
        passwordStorage: 'environment',
        problem: null,
      });
      expect(JSON.stringify(status)).not.toContain(server!.password);
    });

    it('tests the store in use, a read-only role, a wrong password and a closed port: one line each, no password', async () => {
      const writer = await call<TeamStoreTest>('teamStore.test', {});
      expect(writer).toMatchObject({ ok: true, readOnly: false });
      expect(writer.message).toMatch(/^reached \S+, project \S+; this role may write$/);

      // A reviewer's role as docs/team-store.md grants it: it may use the workspace's schema and read its tables.
      const schema = `aieval_${/^project: (\S+)$/m.exec(readFileSync(join(workspace.dir, 'aieval.yaml'), 'utf8'))![1]}`;
      await admin(`GRANT USAGE ON SCHEMA "${schema}" TO ${role}`);
      await admin(`GRANT SELECT ON ALL TABLES IN SCHEMA "${schema}" TO ${role}`);
      const readerUrl = server!.text.replace(`//${server!.url.user}@`, `//${role}@`);
      const reader = await call<TeamStoreTest>('teamStore.test', { url: readerUrl, password: 'reader-pass' });
      expect(reader, reader.message).toMatchObject({ ok: true, readOnly: true });
      expect(reader.message).toContain('this role may only read: runs, labels and imports will be refused');

      const wrong = await call<TeamStoreTest>('teamStore.test', { url: readerUrl, password: 'not-the-password' });
      expect(wrong).toEqual({ ok: false, readOnly: null, message: expect.stringMatching(/wrong password$/) });
      expect(wrong.message).not.toContain('not-the-password');

      const closed = `postgresql://someone@127.0.0.1:${await closedPort()}/evals?connect_timeout=2`;
      const unreachable = await call<TeamStoreTest>('teamStore.test', { url: closed, password: 'secret-pass' });
      expect(unreachable).toMatchObject({ ok: false, readOnly: null });
      expect(unreachable.message).toMatch(/^someone@127\.0\.0\.1:\d+\/evals: /);
      expect(unreachable.message).not.toContain('secret-pass');

      // A URL named in the call is not handed the store's password (it could name anyone's server).
      const named = await call<TeamStoreTest>('teamStore.test', { url: server!.text });
      expect(named).toMatchObject({ ok: false, readOnly: null });
    });

    it('saves the setting with its password in the keychain (the desktop app), opens the store on it, and clears it', async () => {
      const keychain = memoryKeychain();
      // No AIEVAL_STORE_URL or password in this app's environment: the setting and the keychain alone name the store.
      const app = createTestApp(workspace.dir, { store: { env: {} }, secrets: keychain });
      try {
        const saved = await callApp<TeamStoreStatus>(app, 'teamStore.save', {
          url: server!.text,
          password: server!.password,
        });
        expect(saved).toMatchObject({
          kind: 'postgres',
          source: 'settings',
          passwordSource: 'keychain',
          problem: null,
        });
        expect(keychain.entries).toEqual({ AIEVAL_STORE_PASSWORD: server!.password });
        expect((await callApp<{ storeUrl: string }>(app, 'userSettings.get', {})).storeUrl).toBe(server!.text);
        expect(await callApp(app, 'runs.list', { limit: 5, offset: 0 })).toMatchObject({ total: 0 });
        const inUrl = server!.text.replace('@', ':in-the-url@');
        const refused = await app.dispatch('teamStore.save', { url: inUrl }, { transport: 'in-process' });
        expect(refused).toMatchObject({
          ok: false,
          error: { code: 'bad_input', message: expect.stringContaining('password field') },
        });
        expect(JSON.stringify(refused)).not.toContain('in-the-url');
        const own = await callApp<TeamStoreStatus>(app, 'teamStore.save', { url: '' });
        expect(own).toMatchObject({ kind: 'sqlite', setting: '' });
        expect(keychain.entries).toEqual({});
      } finally {
        await app.dispose();
      }
      // The HTTP shell (like the CLI) keeps no passwords: it says where the password goes instead.
      const response = await fetch(`${served.base}/rpc/teamStore.save`, {
        method: 'POST',
        body: JSON.stringify({ url: server!.text, password: 'x' }),
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      });
      expect(await response.json()).toMatchObject({
        ok: false,
        error: {
          code: 'unavailable',
          message: expect.stringContaining('set AIEVAL_STORE_PASSWORD in its environment'),
        },
      });
    });
  },
);
