// Turns the message shapes the conventions use (GenAI parts, OpenAI chat format, plain text) into one message model.
import type { TraceMessage, TraceRole } from '../../../../src-shared/model/trace';
import type { AttrValue, Attrs } from '../span';
import { parseLooseJson } from './loose-json';

export type ToolRequest = TraceMessage['toolCalls'][number];

/** Content a convention found: undefined where it recorded nothing; `cut` when recorded text would not parse. */
export type Parsed<T> = Readonly<{ value: T | undefined; cut: boolean }>;

/** OpenInference writes this placeholder when content capture is hidden. */
export const REDACTED = '__REDACTED__';

type Obj = Record<string, unknown>;
export const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
export const num = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * A content attribute: structured already, or a JSON (or Python-repr) string. JSON-looking text that will not
 * parse was cut by a telemetry length limit; any other text is returned as it is.
 */
export function structured(value: AttrValue | undefined): Parsed<unknown> {
  if (value === undefined || value === null) return { value: undefined, cut: false };
  if (typeof value !== 'string') return { value, cut: false };
  const first = value.trimStart()[0];
  if (first !== '[' && first !== '{') return { value, cut: false };
  const parsed = parseLooseJson(value);
  return parsed === undefined ? { value: undefined, cut: true } : { value: parsed, cut: false };
}

export function role(raw: unknown): TraceRole {
  const value = String(raw ?? '').toLowerCase();
  if (value === 'system' || value === 'developer') return 'system';
  if (value === 'assistant' || value === 'ai' || value === 'model' || value === 'bot') return 'assistant';
  if (value === 'tool' || value === 'function' || value === 'ipython') return 'tool';
  return 'user';
}

/** Arguments as an object when they are JSON, else the raw text. */
export function toolArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** The text of a content value: a string, a list of parts (text parts joined, reasoning skipped), or JSON text of parts. */
export function textOf(content: unknown): string {
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') {
    const trimmed = content.trimStart();
    if (trimmed.startsWith('[{')) {
      const parts = parseLooseJson(content);
      if (Array.isArray(parts) && parts.every(isObj) && parts.some((p) => 'type' in p)) return textOf(parts);
    }
    return content;
  }
  if (Array.isArray(content)) {
    return content
      .map((part) => {
        if (typeof part === 'string') return part;
        if (!isObj(part) || part.type === 'reasoning' || part.type === 'thinking') return '';
        return str(part.content) ?? str(part.text) ?? '';
      })
      .filter((text) => text !== '')
      .join('\n');
  }
  if (isObj(content)) return str(content.text) ?? str(content.content) ?? JSON.stringify(content);
  return String(content);
}

export const message = (
  r: TraceRole,
  content: string,
  toolCalls: ToolRequest[] = [],
  toolCallId: string | null = null,
): TraceMessage => ({
  role: r,
  content,
  toolCalls,
  toolCallId,
});

/** A GenAI (≥1.37) message: `{role, parts: [{type: text|tool_call|tool_call_response|...}], finish_reason}`. */
export function partsMessage(raw: unknown): TraceMessage & { finishReason: string | null } {
  const obj = isObj(raw) ? raw : {};
  const parts = Array.isArray(obj.parts) ? obj.parts.filter(isObj) : [];
  const toolCalls: ToolRequest[] = [];
  const texts: string[] = [];
  let toolCallId: string | null = null;
  for (const part of parts) {
    if (part.type === 'tool_call')
      toolCalls.push({
        id: str(part.id) ?? null,
        name: str(part.name) ?? '',
        arguments: toolArguments(part.arguments),
      });
    else if (part.type === 'tool_call_response') {
      toolCallId = str(part.id) ?? null;
      const response = part.response ?? part.result;
      texts.push(typeof response === 'string' ? response : JSON.stringify(response ?? null));
    } else if (part.type === 'text') texts.push(str(part.content) ?? str(part.text) ?? '');
  }
  if (parts.length === 0 && 'content' in obj) texts.push(textOf(obj.content));
  // Built whole rather than spread from message(): this runs for every message of an import.
  return {
    role: toolCallId ? 'tool' : role(obj.role),
    content: texts.length === 1 ? texts[0]! : texts.join('\n'),
    toolCalls,
    toolCallId,
    finishReason: str(obj.finish_reason) ?? null,
  };
}

/** An OpenAI chat-format message: `{role, content, tool_calls: [{id, function: {name, arguments}}], tool_call_id}`. */
export function openAiMessage(raw: unknown): TraceMessage {
  const obj = isObj(raw) ? raw : { content: raw };
  const calls = Array.isArray(obj.tool_calls) ? obj.tool_calls.filter(isObj) : [];
  const toolCalls = calls.map((call) => {
    const fn = isObj(call.function) ? call.function : call;
    return { id: str(call.id) ?? null, name: str(fn.name) ?? '', arguments: toolArguments(fn.arguments) };
  });
  if (isObj(obj.function_call))
    toolCalls.push({
      id: null,
      name: str(obj.function_call.name) ?? '',
      arguments: toolArguments(obj.function_call.arguments),
    });
  const toolCallId = str(obj.tool_call_id) ?? (obj.role === 'tool' ? (str(obj.id) ?? null) : null);
  return message(toolCallId ? 'tool' : role(obj.role ?? 'user'), textOf(obj.content), toolCalls, toolCallId);
}

/** Indexed flat attributes (`prefix.N.rest`) grouped by N in index order, each with the `rest` keys. */
export function indexed(attrs: Attrs, prefix: string): Attrs[] {
  const groups = new Map<number, Attrs>();
  for (const key in attrs) {
    if (!key.startsWith(prefix)) continue;
    const dot = key.indexOf('.', prefix.length);
    const index = Number(key.slice(prefix.length, dot === -1 ? undefined : dot));
    if (dot === -1 || !Number.isInteger(index)) continue;
    let group = groups.get(index);
    if (!group) groups.set(index, (group = {}));
    group[key.slice(dot + 1)] = attrs[key]!;
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([, group]) => group);
}
