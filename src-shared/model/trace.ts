// Imported production traces as the review queue sees them: review items, groups, filters, imports (SPEC 10).
import { z } from 'zod';
import { labelVerdict } from './label';

export const traceRole = z.enum(['system', 'user', 'assistant', 'tool']);
export type TraceRole = z.infer<typeof traceRole>;

/** A tool call the model asked for, joined to its result when the trace recorded one. */
export const traceToolCall = z.object({
  id: z.string().nullable(),
  name: z.string(),
  /** Parsed JSON arguments when they parse, else the raw text. */
  arguments: z.unknown(),
  result: z.string().nullable(),
  error: z.boolean(),
});
export type TraceToolCall = z.infer<typeof traceToolCall>;

export const traceMessage = z.object({
  role: traceRole,
  content: z.string(),
  toolCalls: z.array(z.object({ id: z.string().nullable(), name: z.string(), arguments: z.unknown() })),
  /** On a tool turn: the call it answers. */
  toolCallId: z.string().nullable(),
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
  id: z.string(),
  traceId: z.string(),
  /** The span the item is rooted at: the agent root span, or the LLM call itself. */
  spanId: z.string(),
  conversationId: z.string().nullable(),
  agentRunId: z.string().nullable(),
  groupKey: z.string(),
  model: z.string().nullable(),
  provider: z.string().nullable(),
  convention: convention.nullable(),
  /** The last user turn. */
  inputText: z.string().nullable(),
  /** The final answer. */
  outputText: z.string().nullable(),
  toolCalls: z.array(traceToolCall),
  llmCalls: z.number().int(),
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  finishReason: z.string().nullable(),
  truncated: z.boolean(),
  captured: z.boolean(),
  status: reviewStatus,
  statusMessage: z.string().nullable(),
  /** Why the reviewer should be careful: "Answer truncated by max tokens", "Streamed response not captured", ... */
  flags: z.array(z.string()),
  /** Epoch ms of the root span's start. */
  startedAt: z.number().nullable(),
  latencyMs: z.number().nullable(),
  verdict: labelVerdict.nullable(),
  labelTags: z.array(z.string()),
});
export type ReviewItem = z.infer<typeof reviewItem>;

/** One span of the trace, shown as context beside the conversation. */
export const spanContext = z.object({
  spanId: z.string(),
  parentSpanId: z.string().nullable(),
  name: z.string(),
  kind: z.number().int(),
  /** Nanosecond times as decimal strings: 64-bit values never pass through a JS number. */
  startNs: z.string(),
  endNs: z.string(),
  /** Milliseconds since the trace's first span started. */
  offsetMs: z.number(),
  durationMs: z.number(),
  statusCode: z.number().int(),
  statusMessage: z.string().nullable(),
  convention: convention.nullable(),
  isLlm: z.boolean(),
  attributes: z.record(z.string(), z.unknown()),
});
export type SpanContext = z.infer<typeof spanContext>;

export const reviewItemDetail = reviewItem.extend({
  systemText: z.string().nullable(),
  /** The conversation before this reply (the last entry is the user's question). */
  input: z.array(traceMessage),
  /** What happened after it: assistant turns with tool calls, tool results, the final answer. */
  output: z.array(traceMessage),
  spans: z.array(spanContext),
  /** True when the trace has more spans than `spans` shows. */
  spansTruncated: z.boolean(),
});
export type ReviewItemDetail = z.infer<typeof reviewItemDetail>;

/** What a trace normalises into: the detail without its label and span context (the store keeps all but the conversation). */
export type ReviewItemRecord = Omit<ReviewItemDetail, 'spans' | 'spansTruncated' | 'verdict' | 'labelTags'>;

export const labelState = z.enum(['unlabeled', 'labeled', 'pass', 'fail', 'defer']);
export type LabelState = z.infer<typeof labelState>;

/** Filters of the review queue; every one is optional and they combine with AND. */
export const traceFilters = z.object({
  model: z.string().optional(),
  /** Epoch ms, inclusive. */
  from: z.number().optional(),
  /** Epoch ms, exclusive. */
  to: z.number().optional(),
  status: reviewStatus.optional(),
  labelState: labelState.optional(),
  tag: z.string().optional(),
  /** Case-insensitive text search in the question and the answer. */
  text: z.string().optional(),
});
export type TraceFilters = z.infer<typeof traceFilters>;

export const queueCounts = z.object({
  items: z.number().int(),
  labeled: z.number().int(),
  unlabeled: z.number().int(),
  pass: z.number().int(),
  fail: z.number().int(),
  defer: z.number().int(),
});
export type QueueCounts = z.infer<typeof queueCounts>;

/** A conversation (several traces sharing a conversation or session id) or a single agent run. */
export const traceGroup = queueCounts.extend({
  key: z.string(),
  kind: z.enum(['conversation', 'agent_run']),
  /** The first question of the group, for the list. */
  title: z.string().nullable(),
  models: z.array(z.string()),
  errors: z.number().int(),
  truncated: z.number().int(),
  uncaptured: z.number().int(),
  firstAt: z.number().nullable(),
  lastAt: z.number().nullable(),
});
export type TraceGroup = z.infer<typeof traceGroup>;

export const importError = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  offset: z.number().int().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importError>;

export const importSummary = z.object({
  files: z.number().int(),
  /** Spans read and accepted (new or already imported). */
  spans: z.number().int(),
  /** Spans new to the store. */
  inserted: z.number().int(),
  /** Spans already in the store (re-import is idempotent). */
  skipped: z.number().int(),
  /** Spans, lines or messages that could not be decoded. */
  bad: z.number().int(),
  traces: z.number().int(),
  llmCalls: z.number().int(),
  conversations: z.number().int(),
  reviewItems: z.number().int(),
  /** The first errors (the rest are counted in `bad`), each naming the file and line or byte offset. */
  errors: z.array(importError),
  /** Files that could not be read at all. */
  unreadable: z.array(z.string()),
  /** The import was cancelled; the spans read before that are kept. */
  cancelled: z.boolean(),
  elapsedMs: z.number(),
});
export type ImportSummary = z.infer<typeof importSummary>;

/** Progress of one import, per file; coalesced to about ten a second. */
export const importProgress = z.object({
  file: z.string(),
  fileIndex: z.number().int(),
  fileCount: z.number().int(),
  bytesRead: z.number(),
  totalBytes: z.number(),
  spans: z.number().int(),
  bad: z.number().int(),
  /** True on a file's last report. */
  done: z.boolean(),
});
export type ImportProgress = z.infer<typeof importProgress>;

export const receiverStatus = z.object({
  enabled: z.boolean(),
  listening: z.boolean(),
  port: z.number().int().nullable(),
  url: z.string().nullable(),
  /** POST /v1/traces on `ai-eval serve`'s own port (Bearer token required); null where no HTTP shell serves it. */
  servedAt: z.string().nullable(),
  /** The variable whose value the receiver port requires as `Authorization: Bearer`; null: any local program may post. */
  tokenEnv: z.string().nullable(),
  requests: z.number().int(),
  spans: z.number().int(),
  lastError: z.string().nullable(),
});
export type ReceiverStatus = z.infer<typeof receiverStatus>;

export const promoteOutcome = z.object({
  id: z.string(),
  promoted: z.boolean(),
  /** The new question's id (dataset) or gold item id (judge). */
  createdId: z.string().nullable(),
  /** Why the integrity guard refused, when it did. */
  reason: z.string().nullable(),
});
export type PromoteOutcome = z.infer<typeof promoteOutcome>;
