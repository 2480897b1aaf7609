// The OpenAI adapter, over the openai SDK: chat completions and /models, for OpenAI and any compatible server.
import type OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { Generation } from '../../../src-shared/model';
import { describeCall, elapsedMs, onFirstUse, parseToolArguments, type AdapterOptions } from './adapter-options';
import { isOpenAiReasoningModel } from './capabilities';
import { withDeadline } from './deadline';
import type { ChatRequest, ChatResponse, FinishReason, ProviderMessage, ProviderToolCall } from './provider';
import { malformedError } from './provider-errors';
import { listSdkModelIds, sdkClientOptions } from './sdk-client';
import { sdkErrorMapper } from './sdk-errors';
import type { EngineKind } from './engine-kind';
import { WireAdapter } from './wire-adapter';

export const OPENAI_DEFAULT_URL = 'https://api.openai.com/v1';

/** Local OpenAI-compatible servers take no key, but the SDK insists on one. */
const NO_KEY = 'no-key';

export class OpenAiProvider extends WireAdapter {
  readonly kind = 'openai';
  private readonly sdk = onFirstUse(async () => {
    const { default: OpenAISdk, APIError } = await import('openai');
    const client: OpenAI = new OpenAISdk({
      apiKey: this.options.apiKey ?? NO_KEY,
      ...sdkClientOptions(this.options, this.baseUrl),
    });
    return { client, APIError };
  });

  constructor(options: AdapterOptions) {
    super(options, OPENAI_DEFAULT_URL);
  }

  async listModels(signal?: AbortSignal): Promise<string[]> {
    const where = `provider "${this.name}" (openai, ${this.baseUrl}/models)`;
    const { client, APIError } = await this.sdk();
    return listSdkModelIds(where, this.options, signal, APIError, (callSignal) =>
      client.models.list({ signal: callSignal }),
    );
  }

  protected async send(request: ChatRequest, sent: Generation, signal: AbortSignal | undefined): Promise<ChatResponse> {
    const where = describeCall(this.options, 'openai', request.model, this.baseUrl);
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: request.model,
      messages: request.messages.map(toOpenAiMessage),
      ...(request.tools?.length
        ? { tools: request.tools.map((tool) => ({ type: 'function' as const, function: { ...tool } })) }
        : {}),
      ...(request.json ? { response_format: { type: 'json_object' as const } } : {}),
      ...openAiKnobs(request.model, sent),
    };
    const { client, APIError } = await this.sdk();
    const start = performance.now();
    const completion = await withDeadline(
      { where, timeoutMs: this.options.timeoutMs, signal },
      (callSignal) => client.chat.completions.create(body, { signal: callSignal }),
      sdkErrorMapper(APIError, where),
    );
    const latencyMs = elapsedMs(start);
    return toChatResponse(completion, request.model, where, latencyMs, sent);
  }
}

function toChatResponse(
  completion: ChatCompletion,
  model: string,
  where: string,
  latencyMs: number,
  sent: Generation,
): ChatResponse {
  const choice = Array.isArray(completion?.choices) ? completion.choices[0] : undefined;
  if (!choice?.message) throw malformedError(where, 'expected {choices: [{message}]}');
  const toolCalls: ProviderToolCall[] = (choice.message.tool_calls ?? []).flatMap((call) =>
    call.type === 'function'
      ? [
          {
            id: call.id,
            name: call.function.name,
            arguments: parseToolArguments(call.function.arguments, call.function.name, where),
          },
        ]
      : [],
  );
  const rawFinishReason = choice.finish_reason ?? null;
  return {
    text: choice.message.content ?? '',
    toolCalls,
    model: completion.model || model,
    finishReason: FINISH_REASONS.get(rawFinishReason) ?? 'other',
    rawFinishReason,
    usage: {
      inputTokens: completion.usage?.prompt_tokens ?? null,
      outputTokens: completion.usage?.completion_tokens ?? null,
    },
    latencyMs,
    sent,
  };
}

function toOpenAiMessage(message: ProviderMessage): ChatCompletionMessageParam {
  if (message.role === 'tool') return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  if (message.role === 'assistant' && message.toolCalls?.length) {
    return {
      role: 'assistant',
      content: message.content || null,
      tool_calls: message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      })),
    };
  }
  return { role: message.role, content: message.content };
}

/** Reasoning models refuse `max_tokens` and want `max_completion_tokens`; `sent` keeps the neutral name. */
function openAiKnobs(model: string, sent: Generation): Partial<ChatCompletionCreateParamsNonStreaming> {
  const { max_tokens: maxTokens, ...rest } = sent;
  if (maxTokens === undefined) return rest;
  return isOpenAiReasoningModel(model)
    ? { ...rest, max_completion_tokens: maxTokens }
    : { ...rest, max_tokens: maxTokens };
}

/** OpenAI's finish_reason in the engine's words; any other reason is 'other'. */
const FINISH_REASONS = new Map<string | null, FinishReason>([
  ['stop', 'stop'],
  ['length', 'length'],
  ['tool_calls', 'tool_calls'],
  ['function_call', 'tool_calls'],
  ['content_filter', 'content_filter'],
]);

export const openAiKind: EngineKind = {
  create: ({ adapter }) => new OpenAiProvider(adapter),
  defaultUrl: OPENAI_DEFAULT_URL,
  models: 'listed',
};
