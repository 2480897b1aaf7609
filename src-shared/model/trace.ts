// Imported production traces as the review queue sees them: review items, groups, filters, imports (docs/traces.md).
import { z } from 'zod';
import { boolean, int, nullableInt, nullableNumber, nullableString, number, optionalString, string } from './fields';
import { labelVerdict } from './label';

export const traceRole = z.enum(['system', 'user', 'assistant', 'tool']);
export type TraceRole = z.infer<typeof traceRole>;

/** A tool call the model asked for, joined to its result when the trace recorded one. */
export const traceToolCall = z.object({
  id: nullableString,
  name: string,
  /** Parsed JSON arguments when they parse, else the raw text. */
  arguments: z.unknown(),
  result: nullableString,
  error: boolean,
});
export type TraceToolCall = z.infer<typeof traceToolCall>;

export const traceMessage = z.object({
  role: traceRole,
  content: string,
  toolCalls: z.array(traceToolCall.pick({ id: true, name: true, arguments: true })),
  /** On a tool turn: the call it answers. */
  toolCallId: nullableString,
});
export type TraceMessage = z.infer<typeof traceMessage>;

export const CONVENTIONS = ['genai', 'genai_events', 'genai_legacy', 'openinference', 'openllmetry'] as const;
export const convention = z.enum(CONVENTIONS);
export type Convention = z.infer<typeof convention>;

export const reviewStatus = z.enum(['ok', 'error']);
export type ReviewStatus = z.infer<typeof reviewStatus>;

/** One review item: the reply of one trace (an LLM call or a whole agent run with its tool calls). */
export const reviewItem = z.object({
  /** The item id (equal to the trace id). */
  id: string,
  traceId: string,
  /** The span the item is rooted at: the agent root span, or the LLM call itself. */
  spanId: string,
  conversationId: nullableString,
  agentRunId: nullableString,
  groupKey: string,
  model: nullableString,
  provider: nullableString,
  convention: convention.nullable(),
  /** The last user turn. */
  inputText: nullableString,
  /** The final answer. */
  outputText: nullableString,
  toolCalls: z.array(traceToolCall),
  llmCalls: int,
  inputTokens: nullableInt,
  outputTokens: nullableInt,
  finishReason: nullableString,
  truncated: boolean,
  captured: boolean,
  status: reviewStatus,
  statusMessage: nullableString,
  /** Why the reviewer should be careful: "Answer truncated by max tokens", "Streamed response not captured", ... */
  flags: z.array(string),
  /** Epoch ms of the root span's start. */
  startedAt: nullableNumber,
  latencyMs: nullableNumber,
  verdict: labelVerdict.nullable(),
  labelTags: z.array(string),
});
export type ReviewItem = z.infer<typeof reviewItem>;

/** One span of the trace, shown as context beside the conversation. */
export const spanContext = z.object({
  spanId: string,
  parentSpanId: nullableString,
  name: string,
  kind: int,
  /** Nanosecond times as decimal strings: 64-bit values never pass through a JS number. */
  startNs: string,
  endNs: string,
  /** Milliseconds since the trace's first span started. */
  offsetMs: number,
  durationMs: number,
  statusCode: int,
  statusMessage: nullableString,
  convention: convention.nullable(),
  isLlm: boolean,
  attributes: z.record(string, z.unknown()),
});
export type SpanContext = z.infer<typeof spanContext>;

export const reviewItemDetail = reviewItem.extend({
  systemText: nullableString,
  /** The conversation before this reply (the last entry is the user's question). */
  input: z.array(traceMessage),
  /** What happened after it: assistant turns with tool calls, tool results, the final answer. */
  output: z.array(traceMessage),
  spans: z.array(spanContext),
  /** True when the trace has more spans than `spans` shows. */
  spansTruncated: boolean,
});
export type ReviewItemDetail = z.infer<typeof reviewItemDetail>;

/** What a trace normalises into: the detail without its label and span context (the store keeps all but the conversation). */
export type ReviewItemRecord = Omit<ReviewItemDetail, 'spans' | 'spansTruncated' | 'verdict' | 'labelTags'>;

export const labelState = z.enum(['unlabeled', 'labeled', 'pass', 'fail', 'defer']);

/** Filters of the review queue; every one is optional and they combine with AND. */
export const traceFilters = z.object({
  model: optionalString,
  /** Epoch ms, inclusive. */
  from: number.optional(),
  /** Epoch ms, exclusive. */
  to: number.optional(),
  status: reviewStatus.optional(),
  labelState: labelState.optional(),
  tag: optionalString,
  /** Case-insensitive text search in the question and the answer. */
  text: optionalString,
});
export type TraceFilters = z.infer<typeof traceFilters>;

export const queueCounts = z.object({
  items: int,
  labeled: int,
  unlabeled: int,
  pass: int,
  fail: int,
  defer: int,
});
export type QueueCounts = z.infer<typeof queueCounts>;

/** A conversation (several traces sharing a conversation or session id) or a single agent run. */
export const traceGroup = queueCounts.extend({
  key: string,
  kind: z.enum(['conversation', 'agent_run']),
  /** The first question of the group, for the list. */
  title: nullableString,
  models: z.array(string),
  errors: int,
  truncated: int,
  uncaptured: int,
  firstAt: nullableNumber,
  lastAt: nullableNumber,
});
export type TraceGroup = z.infer<typeof traceGroup>;

export const importError = z.object({
  file: string,
  line: nullableInt,
  offset: nullableInt,
  message: string,
});
export type ImportError = z.infer<typeof importError>;

export const importSummary = z.object({
  files: int,
  /** Spans read and accepted (new or already imported). */
  spans: int,
  /** Spans new to the store. */
  inserted: int,
  /** Spans already in the store (re-import is idempotent). */
  skipped: int,
  /** Spans, lines or messages that could not be decoded. */
  bad: int,
  traces: int,
  llmCalls: int,
  conversations: int,
  reviewItems: int,
  /** The first errors (the rest are counted in `bad`), each naming the file and line or byte offset. */
  errors: z.array(importError),
  /** Files that could not be read at all. */
  unreadable: z.array(string),
  /** The import was cancelled; the spans read before that are kept. */
  cancelled: boolean,
  elapsedMs: number,
});
export type ImportSummary = z.infer<typeof importSummary>;

/** Progress of one import, per file; coalesced to about ten a second. */
export const importProgress = z.object({
  file: string,
  fileIndex: int,
  fileCount: int,
  bytesRead: number,
  totalBytes: number,
  spans: int,
  bad: int,
  /** True on a file's last report. */
  done: boolean,
});
export type ImportProgress = z.infer<typeof importProgress>;

export const receiverStatus = z.object({
  enabled: boolean,
  listening: boolean,
  port: nullableInt,
  url: nullableString,
  /** POST /v1/traces on `ai-eval serve`'s own port (Bearer token required); null where no HTTP shell serves it. */
  servedAt: nullableString,
  /** The variable whose value the receiver port requires as `Authorization: Bearer`; null: any local program may post. */
  tokenEnv: nullableString,
  requests: int,
  spans: int,
  lastError: nullableString,
});
export type ReceiverStatus = z.infer<typeof receiverStatus>;

export const promoteOutcome = z.object({
  id: string,
  promoted: boolean,
  /** The new question's id (dataset) or gold item id (judge). */
  createdId: nullableString,
  /** Why the integrity guard refused, when it did. */
  reason: nullableString,
});
export type PromoteOutcome = z.infer<typeof promoteOutcome>;
