// Test helper: an in-memory store with judge calls written the way the run engine writes them.
import { inProcessStore, Store, storeFile, type StoreApi } from '../../../../src-main/store/store';
import type { ValidationInput } from '../../../../src-main/store/repos/judges.repo';
import {
  insertValidation as insertValidationRow,
  validationRow,
} from '../../../../src-main/store/repos/gold-sets.repo';
import { SQLITE } from '../../../../src-main/store/sql/dialect';
import { SqliteRunner } from '../../../../src-main/store/sql/sqlite-runner';
import { Queries } from '../../../../src-main/store/sql/statement';

export type FakeCall = Readonly<{
  grader?: string;
  score: number | null;
  provider?: string;
  model?: string;
  template?: string;
  createdAt?: number;
  error?: string | null;
  question?: string;
  questionId?: string;
  response?: string;
}>;

/** The judge_calls rows of `calls` (no run: run_id and result_id null), as the run engine would store them. */
export function judgeCallRows(calls: readonly FakeCall[]): Record<string, string | number | null>[] {
  return calls.map((call, index) => ({
    grader_id: call.grader ?? 'relevance_grader',
    provider: call.provider ?? 'local',
    model: call.model ?? 'llama3.1:8b',
    template_version: call.template ?? '1.0.0',
    prompt: `<question>\n${call.question ?? `Question ${index}?`}\n</question>\n<criteria>\nbe right\n</criteria>\n<agent_response>\n${call.response ?? `Answer ${index}.`}\n</agent_response>`,
    response_seen: call.response ?? `Answer ${index}.`,
    score: call.score,
    reason: call.score === null ? null : `score ${call.score}`,
    error: call.error ?? (call.score === null ? 'timeout' : null),
    question_id: call.questionId ?? `q${index}`,
    created_at: call.createdAt ?? 1_000 + index,
  }));
}

/** Inserts judge calls (no run: run_id and result_id may be null) and returns their ids in order. */
export function insertJudgeCalls(store: Store, calls: readonly FakeCall[]): number[] {
  const rows = judgeCallRows(calls);
  if (rows.length === 0) return [];
  const names = Object.keys(rows[0] ?? {});
  const insert = store.db.prepare(
    `INSERT INTO judge_calls (${names.join(', ')}) VALUES (${names.map((name) => `@${name}`).join(', ')})`,
  );
  return rows.map((row) => Number(insert.run(row).lastInsertRowid));
}

/**
 * `count` calls of `grader` made a millisecond apart just before now: the judge passed the first half (score 5) and
 * failed the rest (score 1), the split a gold set's strata need.
 */
export function halfPassedCalls(grader: string, count: number, extra: Omit<FakeCall, 'score'> = {}): FakeCall[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    grader,
    score: i < count / 2 ? 5 : 1,
    createdAt: now - 1000 + i,
    ...extra,
  }));
}

/** Writes judge calls into a workspace's own store file, as its runs would have left them. */
export function storeJudgeCalls(workspaceDir: string, calls: readonly FakeCall[]): void {
  const store = Store.open(storeFile(workspaceDir));
  try {
    insertJudgeCalls(store, calls);
  } finally {
    store.close();
  }
}

export function memoryStore(): { store: Store; db: StoreApi } {
  const store = Store.open(':memory:');
  return { store, db: inProcessStore(store) };
}

export type FakeGoldItem = Readonly<{
  id: string;
  graderId?: string;
  judgeCallId?: number | null;
  judgeScore: number | null;
  question?: string;
  response?: string;
  createdAt?: number;
  judge?: Readonly<{ provider: string; model: string; template_version: string | null }> | null;
  stratum?: 'judge_pass' | 'judge_fail' | 'all' | null;
  inclusionProbability?: number | null;
}>;

/**
 * Inserts gold items as the index writes them from their files (labels/<grader>/items/<id>.yaml); `fromFiles: false`
 * writes them as a store of before the label files held them (written out to files at the next start).
 */
export function insertGoldItems(store: Store, items: readonly FakeGoldItem[], fromFiles = true): void {
  const insert = store.db.prepare(
    `INSERT INTO gold_items (id, grader_id, judge_call_id, question_text, response_text, judge_score, judge_reason, created_at,
       file, question_hash, judge_provider, judge_model, template_version, stratum, inclusion_probability)
     VALUES (@id, @grader, @callId, @question, @response, @score, NULL, @createdAt, @file, '0000000000000000',
       @provider, @model, @template, @stratum, @inclusionProbability)`,
  );
  for (const item of items) {
    const grader = item.graderId ?? 'relevance_grader';
    insert.run({
      id: item.id,
      grader,
      callId: item.judgeCallId ?? null,
      question: item.question ?? 'q',
      response: item.response ?? 'r',
      score: item.judgeScore,
      createdAt: item.createdAt ?? 0,
      file: fromFiles ? `labels/${grader}/items/${item.id}.yaml` : null,
      provider: item.judge?.provider ?? null,
      model: item.judge?.model ?? null,
      template: item.judge?.template_version ?? null,
      stratum: item.stratum ?? null,
      inclusionProbability: item.inclusionProbability ?? null,
    });
  }
}

/** Writes reviewers' verdicts of gold items as the index reads them from the reviewer files ('ben' unless named). */
export function labelGoldItems(
  store: Store,
  verdicts: readonly Readonly<{ id: string; verdict: 'pass' | 'fail' | 'defer'; at: number; reviewer?: string }>[],
): void {
  const submit = store.db.prepare(
    `INSERT INTO reviewer_verdicts (subject_type, subject_id, reviewer, verdict, updated_at)
     VALUES ('gold_item', @id, @reviewer, @verdict, @at)`,
  );
  for (const v of verdicts) submit.run({ id: v.id, reviewer: v.reviewer ?? 'ben', verdict: v.verdict, at: v.at });
}

/** Inserts a validation as the index reads it from a line of labels/<grader>/validations.jsonl. */
export function insertValidation(store: Store, validation: ValidationInput): void {
  const lineId = validation.createdAt.toString(16).padStart(16, '0').slice(-16);
  new SqliteRunner(store.db).run(
    insertValidationRow(new Queries(SQLITE)).run(validationRow({ ...validation, lineId })),
  );
}

/** A RecordValidation that keeps the validation in the store as the index would after reading its line. */
export const recordInStore =
  (store: Store) =>
  async (validation: ValidationInput): Promise<void> => {
    insertValidation(store, validation);
  };
