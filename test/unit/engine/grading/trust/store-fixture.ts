// Test helper: an in-memory store with judge calls written the way the run engine writes them.
import { inProcessStore, Store, type StoreApi } from '../../../../../src-main/store/store';

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

/** Inserts judge calls (no run: run_id and result_id may be null) and returns their ids in order. */
export function insertJudgeCalls(store: Store, calls: readonly FakeCall[]): number[] {
  const insert = store.db.prepare(
    `INSERT INTO judge_calls (grader_id, provider, model, template_version, prompt, response_seen, score, reason, error, question_id, created_at)
     VALUES (@grader, @provider, @model, @template, @prompt, @response, @score, @reason, @error, @questionId, @createdAt)`,
  );
  return calls.map((call, index) =>
    Number(
      insert.run({
        grader: call.grader ?? 'relevance_grader',
        provider: call.provider ?? 'local',
        model: call.model ?? 'llama3.1:8b',
        template: call.template ?? '1.0.0',
        prompt: `<question>\n${call.question ?? `Question ${index}?`}\n</question>\n<criteria>\nbe right\n</criteria>\n<agent_response>\n${call.response ?? `Answer ${index}.`}\n</agent_response>`,
        response: call.response ?? `Answer ${index}.`,
        score: call.score,
        reason: call.score === null ? null : `score ${call.score}`,
        error: call.error ?? (call.score === null ? 'timeout' : null),
        questionId: call.questionId ?? `q${index}`,
        createdAt: call.createdAt ?? 1_000 + index,
      }).lastInsertRowid,
    ),
  );
}

export function memoryStore(): { store: Store; db: StoreApi } {
  const store = Store.open(':memory:');
  return { store, db: inProcessStore(store) };
}
