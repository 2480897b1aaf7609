// Ollama's model administration: a model's context length (/api/show), the installed models (/api/tags), a pull (/api/pull).
import { withDeadline } from './deadline';
import { httpRequest } from './http-client';
import { errorDetail, httpError, isRecord, malformedError, networkError } from './provider-errors';

export type OllamaServer = Readonly<{ baseUrl: string; timeoutMs: number; apiKey?: string }>;

/** One line of a pull's progress: what Ollama is doing, and bytes of the current layer when it downloads. */
export type PullProgress = Readonly<{ status: string; completed: number | null; total: number | null }>;

const headersOf = (server: OllamaServer): Record<string, string> => ({
  'content-type': 'application/json',
  ...(server.apiKey ? { authorization: `Bearer ${server.apiKey}` } : {}),
});

async function call(server: OllamaServer, path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
  const where = `Ollama ${server.baseUrl}${path}`;
  return withDeadline(
    { where, timeoutMs: server.timeoutMs, signal },
    async (callSignal) => {
      const answer = await httpRequest(`${server.baseUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: headersOf(server),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: callSignal,
      });
      if (!answer.ok) throw httpError(where, answer.status, errorDetail(answer.text), answer.headers);
      try {
        return JSON.parse(answer.text) as unknown;
      } catch {
        throw malformedError(where, `not JSON: ${answer.text.slice(0, 120)}`);
      }
    },
    (error) => networkError(where, error),
  );
}

/**
 * How long an answer of /api/tags or /api/show is reused. A run's preflight lists the models and sizes the windows, then
 * the run sizes them again as it starts: they are asked once (as the README says). Every preflight starts afresh
 * (`forgetAdminAnswers`), so a model pulled or removed since is seen; a failed call is never kept.
 */
export const ADMIN_ANSWER_TTL_MS = 15_000;
const recentAnswers = new Map<string, Readonly<{ at: number; answer: Promise<unknown> }>>();

/** The answer `ask` gave for `key` within the TTL, else a new one (kept only if it succeeds). */
export function recentAnswer<T>(key: string, ask: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const kept = recentAnswers.get(key);
  if (kept && now - kept.at < ADMIN_ANSWER_TTL_MS) return kept.answer as Promise<T>;
  const answer = ask();
  recentAnswers.set(key, { at: now, answer });
  answer.catch(() => {
    if (recentAnswers.get(key)?.answer === answer) recentAnswers.delete(key);
  });
  return answer;
}

/** Forgets every kept answer: a new preflight asks the servers again. */
export const forgetAdminAnswers = () => recentAnswers.clear();

/** Forgets what a server said (after a pull, its model list has changed). */
const forgetServer = (baseUrl: string) => {
  for (const key of recentAnswers.keys()) if (key.startsWith(`${baseUrl} `)) recentAnswers.delete(key);
};

/**
 * The longest context the model supports (`<architecture>.context_length` in model_info), or null when the server
 * does not say. Throws a ProviderError (404 for a model that is not installed) like any other call.
 */
export async function modelContextLength(
  server: OllamaServer,
  model: string,
  signal?: AbortSignal,
): Promise<number | null> {
  const body = await recentAnswer(`${server.baseUrl} show ${model}`, () =>
    call(server, '/api/show', { model }, signal),
  );
  const info = isRecord(body) && isRecord(body.model_info) ? body.model_info : {};
  const lengths = Object.entries(info)
    .filter(([key, value]) => key.endsWith('.context_length') && typeof value === 'number')
    .map(([, value]) => value as number);
  return lengths.length > 0 ? Math.max(...lengths) : null;
}

/** The names of the installed models (/api/tags). */
export async function installedModels(server: OllamaServer, signal?: AbortSignal): Promise<string[]> {
  const body = await recentAnswer(`${server.baseUrl} tags`, () => call(server, '/api/tags', undefined, signal));
  const models = isRecord(body) && Array.isArray(body.models) ? body.models : undefined;
  if (!models) throw malformedError(`Ollama ${server.baseUrl}/api/tags`, 'expected {models: [...]}');
  return models.flatMap((model) => (isRecord(model) && typeof model.name === 'string' ? [model.name] : []));
}

/** Whether an installed name stands for the model asked for (`llama3.1` is `llama3.1:latest`). */
export const isInstalled = (installed: readonly string[], model: string): boolean =>
  installed.includes(model) || (!model.includes(':') && installed.includes(`${model}:latest`));

/** The command that installs a model by hand. */
export const pullCommand = (model: string): string => `ollama pull ${model}`;

/**
 * Pulls a model, reporting each progress line Ollama streams; resolves on "success", rejects with Ollama's error.
 * No overall timeout: a large model takes as long as the download does (cancel with `signal`).
 */
export async function pullModel(
  server: Pick<OllamaServer, 'baseUrl' | 'apiKey'>,
  model: string,
  onProgress: (progress: PullProgress) => void,
  signal?: AbortSignal,
): Promise<void> {
  const where = `Ollama ${server.baseUrl}/api/pull (${model})`;
  const response = await fetch(`${server.baseUrl}/api/pull`, {
    method: 'POST',
    headers: headersOf({ ...server, timeoutMs: 0 }),
    body: JSON.stringify({ model, stream: true }),
    signal,
  }).catch((error: unknown) => {
    throw networkError(where, error);
  });
  if (!response.ok || !response.body) {
    const text = await response.text();
    throw httpError(where, response.status, errorDetail(text), response.headers);
  }
  let succeeded = false;
  let pending = '';
  const decoder = new TextDecoder();
  const readLine = (line: string) => {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw malformedError(where, `a progress line is not JSON: ${line.slice(0, 120)}`);
    }
    if (!isRecord(parsed)) return;
    if (typeof parsed.error === 'string') throw malformedError(where, `Ollama refused: ${parsed.error}`);
    const status = typeof parsed.status === 'string' ? parsed.status : '';
    if (status === 'success') succeeded = true;
    onProgress({
      status,
      completed: typeof parsed.completed === 'number' ? parsed.completed : null,
      total: typeof parsed.total === 'number' ? parsed.total : null,
    });
  };
  for await (const chunk of response.body) {
    pending += decoder.decode(chunk as Uint8Array, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    lines.forEach(readLine);
  }
  readLine(pending + decoder.decode());
  if (!succeeded) throw malformedError(where, 'the pull ended without "success"');
  forgetServer(server.baseUrl);
}
