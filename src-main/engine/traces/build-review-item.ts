// Normalises one trace's spans into its review item: the question, the steps and tool calls, the final answer, flags.
import type { ReviewItemRecord, TraceMessage } from '../../../src-shared/model/trace';
import { classifySpan, type SpanClass } from './conventions/detect';
import { message, REDACTED } from './conventions/messages';
import { conversationIdOf, extractAgentIo, extractToolExecution } from './context-spans';
import { ClaimQueue } from './claim-queue';
import { joinToolCalls } from './join-tool-calls';
import { extractLlmCall, type LlmCall } from './llm-call';
import { compareNs, nsDiffMs, nsToMs, type SpanCore } from './span';
import { depthOf, innermostCalls } from './span-tree';
import { plural } from '../../../src-shared/text/plural';

/** Finish reasons meaning the model hit its output limit (OpenAI, Anthropic/Bedrock, Gemini, OpenAI Responses). */
export const TRUNCATION_REASONS = new Set(['length', 'max_tokens', 'MAX_TOKENS', 'max_output_tokens']);
const TOOL_STOP_REASONS = new Set(['tool_calls', 'tool_call', 'function_call', 'tool_use']);

const byStart = (a: SpanCore, b: SpanCore) => compareNs(a.startNs, b.startNs);
const hasText = (text: string | null | undefined): text is string =>
  text !== undefined && text !== null && text.trim() !== '' && text !== REDACTED;

/** Builds the review item of a trace, or null when no span in it is an LLM call (its spans stay as context only). */
export function buildReviewItem(traceId: string, spans: readonly SpanCore[]): ReviewItemRecord | null {
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const classes = new Map<string, SpanClass>(
    spans.map((span) => [span.spanId, classifySpan(span.attributes, span.events)]),
  );
  const roleOf = (span: SpanCore) => classes.get(span.spanId)!.role;
  const calls = innermostCalls(
    spans
      .filter((span) => roleOf(span) === 'llm')
      .map((span) => extractLlmCall(span, classes.get(span.spanId)!.convention)),
    byId,
  ).sort((a, b) => byStart(a.span, b.span));
  if (calls.length === 0) return null;

  const depth = depthOf(byId);
  const sorted = [...spans].sort(byStart);
  const roots = sorted.filter((span) => !span.parentSpanId || !byId.has(span.parentSpanId));
  const root = roots[0]!;
  const agentSpan = sorted
    .filter((span) => roleOf(span) === 'agent')
    .map((span) => ({ span, depth: depth(span) }))
    .sort((a, b) => a.depth - b.depth)[0]?.span;
  const agent = agentSpan ? extractAgentIo(agentSpan) : undefined;
  const tools = sorted.filter((span) => roleOf(span) === 'tool').map(extractToolExecution);

  const firstCall = calls[0]!;
  const finalCall =
    [...calls]
      .sort((a, b) => compareNs(a.span.endNs, b.span.endNs))
      .reverse()
      .find((call) => hasText(call.output?.[0]?.content) && !TOOL_STOP_REASONS.has(call.finishReasons[0] ?? '')) ??
    calls.at(-1)!;

  const rawInput =
    (agent?.input?.length ? agent.input : undefined) ?? calls.find((call) => call.input?.length)?.input ?? [];
  const input = rawInput.filter((m) => m.role !== 'system');
  const systemText =
    firstCall.system ??
    (rawInput
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n') ||
      null);
  const toolCalls = joinToolCalls(calls, tools);
  const output = steps(calls, toolCalls, agent?.output);

  const inputText = [...input].reverse().find((m) => m.role === 'user' && hasText(m.content))?.content ?? null;
  const outputText =
    (hasText(agent?.output) ? agent.output : undefined) ??
    (hasText(finalCall.output?.[0]?.content) ? finalCall.output[0].content : null);
  const finishReason = finalCall.finishReasons[0] ?? null;
  const cut =
    calls.some((call) => call.cut) || (agent?.cut ?? false) || calls.some((call) => hasTruncationFlag(call.span));
  const truncated = (finishReason !== null && TRUNCATION_REASONS.has(finishReason)) || cut;
  const captured = inputText !== null && outputText !== null;
  const errors = [agentSpan, root]
    .filter((span) => span?.statusCode === 2)
    .map((span) => span!.statusMessage ?? 'status ERROR');
  const error = calls.map((call) => call.error).find((e) => e !== null) ?? errors[0] ?? null;

  const flags: string[] = [];
  if (finishReason !== null && TRUNCATION_REASONS.has(finishReason))
    flags.push(`Answer truncated by max tokens (finish reason ${finishReason})`);
  if (cut) flags.push('Recorded text was cut by a telemetry limit');
  if (finishReason === 'content_filter') flags.push('Blocked by provider filter');
  if (!captured)
    flags.push(
      uncapturedReason(
        inputText !== null,
        outputText !== null,
        calls.some((call) => call.streaming),
        rawInput,
        finalCall,
      ),
    );
  if (error) flags.push(`LLM call failed: ${error}`);
  const orphans = roots.filter((span) => span.parentSpanId).length;
  if (orphans > 0)
    flags.push(
      `Partial trace: ${plural(orphans, 'span')} ${orphans === 1 ? 'points' : 'point'} at a parent that was not imported`,
    );

  const conversationId =
    [root, ...sorted].map((span) => conversationIdOf(span.attributes)).find((id) => id !== null) ?? null;
  const sum = (pick: (call: LlmCall) => number | null) => {
    const known = calls.map(pick).filter((n): n is number => n !== null);
    return known.length ? Math.round(known.reduce((a, b) => a + b, 0)) : null;
  };
  return {
    id: traceId,
    traceId,
    spanId: agentSpan?.spanId ?? (calls.length === 1 ? firstCall.span.spanId : root.spanId),
    conversationId,
    agentRunId: agentSpan?.spanId ?? null,
    groupKey: conversationId ? `conversation:${conversationId}` : `run:${traceId}`,
    model: finalCall.model ?? calls.find((call) => call.model)?.model ?? null,
    provider: finalCall.provider ?? calls.find((call) => call.provider)?.provider ?? null,
    convention: classes.get(finalCall.span.spanId)!.convention,
    systemText: systemText || null,
    input,
    output,
    inputText,
    outputText,
    toolCalls,
    llmCalls: calls.length,
    inputTokens: sum((call) => call.inputTokens),
    outputTokens: sum((call) => call.outputTokens),
    finishReason,
    truncated,
    captured,
    status: error ? 'error' : 'ok',
    statusMessage: error,
    flags,
    startedAt: root.startNs === '0' ? null : nsToMs(root.startNs),
    latencyMs: latency(root, sorted),
  };
}

/** The run after the question: each call's reply (with its tool calls), each tool result, then the final answer. */
function steps(
  calls: readonly LlmCall[],
  toolCalls: ReturnType<typeof joinToolCalls>,
  agentOutput: string | undefined,
): TraceMessage[] {
  const out: TraceMessage[] = [];
  // Each joined call answers one request: the first left with the request's id, or (without an id) its name.
  const results = new ClaimQueue(toolCalls, (t) => (t.id ? [`id\0${t.id}`, `name\0${t.name}`] : [`name\0${t.name}`]));
  for (const call of calls) {
    const reply = call.output?.[0];
    if (!reply) continue;
    out.push({ ...reply, role: 'assistant' });
    for (const request of reply.toolCalls) {
      const joined = results.claim(request.id ? `id\0${request.id}` : `name\0${request.name}`);
      if (joined?.result !== null && joined?.result !== undefined)
        out.push(message('tool', joined.result, [], joined.id));
    }
  }
  const last = out.filter((m) => m.role === 'assistant').at(-1)?.content;
  if (hasText(agentOutput) && agentOutput !== last) out.push(message('assistant', agentOutput));
  return out;
}

function uncapturedReason(
  hasInput: boolean,
  hasOutput: boolean,
  streaming: boolean,
  input: readonly TraceMessage[],
  call: LlmCall,
): string {
  const redacted = input.some((m) => m.content === REDACTED) || call.output?.[0]?.content === REDACTED;
  if (!hasOutput && streaming) return 'Streamed response not captured';
  if (redacted) return 'No content recorded (redacted)';
  if (!hasInput && !hasOutput) return 'No content recorded';
  return hasInput ? 'Answer not recorded' : 'Question not recorded';
}

function hasTruncationFlag(span: SpanCore): boolean {
  for (const key in span.attributes) if (key.endsWith('.truncated') && span.attributes[key] === true) return true;
  return false;
}

/** The root span's duration; when the root never ended, the time to the last span's end. */
function latency(root: SpanCore, spans: readonly SpanCore[]): number | null {
  if (root.startNs === '0') return null;
  if (root.endNs !== '0' && compareNs(root.endNs, root.startNs) >= 0) return nsDiffMs(root.startNs, root.endNs);
  const last = spans.reduce((max, span) => (compareNs(span.endNs, max) > 0 ? span.endNs : max), '0');
  return compareNs(last, root.startNs) > 0 ? nsDiffMs(root.startNs, last) : null;
}
