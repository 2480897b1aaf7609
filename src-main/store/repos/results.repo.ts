// Question results with their grader scores and judge calls, as read back: tallies, one result, a run in batches.
import type {
  CallMetrics,
  ChatMessage,
  GraderResult,
  JudgeCall,
  ResultDetail,
  ToolCallRecord,
} from '../../../src-shared/model';
import type { Tally } from '../../../src-shared/model/tally';
import { sql } from 'kysely';
import type { Q } from '../sql/query';
import type { Queries } from '../sql/statement';
import type { StoreContext } from '../store-context';
import type { Row } from '../sql/schema';
import { ResultArrays } from './result-arrays';
import { ResultInserts, type NewQuestionResult, type ResultWriterOf } from './result-inserts';

export type { NewQuestionResult } from './result-inserts';

export type GraderScoreCount = Readonly<{ score: number; minScore: number; maxScore: number; n: number }>;

/** A question's scored repeats in a run: how many, how many passed, their scores' sum (adaptive repeats). */
export type QuestionPasses = Readonly<{ questionId: string; trials: number; passes: number; scoreSum: number }>;

type ResultRowDb = Row<'question_results'>;
type GraderRowDb = Omit<Row<'grader_results'>, 'id'>;
/** Judge calls are read by their result, so each has one. */
type JudgeRowDb = Row<'judge_calls'> & { result_id: number };

const bool = (value: number | null) => (value === null ? null : value === 1);

const toGrader = (row: GraderRowDb): GraderResult => ({
  graderId: row.grader_id,
  status: row.status,
  score: row.score,
  minScore: row.min_score,
  maxScore: row.max_score,
  score0to5: row.score_0_5,
  reason: row.reason,
  checks: row.checks_json === null ? null : (JSON.parse(row.checks_json) as GraderResult['checks']),
});

const toJudgeCall = (row: JudgeRowDb): JudgeCall => ({
  id: row.id,
  graderId: row.grader_id,
  provider: row.provider,
  model: row.model,
  templateVersion: row.template_version,
  prompt: row.prompt,
  responseSeen: row.response_seen,
  rawAnswer: row.raw_answer,
  score: row.score,
  reason: row.reason,
  error: row.error,
  settings: row.settings_json === null ? null : (JSON.parse(row.settings_json) as Record<string, unknown>),
  latencyMs: row.latency_ms,
  metrics: metricsOf(row.metrics_json),
});

const metricsOf = (json: string | null): CallMetrics | null =>
  json === null ? null : (JSON.parse(json) as CallMetrics);

function toDetail(row: ResultRowDb, graders: GraderResult[], judgeCalls: JudgeCall[]): ResultDetail {
  return {
    id: row.id,
    runId: row.run_id,
    questionId: row.question_id,
    repeatIndex: row.repeat_index,
    status: row.status,
    score: row.score,
    passed: bool(row.passed),
    response: row.response,
    transcript: JSON.parse(row.transcript_json) as ChatMessage[],
    toolCalls: row.tool_calls_json === null ? null : (JSON.parse(row.tool_calls_json) as ToolCallRecord[]),
    error: row.error,
    attempts: row.attempts,
    latencyMs: row.latency_ms,
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
    costUsd: row.cost_usd,
    finishReason: row.finish_reason,
    metrics: metricsOf(row.metrics_json),
    createdAt: row.created_at,
    graders,
    judgeCalls,
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const NO_RESULTS: Tally = { scored: 0, unscored: 0, degraded: 0, passed: 0, errors: 0, scoreSum: 0 };

function prepareStatements(q: Queries) {
  const { db, dialect: d } = q;
  const tally = (a: { runId: string }) =>
    db
      .selectFrom('question_results')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('status', '=', 'scored').as('scored'),
        eb.fn.countAll<number>().filterWhere('status', '=', 'unscored').as('unscored'),
        eb.fn.countAll<number>().filterWhere('status', '=', 'degraded').as('degraded'),
        eb.fn.countAll<number>().filterWhere('passed', '=', 1).as('passed'),
        eb.fn
          .countAll<number>()
          .filterWhere((f) => f.and([f('status', '=', 'degraded'), f('response', 'is', null)]))
          .as('errors'),
        // Summed in the order the results were written, as the engine and an import sum them: PostgreSQL would
        // otherwise add in its index's order, and the run and its round-tripped copy differ in the last digit.
        eb.fn
          .coalesce(eb.fn.sum<number>('score').orderBy('id').filterWhere('status', '=', 'scored'), eb.lit(0))
          .as('scoreSum'),
      ])
      .where('run_id', '=', a.runId);
  return {
    selectTally: q.prepare(tally),
    // The questions travel as one JSON array parameter, expanded in SQL: one statement for any number of them.
    selectTallyOf: q.prepare((a: { runId: string; only: string }) =>
      tally(a).where('question_id', 'in', d.jsonValues(sql.val(a.only), 'text')),
    ),
    selectKeys: q.prepare((a: { runId: string }) =>
      db.selectFrom('question_results').select(['question_id', 'repeat_index']).where('run_id', '=', a.runId),
    ),
    selectScoreCounts: q.prepare((a: { runId: string; graderId: string; excluded: string }) =>
      db
        .selectFrom('grader_results as g')
        .innerJoin('question_results as q', 'q.id', 'g.result_id')
        .select((eb) => [
          'g.score as score',
          'g.min_score as minScore',
          'g.max_score as maxScore',
          eb.fn.countAll<number>().as('n'),
        ])
        .where('q.run_id', '=', a.runId)
        .where('g.grader_id', '=', a.graderId)
        .where('g.status', '=', 'scored')
        .where('q.question_id', 'not in', d.jsonValues(sql.val(a.excluded), 'text'))
        .groupBy(['g.score', 'g.min_score', 'g.max_score']),
    ),
    selectQuestionPasses: q.prepare((a: { runId: string }) =>
      db
        .selectFrom('question_results')
        .select((eb) => [
          'question_id as questionId',
          eb.fn.countAll<number>().as('trials'),
          eb.fn.countAll<number>().filterWhere('passed', '=', 1).as('passes'),
          eb.fn.coalesce(eb.fn.sum<number>('score'), eb.lit(0)).as('scoreSum'),
        ])
        .where('run_id', '=', a.runId)
        .where('status', '=', 'scored')
        .groupBy('question_id')
        .orderBy('question_id'),
    ),
    selectOne: q.prepare((a: { id: number }) => db.selectFrom('question_results').selectAll().where('id', '=', a.id)),
    selectBatch: q.prepare((a: { runId: string; afterId: number; limit: number }) =>
      db
        .selectFrom('question_results')
        .selectAll()
        .where('run_id', '=', a.runId)
        .where('id', '>', a.afterId)
        .orderBy('id')
        .limit(a.limit),
    ),
    gradersOf: q.prepare((a: { ids: string }) =>
      db
        .selectFrom('grader_results')
        .selectAll()
        .where('result_id', 'in', d.jsonValues(sql.val(a.ids), 'int'))
        .orderBy('result_id')
        .orderBy('id'),
    ),
    judgeCallsOf: q.prepare((a: { ids: string }) =>
      db
        .selectFrom('judge_calls')
        .selectAll()
        .where('result_id', 'in', d.jsonValues(sql.val(a.ids), 'int'))
        .orderBy('result_id')
        .orderBy('id'),
    ),
  };
}

export class ResultsRepo {
  private readonly inserts: ResultWriterOf;
  private readonly statements;

  constructor(context: StoreContext) {
    const { q } = context;
    // One statement a row in-process; over a network, a statement a table of the batch.
    this.inserts = q.dialect.name === 'sqlite' ? new ResultInserts(context) : new ResultArrays(context);
    this.statements = prepareStatements(q);
  }

  /** Writes one finished question (result, graders, tool calls, judge calls) atomically; returns its id (result-inserts.ts). */
  *insert(result: NewQuestionResult): Q<number> {
    return (yield* this.inserts.insertMany([result]))[0]!;
  }

  /** Writes finished questions in one transaction (all or none); returns their ids in order. */
  insertMany(results: readonly NewQuestionResult[]): Q<number[]> {
    return this.inserts.insertMany(results);
  }

  /** The run's totals; with `only`, of those questions alone (a quarantine's share of the run). */
  *tally(runId: string, only?: readonly string[]): Q<Tally> {
    const row = only
      ? yield* this.statements.selectTallyOf.first({ runId, only: JSON.stringify(only) })
      : yield* this.statements.selectTally.first({ runId });
    return row ?? NO_RESULTS;
  }

  /** [question_id, repeat_index] of every stored result of a run: what `--resume` skips. */
  doneKeys(runId: string): Q<[string, number][]> {
    return this.statements.selectKeys.arrays<[string, number]>({ runId });
  }

  /**
   * How often a grader gave each score in a run (judges give few distinct scores): the judge's pass count without
   * loading rows; `excluded` questions (quarantined) are left out.
   */
  graderScoreCounts(runId: string, graderId: string, excluded: readonly string[] = []): Q<GraderScoreCount[]> {
    return this.statements.selectScoreCounts.all({ runId, graderId, excluded: JSON.stringify(excluded) }) as Q<
      GraderScoreCount[]
    >;
  }

  /** Per question of a run, its scored repeats: where an adaptive run's stop starts on resume, what its gate weighs. */
  questionPasses(runId: string): Q<QuestionPasses[]> {
    return this.statements.selectQuestionPasses.all({ runId });
  }

  *get(resultId: number): Q<ResultDetail | undefined> {
    const row = yield* this.statements.selectOne.first({ id: resultId });
    return row ? (yield* this.withChildren([row], true))[0] : undefined;
  }

  /** Up to `limit` results after `afterId`, in id order: streams a whole run (export, regrade) in flat memory. */
  *batch(runId: string, afterId: number, limit: number, withJudgeCalls = false): Q<ResultDetail[]> {
    return yield* this.withChildren(yield* this.statements.selectBatch.all({ runId, afterId, limit }), withJudgeCalls);
  }

  private *withChildren(rows: readonly ResultRowDb[], withJudgeCalls: boolean): Q<ResultDetail[]> {
    if (rows.length === 0) return [];
    const ids = JSON.stringify(rows.map((row) => row.id));
    const graders = groupBy(yield* this.statements.gradersOf.all({ ids }), (row) => row.result_id);
    const judgeCalls = withJudgeCalls
      ? groupBy((yield* this.statements.judgeCallsOf.all({ ids })) as JudgeRowDb[], (row) => row.result_id)
      : new Map<number, JudgeRowDb[]>();
    return rows.map((row) =>
      toDetail(row, (graders.get(row.id) ?? []).map(toGrader), (judgeCalls.get(row.id) ?? []).map(toJudgeCall)),
    );
  }
}
