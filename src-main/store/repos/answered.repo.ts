// Answers a phased run holds between its phases (target calls first, judges after): written as each answer comes,
// removed by the transaction that writes the question's result (results.repo).
import type { Db } from '../db';

export type AnsweredRow = Readonly<{
  questionId: string;
  repeatIndex: number;
  /** The Answered of the engine, as JSON. */
  answeredJson: string;
  /** Grader outcomes of the judge groups already run on it, as JSON; null before the first. */
  gradedJson: string | null;
}>;

type AnsweredRowDb = {
  question_id: string;
  repeat_index: number;
  answered_json: string;
  graded_json: string | null;
};

export class AnsweredRepo {
  private readonly upsert;
  private readonly updateGraded;
  private readonly selectPage;
  private readonly selectKeys;

  constructor(db: Db) {
    this.upsert = db.prepare(
      `INSERT INTO answered_questions (run_id, question_id, repeat_index, answered_json, created_at)
       VALUES (@runId, @questionId, @repeatIndex, @answeredJson, @createdAt)
       ON CONFLICT (run_id, question_id, repeat_index) DO UPDATE SET answered_json = excluded.answered_json, graded_json = NULL`,
    );
    this.updateGraded = db.prepare(
      `UPDATE answered_questions SET graded_json = @gradedJson
       WHERE run_id = @runId AND question_id = @questionId AND repeat_index = @repeatIndex`,
    );
    this.selectPage = db.prepare<
      { runId: string; afterQuestion: string; afterRepeat: number; limit: number },
      AnsweredRowDb
    >(
      `SELECT question_id, repeat_index, answered_json, graded_json FROM answered_questions
       WHERE run_id = @runId AND (question_id, repeat_index) > (@afterQuestion, @afterRepeat)
       ORDER BY question_id, repeat_index LIMIT @limit`,
    );
    this.selectKeys = db
      .prepare<{ runId: string }, [string, number]>(
        'SELECT question_id, repeat_index FROM answered_questions WHERE run_id = @runId',
      )
      .raw();
  }

  put(runId: string, questionId: string, repeatIndex: number, answeredJson: string, createdAt: number): void {
    this.upsert.run({ runId, questionId, repeatIndex, answeredJson, createdAt });
  }

  setGraded(runId: string, questionId: string, repeatIndex: number, gradedJson: string): void {
    this.updateGraded.run({ runId, questionId, repeatIndex, gradedJson });
  }

  /** Up to `limit` held answers after the key (question id, repeat), in key order: a whole run in flat memory. */
  page(runId: string, after: readonly [string, number] | null, limit: number): AnsweredRow[] {
    const [afterQuestion, afterRepeat] = after ?? ['', -1];
    return this.selectPage.all({ runId, afterQuestion, afterRepeat, limit }).map((row) => ({
      questionId: row.question_id,
      repeatIndex: row.repeat_index,
      answeredJson: row.answered_json,
      gradedJson: row.graded_json,
    }));
  }

  /** [question_id, repeat_index] of every answer held for a run. */
  keys(runId: string): [string, number][] {
    return this.selectKeys.all({ runId });
  }
}
