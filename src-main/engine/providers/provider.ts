// The provider interface every adapter (ollama, openai, anthropic, replay) implements.
import type { Generation } from '../../../src-shared/model';

export type ProviderMessage =
  | Readonly<{ role: 'system' | 'user'; content: string }>
  | Readonly<{ role: 'assistant'; content: string; toolCalls?: readonly ProviderToolCall[] }>
  | Readonly<{ role: 'tool'; content: string; toolCallId: string; name: string }>;

export type ProviderToolCall = Readonly<{ id: string; name: string; arguments: Record<string, unknown> }>;

/** A tool offered to the model, described by a JSON Schema of its arguments. */
export type ToolSpec = Readonly<{ name: string; description: string; parameters: Record<string, unknown> }>;

export type ChatRequest = Readonly<{
  model: string;
  messages: readonly ProviderMessage[];
  tools?: readonly ToolSpec[];
  generation?: Generation;
  /** Ask for JSON output where the provider supports it (judges). */
  json?: boolean;
}>;

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'error' | 'other';

export type ChatResponse = Readonly<{
  text: string;
  toolCalls: readonly ProviderToolCall[];
  model: string;
  finishReason: FinishReason;
  rawFinishReason: string | null;
  usage: Readonly<{ inputTokens: number | null; outputTokens: number | null }>;
  latencyMs: number;
  /** The generation settings actually sent, after capability filtering. */
  sent: Generation;
}>;

export interface Provider {
  readonly name: string;
  readonly kind: string;
  chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse>;
  listModels(signal?: AbortSignal): Promise<string[]>;
}

/** A failed provider call; `retryable` and `retryAfterMs` drive the run's limiter. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly details: Readonly<{ status?: number; retryable: boolean; retryAfterMs?: number; knob?: string }>,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
