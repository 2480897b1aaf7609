// The provider interface every adapter (ollama, openai, anthropic, replay) implements.
import type { CallMetrics, Generation } from '../../../src-shared/model';

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
  /** Ollama: the context window to serve the prompt in (options.num_ctx); the server's default when absent. */
  numCtx?: number;
  /** Ollama: how long to keep the model loaded after the call (keep_alive: `30m`, `-1`). */
  keepAlive?: string;
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
  /** Ollama: tokens evaluated, the window and durations; absent for other providers. */
  metrics?: CallMetrics;
  /** Set when the server evaluated far fewer prompt tokens than were sent: it cut the prompt (Ollama does, silently). */
  inputCut?: InputCut;
}>;

/** A prompt the server cut to fit its window: `seen` of about `sent` tokens reached the model. */
export type InputCut = Readonly<{ seen: number; sent: number }>;

export interface Provider {
  readonly name: string;
  readonly kind: string;
  chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse>;
  listModels(signal?: AbortSignal): Promise<string[]>;
  /** Ollama: the longest context the model supports (/api/show), null when the server does not say. */
  contextLength?(model: string, signal?: AbortSignal): Promise<number | null>;
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
