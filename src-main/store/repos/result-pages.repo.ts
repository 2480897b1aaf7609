// Server-side paging of a run's results: filtered, sorted and counted in SQL.
import type { QuestionStatus, ResultRow } from '../../../src-shared/model';
import { sql } from 'kysely';
import { escapeLike } from '../sql/dialect';
import type { Q } from '../sql/query';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';

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
  total: number | null;
  mean: number | null;
  mean_sq: number | null;
  n: number | null;
};

export const PREVIEW_CHARS = 200;

const bool = (value: number | null) => (value === null ? null : value === 1);

function prepareStatements(q: Queries) {
  const { db, dialect: d } = q;
  return {
    graderScoresOf: q.prepare((a: { ids: string }) =>
      db
        .selectFrom('grader_results')
        .select(['result_id', 'grader_id', 'status', 'score_0_5'])
        .where('result_id', 'in', d.jsonValues(sql.val(a.ids), 'int'))
        .orderBy('id'),
    ),
  };
}

export class ResultPagesRepo {
  private readonly q: Queries;
  private readonly statements;

  constructor({ q }: StoreContext) {
    this.q = q;
    this.statements = prepareStatements(q);
  }

  /** The run's results that pass the query's filter (its status, its search in question ids and answers). */
  private filtered(query: ResultsQuery) {
    const { db, dialect: d } = this.q;
    const status = query.status === 'passed' || query.status === 'failed' ? undefined : query.status;
    const search = query.search?.trim();
    return db
      .selectFrom('question_results')
      .where('run_id', '=', query.runId)
      .$if(status !== undefined, (qb) => qb.where('status', '=', status!))
      .$if(query.status === 'passed' || query.status === 'failed', (qb) =>
        qb.where('passed', '=', query.status === 'passed' ? 1 : 0),
      )
      .$if(Boolean(search), (qb) => {
        const pattern = `%${escapeLike(search!)}%`;
        return qb.where((eb) =>
          eb.or([
            d.likeAnyCase(sql.ref('question_id'), sql.val(pattern)),
            d.likeAnyCase(sql.ref('response'), sql.val(pattern)),
          ]),
        );
      });
  }

  /**
   * One statement for the page, its filter's count and the mean and spread over the repeats of only the questions on
   * the page (the unique key indexes run_id, question_id), and one for their graders: two round trips to a team store.
   */
  *page(query: ResultsQuery): Q<{ total: number; rows: ResultRow[] }> {
    const { db } = this.q;
    const filtered = this.filtered(query);
    const page = filtered
      .select([
        'id',
        'question_id',
        'repeat_index',
        'status',
        'score',
        'passed',
        'error',
        'latency_ms',
        sql<string | null>`substr(response, 1, ${sql.lit(PREVIEW_CHARS)})`.as('preview'),
        filtered.select((eb) => eb.fn.countAll<number>().as('n')).as('total'),
      ])
      .orderBy(sql.raw(ORDER[query.sort]))
      .limit(query.limit)
      .offset(query.offset);
    const rows: PageRow[] = yield* this.q.all(
      db
        .with('page', () => page)
        .selectFrom('page')
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('question_results')
              .select((e) => [
                'question_id as spread_question',
                e.fn.avg<number | null>('score').as('mean'),
                e.fn.avg<number | null>(sql`score * score`).as('mean_sq'),
                e.fn.count<number>('score').as('n'),
              ])
              .where('run_id', '=', query.runId)
              .where('question_id', 'in', eb.selectFrom('page').select('page.question_id'))
              .groupBy('question_id')
              .as('spread'),
          (join) => join.onRef('spread.spread_question', '=', 'page.question_id'),
        )
        .selectAll('page')
        .select(['spread.mean', 'spread.mean_sq', 'spread.n'])
        // The page's own columns (the spread's question is named apart), in the page's order.
        .orderBy(sql.raw(ORDER[query.sort])),
    );
    if (rows.length === 0) {
      const [total] = yield* this.q.column<number>(filtered.select((eb) => eb.fn.countAll<number>().as('n')));
      return { total: total ?? 0, rows: [] };
    }
    const graders = new Map<number, ResultRow['graders']>();
    for (const row of yield* this.statements.graderScoresOf.all({ ids: JSON.stringify(rows.map((r) => r.id)) })) {
      const list = graders.get(row.result_id) ?? [];
      list.push({ graderId: row.grader_id, status: row.status, score0to5: row.score_0_5 });
      graders.set(row.result_id, list);
    }
    return {
      total: rows[0]!.total ?? 0,
      rows: rows.map((row) => {
        const mean = row.mean;
        const variance = mean === null || row.mean_sq === null ? null : Math.max(0, row.mean_sq - mean * mean);
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
          repeatScored: row.n ?? 0,
        };
      }),
    };
  }
}
