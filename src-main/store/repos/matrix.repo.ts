// Lean reads of whole runs for the comparison matrix: one row per result and its grader scores, no transcripts.
import type { LabelVerdict, QuestionStatus } from '../../../src-shared/model';
import { sql } from 'kysely';
import type { Q } from '../sql/query';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';

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

/** A result row as an array (no object per row), in the order of the SELECT. */
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

function prepareStatements(q: Queries) {
  const { db } = q;
  return {
    selectResults: q.prepare((a: { runId: string }) =>
      db
        .selectFrom('question_results as q')
        .leftJoin('labels as l', (join) =>
          join.on('l.subject_type', '=', 'question_result').on('l.subject_id', '=', sql<string>`CAST(q.id AS TEXT)`),
        )
        .select([
          'q.id',
          'q.question_id',
          'q.repeat_index',
          'q.status',
          'q.score',
          'q.passed',
          sql<string | null>`substr(q.response, 1, ${sql.lit(MATRIX_PREVIEW_CHARS)})`.as('preview'),
          sql<number | null>`length(q.response)`.as('answer_chars'),
          'q.error',
          'q.latency_ms',
          'q.cost_usd',
          'l.verdict as rating',
          'l.tags_json as label_tags',
        ])
        .where('q.run_id', '=', a.runId)
        .orderBy('q.id'),
    ),
    selectGraderScores: q.prepare((a: { runId: string }) =>
      db
        .selectFrom('question_results as q')
        .innerJoin('grader_results as g', 'g.result_id', 'q.id')
        .select([
          'g.result_id',
          'g.grader_id',
          sql<number | null>`CASE WHEN g.status = 'scored' THEN g.score_0_5 END`.as('score_0_5'),
        ])
        .where('q.run_id', '=', a.runId)
        .orderBy('g.id'),
    ),
  };
}

export class MatrixRepo {
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.statements = prepareStatements(q);
  }

  /** Every result of a run in the order it was written, answers cut to a preview. */
  *results(runId: string): Q<MatrixResult[]> {
    return (yield* this.statements.selectResults.arrays<ResultDbRow>({ runId })).map(
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
  *graderScores(runId: string): Q<MatrixGraderScore[]> {
    return (yield* this.statements.selectGraderScores.all({ runId })).map((row) => ({
      resultId: row.result_id,
      graderId: row.grader_id,
      score0to5: row.score_0_5,
    }));
  }
}
