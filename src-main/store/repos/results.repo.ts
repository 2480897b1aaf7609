// Question results with their grader scores and judge calls, as read back: tallies, one result, a run in batches.
import type {
  CallMetrics,
  ChatMessage,
  GraderResult,
  JudgeCall,
  QuestionStatus,
  ResultDetail,
  ToolCallRecord,
} from '../../../src-shared/model';
import type { Tally } from '../../../src-shared/model/tally';
import type { Db } from '../db';
import type { JudgeCallsRow } from './judge-calls-row';
import { ResultInserts, type NewQuestionResult } from './result-inserts';

export type { NewQuestionResult } from './result-inserts';

export type GraderScoreCount = Readonly<{ score: number; minScore: number; maxScore: number; n: number }>;

/** A question's scored repeats in a run: how many, how many passed, their scores' sum (adaptive repeats). */
export type QuestionPasses = Readonly<{ questionId: string; trials: number; passes: number; scoreSum: number }>;

type ResultRowDb = {
  id: number;
  run_id: string;
  question_id: string;
  repeat_index: number;
  status: QuestionStatus;
  score: number | null;
  passed: number | null;
  response: string | null;
  transcript_json: string;
  tool_calls_json: string | null;
  error: string | null;
  attempts: number;
  latency_ms: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cost_usd: number | null;
  finish_reason: string | null;
  metrics_json: string | null;
  created_at: number;
};
type GraderRowDb = {
  result_id: number;
  grader_id: string;
  status: GraderResult['status'];
  score: number | null;
  min_score: number;
  max_score: number;
  score_0_5: number | null;
  reason: string;
  checks_json: string | null;
};
/** Judge calls are read by their result, so each has one. */
type JudgeRowDb = JudgeCallsRow & { result_id: number };

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

export class ResultsRepo {
  private readonly inserts: ResultInserts;
  private readonly selectTally;
  private readonly selectKeys;
  private readonly selectScoreCounts;
  private readonly selectQuestionPasses;
  private readonly selectOne;
  private readonly selectBatch;
  private readonly gradersOf;
  private readonly judgeCallsOf;

  constructor(db: Db) {
    this.inserts = new ResultInserts(db);
    this.selectTally = db.prepare<{ runId: string; only: string | null }, Tally>(
      `SELECT coalesce(sum(status = 'scored'), 0) AS scored, coalesce(sum(status = 'unscored'), 0) AS unscored,
              coalesce(sum(status = 'degraded'), 0) AS degraded, coalesce(sum(passed = 1), 0) AS passed,
              coalesce(sum(status = 'degraded' AND response IS NULL), 0) AS errors,
              coalesce(sum(CASE WHEN status = 'scored' THEN score END), 0) AS scoreSum
       FROM question_results
       WHERE run_id = @runId AND (@only IS NULL OR question_id IN (SELECT value FROM json_each(@only)))`,
    );
    this.selectKeys = db
      .prepare<{ runId: string }, [string, number]>(
        'SELECT question_id, repeat_index FROM question_results WHERE run_id = @runId',
      )
      .raw();
    this.selectScoreCounts = db.prepare<{ runId: string; graderId: string; excluded: string }, GraderScoreCount>(
      `SELECT g.score AS score, g.min_score AS minScore, g.max_score AS maxScore, count(*) AS n
       FROM grader_results g JOIN question_results q ON q.id = g.result_id
       WHERE q.run_id = @runId AND g.grader_id = @graderId AND g.status = 'scored'
         AND q.question_id NOT IN (SELECT value FROM json_each(@excluded))
       GROUP BY g.score, g.min_score, g.max_score`,
    );
    this.selectQuestionPasses = db.prepare<{ runId: string }, QuestionPasses>(
      `SELECT question_id AS questionId, count(*) AS trials, coalesce(sum(passed = 1), 0) AS passes,
              coalesce(sum(score), 0) AS scoreSum
       FROM question_results WHERE run_id = @runId AND status = 'scored' GROUP BY question_id ORDER BY question_id`,
    );
    this.selectOne = db.prepare<{ id: number }, ResultRowDb>('SELECT * FROM question_results WHERE id = @id');
    this.selectBatch = db.prepare<{ runId: string; afterId: number; limit: number }, ResultRowDb>(
      'SELECT * FROM question_results WHERE run_id = @runId AND id > @afterId ORDER BY id LIMIT @limit',
    );
    // The ids of a page travel as one JSON array parameter, expanded by json_each: one statement for any page size.
    this.gradersOf = db.prepare<{ ids: string }, GraderRowDb>(
      'SELECT * FROM grader_results WHERE result_id IN (SELECT value FROM json_each(@ids)) ORDER BY result_id, id',
    );
    this.judgeCallsOf = db.prepare<{ ids: string }, JudgeRowDb>(
      'SELECT * FROM judge_calls WHERE result_id IN (SELECT value FROM json_each(@ids)) ORDER BY result_id, id',
    );
  }

  /** Writes one finished question (result, graders, tool calls, judge calls) atomically; returns its id (result-inserts.ts). */
  insert(result: NewQuestionResult): number {
    return this.inserts.insertMany([result])[0]!;
  }

  /** Writes finished questions in one transaction (all or none); returns their ids in order. */
  insertMany(results: readonly NewQuestionResult[]): number[] {
    return this.inserts.insertMany(results);
  }

  /** The run's totals; with `only`, of those questions alone (a quarantine's share of the run). */
  tally(runId: string, only?: readonly string[]): Tally {
    return (
      this.selectTally.get({ runId, only: only ? JSON.stringify(only) : null }) ?? {
        scored: 0,
        unscored: 0,
        degraded: 0,
        passed: 0,
        errors: 0,
        scoreSum: 0,
      }
    );
  }

  /** [question_id, repeat_index] of every stored result of a run: what `--resume` skips. */
  doneKeys(runId: string): [string, number][] {
    return this.selectKeys.all({ runId });
  }

  /**
   * How often a grader gave each score in a run (judges give few distinct scores): the judge's pass count without
   * loading rows; `excluded` questions (quarantined) are left out.
   */
  graderScoreCounts(runId: string, graderId: string, excluded: readonly string[] = []): GraderScoreCount[] {
    return this.selectScoreCounts.all({ runId, graderId, excluded: JSON.stringify(excluded) });
  }

  /** Per question of a run, its scored repeats: where an adaptive run's stop starts on resume, what its gate weighs. */
  questionPasses(runId: string): QuestionPasses[] {
    return this.selectQuestionPasses.all({ runId });
  }

  get(resultId: number): ResultDetail | undefined {
    const row = this.selectOne.get({ id: resultId });
    return row ? this.withChildren([row], true)[0] : undefined;
  }

  /** Up to `limit` results after `afterId`, in id order: streams a whole run (export, regrade) in flat memory. */
  batch(runId: string, afterId: number, limit: number, withJudgeCalls = false): ResultDetail[] {
    return this.withChildren(this.selectBatch.all({ runId, afterId, limit }), withJudgeCalls);
  }

  private withChildren(rows: readonly ResultRowDb[], withJudgeCalls: boolean): ResultDetail[] {
    if (rows.length === 0) return [];
    const ids = JSON.stringify(rows.map((row) => row.id));
    const graders = groupBy(this.gradersOf.all({ ids }), (row) => row.result_id);
    const judgeCalls = withJudgeCalls
      ? groupBy(this.judgeCallsOf.all({ ids }), (row) => row.result_id)
      : new Map<number, JudgeRowDb[]>();
    return rows.map((row) =>
      toDetail(row, (graders.get(row.id) ?? []).map(toGrader), (judgeCalls.get(row.id) ?? []).map(toJudgeCall)),
    );
  }
}
