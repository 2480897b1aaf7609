// The Anthropic adapter, over @anthropic-ai/sdk: the Messages API with `system`, tool_use and tool_result blocks.
import type Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlockParam,
  Message,
  MessageCreateParamsNonStreaming,
  MessageParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { Generation } from '../../../src-shared/model';
import { describeCall, elapsedMs, onFirstUse, type AdapterOptions } from './adapter-options';
import { withDeadline } from './deadline';
import type { ChatRequest, ChatResponse, FinishReason, ProviderMessage, ProviderToolCall } from './provider';
import { isRecord, malformedError } from './provider-errors';
import { listSdkModelIds, sdkClientOptions } from './sdk-client';
import { sdkErrorMapper } from './sdk-errors';
import type { EngineKind } from './engine-kind';
import { WireAdapter } from './wire-adapter';

export const ANTHROPIC_DEFAULT_URL = 'https://api.anthropic.com';

/** The Messages API requires max_tokens; this is sent (and recorded in `sent`) when the target sets none. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

export class AnthropicProvider extends WireAdapter {
  readonly kind = 'anthropic';
  private readonly sdk = onFirstUse(async () => {
    const { default: AnthropicSdk, APIError } = await import('@anthropic-ai/sdk');
    const client: Anthropic = new AnthropicSdk({
      apiKey: this.options.apiKey ?? null,
      authToken: null,
      ...sdkClientOptions(this.options, this.baseUrl),
    });
    return { client, APIError };
  });

  constructor(options: AdapterOptions) {
    super(options, ANTHROPIC_DEFAULT_URL);
  }

  protected override generationOf(request: ChatRequest): Generation {
    return { max_tokens: ANTHROPIC_DEFAULT_MAX_TOKENS, ...request.generation };
  }

  async listModels(signal?: AbortSignal): Promise<string[]> {
    const where = `provider "${this.name}" (anthropic, ${this.baseUrl}/v1/models)`;
    const { client, APIError } = await this.sdk();
    return listSdkModelIds(where, this.options, signal, APIError, (callSignal) =>
      client.models.list({}, { signal: callSignal }),
    );
  }

  protected async send(request: ChatRequest, sent: Generation, signal: AbortSignal | undefined): Promise<ChatResponse> {
    const where = describeCall(this.options, 'anthropic', request.model, this.baseUrl);
    const { system, messages } = toAnthropicMessages(request.messages);
    const body: MessageCreateParamsNonStreaming = {
      model: request.model,
      max_tokens: sent.max_tokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
      messages,
      ...(system ? { system } : {}),
      ...(request.tools?.length ? { tools: request.tools.map(toAnthropicTool) } : {}),
      ...(sent.temperature === undefined ? {} : { temperature: sent.temperature }),
      ...(sent.top_p === undefined ? {} : { top_p: sent.top_p }),
    };
    const { client, APIError } = await this.sdk();
    const start = performance.now();
    const message = await withDeadline(
      { where, timeoutMs: this.options.timeoutMs, signal },
      (callSignal) => client.messages.create(body, { signal: callSignal }),
      sdkErrorMapper(APIError, where),
    );
    return toChatResponse(message, request.model, where, elapsedMs(start), sent);
  }
}

function toChatResponse(
  message: Message,
  model: string,
  where: string,
  latencyMs: number,
  sent: Generation,
): ChatResponse {
  if (!Array.isArray(message?.content)) throw malformedError(where, 'expected {content: [...]}');
  const texts: string[] = [];
  const toolCalls: ProviderToolCall[] = [];
  for (const block of message.content) {
    if (block.type === 'text') texts.push(block.text);
    if (block.type === 'tool_use')
      toolCalls.push({ id: block.id, name: block.name, arguments: isRecord(block.input) ? block.input : {} });
  }
  const rawFinishReason = message.stop_reason ?? null;
  return {
    text: texts.join(''),
    toolCalls,
    model: message.model || model,
    finishReason: FINISH_REASONS.get(rawFinishReason) ?? 'other',
    rawFinishReason,
    usage: { inputTokens: message.usage?.input_tokens ?? null, outputTokens: message.usage?.output_tokens ?? null },
    latencyMs,
    sent,
  };
}

/**
 * System turns go to `system`; an assistant turn with tool calls becomes text plus tool_use blocks;
 * consecutive tool results are gathered into one user turn of tool_result blocks, as the API requires.
 */
export function toAnthropicMessages(input: readonly ProviderMessage[]): { system: string; messages: MessageParam[] } {
  const system: string[] = [];
  const messages: MessageParam[] = [];
  for (const message of input) {
    if (message.role === 'system') {
      system.push(message.content);
    } else if (message.role === 'tool') {
      const block: ContentBlockParam = {
        type: 'tool_result',
        tool_use_id: message.toolCallId,
        content: message.content,
      };
      const last = messages.at(-1);
      if (
        last?.role === 'user' &&
        Array.isArray(last.content) &&
        last.content.every((part) => part.type === 'tool_result')
      )
        last.content.push(block);
      else messages.push({ role: 'user', content: [block] });
    } else if (message.role === 'assistant' && message.toolCalls?.length) {
      const text: ContentBlockParam[] = message.content ? [{ type: 'text', text: message.content }] : [];
      const uses: ContentBlockParam[] = message.toolCalls.map((call) => ({
        type: 'tool_use',
        id: call.id,
        name: call.name,
        input: call.arguments,
      }));
      messages.push({ role: 'assistant', content: [...text, ...uses] });
    } else {
      messages.push({ role: message.role, content: message.content });
    }
  }
  return { system: system.join('\n\n'), messages };
}

function toAnthropicTool(
  tool: Readonly<{ name: string; description: string; parameters: Record<string, unknown> }>,
): Tool {
  return { name: tool.name, description: tool.description, input_schema: { type: 'object', ...tool.parameters } };
}

/** Anthropic's stop_reason in the engine's words; any other reason is 'other'. */
const FINISH_REASONS = new Map<string | null, FinishReason>([
  ['end_turn', 'stop'],
  ['stop_sequence', 'stop'],
  ['max_tokens', 'length'],
  ['model_context_window_exceeded', 'length'],
  ['tool_use', 'tool_calls'],
  ['refusal', 'content_filter'],
]);

/** Anthropic's model list holds no aliases (claude-sonnet-4-5): the key and the address are checked, not the model. */
export const anthropicKind: EngineKind = {
  create: ({ adapter }) => new AnthropicProvider(adapter),
  defaultUrl: ANTHROPIC_DEFAULT_URL,
  models: 'unlisted',
};
