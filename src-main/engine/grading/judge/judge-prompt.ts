// Builds a judge prompt: question, criteria and response in XML fences that content cannot close (docs/grading.md).
import type { ChatMessage } from '../../../../src-shared/model';
import { fillTemplate, type JudgeTemplate, type Placeholder } from './judge-templates';

const FENCE_NAMES = ['question', 'criteria', 'agent_response'] as const;
type FenceName = (typeof FENCE_NAMES)[number];

/** Any opening or closing fence tag, however spaced or cased. */
const FENCE_TAG = new RegExp(`<(\\s*/?\\s*(?:${FENCE_NAMES.join('|')})\\b[^>]*)>`, 'gi');

/** Put in the criteria fence when a question has none. */
export const NO_CRITERIA = '(no criteria given: judge the answer on the dimension alone)';

/** Escapes fence tags inside content (`</agent_response>` becomes `&lt;/agent_response>`), so content cannot end its fence. */
export const escapeFenceTags = (text: string): string => text.replace(FENCE_TAG, '&lt;$1>');

export const fence = (name: FenceName, content: string): string => `<${name}>\n${escapeFenceTags(content)}\n</${name}>`;

/** One turn as its text; several as "[role]" blocks in order. */
export function renderConversation(messages: readonly ChatMessage[]): string {
  const only = messages[0];
  if (messages.length === 1 && only?.role === 'user') return only.content;
  return messages.map((message) => `[${message.role}]\n${message.content}`).join('\n\n');
}

export type ResponseCut = Readonly<{ seen: string; truncated: boolean; totalChars: number }>;

/** The response cut to `limit` code points, the judge's view of it. */
export function cutResponse(response: string, limit: number): ResponseCut {
  const chars = [...response];
  if (chars.length <= limit) return { seen: response, truncated: false, totalChars: chars.length };
  return { seen: chars.slice(0, limit).join(''), truncated: true, totalChars: chars.length };
}

export type PromptParts = Readonly<{
  messages: readonly ChatMessage[];
  criteria: string;
  response: string;
  judgeResponseCharLimit: number;
  dimension?: string;
  definition?: string;
  guidance?: string;
  minScore: number;
  maxScore: number;
}>;

/** The filled prompt and the (cut) response text the judge saw. */
export function buildJudgePrompt(
  template: JudgeTemplate,
  parts: PromptParts,
): Readonly<{ prompt: string; responseSeen: string }> {
  const cut = cutResponse(parts.response, parts.judgeResponseCharLimit);
  const note = cut.truncated
    ? `\n[the answer was cut here: ${cut.totalChars - parts.judgeResponseCharLimit} more characters were not shown]`
    : '';
  const values: Record<Placeholder, string> = {
    question: fence('question', renderConversation(parts.messages)),
    criteria: fence('criteria', parts.criteria.trim() === '' ? NO_CRITERIA : parts.criteria),
    agent_response: fence('agent_response', cut.seen + note),
    dimension: parts.dimension ?? '',
    definition: parts.definition ?? '',
    guidance: parts.guidance ?? '',
    min_score: String(parts.minScore),
    max_score: String(parts.maxScore),
  };
  return { prompt: fillTemplate(template, values), responseSeen: cut.seen };
}
