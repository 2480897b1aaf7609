// Test builders for the span attribute maps of the trace conventions: GenAI chat spans and the flattened,
// indexed message keys of OpenInference and OpenLLMetry.
import type { Value } from '../../../fixtures/otlp-builder';

export const json = (value: unknown) => JSON.stringify(value);

/** A GenAI message with one text part. */
export const textMessage = (role: string, content: string) => ({ role, parts: [{ type: 'text', content }] });

/** The attributes of a GenAI chat span: the operation, the provider and the requested model, then `rest`. */
export const genaiChat = (
  provider: string,
  model: string,
  rest: Record<string, Value> = {},
): Record<string, Value> => ({
  'gen_ai.operation.name': 'chat',
  'gen_ai.provider.name': provider,
  'gen_ai.request.model': model,
  ...rest,
});

/** Flattens `value` under `prefix` into dotted keys, array items by their index (`prefix.0.role`). */
export function flattened(prefix: string, value: Value): Record<string, Value> {
  if (value === null || typeof value !== 'object') return { [prefix]: value };
  const entries: [string, Value][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  return Object.assign({}, ...entries.map(([key, v]) => flattened(`${prefix}.${key}`, v)));
}

/** OpenInference messages under `llm.input_messages` or `llm.output_messages`: `prefix.N.message.*`. */
export const oiMessages = (prefix: 'llm.input_messages' | 'llm.output_messages', messages: Record<string, Value>[]) =>
  flattened(
    prefix,
    messages.map((message) => ({ message })),
  );

/** The attributes of an OpenInference LLM span of `model`, then `rest`. */
export const oiLlm = (model: string, rest: Record<string, Value> = {}): Record<string, Value> => ({
  'openinference.span.kind': 'LLM',
  'llm.model_name': model,
  ...rest,
});

/** The attributes every OpenLLMetry (before 0.5) chat span starts with: the request type, the system and the model. */
export const openllmetryChat = (system: string, model: string): Record<string, Value> => ({
  'llm.request.type': 'chat',
  'gen_ai.system': system,
  'gen_ai.request.model': model,
});
