// Two clients of one team store writing the same questions' results at once (two runs of one dataset: CI and a
// desktop): each question's version gets one id, and every result of it is tied to that id, whichever client wrote
// the version first (a batch is one statement whose snapshot cannot see the other client's version).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresStore } from '../../../src-main/store/postgres/postgres-store';
import { adminQuery, dropSchema, openPostgres, testPostgres } from '../../support/store-backends';
import { newResult, newRun } from '../../unit/store/repos/run-fixtures';

const server = testPostgres();

(server ? describe : describe.skip)(
  `two writers of one team store (postgres${server ? '' : ": skipped, no PostgreSQL server here (install Debian's postgresql package)"})`,
  () => {
    let first: PostgresStore;
    let second: PostgresStore;
    beforeAll(async () => {
      first = await openPostgres();
      second = await openPostgres({ schema: first.schema });
    });
    afterAll(async () => {
      await first.close();
      await second.close();
      await dropSchema(first.schema);
    });

    it("ties every result to its question's one version, whichever writer inserted the version", async () => {
      await first.api.runs.insert(newRun('ci'));
      await second.api.runs.insert(newRun('desktop'));
      const batch = (runId: string, round: number) =>
        Array.from({ length: 40 }, (_, i) =>
          newResult(runId, `r${round}q${i}`, { question: { textSha256: `text${round}-${i}`, tags: ['t'] } }),
        );
      for (let round = 0; round < 10; round += 1)
        await Promise.all([
          first.api.results.insertMany(batch('ci', round)),
          second.api.results.insertMany(batch('desktop', round)),
        ]);
      const rows = await adminQuery(
        [
          `SELECT r.question_id, count(*)::int AS results, count(DISTINCT r.question_version_id)::int AS versions,
             count(r.question_version_id)::int AS tied, min(v.text_sha256) AS text
           FROM question_results r LEFT JOIN question_versions v ON v.id = r.question_version_id
           GROUP BY r.question_id ORDER BY r.question_id`,
        ],
        first.schema,
      );
      expect(rows.rows).toHaveLength(400);
      for (const row of rows.rows) {
        const [, round, i] = /^r(\d+)q(\d+)$/.exec(String(row.question_id))!;
        expect(row).toEqual({
          question_id: row.question_id,
          results: 2,
          versions: 1,
          tied: 2,
          text: `text${round}-${i}`,
        });
      }
      const versions = await adminQuery(['SELECT count(*)::int AS n FROM question_versions'], first.schema);
      expect(versions.rows[0]).toEqual({ n: 400 });
    });
  },
);
