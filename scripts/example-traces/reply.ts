// The recorded replies' shape and the helpers every convention builder shares: steps, providers, token counts.
import type { Value } from '../../test/fixtures/otlp-builder';

export type Turn = Readonly<{ role: 'user' | 'assistant'; content: string }>;
export type ToolUse = Readonly<{ name: string; args: Record<string, string>; result: Record<string, Value> }>;
export type Convention = 'genai' | 'genai_events' | 'genai_legacy' | 'openinference' | 'openllmetry';

export type Reply = Readonly<{
  convention: Convention;
  model: string;
  history?: readonly Turn[];
  question: string;
  /** null: the answer was not recorded (see `capture`). */
  answer: string | null;
  finish?: string;
  tools?: readonly ToolUse[];
  conversation?: string;
  capture?: 'streamed' | 'disabled' | 'redacted' | 'cut';
  error?: string;
}>;

/** Ids and times of one trace: span ids are numbered, times are milliseconds after the trace's start. */
export type TraceFrame = Readonly<{ traceId: string; spanId: (n: number) => string; at: (ms: number) => bigint }>;

/** One earlier question and its answer, as the turns of a later reply's history. */
export const exchange = (question: string, answer: string): Turn[] => [
  { role: 'user', content: question },
  { role: 'assistant', content: answer },
];

export const SYSTEM = 'You are the help desk of the Riverside Library. Answer in plain text, briefly and politely.';

export const json = (value: unknown) => JSON.stringify(value);
export const provider = (model: string) =>
  model.startsWith('gpt')
    ? 'openai'
    : model.startsWith('claude')
      ? 'anthropic'
      : model.startsWith('gemini')
        ? 'gcp.gemini'
        : 'ollama';
export const tokens = (text: string) => Math.max(1, Math.round(text.length / 4));

export type Step = { toolCall?: ToolUse & { id: string }; text?: string };

/** The model calls of a reply: one per tool (asking for it), then the answer. */
export function steps(reply: Reply): Step[] {
  const calls: Step[] = (reply.tools ?? []).map((tool, i) => ({ toolCall: { ...tool, id: `call_${i + 1}` } }));
  return [...calls, { text: reply.answer ?? undefined }];
}

/** A catalog search for one title that finds it, with `available` copies on the shelf. */
export const titleSearch = (title: string, available: number): ToolUse => ({
  name: 'search_catalog',
  args: { query: title },
  result: { results: [{ title, available }] },
});
