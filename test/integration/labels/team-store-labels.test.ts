// Labels with a team store (docs/team-store.md, Labels): a label written in one checkout is counted at once by a
// teammate's checkout of the same workspace, before any git pull, and the figure says so; once pulled it is the same
// line and counts once; a role that may only read leaves the index alone and says so once, not at every look.
import { copyFileSync, cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src-main/app/create-app';
import { workspaceSchema } from '../../../src-main/store/postgres/postgres-store';
import { callApp, createTestApp } from '../../support/app';
import { onBackend, type BackendWorkspace } from '../../support/backend-workspace';
import { testPostgres } from '../../support/store-backends';
import { exampleJudgedLocally } from '../../support/workspace';
import { judgeCallRows } from '../../unit/engine/trust/store-fixture';

const server = testPostgres();
const GRADER = 'accuracy_grader';
const REVIEWERS = join('labels', GRADER, 'reviewers');

type Validation = { n_pos: number; n_neg: number; labels_source: string; state: string };
type Item = { id: string; judge_score: number };

(server ? describe : describe.skip)(
  `labels with a team store (postgres${server ? '' : ": skipped, no PostgreSQL server here (install Debian's postgresql package)"})`,
  () => {
    let ana: BackendWorkspace;
    let benDir: string;
    let items: Item[];
    const apps: App[] = [];
    const open = (dir: string, store = ana.store) => {
      const app = createTestApp(dir, { store });
      apps.push(app);
      return app;
    };
    const verdictOf = (item: Item) => (item.judge_score >= 3.5 ? 'pass' : 'fail');
    const label = (app: App, item: Item, reviewer: string) =>
      callApp(app, 'labels.submit', {
        subjectType: 'gold_item',
        subjectId: item.id,
        verdict: verdictOf(item),
        reviewer,
      });

    beforeAll(async () => {
      // Ana's checkout samples the judge's gold set from calls in the team store; Ben's is a clone of it (the items
      // committed and pulled), on the same project, so the same schema.
      ana = onBackend('postgres', exampleJudgedLocally('{ gold_target_n: 8, min_per_class: 3 }'));
      const now = Date.now();
      const calls = Array.from({ length: 12 }, (_, i) => ({
        grader: GRADER,
        score: i < 6 ? 5 : 1,
        createdAt: now - i,
      }));
      await ana.insertRows('judge_calls', judgeCallRows(calls));
      const sample = await callApp<{ items: Item[] }>(open(ana.dir), 'judges.sample', {
        grader: GRADER,
        n: 8,
        seed: 5,
      });
      items = sample.items;
      benDir = mkdtempSync(join(tmpdir(), 'aieval-ben-'));
      cpSync(ana.dir, benDir, { recursive: true, filter: (path) => !path.includes('.aieval') });
    });
    afterAll(async () => {
      for (const app of apps) await app.dispose();
      await ana.dispose();
    });

    it("counts a teammate's label before it is pulled, says which labels it used, and counts a pulled line once", async () => {
      const [anaApp, benApp] = [apps[0]!, open(benDir)];
      for (const item of items.slice(0, 4)) await label(anaApp, item, 'ana');
      for (const item of items.slice(4)) await label(benApp, item, 'ben');
      expect(readdirSync(join(benDir, REVIEWERS))).toEqual(['ben.jsonl']);

      // Ben's checkout holds only his file, yet counts Ana's four labels from the team store, and says so.
      const before = await callApp<Validation>(benApp, 'judges.validate', { grader: GRADER });
      expect(before.n_pos + before.n_neg).toBe(8);
      expect(before.labels_source).toBe(`labels/${GRADER} and the team store (4 labels not in this checkout's files)`);
      // Ana's checkout sees Ben's the same way: every reviewer's label is in the store as it is written.
      const anaView = await callApp<Validation>(anaApp, 'judges.validate', { grader: GRADER });
      expect(anaView).toMatchObject({ n_pos: before.n_pos, n_neg: before.n_neg, state: before.state });
      expect(anaView.labels_source).toContain('(4 labels not in this checkout');

      // git pull: Ana's file arrives in Ben's checkout. Her lines are the same lines: eight labels still, none extra.
      copyFileSync(join(ana.dir, REVIEWERS, 'ana.jsonl'), join(benDir, REVIEWERS, 'ana.jsonl'));
      const pulled = await callApp<Validation>(benApp, 'judges.validate', { grader: GRADER });
      expect(pulled).toMatchObject({ n_pos: before.n_pos, n_neg: before.n_neg, labels_source: `labels/${GRADER}` });
      const gold = await callApp<{ id: string; human_label: string | null }[]>(benApp, 'judges.goldItems', {
        grader: GRADER,
      });
      expect(gold.filter((item) => item.human_label !== null)).toHaveLength(8);
    });

    it('a read-only role browses the labels without writing the index, and says why once', async () => {
      const { url, password } = server!;
      const admin = new pg.Client({ host: url.host, port: url.port, database: url.database, user: url.user, password });
      const schema = workspaceSchema(/^project: (\S+)$/m.exec(readConfig(ana.dir))![1]!);
      const role = `aieval_label_reader_${schema.slice(-6)}`;
      await admin.connect();
      try {
        await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'reader-pass'`);
        await admin.query(`GRANT USAGE ON SCHEMA "${schema}" TO ${role}`);
        await admin.query(`GRANT SELECT ON ALL TABLES IN SCHEMA "${schema}" TO ${role}`);
        const readerUrl = server!.text.replace(`//${url.user}@`, `//${role}@`);
        const said: string[] = [];
        const errors: string[] = [];
        const reader = createTestApp(benDir, {
          store: { storeUrl: readerUrl, env: { ...process.env, AIEVAL_STORE_PASSWORD: 'reader-pass' } },
          logger: {
            info: (m: string) => void said.push(m),
            warn: (m: string) => void said.push(m),
            error: (m: string) => void errors.push(m),
          },
        });
        apps.push(reader);
        for (let i = 0; i < 3; i += 1) {
          const gold = await callApp<{ human_label: string | null }[]>(reader, 'judges.goldItems', { grader: GRADER });
          expect(gold.filter((item) => item.human_label !== null)).toHaveLength(8);
        }
        expect(errors).toEqual([]);
        expect(said.filter((line) => line.startsWith('the label files are not indexed'))).toHaveLength(1);
        expect(said.join('\n')).toContain('this role may only read');
      } finally {
        await admin.query(`DROP OWNED BY ${role}`).catch(() => undefined);
        await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => undefined);
        await admin.end();
      }
    });
  },
);

const readConfig = (dir: string) => readFileSync(join(dir, 'aieval.yaml'), 'utf8');
