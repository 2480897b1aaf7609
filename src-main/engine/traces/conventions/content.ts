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
