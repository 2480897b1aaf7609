// What one convention recorded about an LLM call's content; every field is absent when it recorded nothing.
import type { TraceMessage } from '../../../../src-shared/model/trace';

export type CallContent = {
  input?: TraceMessage[];
  output?: TraceMessage[];
  system?: string;
  finishReasons?: string[];
  /** Some recorded content would not parse: it was cut by a telemetry attribute limit. */
  cut: boolean;
};

export const emptyContent = (): CallContent => ({ cut: false });

/** Puts a request's messages in place: its system turns joined as `system`, the others as `input`. */
export function putRequestMessages(content: CallContent, messages: readonly TraceMessage[]): void {
  content.system =
    messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n') || undefined;
  content.input = messages.filter((m) => m.role !== 'system');
}
