// Migration drop-unused-labels on both stores: a store at the version before, with rows, loses gold_items.human_label
// (a label still there becomes the unnamed reviewer's verdict) and the label subject 'judge_call', and nothing else.
import { afterAll, describe, expect, it } from 'vitest';
import { migratedStore, versionOf } from '../../support/migrated-store';
import { adminQuery, dropSchema, freshSchema, openPostgres, testPostgres } from '../../support/store-backends';

const VERSION = versionOf('drop-unused-labels');

/** Rows of every table the migration changes, as a store before it holds them. */
const BEFORE = [
  `INSERT INTO gold_items (id, grader_id, question_text, response_text, judge_score, human_label, created_at, file)
   VALUES ('g1', 'relevance_grader', 'q1', 'r1', 4, 'pass', 10, NULL),
          ('g2', 'relevance_grader', 'q2', 'r2', 1, 'fail', 11, NULL),
          ('g3', 'relevance_grader', 'q3', 'r3', 2, NULL, 12, 'labels/relevance_grader/items/g3.yaml')`,
  // g2's unnamed reviewer gave a verdict of their own: it stands; ana's verdict on g1 stays beside the carried one.
  `INSERT INTO reviewer_verdicts (subject_type, subject_id, reviewer, verdict, updated_at)
   VALUES ('gold_item', 'g2', '', 'pass', 30), ('gold_item', 'g1', 'ana', 'fail', 31)`,
  `INSERT INTO labels (id, subject_type, subject_id, verdict, dimensions_json, tags_json, notes, created_at, updated_at, reviewer)
   VALUES (7, 'gold_item', 'g1', 'fail', '{"tone":2}', '["late"]', 'checked', 20, 21, 'ana'),
          (9, 'review_item', 'tr-1', NULL, '{}', '[]', 'odd trace', 22, 23, '')`,
];

const LABELS = 'SELECT * FROM labels ORDER BY id';
const VERDICTS = 'SELECT subject_type, subject_id, reviewer, verdict, updated_at FROM reviewer_verdicts ORDER BY 2, 3';
const GOLD = 'SELECT id, judge_score, created_at, file FROM gold_items ORDER BY id';

const EXPECTED = {
  labels: [
    {
      id: 7,
      subject_type: 'gold_item',
      subject_id: 'g1',
      verdict: 'fail',
      dimensions_json: '{"tone":2}',
      tags_json: '["late"]',
      notes: 'checked',
      created_at: 20,
      updated_at: 21,
      reviewer: 'ana',
    },
    {
      id: 9,
      subject_type: 'review_item',
      subject_id: 'tr-1',
      verdict: null,
      dimensions_json: '{}',
      tags_json: '[]',
      notes: 'odd trace',
      created_at: 22,
      updated_at: 23,
      reviewer: '',
    },
  ],
  verdicts: [
    { subject_type: 'gold_item', subject_id: 'g1', reviewer: '', verdict: 'pass', updated_at: 10 },
    { subject_type: 'gold_item', subject_id: 'g1', reviewer: 'ana', verdict: 'fail', updated_at: 31 },
    { subject_type: 'gold_item', subject_id: 'g2', reviewer: '', verdict: 'pass', updated_at: 30 },
  ],
  gold: [
    { id: 'g1', judge_score: 4, created_at: 10, file: null },
    { id: 'g2', judge_score: 1, created_at: 11, file: null },
    { id: 'g3', judge_score: 2, created_at: 12, file: 'labels/relevance_grader/items/g3.yaml' },
  ],
};

const JUDGE_CALL_LABEL = `INSERT INTO labels (subject_type, subject_id, created_at, updated_at) VALUES ('judge_call', '1', 1, 1)`;

describe('migration drop-unused-labels (sqlite)', () => {
  it('keeps every label, verdict and gold item; drops human_label (carried as the unnamed verdict) and judge_call', () => {
    const after = migratedStore(VERSION, (before) => {
      for (const statement of BEFORE) before.exec(statement);
      // The subject is still allowed before the migration.
      before.exec(JUDGE_CALL_LABEL);
      before.exec(`DELETE FROM labels WHERE subject_type = 'judge_call'`);
    });
    expect(after.prepare(LABELS).all()).toEqual(EXPECTED.labels);
    expect(after.prepare(VERDICTS).all()).toEqual(EXPECTED.verdicts);
    expect(after.prepare(GOLD).all()).toEqual(EXPECTED.gold);
    const columns = (after.prepare('PRAGMA table_info(gold_items)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).not.toContain('human_label');
    expect(columns).toContain('question_text');
    expect(() => after.exec(JUDGE_CALL_LABEL)).toThrow(/CHECK/);
    // The rebuilt table keeps its key and its one label per subject.
    expect(() =>
      after.exec(
        `INSERT INTO labels (subject_type, subject_id, created_at, updated_at) VALUES ('gold_item', 'g1', 1, 1)`,
      ),
    ).toThrow(/UNIQUE/);
    after.close();
  });
});

const server = testPostgres();

describe.skipIf(!server)(
  `migration drop-unused-labels (postgres${server ? '' : ': skipped, no PostgreSQL here'})`,
  () => {
    const schemas: string[] = [];
    afterAll(async () => {
      for (const schema of schemas) await dropSchema(schema);
    });

    const inSchema = async (schema: string, statements: readonly string[]) =>
      (await adminQuery(statements, schema)).rows;

    /** Bigint columns come back as strings from pg: the rows as numbers where they are. */
    const numbers = (rows: unknown[]) =>
      rows.map((row) =>
        Object.fromEntries(
          Object.entries(row as Record<string, unknown>).map(([key, value]) => [
            key,
            typeof value === 'string' && /^\d+$/.test(value) && key !== 'subject_id' ? Number(value) : value,
          ]),
        ),
      );

    it('keeps every label, verdict and gold item; drops human_label (carried as the unnamed verdict) and judge_call', async () => {
      const schema = freshSchema();
      schemas.push(schema);
      await (await openPostgres({ schema, upTo: VERSION - 1 })).close();
      await inSchema(schema, [...BEFORE, JUDGE_CALL_LABEL, `DELETE FROM labels WHERE subject_type = 'judge_call'`]);
      await (await openPostgres({ schema, upTo: VERSION })).close();
      expect(numbers(await inSchema(schema, [LABELS]))).toEqual(EXPECTED.labels);
      expect(numbers(await inSchema(schema, [VERDICTS]))).toEqual(EXPECTED.verdicts);
      expect(numbers(await inSchema(schema, [GOLD]))).toEqual(EXPECTED.gold);
      const columns = await inSchema(schema, [
        `SELECT column_name FROM information_schema.columns WHERE table_schema = '${schema}' AND table_name = 'gold_items'`,
      ]);
      expect(columns).not.toContainEqual({ column_name: 'human_label' });
      expect(columns).toContainEqual({ column_name: 'question_text' });
      await expect(inSchema(schema, [JUDGE_CALL_LABEL])).rejects.toThrow(/labels_subject_type_check/);
    });
  },
);
