// Server-side paging of a run's results: filtered, sorted and counted in SQL.
import type { QuestionStatus, ResultRow } from '../../../src-shared/model';
import type { Db } from '../db';

export type ResultsSort = 'question' | 'score_asc' | 'score_desc' | 'latency_desc' | 'recent';
export type ResultsQuery = Readonly<{
  runId: string;
  offset: number;
  limit: number;
  status?: QuestionStatus | 'passed' | 'failed';
  search?: string;
  sort: ResultsSort;
}>;

// Only whitelisted ORDER BY clauses reach the SQL text; every value is a bound parameter.
const ORDER: Readonly<Record<ResultsSort, string>> = {
  question: 'question_id, repeat_index',
  score_asc: 'score IS NULL, score ASC, question_id, repeat_index',
  score_desc: 'score IS NULL, score DESC, question_id, repeat_index',
  latency_desc: 'latency_ms IS NULL, latency_ms DESC, id',
  recent: 'id DESC',
};

const FILTER = `run_id = @runId
  AND (@status IS NULL OR status = @status)
  AND (@passed IS NULL OR passed = @passed)
  AND (@pattern IS NULL OR question_id LIKE @pattern ESCAPE '\\' OR response LIKE @pattern ESCAPE '\\')`;

type FilterParams = { runId: string; status: string | null; passed: number | null; pattern: string | null };
type PageRow = {
  id: number;
  question_id: string;
  repeat_index: number;
  status: QuestionStatus;
  score: number | null;
  passed: number | null;
  error: string | null;
  latency_ms: number | null;
  preview: string | null;
};
type SpreadRow = { question_id: string; mean: number | null; mean_sq: number | null; n: number };
type GraderScoreRow = {
  result_id: number;
  grader_id: string;
  status: 'scored' | 'skipped' | 'error';
  score_0_5: number | null;
};

export const PREVIEW_CHARS = 200;

const bool = (value: number | null) => (value === null ? null : value === 1);
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterParams(query: ResultsQuery): FilterParams {
  const status = query.status === 'passed' || query.status === 'failed' ? null : (query.status ?? null);
  const passed = query.status === 'passed' ? 1 : query.status === 'failed' ? 0 : null;
  const search = query.search?.trim();
  return { runId: query.runId, status, passed, pattern: search ? likePattern(search) : null };
}

export class ResultPagesRepo {
  private readonly pages: ReadonlyMap<ResultsSort, ReturnType<Db['prepare']>>;
  private readonly countFiltered;
  private readonly spreadOf;
  private readonly graderScoresOf;

  constructor(db: Db) {
    this.pages = new Map(
      (Object.keys(ORDER) as ResultsSort[]).map((sort) => [
        sort,
        db.prepare(
          `SELECT id, question_id, repeat_index, status, score, passed, error, latency_ms, substr(response, 1, ${PREVIEW_CHARS}) AS preview
           FROM question_results WHERE ${FILTER} ORDER BY ${ORDER[sort]} LIMIT @limit OFFSET @offset`,
        ),
      ]),
    );
    this.countFiltered = db
      .prepare<FilterParams, number>(`SELECT count(*) FROM question_results WHERE ${FILTER}`)
      .pluck();
    // Mean and spread over the repeats of only the questions on the page (the unique key indexes run_id, question_id).
    this.spreadOf = db.prepare<{ runId: string; questionIds: string }, SpreadRow>(
      `SELECT question_id, avg(score) AS mean, avg(score * score) AS mean_sq, count(score) AS n FROM question_results
       WHERE run_id = @runId AND question_id IN (SELECT value FROM json_each(@questionIds)) GROUP BY question_id`,
    );
    this.graderScoresOf = db.prepare<{ ids: string }, GraderScoreRow>(
      'SELECT result_id, grader_id, status, score_0_5 FROM grader_results WHERE result_id IN (SELECT value FROM json_each(@ids)) ORDER BY id',
    );
  }

  page(query: ResultsQuery): { total: number; rows: ResultRow[] } {
    const params = filterParams(query);
    const total = this.countFiltered.get(params) ?? 0;
    const rows = this.pages.get(query.sort)!.all({ ...params, limit: query.limit, offset: query.offset }) as PageRow[];
    if (rows.length === 0) return { total, rows: [] };
    const spreads = new Map(
      this.spreadOf
        .all({ runId: query.runId, questionIds: JSON.stringify([...new Set(rows.map((row) => row.question_id))]) })
        .map((row) => [row.question_id, row]),
    );
    const graders = new Map<number, ResultRow['graders']>();
    for (const row of this.graderScoresOf.all({ ids: JSON.stringify(rows.map((r) => r.id)) })) {
      const list = graders.get(row.result_id) ?? [];
      list.push({ graderId: row.grader_id, status: row.status, score0to5: row.score_0_5 });
      graders.set(row.result_id, list);
    }
    return {
      total,
      rows: rows.map((row) => {
        const spread = spreads.get(row.question_id);
        const mean = spread?.mean ?? null;
        const variance = mean === null || spread?.mean_sq == null ? null : Math.max(0, spread.mean_sq - mean * mean);
        return {
          id: row.id,
          questionId: row.question_id,
          repeatIndex: row.repeat_index,
          status: row.status,
          score: row.score,
          passed: bool(row.passed),
          error: row.error,
          latencyMs: row.latency_ms,
          responsePreview: row.preview ?? '',
          graders: graders.get(row.id) ?? [],
          repeatMean: mean,
          repeatSd: variance === null ? null : Math.sqrt(variance),
          repeatScored: spread?.n ?? 0,
        };
      }),
    };
  }
}
