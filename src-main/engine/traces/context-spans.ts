// The non-LLM spans that shape a review item: tool executions, the agent/workflow root, the conversation id.
import type { TraceMessage } from '../../../src-shared/model/trace';
import { isObj, message, partsMessage, str, structured, textOf, toolArguments } from './conventions/messages';
import { valueMessages } from './conventions/openinference';
import type { SpanCore } from './span';
import type { Attrs } from './span';

export type ToolExecution = Readonly<{
  id: string | null;
  name: string;
  arguments: unknown;
  result: string | null;
  error: boolean;
  startNs: string;
}>;

/** Traceloop writes entity input and output as JSON text, a bare string included (`"\"text\""`). */
function entity(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

const resultText = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** A tool span of GenAI (execute_tool), OpenInference (TOOL) or Traceloop (tool). */
export function extractToolExecution(span: SpanCore): ToolExecution {
  const a = span.attributes;
  const traceloopInput = entity(a['traceloop.entity.input']);
  const traceloopArgs = isObj(traceloopInput)
    ? isObj(traceloopInput.kwargs) && Object.keys(traceloopInput.kwargs).length
      ? traceloopInput.kwargs
      : traceloopInput.args
    : undefined;
  const name =
    str(a['gen_ai.tool.name']) ??
    str(a['tool.name']) ??
    str(a['traceloop.entity.name']) ??
    span.name.replace(/^execute_tool\s+|\.tool$/g, '');
  const rawArgs = a['gen_ai.tool.call.arguments'] ?? a['input.value'] ?? traceloopArgs;
  const rawResult = a['gen_ai.tool.call.result'] ?? a['output.value'] ?? entity(a['traceloop.entity.output']);
  return {
    id: str(a['gen_ai.tool.call.id']) ?? str(a['tool_call.id']) ?? str(a['tool.call.id']) ?? null,
    name,
    arguments: rawArgs === undefined ? {} : toolArguments(rawArgs),
    result: resultText(rawResult),
    error: span.statusCode === 2 || a['error.type'] !== undefined,
    startNs: span.startNs,
  };
}

export type AgentIo = Readonly<{ input: TraceMessage[] | undefined; output: string | undefined; cut: boolean }>;

/** What the agent or workflow root says it was asked and answered; the best source of question and final answer. */
export function extractAgentIo(span: SpanCore): AgentIo {
  const a = span.attributes;
  const genaiIn = structured(a['gen_ai.input.messages']);
  const genaiOut = structured(a['gen_ai.output.messages']);
  if (Array.isArray(genaiIn.value) || Array.isArray(genaiOut.value)) {
    const output = Array.isArray(genaiOut.value)
      ? genaiOut.value
          .map(partsMessage)
          .filter((m) => m.content !== '')
          .at(-1)?.content
      : undefined;
    return {
      input: Array.isArray(genaiIn.value) ? genaiIn.value.map(partsMessage) : undefined,
      output,
      cut: genaiIn.cut || genaiOut.cut,
    };
  }
  if (a['input.value'] !== undefined || a['output.value'] !== undefined) {
    const input = valueMessages(a['input.value'], 'user');
    const output = valueMessages(a['output.value'], 'assistant');
    return { input: input.messages, output: output.messages?.at(-1)?.content, cut: input.cut || output.cut };
  }
  const entityOut = entity(a['traceloop.entity.output']);
  const question = traceloopQuestion(entity(a['traceloop.entity.input']));
  const answer = entityOut === undefined ? undefined : traceloopAnswer(entityOut);
  return { input: question === undefined ? undefined : [message('user', question)], output: answer, cut: false };
}

/** Traceloop entity input `{"args": [...], "kwargs": {...}}`: the question is usually the first string argument. */
function traceloopQuestion(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!isObj(value)) return undefined;
  const args = Array.isArray(value.args) ? value.args : [];
  const firstString = args.find((arg): arg is string => typeof arg === 'string');
  if (firstString !== undefined) return firstString;
  const kwargs = isObj(value.kwargs) ? value.kwargs : {};
  for (const key of ['question', 'query', 'input', 'message', 'prompt', 'text'])
    if (typeof kwargs[key] === 'string') return kwargs[key];
  return undefined;
}

function traceloopAnswer(value: unknown): string {
  if (isObj(value) && 'output' in value) return textOf(value.output);
  return textOf(value);
}

const CONVERSATION_KEYS = [
  'gen_ai.conversation.id',
  'session.id',
  'traceloop.association.properties.conversation_id',
  'traceloop.association.properties.session_id',
  'traceloop.association.properties.thread_id',
];

export function conversationIdOf(attrs: Attrs): string | null {
  for (const key of CONVERSATION_KEYS) {
    const value = attrs[key];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
  }
  return null;
}
