// Prompt sizes in tokens without a tokenizer: estimates for sizing a context window and for noticing a cut prompt.
import type { InputCut, ProviderMessage, ToolSpec } from './provider';

/** Ollama's smallest default window: what a request without num_ctx may get. */
export const SMALLEST_DEFAULT_WINDOW = 2048;

/** Characters of everything a chat request puts in the prompt: turns, tool calls and the tools offered. */
export function promptChars(messages: readonly ProviderMessage[], tools?: readonly ToolSpec[]): number {
  let chars = tools?.length ? JSON.stringify(tools).length : 0;
  for (const message of messages) {
    chars += message.content.length;
    if (message.role === 'assistant' && message.toolCalls?.length) chars += JSON.stringify(message.toolCalls).length;
  }
  return chars;
}

/** The usual estimate (four characters a token for English text): what was sent, for comparing with what was seen. */
export const tokensSent = (chars: number): number => Math.ceil(chars / 4);

/** A generous estimate (three characters a token), for sizing a window the prompt must fit in. */
export const tokensToFit = (chars: number): number => Math.ceil(chars / 3);

/**
 * Whether the server cut the prompt: it evaluated a window's worth exactly (Ollama keeps the window's tail), or well
 * under three quarters of an estimate that could not have fit. Unknown counts (a server that omits them) say nothing.
 */
export function detectInputCut(seen: number | null, sent: number, numCtx: number | null): InputCut | undefined {
  if (seen === null || seen <= 0) return undefined;
  const window = numCtx ?? SMALLEST_DEFAULT_WINDOW;
  const filledWindow = numCtx !== null && seen >= numCtx - 4 && sent >= seen;
  const farShort = sent >= window * 0.45 && seen < sent * 0.75;
  return filledWindow || farShort ? { seen, sent: Math.max(sent, seen) } : undefined;
}

/**
 * The window for prompts up to `promptTokens` plus `outputTokens` of answer: rounded up to a multiple of 2,048 (so
 * small changes between runs keep the same value and the model loaded), at least Ollama's smallest default, at most `cap`.
 */
export function windowFor(promptTokens: number, outputTokens: number, cap: number): number {
  const needed = Math.max(SMALLEST_DEFAULT_WINDOW, promptTokens + outputTokens);
  return Math.min(cap, Math.ceil(needed / 2048) * 2048);
}
