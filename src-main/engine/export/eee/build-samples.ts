// One question result → its EEE instance rows: coverage (every question), composite (scored ones), one per scored grader.
import { createHash } from 'node:crypto';
import {
  GRADER_CATALOG,
  type GraderId,
  type Question,
  type ResultDetail,
  type ToolCallRecord,
} from '../../../../src-shared/model';
import { EEE_SCHEMA_VERSION, type EeeInstance, type EeeMessage, type StringMap } from './eee-types';
import { resultIdOf } from './eee-names';

export type SampleContext = Readonly<{
  evaluationId: string;
  modelId: string;
  datasetId: string;
  passThreshold: number;
  /** The questions the gate left out (the target's quarantine): their rows say `quarantined: "true"`. */
  quarantined: ReadonlySet<string>;
  /** The dataset question, when the workspace still has it: its reference answer and tags. */
  question: Question | undefined;
}>;

/** Python's json.dumps(ensure_ascii=True): every non-ASCII character as a \\uXXXX escape. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** EEE's recipe: sha256 of json.dumps({"raw", "reference"}, sort_keys=True, separators=(",", ":")). */
export const sampleHash = (raw: string, reference: readonly string[]) =>
  createHash('sha256').update(asciiJson({ raw, reference })).digest('hex');

const referenceOf = (question: Question | undefined): string[] =>
  question?.expected?.reference !== undefined ? [question.expected.reference] : [...(question?.expected_facts ?? [])];

/** Tool arguments as EEE wants them: every value JSON-encoded into a string. */
const encodeArgs = (args: Record<string, unknown>): StringMap =>
  Object.fromEntries(Object.entries(args).map(([key, value]) => [key, JSON.stringify(value) ?? 'null']));

type Shape = Pick<EeeInstance, 'interaction_type' | 'output' | 'messages' | 'answer_attribution'>;

/** single_turn when one question and one answer; multi_turn for conversations; agentic when tools were called. */
function shapeOf(result: ResultDetail): Shape {
  const turns = result.transcript.filter(
    (turn, index, all) => !(index === all.length - 1 && turn.role === 'assistant' && result.response !== null),
  );
  const toolCalls: readonly ToolCallRecord[] = result.toolCalls ?? [];
  const attribution = (turnIdx: number, source: string) =>
    result.response === null
      ? []
      : [
          {
            turn_idx: turnIdx,
            source,
            extracted_value: result.response,
            extraction_method: 'custom',
            is_terminal: true,
          },
        ];
  if (toolCalls.length === 0 && turns.length <= 1) {
    return {
      interaction_type: 'single_turn',
      output: { raw: result.response === null ? [] : [result.response] },
      answer_attribution: attribution(0, 'output.raw'),
    };
  }
  const messages: EeeMessage[] = turns.map((turn, index) => ({
    turn_idx: index,
    role: turn.role,
    content: turn.content,
  }));
  if (toolCalls.length > 0) {
    const ids = toolCalls.map((call) => `call_${call.seq}`);
    messages.push({
      turn_idx: messages.length,
      role: 'assistant',
      content: null,
      tool_calls: toolCalls.map((call, i) => ({
        id: ids[i] as string,
        name: call.name,
        arguments: encodeArgs(call.args),
      })),
    });
    toolCalls.forEach((call, i) =>
      messages.push({
        turn_idx: messages.length,
        role: 'tool',
        content: call.result,
        tool_call_id: [ids[i] as string],
      }),
    );
  }
  if (result.response !== null)
    messages.push({ turn_idx: messages.length, role: 'assistant', content: result.response });
  const last = messages.length - 1;
  return {
    interaction_type: toolCalls.length > 0 ? 'agentic' : 'multi_turn',
    messages,
    answer_attribution: attribution(last, `messages[${last}].content`),
  };
}

/** The rows of one question result; rows never carry a score for a question that was not scored. */
export function buildSamples(result: ResultDetail, context: SampleContext): EeeInstance[] {
  const { interaction_type, output, messages, answer_attribution } = shapeOf(result);
  const lastUser = [...result.transcript].reverse().find((turn) => turn.role === 'user');
  const raw = lastUser?.content ?? '';
  const reference = referenceOf(context.question);
  const common = (key: string) => ({
    schema_version: EEE_SCHEMA_VERSION,
    evaluation_id: context.evaluationId,
    model_id: context.modelId,
    evaluation_name: resultIdOf(context.datasetId, key),
    evaluation_result_id: resultIdOf(context.datasetId, key),
    sample_id: result.questionId,
    sample_hash: sampleHash(raw, reference),
    interaction_type,
    input: { raw, reference },
    ...(output ? { output } : { messages }),
    ...(result.inputTokens !== null && result.outputTokens !== null
      ? {
          token_usage: {
            input_tokens: result.inputTokens,
            output_tokens: result.outputTokens,
            total_tokens: result.inputTokens + result.outputTokens,
          },
        }
      : {}),
    ...(result.latencyMs !== null || result.costUsd !== null
      ? {
          performance: {
            latency_ms: result.latencyMs,
            ...(result.costUsd !== null ? { additional_details: { cost_usd: String(result.costUsd) } } : {}),
          },
        }
      : {}),
    ...(result.error !== null ? { error: result.error } : {}),
  });
  const meta = (extra: StringMap): StringMap => ({
    repeat_index: String(result.repeatIndex),
    pass_threshold: String(context.passThreshold),
    ...(context.quarantined.has(result.questionId) ? { quarantined: 'true' } : {}),
    ...extra,
  });
  const counts = messages ? { num_turns: messages.length, tool_calls_count: result.toolCalls?.length ?? 0 } : {};
  const unscored = result.graders
    .filter((grader) => grader.status !== 'scored')
    .map(({ graderId, status, reason, minScore, maxScore }) => ({ graderId, status, reason, minScore, maxScore }));
  const rows: EeeInstance[] = [
    {
      ...common('coverage'),
      answer_attribution,
      evaluation: { score: result.status === 'scored' ? 1 : 0, is_correct: result.status === 'scored', ...counts },
      metadata: meta({
        status: result.status,
        attempts: String(result.attempts),
        ...(result.finishReason !== null ? { finish_reason: result.finishReason } : {}),
        ...(context.question?.tags?.length ? { tags: context.question.tags.join(',') } : {}),
        ...(unscored.length > 0 ? { unscored_graders_json: JSON.stringify(unscored) } : {}),
      }),
    },
  ];
  if (result.status === 'scored' && result.score !== null) {
    rows.push({
      ...common('composite'),
      answer_attribution,
      evaluation: { score: result.score, is_correct: result.passed === true, ...counts },
      metadata: meta({ status: result.status }),
    });
  }
  for (const grader of result.graders) {
    if (grader.status !== 'scored' || grader.score === null) continue;
    const isJudge = GRADER_CATALOG[grader.graderId as GraderId]?.kind === 'llm_judge';
    rows.push({
      ...common(grader.graderId),
      answer_attribution: answer_attribution.map((item) => ({
        ...item,
        extraction_method: isJudge ? 'llm_judge' : 'custom',
      })),
      evaluation: { score: grader.score, is_correct: (grader.score0to5 ?? 0) >= context.passThreshold, ...counts },
      metadata: meta({
        reason: grader.reason,
        ...(grader.score0to5 !== null ? { score_0_5: String(grader.score0to5) } : {}),
        ...(grader.checks ? { checks_json: JSON.stringify(grader.checks) } : {}),
      }),
    });
  }
  return rows;
}
