// EEE instance rows → our question results: one per sample (and repeat), its graders from the rows of grader results.
import { questionStatus, type ChatMessage, type GraderResult, type ToolCallRecord } from '../../../../src-shared/model';
import type { NewQuestionResult } from '../../../store/repos/results.repo';
import { scoreQuestion } from '../../scoring/question-score';
import { toZeroFive } from '../../scoring/normalise';
import type { EeeInstance } from './eee-types';
import type { GraderMetric, RunMapping } from './import-run';
import type { ReadEnvelope } from './read-envelope';

type QuestionsInput = Readonly<{
  rows: readonly EeeInstance[];
  /** Grader results by the key rows name them with (evaluation_result_id, else evaluation_name). */
  graders: ReadonlyMap<string, GraderMetric>;
  /** The run's graders in their order (each question lists its graders so). */
  graderOrder: readonly string[];
  /** For our own files: the keys of the coverage row (the question's status) and the composite row (its score). */
  ours: Readonly<{ coverageKey: string; compositeKey: string }> | undefined;
  runId: string;
  passThreshold: number;
  createdAt: number;
}>;

const rowKey = (row: EeeInstance) => row.evaluation_result_id ?? row.evaluation_name;
const ROLES = new Set(['system', 'user', 'assistant']);

/** Tool arguments back from EEE's JSON-encoded strings (a value that is not JSON stays a string). */
function decodeArgs(args: Record<string, string> | null | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args ?? {}).map(([key, value]) => {
      try {
        return [key, JSON.parse(value) as unknown];
      } catch {
        return [key, value];
      }
    }),
  );
}

function conversation(row: EeeInstance): {
  transcript: ChatMessage[];
  response: string | null;
  toolCalls: ToolCallRecord[] | null;
} {
  if (!row.messages) {
    const response = row.output?.raw[0] ?? null;
    return {
      transcript: [
        { role: 'user', content: row.input.raw },
        ...(response !== null ? [{ role: 'assistant' as const, content: response }] : []),
      ],
      response,
      toolCalls: null,
    };
  }
  const results = new Map<string, string | null>();
  for (const message of row.messages)
    for (const id of message.tool_call_id ?? []) results.set(id, message.content ?? null);
  const toolCalls = row.messages
    .flatMap((message) => message.tool_calls ?? [])
    .map((call, seq) => ({
      seq,
      name: call.name,
      server: null,
      args: decodeArgs(call.arguments),
      result: results.get(call.id) ?? null,
      error: false,
    }));
  const transcript = row.messages
    .filter((message) => ROLES.has(message.role) && typeof message.content === 'string')
    .map((message) => ({ role: message.role as ChatMessage['role'], content: message.content as string }));
  const last = [...row.messages]
    .reverse()
    .find((message) => message.role === 'assistant' && typeof message.content === 'string');
  return {
    transcript,
    response: last?.content ?? null,
    toolCalls: row.interaction_type === 'agentic' ? toolCalls : null,
  };
}

function graderResult(row: EeeInstance, metric: GraderMetric): GraderResult {
  const meta = row.metadata ?? {};
  let checks: GraderResult['checks'] = null;
  if (meta.checks_json !== undefined) checks = JSON.parse(meta.checks_json) as GraderResult['checks'];
  const score = row.evaluation.score;
  return {
    graderId: metric.graderId,
    status: 'scored',
    score,
    minScore: metric.min,
    maxScore: metric.max,
    score0to5: toZeroFive(score, metric.min, metric.max),
    reason: meta.reason ?? meta.judge_rationale ?? '',
    checks,
  };
}

/** Graders our exporter listed as skipped or errored on the coverage row (they have no score, so no row of their own). */
function unscoredGraders(row: EeeInstance | undefined): GraderResult[] {
  const text = row?.metadata?.unscored_graders_json;
  if (text === undefined) return [];
  const listed = JSON.parse(text) as {
    graderId: string;
    status: 'skipped' | 'error';
    reason: string;
    minScore: number;
    maxScore: number;
  }[];
  return listed.map((grader) => ({ ...grader, score: null, score0to5: null, checks: null }));
}

const int = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(value));

/** Groups rows by sample and repeat (in file order) and builds one question result per group. */
function questionsFromRows(input: QuestionsInput): NewQuestionResult[] {
  const groups = new Map<string, Map<string, EeeInstance>>();
  const occurrences = new Map<string, number>();
  for (const row of input.rows) {
    // Our rows say their repeat; another tool's repeated samples are told apart by how often a result saw the sample.
    let repeat = Number(row.metadata?.repeat_index ?? NaN);
    if (!Number.isInteger(repeat)) {
      const seen = `${row.sample_id}\u0000${rowKey(row)}`;
      repeat = occurrences.get(seen) ?? 0;
      occurrences.set(seen, repeat + 1);
    }
    const key = `${row.sample_id}\u0000${repeat}`;
    const group = groups.get(key) ?? new Map<string, EeeInstance>();
    group.set(rowKey(row), row);
    groups.set(key, group);
  }
  return [...groups.entries()].map(([key, group]) => {
    const [sampleId = '', repeat = '0'] = key.split('\u0000');
    const coverage = input.ours ? group.get(input.ours.coverageKey) : undefined;
    const base = coverage ?? (group.values().next().value as EeeInstance);
    const graders: GraderResult[] = [];
    const graderRows: EeeInstance[] = [];
    for (const [rowName, row] of group) {
      const metric = input.graders.get(rowName);
      if (metric) {
        graders.push(graderResult(row, metric));
        graderRows.push(row);
      }
    }
    graders.push(...unscoredGraders(coverage));
    const rank = (grader: GraderResult) => {
      const index = input.graderOrder.indexOf(grader.graderId);
      return index < 0 ? input.graderOrder.length : index;
    };
    graders.sort((a, b) => rank(a) - rank(b));
    let { status, score, passed } = scoreQuestion(graders, input.passThreshold);
    if (input.ours) {
      const composite = group.get(input.ours.compositeKey);
      status = questionStatus.parse(coverage?.metadata?.status ?? status);
      score = composite?.evaluation.score ?? null;
      passed = composite ? composite.evaluation.is_correct : null;
    } else if (status === 'scored') passed = graderRows.every((row) => row.evaluation.is_correct);
    const { transcript, response, toolCalls } = conversation(base);
    const meta = base.metadata ?? {};
    const cost = base.performance?.additional_details?.cost_usd;
    return {
      runId: input.runId,
      questionId: sampleId,
      repeatIndex: Number(repeat),
      status,
      score,
      passed,
      response,
      transcript,
      toolCalls,
      error: base.error ?? null,
      attempts: Number(meta.attempts ?? 1),
      latencyMs: int(base.performance?.latency_ms),
      inputTokens: base.token_usage?.input_tokens ?? null,
      outputTokens: base.token_usage?.output_tokens ?? null,
      costUsd: cost !== undefined && Number.isFinite(Number(cost)) ? Number(cost) : null,
      finishReason: meta.finish_reason ?? null,
      createdAt: input.createdAt,
      graders,
      judgeCalls: [],
    };
  });
}

/** The question results of one read EEE file, as rows of run `runId`. */
export function envelopeQuestions(
  envelope: ReadEnvelope,
  mapping: RunMapping,
  runId: string,
  passThreshold: number,
): NewQuestionResult[] {
  return questionsFromRows({
    rows: envelope.samples?.rows ?? [],
    graders: mapping.graders,
    graderOrder: mapping.identity.graders,
    ours: mapping.keys,
    runId,
    passThreshold,
    createdAt: mapping.finishedAt,
  });
}
