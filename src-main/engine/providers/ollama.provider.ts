// The Ollama adapter: native POST /api/chat (stream: false) and GET /api/tags, over node:http with keep-alive.
import type { CallMetrics, Generation } from '../../../src-shared/model';
import { describeCall, elapsedMs, parseToolArguments, type AdapterOptions } from './adapter-options';
import { withDeadline } from './deadline';
import { httpRequest, type HttpRequest } from './http-client';
import type { ChatRequest, ChatResponse, FinishReason, ProviderMessage, ProviderToolCall } from './provider';
import { errorDetail, httpError, isRecord, malformedError, networkError } from './provider-errors';
import { modelContextLength, recentAnswer } from './ollama-models';
import { detectInputCut, promptChars, tokensSent } from './prompt-tokens';
import type { EngineKind } from './engine-kind';
import { WireAdapter } from './wire-adapter';

export const OLLAMA_DEFAULT_URL = 'http://localhost:11434';

export class OllamaProvider extends WireAdapter {
  readonly kind = 'ollama';

  constructor(options: AdapterOptions) {
    super(options, OLLAMA_DEFAULT_URL);
  }

  async listModels(signal?: AbortSignal): Promise<string[]> {
    const where = `provider "${this.name}" (ollama, ${this.baseUrl}/api/tags)`;
    const body = await recentAnswer(`${this.baseUrl} tags`, () =>
      this.requestJson(where, '/api/tags', { method: 'GET' }, signal),
    );
    const models = isRecord(body) && Array.isArray(body.models) ? body.models : undefined;
    if (!models) throw malformedError(where, 'expected {models: [...]}');
    return models.flatMap((model) => (isRecord(model) && typeof model.name === 'string' ? [model.name] : []));
  }

  contextLength(model: string, signal?: AbortSignal): Promise<number | null> {
    return modelContextLength(
      { baseUrl: this.baseUrl, timeoutMs: this.options.timeoutMs, apiKey: this.options.apiKey },
      model,
      signal,
    );
  }

  protected async send(request: ChatRequest, sent: Generation, signal: AbortSignal | undefined): Promise<ChatResponse> {
    const where = describeCall(this.options, 'ollama', request.model, this.baseUrl);
    const body = {
      model: request.model,
      messages: request.messages.map(toOllamaMessage),
      stream: false,
      ...(request.tools?.length ? { tools: request.tools.map((tool) => ({ type: 'function', function: tool })) } : {}),
      ...(request.json ? { format: 'json' } : {}),
      ...(request.keepAlive ? { keep_alive: request.keepAlive } : {}),
      options: { ...ollamaOptions(sent), ...(request.numCtx ? { num_ctx: request.numCtx } : {}) },
    };
    const start = performance.now();
    const answer = await this.requestJson(where, '/api/chat', { method: 'POST', body: JSON.stringify(body) }, signal);
    const latencyMs = elapsedMs(start);
    const message = isRecord(answer) && isRecord(answer.message) ? answer.message : undefined;
    if (!isRecord(answer) || !message) throw malformedError(where, 'expected {message: {...}}');
    const toolCalls = readToolCalls(message.tool_calls, where);
    const rawFinishReason = typeof answer.done_reason === 'string' ? answer.done_reason : null;
    const metrics = readMetrics(answer, tokensSent(promptChars(request.messages, request.tools)), request.numCtx);
    const inputCut = detectInputCut(metrics.promptEvalCount, metrics.promptTokensSent ?? 0, metrics.numCtx);
    return {
      text: typeof message.content === 'string' ? message.content : '',
      toolCalls,
      model: typeof answer.model === 'string' ? answer.model : request.model,
      finishReason: mapFinishReason(rawFinishReason, toolCalls.length > 0),
      rawFinishReason,
      usage: { inputTokens: countOrNull(answer.prompt_eval_count), outputTokens: countOrNull(answer.eval_count) },
      latencyMs,
      sent,
      metrics,
      ...(inputCut ? { inputCut } : {}),
    };
  }

  private requestJson(
    where: string,
    path: string,
    init: Pick<HttpRequest, 'method' | 'body'>,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    return withDeadline(
      { where, timeoutMs: this.options.timeoutMs, signal },
      async (callSignal) => {
        const response = await httpRequest(`${this.baseUrl}${path}`, { ...init, headers, signal: callSignal });
        const { text } = response;
        if (!response.ok) throw httpError(where, response.status, errorDetail(text), response.headers);
        try {
          return JSON.parse(text) as unknown;
        } catch {
          throw malformedError(where, `not JSON: ${text.slice(0, 120)}`);
        }
      },
      (error) => networkError(where, error),
    );
  }
}

function toOllamaMessage(message: ProviderMessage): Record<string, unknown> {
  if (message.role === 'tool') return { role: 'tool', content: message.content, tool_name: message.name };
  if (message.role === 'assistant' && message.toolCalls?.length) {
    return {
      role: 'assistant',
      content: message.content,
      tool_calls: message.toolCalls.map((call) => ({ function: { name: call.name, arguments: call.arguments } })),
    };
  }
  return { role: message.role, content: message.content };
}

function ollamaOptions(sent: Generation): Record<string, number> {
  const options: Record<string, number> = {};
  if (sent.temperature !== undefined) options.temperature = sent.temperature;
  if (sent.top_p !== undefined) options.top_p = sent.top_p;
  if (sent.seed !== undefined) options.seed = sent.seed;
  if (sent.max_tokens !== undefined) options.num_predict = sent.max_tokens;
  return options;
}

/** Ollama's tool calls carry no id; positional ids keep replay hashes of the follow-up turn stable. */
function readToolCalls(raw: unknown, where: string): ProviderToolCall[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((entry: unknown, index) => {
    const fn = isRecord(entry) && isRecord(entry.function) ? entry.function : undefined;
    if (!fn || typeof fn.name !== 'string') throw malformedError(where, `tool call ${index} has no function name`);
    const args =
      typeof fn.arguments === 'string'
        ? parseToolArguments(fn.arguments, fn.name, where)
        : isRecord(fn.arguments)
          ? fn.arguments
          : {};
    const id = isRecord(entry) && typeof entry.id === 'string' ? entry.id : `call_${index}`;
    return { id, name: fn.name, arguments: args };
  });
}

function mapFinishReason(raw: string | null, hasToolCalls: boolean): FinishReason {
  if (hasToolCalls) return 'tool_calls';
  if (raw === 'stop') return 'stop';
  return raw === 'length' ? 'length' : 'other';
}

const countOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** Ollama reports durations in nanoseconds. */
const nsToMs = (value: unknown): number | null => (typeof value === 'number' ? Math.round(value / 1e6) : null);

function readMetrics(
  answer: Record<string, unknown>,
  promptTokensSent: number,
  numCtx: number | undefined,
): CallMetrics {
  return {
    promptEvalCount: countOrNull(answer.prompt_eval_count),
    evalCount: countOrNull(answer.eval_count),
    promptTokensSent,
    numCtx: numCtx ?? null,
    loadMs: nsToMs(answer.load_duration),
    promptEvalMs: nsToMs(answer.prompt_eval_duration),
    evalMs: nsToMs(answer.eval_duration),
    totalMs: nsToMs(answer.total_duration),
  };
}

/** Ollama lists a model pulled without a tag as `name:latest`. */
export const ollamaKind: EngineKind = {
  create: ({ adapter }) => new OllamaProvider(adapter),
  defaultUrl: OLLAMA_DEFAULT_URL,
  models: 'listed',
  hasModel: (model, models) => models.includes(model) || (!model.includes(':') && models.includes(`${model}:latest`)),
  missingModelFix: (model) => `pull it (ollama pull ${model}) or change the model in aieval.yaml`,
};
