// The review_items row (joined with its label) and its mapper into the ReviewItem DTO.
import type { LabelVerdict, ReviewItem, TraceToolCall } from '../../../src-shared/model';
import type { Row } from '../sql/schema';

export type ReviewItemRow = Omit<Row<'review_items'>, 'imported_at' | 'tags_json'> & {
  label_verdict: LabelVerdict | null;
  label_tags_json: string | null;
};

/** The columns a review item is read with, its label's verdict and tags joined (as `l`). */
export const ITEM_COLUMNS = `ri.id, ri.trace_id, ri.span_id, ri.conversation_id, ri.agent_run_id, ri.group_key, ri.model, ri.provider,
  ri.convention, ri.input_text, ri.output_text, ri.tool_calls_json, ri.llm_calls, ri.input_tokens, ri.output_tokens, ri.finish_reason,
  ri.truncated, ri.captured, ri.status, ri.status_message, ri.flags_json, ri.started_at, ri.latency_ms,
  l.verdict AS label_verdict, l.tags_json AS label_tags_json`;

export const toReviewItem = (r: ReviewItemRow): ReviewItem => ({
  id: r.id,
  traceId: r.trace_id,
  spanId: r.span_id,
  conversationId: r.conversation_id,
  agentRunId: r.agent_run_id,
  groupKey: r.group_key,
  model: r.model,
  provider: r.provider,
  convention: r.convention,
  inputText: r.input_text,
  outputText: r.output_text,
  toolCalls: JSON.parse(r.tool_calls_json) as TraceToolCall[],
  llmCalls: r.llm_calls,
  inputTokens: r.input_tokens,
  outputTokens: r.output_tokens,
  finishReason: r.finish_reason,
  truncated: r.truncated === 1,
  captured: r.captured === 1,
  status: r.status,
  statusMessage: r.status_message,
  flags: JSON.parse(r.flags_json) as string[],
  startedAt: r.started_at,
  latencyMs: r.latency_ms,
  verdict: r.label_verdict,
  labelTags: r.label_tags_json ? (JSON.parse(r.label_tags_json) as string[]) : [],
});
