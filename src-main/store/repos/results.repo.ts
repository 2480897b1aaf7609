// Question results with their grader scores, tool calls and judge calls: the transactional write and the reads.
import type {
  CallMetrics,
  ChatMessage,
  GraderResult,
  JudgeCall,
  QuestionStatus,
  ResultDetail,
  ToolCallRecord,
} from '../../../src-shared/model';
import type { Db } from '../db';

/** Everything one finished question produced, written in one transaction. */
export type NewQuestionResult = Readonly<{
  runId: string;
  questionId: string;
  repeatIndex: number;
  status: QuestionStatus;
  score: number | null;
  passed: boolean | null;
  /** Null when the target call failed. */
  response: string | null;
  transcript: readonly ChatMessage[];
  /** Null when no record exists (chat mode); an empty list when the agent called nothing. */
  toolCalls: readonly ToolCallRecord[] | null;
  error: string | null;
  attempts: number;
  latencyMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  finishReason: string | null;
  /** Ollama's counters and durations of the target call. */
  metrics?: CallMetrics | null;
  createdAt: number;
  graders: readonly GraderResult[];
  judgeCalls: readonly Omit<JudgeCall, 'id'>[];
}>;

/** The SQL side of scoring's Tally (same fields), so resume and the verdict read what was stored. */
export type StoredTally = {
  scored: number;
  unscored: number;
  degraded: number;
  passed: number;
  errors: number;
  scoreSum: number;
};

export type GraderScoreCount = Readonly<{ score: number; minScore: number; maxScore: number; n: number }>;

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
type JudgeRowDb = {
  id: number;
  result_id: number;
  grader_id: string;
  provider: string;
  model: string;
  template_version: string;
  prompt: string;
  response_seen: string;
  raw_answer: string | null;
  score: number | null;
  reason: string | null;
  error: string | null;
  settings_json: string | null;
  latency_ms: number | null;
  metrics_json: string | null;
};

const bool = (value: number | null) => (value === null ? null : value === 1);
const bit = (value: boolean | null) => (value === null ? null : value ? 1 : 0);

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
const metricsJson = (metrics: CallMetrics | null | undefined): string | null =>
  metrics ? JSON.stringify(metrics) : null;

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
  private readonly write: (results: readonly NewQuestionResult[]) => number[];
  private readonly selectTally;
  private readonly selectKeys;
  private readonly selectScoreCounts;
  private readonly selectOne;
  private readonly selectBatch;
  private readonly gradersOf;
  private readonly judgeCallsOf;

  constructor(db: Db) {
    const insertResult = db.prepare(
      `INSERT INTO question_results (run_id, question_id, repeat_index, status, score, passed, response, transcript_json, tool_calls_json,
         error, attempts, latency_ms, input_tokens, output_tokens, cost_usd, finish_reason, metrics_json, created_at)
       VALUES (@runId, @questionId, @repeatIndex, @status, @score, @passed, @response, @transcriptJson, @toolCallsJson,
         @error, @attempts, @latencyMs, @inputTokens, @outputTokens, @costUsd, @finishReason, @metricsJson, @createdAt)`,
    );
    const insertGrader = db.prepare(
      `INSERT INTO grader_results (result_id, grader_id, status, score, min_score, max_score, score_0_5, reason, checks_json)
       VALUES (@resultId, @graderId, @status, @score, @minScore, @maxScore, @score0to5, @reason, @checksJson)`,
    );
    const insertToolCall = db.prepare(
      `INSERT INTO tool_calls (result_id, seq, server, name, args_json, result, is_error, result_original_chars)
       VALUES (@resultId, @seq, @server, @name, @argsJson, @result, @isError, @resultOriginalChars)`,
    );
    const insertJudgeCall = db.prepare(
      `INSERT INTO judge_calls (run_id, result_id, question_id, grader_id, provider, model, template_version, prompt, response_seen,
         raw_answer, score, reason, error, settings_json, latency_ms, metrics_json, created_at)
       VALUES (@runId, @resultId, @questionId, @graderId, @provider, @model, @templateVersion, @prompt, @responseSeen,
         @rawAnswer, @score, @reason, @error, @settingsJson, @latencyMs, @metricsJson, @createdAt)`,
    );
    const releaseAnswer = db.prepare(
      'DELETE FROM answered_questions WHERE run_id = @runId AND question_id = @questionId AND repeat_index = @repeatIndex',
    );
    const writeOne = (result: NewQuestionResult): number => {
      releaseAnswer.run({ runId: result.runId, questionId: result.questionId, repeatIndex: result.repeatIndex });
      const resultId = Number(
        insertResult.run({
          runId: result.runId,
          questionId: result.questionId,
          repeatIndex: result.repeatIndex,
          status: result.status,
          score: result.score,
          passed: bit(result.passed),
          response: result.response,
          transcriptJson: JSON.stringify(result.transcript),
          toolCallsJson: result.toolCalls === null ? null : JSON.stringify(result.toolCalls),
          error: result.error,
          attempts: result.attempts,
          latencyMs: result.latencyMs,
          inputTokens: result.inputTokens,
          outputTokens: result.outputTokens,
          costUsd: result.costUsd,
          finishReason: result.finishReason,
          metricsJson: metricsJson(result.metrics),
          createdAt: result.createdAt,
        }).lastInsertRowid,
      );
      for (const { checks, ...grader } of result.graders) {
        insertGrader.run({ ...grader, resultId, checksJson: checks === null ? null : JSON.stringify(checks) });
      }
      for (const call of result.toolCalls ?? []) {
        insertToolCall.run({
          resultId,
          seq: call.seq,
          server: call.server,
          name: call.name,
          argsJson: JSON.stringify(call.args),
          result: call.result,
          isError: call.error ? 1 : 0,
          resultOriginalChars: call.resultCut?.originalChars ?? null,
        });
      }
      for (const { settings, metrics, ...call } of result.judgeCalls) {
        insertJudgeCall.run({
          ...call,
          metricsJson: metricsJson(metrics),
          runId: result.runId,
          resultId,
          questionId: result.questionId,
          settingsJson: settings === null ? null : JSON.stringify(settings),
          createdAt: result.createdAt,
        });
      }
      return resultId;
    };
    // A question's rows are written together in one transaction: a crash leaves either the whole question or none
    // of it, and the UNIQUE (run_id, question_id, repeat_index) key makes a second write of it fail loudly. Questions
    // that finish together share a transaction: each commit appends whole pages to the WAL, so one commit per
    // question would cost far more than the rows themselves.
    this.write = db.transaction((results: readonly NewQuestionResult[]): number[] => results.map(writeOne));
    this.selectTally = db.prepare<{ runId: string }, StoredTally>(
      `SELECT coalesce(sum(status = 'scored'), 0) AS scored, coalesce(sum(status = 'unscored'), 0) AS unscored,
              coalesce(sum(status = 'degraded'), 0) AS degraded, coalesce(sum(passed = 1), 0) AS passed,
              coalesce(sum(status = 'degraded' AND response IS NULL), 0) AS errors,
              coalesce(sum(CASE WHEN status = 'scored' THEN score END), 0) AS scoreSum
       FROM question_results WHERE run_id = @runId`,
    );
    this.selectKeys = db
      .prepare<{ runId: string }, [string, number]>(
        'SELECT question_id, repeat_index FROM question_results WHERE run_id = @runId',
      )
      .raw();
    this.selectScoreCounts = db.prepare<{ runId: string; graderId: string }, GraderScoreCount>(
      `SELECT g.score AS score, g.min_score AS minScore, g.max_score AS maxScore, count(*) AS n
       FROM grader_results g JOIN question_results q ON q.id = g.result_id
       WHERE q.run_id = @runId AND g.grader_id = @graderId AND g.status = 'scored' GROUP BY g.score, g.min_score, g.max_score`,
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

  /** Writes one finished question (result, graders, tool calls, judge calls) atomically; returns its id. */
  insert(result: NewQuestionResult): number {
    return this.write([result])[0]!;
  }

  /** Writes finished questions in one transaction (all or none); returns their ids in order. */
  insertMany(results: readonly NewQuestionResult[]): number[] {
    return this.write(results);
  }

  tally(runId: string): StoredTally {
    return (
      this.selectTally.get({ runId }) ?? { scored: 0, unscored: 0, degraded: 0, passed: 0, errors: 0, scoreSum: 0 }
    );
  }

  /** [question_id, repeat_index] of every stored result of a run: what `--resume` skips. */
  doneKeys(runId: string): [string, number][] {
    return this.selectKeys.all({ runId });
  }

  /** How often a grader gave each score in a run (judges give few distinct scores): the judge's pass count without loading rows. */
  graderScoreCounts(runId: string, graderId: string): GraderScoreCount[] {
    return this.selectScoreCounts.all({ runId, graderId });
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
