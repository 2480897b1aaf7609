// One LLM call span in the common shape: model, content, tokens, finish reasons, streaming and failure signals.
import type { Convention, TraceMessage } from '../../../src-shared/model/trace';
import { emptyContent, type CallContent } from './conventions/content';
import { genaiContent } from './conventions/genai';
import { genaiEventContent, legacyContent } from './conventions/genai-events';
import { num, str, structured } from './conventions/messages';
import { openInferenceContent } from './conventions/openinference';
import { openLlmetryContent } from './conventions/openllmetry';
import type { Attrs, SpanCore, SpanEvent } from './span';

export type LlmCall = Readonly<{
  span: SpanCore;
  provider: string | null;
  model: string | null;
  /** undefined: the call's input (output) content was not recorded. */
  input: TraceMessage[] | undefined;
  output: TraceMessage[] | undefined;
  system: string | null;
  finishReasons: string[];
  inputTokens: number | null;
  outputTokens: number | null;
  streaming: boolean;
  /** Recorded content was cut by a telemetry limit (unparseable JSON, dropped attributes or events). */
  cut: boolean;
  error: string | null;
}>;

const EXTRACTORS: Readonly<Record<Convention, (span: SpanCore) => CallContent>> = {
  genai: (span) => genaiContent(span.attributes, span.events),
  openinference: (span) => openInferenceContent(span.attributes),
  openllmetry: (span) => openLlmetryContent(span.attributes),
  genai_events: (span) => genaiEventContent(span.events),
  genai_legacy: (span) => legacyContent(span.events, span.attributes),
};

/** Content from the span's own convention first, then from any other that recorded something (traces mix them). */
function contentOf(span: SpanCore, convention: Convention | null): CallContent {
  const order = (convention ? [convention] : []).concat(
    (Object.keys(EXTRACTORS) as Convention[]).filter((c) => c !== convention),
  );
  const merged = emptyContent();
  for (const name of order) {
    const found = EXTRACTORS[name](span);
    merged.cut ||= found.cut;
    merged.input ??= found.input;
    merged.output ??= found.output;
    merged.system ??= found.system;
    merged.finishReasons ??= found.finishReasons;
    if (merged.input && merged.output && merged.finishReasons) break;
  }
  return merged;
}

const first = (attrs: Attrs, keys: readonly string[]): unknown => {
  for (const key of keys) if (attrs[key] !== undefined && attrs[key] !== null && attrs[key] !== '') return attrs[key];
  return undefined;
};

function finishReasonsOf(attrs: Attrs, fromContent: readonly string[] | undefined): string[] {
  const declared = attrs['gen_ai.response.finish_reasons'];
  if (Array.isArray(declared) && declared.length) return declared.map(String);
  if (typeof declared === 'string' && declared !== '') return [declared];
  return [...(fromContent ?? [])];
}

function streamingOf(attrs: Attrs, events: readonly SpanEvent[]): boolean {
  if (
    [attrs['gen_ai.request.stream'], attrs['llm.is_streaming'], attrs['gen_ai.is_streaming']].some(
      (v) => v === true || v === 'true',
    )
  )
    return true;
  const params = structured(attrs['llm.invocation_parameters']).value as { stream?: unknown } | undefined;
  if (params && typeof params === 'object' && params.stream === true) return true;
  return events.some((event) => event.name === 'First Token Stream Event');
}

function errorOf(span: SpanCore): string | null {
  const type = str(span.attributes['error.type']);
  const exception = span.events.find((e) => e.name === 'exception');
  const exceptionText = exception
    ? [str(exception.attributes['exception.type']), str(exception.attributes['exception.message'])]
        .filter(Boolean)
        .join(': ')
    : '';
  if (span.statusCode !== 2 && !type) return null;
  return type ?? (span.statusMessage || exceptionText || 'status ERROR');
}

export function extractLlmCall(span: SpanCore, convention: Convention | null): LlmCall {
  const attrs = span.attributes;
  const content = contentOf(span, convention);
  const params = structured(attrs['llm.invocation_parameters']).value as Record<string, unknown> | undefined;
  return {
    span,
    provider: str(first(attrs, ['gen_ai.provider.name', 'gen_ai.system', 'llm.provider', 'llm.system'])) ?? null,
    model:
      str(
        first(attrs, [
          'gen_ai.response.model',
          'llm.model_name',
          'llm.response.model_name',
          'gen_ai.request.model',
          'llm.request.model_name',
        ]),
      ) ?? (params && typeof params === 'object' ? (str(params.model) ?? null) : null),
    input: content.input,
    output: content.output,
    system: content.system ?? null,
    finishReasons: finishReasonsOf(attrs, content.finishReasons),
    inputTokens: num(
      first(attrs, [
        'gen_ai.usage.input_tokens',
        'gen_ai.usage.prompt_tokens',
        'llm.token_count.prompt',
        'llm.usage.prompt_tokens',
      ]),
    ),
    outputTokens: num(
      first(attrs, [
        'gen_ai.usage.output_tokens',
        'gen_ai.usage.completion_tokens',
        'llm.token_count.completion',
        'llm.usage.completion_tokens',
      ]),
    ),
    streaming: streamingOf(attrs, span.events),
    cut: content.cut || span.droppedAttributes > 0 || span.droppedEvents > 0,
    error: errorOf(span),
  };
}
