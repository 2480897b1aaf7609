// The service on a team store: it lists the runs another client wrote to its workspace, hears them live as the
// SQLite store's watch does (`runs.changedElsewhere`), and never sees another workspace's runs in the same database.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src-main/app/create-app';
import { workspaceSchema } from '../../../src-main/store/postgres/postgres-store';
import { TrustStore } from '../../../src-main/workspace/trust';
import { callApp, silentLogger } from '../../support/app';
import { dropSchema, freshSchema, openPostgres, testPostgres } from '../../support/store-backends';
import { copyExample } from '../../support/workspace';
import { newRun } from '../../unit/store/repos/run-fixtures';

const server = testPostgres();

type RunList = { total: number; runs: { id: string }[] };

(server ? describe : describe.skip)(
  `the service on a team store (postgres${server ? '' : ": skipped, no PostgreSQL server here (install Debian's postgresql package)"})`,
  () => {
    const project = freshSchema().replace(/^aieval_/, '');
    const other = freshSchema().replace(/^aieval_/, '');
    afterAll(async () => {
      await dropSchema(workspaceSchema(project));
      await dropSchema(workspaceSchema(other));
    });

    it("shows this workspace's runs, and hears another client's new run live", async () => {
      const workspaceDir = copyExample({
        'aieval.yaml': (text) => text.replace(/^version: 1$/m, `version: 1\nproject: ${project}`),
      });
      const app = createApp({
        workspaceDir,
        resourcesDir: join(import.meta.dirname, '..', '..', '..', 'resources'),
        trust: new TrustStore(mkdtempSync(join(tmpdir(), 'aieval-trust-'))),
        logger: silentLogger,
        storeUrl: server!.text,
        env: { AIEVAL_STORE_PASSWORD: server!.password },
      });
      let heard = 0;
      app.events.subscribe((name) => {
        if (name === 'runs.changedElsewhere') heard += 1;
      });
      const [writer, stranger] = [
        await openPostgres({ schema: workspaceSchema(project) }),
        await openPostgres({ schema: workspaceSchema(other) }),
      ];
      try {
        await stranger.api.runs.insert(newRun('another-workspace'));
        const list = () => callApp<RunList>(app, 'runs.list', { limit: 10, offset: 0 });
        expect((await list()).total).toBe(0);
        // The app listens on a connection of its own, opened with its store: what is committed before is in the list.
        const listening = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN "${workspaceSchema(project)}"'`;
        await expect
          .poll(async () => (await writer.pool.query(listening)).rows[0].n as number, { timeout: 10_000 })
          .toBe(1);
        await writer.api.runs.insert(newRun('from-ci'));
        await expect.poll(() => heard, { timeout: 10_000 }).toBeGreaterThan(0);
        expect((await list()).runs.map((run) => run.id)).toEqual(['from-ci']);
      } finally {
        await Promise.all([writer.close(), stranger.close()]);
        await app.dispose();
      }
    });
  },
);
