// Every secret value this process handed to a provider (an API key), redacted from everything a provider gives back:
// answers, tool calls, model names, errors and their stacks. createProvider wraps every provider it builds, so this is
// the one place all of it passes; nothing downstream (the store, --json and JUnit reports, envelopes, cassettes, labels
// files, logs, the API's answers, the prompt sent on to a judge) ever receives a key to leak.
import type { Provider } from './provider';

/** What a secret value is replaced with. */
export const REDACTED_SECRET = '(redacted)';

/** Shorter values are not treated as secrets: redacting them would mangle ordinary text and protect nothing. */
const MIN_SECRET_LENGTH = 8;

const values = new Set<string>();
let longestFirst: string[] = [];

/** Adds a key to redact from now on (a key resolved for a connection, or handed to a provider). */
export function registerSecret(value: string | undefined): void {
  if (value === undefined || value.length < MIN_SECRET_LENGTH || values.has(value)) return;
  values.add(value);
  // Longest first, so a key that contains another is replaced whole.
  longestFirst = [...values].sort((a, b) => b.length - a.length);
}

/** The text with every registered secret replaced. */
export function redactSecrets(text: string): string {
  let redacted = text;
  for (const value of longestFirst)
    if (redacted.includes(value)) redacted = redacted.split(value).join(REDACTED_SECRET);
  return redacted;
}

/** A plain JSON-like value (strings, arrays, objects) with every registered secret redacted at any depth. */
export function redactSecretsDeep<T>(value: T): T {
  if (longestFirst.length === 0) return value;
  if (typeof value === 'string') return redactSecrets(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactSecretsDeep(item)) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, member]) => [
      redactSecrets(key),
      redactSecretsDeep(member),
    ]),
  ) as T;
}

/** The error with its message, stack and causes redacted in place (its class and details kept for the retry logic). */
export function redactError<T>(error: T): T {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 10; depth += 1) {
    current.message = redactSecrets(current.message);
    if (current.stack !== undefined) current.stack = redactSecrets(current.stack);
    current = current.cause;
  }
  return error;
}

/** Calls `call`, its answer or its error redacted. */
async function redacted<T>(call: () => Promise<T>): Promise<T> {
  try {
    return redactSecretsDeep(await call());
  } catch (error) {
    throw redactError(error);
  }
}

/** The provider with everything it answers or throws redacted of every registered secret. */
export function redactingProvider(provider: Provider): Provider {
  const { contextLength } = provider;
  return {
    name: provider.name,
    kind: provider.kind,
    chat: (request, signal) => redacted(() => provider.chat(request, signal)),
    listModels: (signal) => redacted(() => provider.listModels(signal)),
    ...(contextLength
      ? { contextLength: (model, signal) => redacted(() => contextLength.call(provider, model, signal)) }
      : {}),
  };
}
