// Lean reads of whole runs for the comparison matrix: one row per result and its grader scores, no transcripts.
import type { LabelVerdict, QuestionStatus } from '../../../src-shared/model';
import type { Db } from '../db';

export const MATRIX_PREVIEW_CHARS = 240;

export type MatrixResult = Readonly<{
  id: number;
  questionId: string;
  repeatIndex: number;
  status: QuestionStatus;
  score: number | null;
  passed: boolean | null;
  preview: string;
  answerChars: number;
  error: string | null;
  latencyMs: number | null;
  costUsd: number | null;
  /** A person's verdict on this result (the run page's annotation, the matrix's thumbs), if any. */
  rating: LabelVerdict | null;
  /** The tags of the same label (a preference over another result is one of them). */
  labelTags: readonly string[];
}>;

export type MatrixGraderScore = Readonly<{ resultId: number; graderId: string; score0to5: number | null }>;

/** A result row as an array (better-sqlite3's raw mode: no object per row), in the order of the SELECT. */
type ResultDbRow = [
  id: number,
  questionId: string,
  repeatIndex: number,
  status: QuestionStatus,
  score: number | null,
  passed: number | null,
  preview: string | null,
  answerChars: number | null,
  error: string | null,
  latencyMs: number | null,
  costUsd: number | null,
  rating: LabelVerdict | null,
  labelTags: string | null,
];

export class MatrixRepo {
  private readonly selectResults;
  private readonly selectGraderScores;

  constructor(db: Db) {
    this.selectResults = db
      .prepare<{ runId: string }, ResultDbRow>(
        `SELECT q.id, q.question_id, q.repeat_index, q.status, q.score, q.passed, substr(q.response, 1, ${MATRIX_PREVIEW_CHARS}) AS preview,
              length(q.response) AS answer_chars, q.error, q.latency_ms, q.cost_usd, l.verdict AS rating, l.tags_json AS label_tags
       FROM question_results q
       LEFT JOIN labels l ON l.subject_type = 'question_result' AND l.subject_id = CAST(q.id AS TEXT)
       WHERE q.run_id = @runId ORDER BY q.id`,
      )
      .raw(true);
    this.selectGraderScores = db.prepare<
      { runId: string },
      { result_id: number; grader_id: string; score_0_5: number | null }
    >(
      `SELECT g.result_id, g.grader_id, CASE WHEN g.status = 'scored' THEN g.score_0_5 END AS score_0_5
       FROM question_results q JOIN grader_results g ON g.result_id = q.id WHERE q.run_id = @runId ORDER BY g.id`,
    );
  }

  /** Every result of a run in the order it was written, answers cut to a preview. */
  results(runId: string): MatrixResult[] {
    return this.selectResults
      .all({ runId })
      .map(
        ([
          id,
          questionId,
          repeatIndex,
          status,
          score,
          passed,
          preview,
          answerChars,
          error,
          latencyMs,
          costUsd,
          rating,
          labelTags,
        ]) => ({
          id,
          questionId,
          repeatIndex,
          status,
          score,
          passed: passed === null ? null : passed === 1,
          preview: preview ?? '',
          answerChars: answerChars ?? 0,
          error,
          latencyMs,
          costUsd,
          rating,
          labelTags: labelTags === null ? [] : (JSON.parse(labelTags) as string[]),
        }),
      );
  }

  /** Every grader score of a run's results; a grader that skipped or failed has a null score. */
  graderScores(runId: string): MatrixGraderScore[] {
    return this.selectGraderScores
      .all({ runId })
      .map((row) => ({ resultId: row.result_id, graderId: row.grader_id, score0to5: row.score_0_5 }));
  }
}
