// Record/replay cassettes: JSONL files of provider calls keyed by a stable hash of the request.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { generation } from '../../../src-shared/model';
import { redactArgs } from '../../../src-shared/model/redact-args';
import { canonicalJson } from '../../hashing/canonical-json';
import type { ChatRequest, ChatResponse, Provider } from './provider';

/** One line of a cassette: one successful provider call. */
export type CassetteEntry = Readonly<{
  hash: string;
  provider: string;
  request: ChatRequest;
  response: ChatResponse;
  usage: ChatResponse['usage'];
}>;

type ToolCalls = ChatResponse['toolCalls'];

const redactCalls = (calls: ToolCalls): ToolCalls =>
  calls.map((call) => ({ ...call, arguments: redactArgs(call.arguments) }));

/** The request with secret-named tool arguments "(redacted)", as the store keeps them (docs/security.md): what a cassette holds. */
export function redactRequest(request: ChatRequest): ChatRequest {
  const messages = request.messages.map((message) =>
    message.role === 'assistant' && message.toolCalls
      ? { ...message, toolCalls: redactCalls(message.toolCalls) }
      : message,
  );
  return { ...request, messages };
}

/**
 * sha256 of the canonical {model, messages, tools, json} with secret-named tool arguments redacted (the cassette never
 * holds them, and a replayed request must still match); generation settings are not part of a request's identity.
 */
export function requestHash(request: ChatRequest): string {
  const identity = {
    model: request.model,
    messages: redactRequest(request).messages,
    tools: request.tools ?? [],
    json: request.json ?? false,
  };
  return createHash('sha256').update(canonicalJson(identity)).digest('hex');
}

const usage = z.object({ inputTokens: z.number().nullable(), outputTokens: z.number().nullable() });
const toolCall = z.object({ id: z.string(), name: z.string(), arguments: z.record(z.string(), z.unknown()) });
const message = z.union([
  z.object({ role: z.enum(['system', 'user']), content: z.string() }),
  z.object({ role: z.literal('assistant'), content: z.string(), toolCalls: z.array(toolCall).optional() }),
  z.object({ role: z.literal('tool'), content: z.string(), toolCallId: z.string(), name: z.string() }),
]);
const entrySchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a sha256 hex digest'),
  provider: z.string(),
  request: z.object({
    model: z.string(),
    messages: z.array(message),
    tools: z
      .array(z.object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()) }))
      .optional(),
    generation: generation.optional(),
    json: z.boolean().optional(),
  }),
  response: z.object({
    text: z.string(),
    toolCalls: z.array(toolCall),
    model: z.string(),
    finishReason: z.enum(['stop', 'length', 'tool_calls', 'content_filter', 'error', 'other']),
    rawFinishReason: z.string().nullable(),
    usage,
    latencyMs: z.number(),
    sent: generation,
  }),
  usage,
});

/** Reads and checks a cassette; every problem names the file and line. */
export function readCassette(file: string): CassetteEntry[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read cassette ${file}: ${(error as Error).message}`, { cause: error });
  }
  const entries: CassetteEntry[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const where = `${file}:${index + 1}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      throw new Error(`${where}: not JSON (${(error as Error).message})`, { cause: error });
    }
    const result = entrySchema.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new Error(
        `${where}: ${issue ? `${issue.path.join('.') || '(line)'}: ${issue.message}` : 'invalid cassette entry'}`,
      );
    }
    if (requestHash(result.data.request) !== result.data.hash)
      throw new Error(`${where}: the hash does not match the recorded request (was the request edited?)`);
    entries.push(result.data);
  });
  return entries;
}

/** Calls the cassette could not write (a full disk): the first error, how many, and whose calls they were. */
export type CassetteGap = Readonly<{ error: unknown; calls: number; owners: readonly string[] }>;

export type CassetteWriter = Readonly<{
  file: string;
  /** Appends a call made for `owner` (a question); a failed write is kept in `gap()`, not thrown at the caller. */
  append(entry: CassetteEntry, owner?: string): void;
  /** What could not be written, once a write failed (every later call is counted there, none is written). */
  gap(): CassetteGap | undefined;
  close(): void;
}>;

/** Whose calls are being made (a run's question), so a cassette that cannot be written says whose calls it lost. */
export const recordingOwner = new AsyncLocalStorage<string>();

/**
 * Opens a new cassette for `ai-eval run --record FILE` (an existing file is replaced: one cassette per invocation).
 * Lines are written synchronously and whole, so concurrent calls never interleave and a crash loses no finished call.
 * After a write fails (a full disk), nothing more is written: the file ends with its last whole line at most.
 */
export function openCassetteWriter(file: string): CassetteWriter {
  mkdirSync(dirname(file), { recursive: true });
  const fd = openSync(file, 'w');
  let open = true;
  let gap: { error: unknown; calls: number; owners: Set<string> } | undefined;
  let whole = 0;
  return {
    file,
    append(entry, owner) {
      if (!open) throw new Error(`cassette ${file} is closed`);
      if (!gap) {
        const line = Buffer.from(`${JSON.stringify(entry)}\n`);
        try {
          // writeSync may write part of the line and fail on the rest: the cut line is taken back off the file.
          for (let offset = 0; offset < line.length;) offset += writeSync(fd, line, offset);
          whole += line.length;
          return;
        } catch (error) {
          gap = { error, calls: 0, owners: new Set() };
          truncateTo(fd, whole);
        }
      }
      gap.calls += 1;
      if (owner !== undefined) gap.owners.add(owner);
    },
    gap: () => gap && { error: gap.error, calls: gap.calls, owners: [...gap.owners] },
    close() {
      if (!open) return;
      open = false;
      closeSync(fd);
    },
  };
}

/** Shortens the file to its whole lines; shrinking needs no room, but a failure here leaves the cut line to the reader. */
function truncateTo(fd: number, size: number): void {
  try {
    ftruncateSync(fd, size);
  } catch {
    // readCassette names the cut line with its line number.
  }
}

/** Wraps a provider so every successful call is appended to the cassette, secret-named tool arguments redacted; failures are not recorded. */
export function withRecording(provider: Provider, writer: CassetteWriter): Provider {
  return {
    name: provider.name,
    kind: provider.kind,
    listModels: (signal) => provider.listModels(signal),
    ...(provider.contextLength ? { contextLength: provider.contextLength.bind(provider) } : {}),
    async chat(request, signal) {
      const response = await provider.chat(request, signal);
      writer.append(
        {
          hash: requestHash(request),
          provider: provider.name,
          request: redactRequest(request),
          response: { ...response, toolCalls: redactCalls(response.toolCalls) },
          usage: response.usage,
        },
        recordingOwner.getStore(),
      );
      return response;
    },
  };
}
