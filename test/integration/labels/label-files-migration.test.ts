// A store from before the label files: migration 0015 keeps its rows as items of old, and the first start writes them
// out to labels/ once, with a one-line note; an interrupted write-out loses nothing and is finished by the next start.
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src-main/app/create-app';
import { exportStoreLabels } from '../../../src-main/app/gold-sets/export-store-labels';
import { inProcessStore, Store, storeFile } from '../../../src-main/store/store';
import { TrustStore } from '../../../src-main/workspace/trust';
import { callApp } from '../../support/app';
import { migratedStore, versionOf } from '../../support/migrated-store';
import { exampleJudgedLocally } from '../../support/workspace';
import { insertGoldItems, insertJudgeCalls, insertValidation } from '../../unit/engine/trust/store-fixture';
import { judgeReport } from '../../support/judge-report';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

const GRADER = 'accuracy_grader';

describe('0015 label files', () => {
  it('keeps gold items, labels and validations as rows of old (no file, no line) for the first start to write out', () => {
    const after = migratedStore(versionOf('label-files'), (before) => {
      before.exec(
        `INSERT INTO gold_items (id, grader_id, question_text, response_text, judge_score, created_at) VALUES ('jc-1', '${GRADER}', 'q', 'a', 4, 1)`,
      );
      before.exec(
        `INSERT INTO judge_validations (grader_id, judge_provider, judge_model, template_version, n_pos, n_neg, tp, tn, fp, fn, state, labels_source, created_at)
         VALUES ('${GRADER}', 'local', 'm', '', 1, 1, 1, 1, 0, 0, 'insufficient', 'store', 2)`,
      );
    });
    expect(after.prepare('SELECT id, file, stratum, inclusion_probability FROM gold_items').all()).toEqual([
      { id: 'jc-1', file: null, stratum: null, inclusion_probability: null },
    ]);
    expect(after.prepare('SELECT line_id FROM judge_validations').all()).toEqual([{ line_id: null }]);
    expect(after.prepare('SELECT * FROM gold_sets').all()).toEqual([]);
    expect(() => after.exec(`UPDATE gold_items SET inclusion_probability = 2`)).toThrow(/CHECK/);
    after.close();
  });
});

/** A workspace whose store holds, from before the label files: 4 gold items, labels of two reviewers, a validation. */
function storeOfOld(): string {
  const dir = exampleJudgedLocally('{ gold_target_n: 8, min_per_class: 3 }');
  const store = Store.open(storeFile(dir));
  const calls = insertJudgeCalls(
    store,
    [5, 5, 1, 1].map((score) => ({ grader: GRADER, score, template: 'judge@1.0.0' })),
  );
  insertGoldItems(
    store,
    calls.map((id, i) => ({
      id: `jc-${id}`,
      graderId: GRADER,
      judgeCallId: id,
      judgeScore: i < 2 ? 5 : 1,
      createdAt: 10 + i,
    })),
    false,
  );
  const label = store.db.prepare(
    `INSERT INTO labels (subject_type, subject_id, verdict, notes, reviewer, created_at, updated_at) VALUES ('gold_item', ?, ?, ?, ?, 20, ?)`,
  );
  const own = store.db.prepare(
    `INSERT INTO reviewer_verdicts (subject_type, subject_id, reviewer, verdict, updated_at) VALUES ('gold_item', ?, ?, ?, ?)`,
  );
  // ana and ben labelled every item; ben last, with a note on the first; ben fails the second, ana passes it.
  calls.forEach((id, i) => {
    const verdict = i < 2 ? 'pass' : 'fail';
    own.run(`jc-${id}`, 'ana', verdict, 30 + i);
    own.run(`jc-${id}`, 'ben', i === 1 ? 'fail' : verdict, 40 + i);
    label.run(`jc-${id}`, i === 1 ? 'fail' : verdict, i === 0 ? 'checked the hours' : '', 'ben', 40 + i);
  });
  const { reason: _reason, ...report } = judgeReport({ tp: 2, fn: 0, tn: 2, fp: 0 }, { grader: GRADER });
  insertValidation(store, {
    report,
    judge: { provider: 'local', model: 'llama3.1:8b', template_version: 'judge@1.0.0' },
    labelsSource: 'store',
    createdAt: 50,
  });
  store.db.exec(`UPDATE judge_validations SET line_id = NULL`);
  store.close();
  return dir;
}

const appOf = (dir: string, notes: string[]) =>
  createApp({
    workspaceDir: dir,
    resourcesDir: join(import.meta.dirname, '..', '..', '..', 'resources'),
    trust: new TrustStore(mkdtempSync(join(tmpdir(), 'aieval-trust-'))),
    logger: { info: (m) => notes.push(m), warn: () => undefined, error: (m) => notes.push(`error: ${m}`) },
    watchWorkspace: false,
  });

describe('writing out a store of old', () => {
  it('writes every item, label and validation to labels/ once, with a one-line note, and reads them back', async () => {
    const dir = storeOfOld();
    const notes: string[] = [];
    const app = appOf(dir, notes);
    try {
      const items = await callApp<{ id: string; human_label: string | null }[]>(app, 'judges.goldItems', {
        grader: GRADER,
      });
      expect(notes).toEqual([
        `Wrote the store's 4 gold items, 8 labels and 1 validation of 1 judge out to labels/${GRADER}: the label files are now the truth (commit them).`,
      ]);
      expect(items.map((item) => item.id)).toEqual(items.map(() => expect.stringMatching(/^g-[0-9a-f]{16}$/)));
      const folder = join(dir, 'labels', GRADER);
      expect(readdirSync(join(folder, 'items'))).toHaveLength(4);
      expect(readdirSync(join(folder, 'reviewers')).sort()).toEqual(['ana.jsonl', 'ben.jsonl']);
      const ben = readFileSync(join(folder, 'reviewers', 'ben.jsonl'), 'utf8');
      expect(ben.trimEnd().split('\n')).toHaveLength(4);
      expect(ben).toContain('"note":"checked the hours"');
      expect(readFileSync(join(folder, 'validations.jsonl'), 'utf8')).toMatch(
        /^\{"id":"[0-9a-f]{16}","at":"1970-01-01T00:00:00\.050Z","reviewer":"","source":"labels\/accuracy_grader","judge":\{"provider":"local","model":"llama3\.1:8b","template_version":"judge@1\.0\.0"\},"tp":2,"tn":2,"fp":0,"fn":0,"state":"trusted"\}\n$/,
      );
      // The same agreement as before: ana and ben disagree on one item of four.
      const [agreement] = await callApp<{ items: number; disagreements: number; reviewers: string[] }[]>(
        app,
        'judges.agreement',
        {},
      );
      expect(agreement).toMatchObject({ items: 4, disagreements: 1, reviewers: ['ana', 'ben'] });
      const [judge] = (
        await callApp<{ grader: string; validatedAt: number; labelsSource: string }[]>(app, 'judges.list', {})
      ).filter((j) => j.grader === GRADER);
      expect(judge).toMatchObject({ validatedAt: 50, labelsSource: `labels/${GRADER}` });
      // Nothing of old is left in the store: a second start writes nothing.
      await app.dispose();
      const again: string[] = [];
      const second = appOf(dir, again);
      expect(await callApp(second, 'judges.goldItems', { grader: GRADER })).toHaveLength(4);
      expect(again).toEqual([]);
      await second.dispose();
    } finally {
      await app.dispose();
    }
  });

  it('loses nothing when interrupted: the store keeps its rows until every file is written, and no line is written twice', async () => {
    const dir = storeOfOld();
    const store = Store.open(storeFile(dir));
    const db = inProcessStore(store);
    // The first attempt dies after writing the files, before the rows are dropped: as if the process were killed.
    const drop = store.repos.goldLegacy.drop.bind(store.repos.goldLegacy);
    store.repos.goldLegacy.drop = () => {
      throw new Error('killed');
    };
    await expect(exportStoreLabels(dir, db, () => 0)).rejects.toThrow('killed');
    const ben = join(dir, 'labels', GRADER, 'reviewers', 'ben.jsonl');
    // A write cut short in the middle of a line.
    writeFileSync(ben, `${readFileSync(ben, 'utf8')}{"id":"12`);
    expect(store.repos.goldLegacy.pending()).toBe(true);
    store.repos.goldLegacy.drop = drop;
    store.close();

    const notes: string[] = [];
    const app = appOf(dir, notes);
    try {
      const items = await callApp<unknown[]>(app, 'judges.goldItems', { grader: GRADER });
      expect(items).toHaveLength(4);
      expect(notes[0]).toMatch(/^Wrote the store's 4 gold items, 8 labels and 1 validation of 1 judge/);
      const lines = readFileSync(ben, 'utf8').split('\n');
      // The 4 lines of the first attempt, the cut line, and nothing written twice.
      expect(lines.filter((line) => line.startsWith('{"id"'))).toHaveLength(5);
      const [agreement] = await callApp<{ items: number; disagreements: number }[]>(app, 'judges.agreement', {});
      expect(agreement).toMatchObject({ items: 4, disagreements: 1 });
      const files = await callApp<{ issues: { line: number; message: string }[] }>(app, 'judges.goldSetFiles', {
        grader: GRADER,
      });
      expect(files.issues).toEqual([
        expect.objectContaining({ line: 5, message: expect.stringContaining('an unfinished line') }),
      ]);
      expect(existsSync(join(dir, 'labels', '.gitattributes'))).toBe(true);
    } finally {
      await app.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
