// Traces for the integration tests: GenAI chat calls built by the published conventions, written as files.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonRequest, type SpanSpec } from '../../fixtures/otlp-builder';

export const T0 = 1_767_225_600_000_000_000n; // 2026-01-01T00:00:00Z
export const traceId = (n: number) => `${n.toString(16).padStart(8, '0')}${'ab'.repeat(12)}`;
export const spanId = (n: number, i = 1) => `${n.toString(16).padStart(8, '0')}${i.toString(16).padStart(8, '0')}`;

export type ChatOptions = {
  question?: string;
  answer?: string;
  finish?: string;
  conversation?: string;
  model?: string;
  minute?: number;
};

/** One GenAI ≥1.37 chat call as its own trace, `minute` minutes after T0. */
export function chatTrace(n: number, options: ChatOptions = {}): SpanSpec[] {
  const start = T0 + BigInt(options.minute ?? n) * 60_000_000_000n;
  const question = options.question ?? `Question number ${n}?`;
  const attributes: Record<string, string | number | string[]> = {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': 'ollama',
    'gen_ai.request.model': options.model ?? 'llama3.1:8b',
    'gen_ai.usage.input_tokens': 20,
    'gen_ai.usage.output_tokens': 10,
    'gen_ai.response.finish_reasons': [options.finish ?? 'stop'],
    'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: question }] }]),
  };
  if (options.answer !== '') {
    attributes['gen_ai.output.messages'] = JSON.stringify([
      { role: 'assistant', parts: [{ type: 'text', content: options.answer ?? `Answer number ${n}.` }] },
    ]);
  }
  if (options.conversation) attributes['gen_ai.conversation.id'] = options.conversation;
  return [
    {
      traceId: traceId(n),
      spanId: spanId(n),
      name: 'chat',
      kind: 3,
      startNs: start,
      endNs: start + 800_000_000n,
      attributes,
    },
  ];
}

/** Writes one request per line (the Collector's file exporter layout). */
export function writeJsonLines(dir: string, name: string, traces: SpanSpec[][]): string {
  const path = join(dir, name);
  writeFileSync(path, traces.map((spans) => JSON.stringify(jsonRequest(spans))).join('\n') + '\n');
  return path;
}
