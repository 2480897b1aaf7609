// Four `ai-eval run --shard I/4` processes write to one team store at once (each its own machine, its own copy of the
// workspace, one project id): every question's result is stored once, `merge` gates the shards once, and a `serve`
// on the same database sees a run another process wrote.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { judgeScript } from '../../fixtures/fake-scripts';
import { spawnCli } from '../../support/cli';
import { exampleOn } from '../../support/online-example';
import { adminQuery, dropSchema, freshSchema, testPostgres } from '../../support/store-backends';

const server = testPostgres();
const SHARDS = 4;
const TARGET = ['--target', 'helpdesk_chat'];
const configDir = mkdtempSync(join(tmpdir(), 'aieval-team-shards-config-'));

(server ? describe : describe.skip)(
  `four shards writing to one team store (postgres${server ? '' : ": skipped, no PostgreSQL server here (install Debian's postgresql package)"})`,
  () => {
    let provider: FakeProviderServer;
    const schema = freshSchema();
    const project = schema.replace(/^aieval_/, '');
    const store = () => ['--store', server!.text];
    const workspace = () =>
      exampleOn(provider.url, (text) => text.replace(/^version: 1$/m, `version: 1\nproject: ${project}`));

    const query = (sql: string) => adminQuery([sql]);

    beforeAll(async () => {
      provider = await startFakeProviderServer({ script: judgeScript(() => ({ score: 5, reason: 'right' })) });
      process.env.AIEVAL_STORE_PASSWORD = server!.password;
    });
    afterAll(async () => {
      delete process.env.AIEVAL_STORE_PASSWORD;
      await provider.close();
      await dropSchema(schema);
    });

    it('stores every result once, and merge gates the four shards once', async () => {
      const out = mkdtempSync(join(tmpdir(), 'aieval-team-shards-'));
      const shards = await Promise.all(
        Array.from({ length: SHARDS }, (_, i) =>
          spawnCli(
            ['run', '--workspace', workspace(), ...store(), ...TARGET, '--shard', `${i + 1}/${SHARDS}`, '--out', out],
            configDir,
          ),
        ),
      );
      for (const shard of shards) {
        expect(shard.stderr).not.toMatch(/^error:/m);
        expect(shard.code).toBe(0);
      }
      const runs = await query(`SELECT id, shard, status, total FROM "${schema}".runs ORDER BY shard`);
      expect(runs.rows.map((run) => [run.shard, run.status])).toEqual(
        [1, 2, 3, 4].map((i) => [`${i}/${SHARDS}`, 'complete']),
      );
      const stored = await query(
        `SELECT count(*)::int AS results, count(DISTINCT question_id)::int AS questions FROM "${schema}".question_results`,
      );
      // The example's chat dataset: 21 questions, each in one shard, each stored once.
      expect(stored.rows[0]).toEqual({ results: 21, questions: 21 });
      expect(runs.rows.reduce((sum, run) => sum + Number(run.total), 0)).toBe(21);

      const merged = await spawnCli(['merge', out, '--workspace', workspace(), ...store()], configDir);
      expect(merged.code, merged.stderr).toBe(0);
      const mergedId = /helpdesk_chat: merged shards 1,2,3,4\/4 into run (\S+)/.exec(merged.stderr)?.[1];
      expect(mergedId, merged.stderr).toBeDefined();
      const mergedRun = await query(
        `SELECT status, total::int AS total FROM "${schema}".runs WHERE id = '${mergedId}'`,
      );
      expect(mergedRun.rows).toEqual([{ status: 'complete', total: 21 }]);
      // A second merge, from another machine, finds the run the first made in the shared store.
      const again = await spawnCli(['merge', out, '--workspace', workspace(), ...store()], configDir);
      expect(again.stderr).toContain(`were merged before, as run ${mergedId}`);
      expect((await query(`SELECT count(*)::int AS n FROM "${schema}".runs`)).rows[0]).toEqual({ n: SHARDS + 1 });
    }, 300_000);
  },
);
