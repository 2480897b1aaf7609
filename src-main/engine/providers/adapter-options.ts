// What every provider adapter is constructed with, and small helpers the adapters share.
import type { KnobMemory } from './capabilities';
import { ProviderError } from './provider';
import { isRecord } from './provider-errors';

export type AdapterOptions = Readonly<{
  /** The provider's name in aieval.yaml (`local`, `claude`), used in every error message. */
  name: string;
  baseUrl?: string;
  apiKey?: string;
  timeoutMs: number;
  /** Where refused knobs are remembered; the process-wide memory unless a test passes its own. */
  knobs?: KnobMemory;
}>;

/** A provider's address (its kind's default where none is given) without trailing slashes: paths are appended to it. */
export const baseUrlOf = (baseUrl: string | undefined, defaultUrl: string): string =>
  (baseUrl ?? defaultUrl).replace(/\/+$/, '');

/** Names the provider, kind, model and address in an error message, so "what and where" is always answered. */
export const describeCall = (options: AdapterOptions, kind: string, model: string, baseUrl: string): string =>
  `provider "${options.name}" (${kind}, model ${model}, ${baseUrl})`;

/** Tool-call arguments arrive as a JSON string (OpenAI) that must decode to an object. */
export function parseToolArguments(raw: string, tool: string, where: string): Record<string, unknown> {
  if (raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!isRecord(parsed)) {
    throw new ProviderError(
      `${where}: the model called tool "${tool}" with arguments that are not a JSON object: ${raw.slice(0, 200)}`,
      {
        retryable: false,
      },
    );
  }
  return parsed;
}

/**
 * Loads an SDK on first use and keeps it: a run that never calls this kind of provider never pays for the SDK's
 * module graph (the two vendor SDKs add about 60 MB to a process that only talks to Ollama).
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

/** Milliseconds elapsed since `start` (a performance.now() reading), rounded. */
export const elapsedMs = (start: number): number => Math.round(performance.now() - start);
