// Promotion of review items: the integrity guard, and a review item as a dataset question (appended, nothing else changed).
import { parseDocument } from 'yaml';
import { appendYaml } from '../../../src-shared/yaml/yaml-edit';
import type { ChatMessage, Label, Question, ReviewItem, ReviewItemDetail } from '../../../src-shared/model';
import { TRUNCATION_REASONS } from './build-review-item';

/** Why an item may not be promoted (the integrity guard of docs/traces.md), or null when it may. */
export function guardReason(item: ReviewItem): string | null {
  if (item.truncated) {
    const why =
      item.finishReason && TRUNCATION_REASONS.has(item.finishReason)
        ? `finish reason ${item.finishReason}`
        : 'the recorded text was cut by a telemetry limit';
    return `the answer was truncated (${why}); a cut answer cannot be a reference or a gold label`;
  }
  if (!item.captured) {
    const flag = item.flags.find((f) => /not captured|not recorded|No content/.test(f)) ?? 'content missing';
    return `the conversation was not captured (${flag}); there is nothing to promote`;
  }
  return null;
}

/** The question's turns: user and assistant text of the conversation before the reply, ending with a user turn. */
export function questionInput(item: ReviewItemDetail): string | ChatMessage[] {
  const turns: ChatMessage[] = item.input
    .filter((m) => (m.role === 'user' || m.role === 'assistant') && m.content.trim() !== '')
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
  while (turns.length && turns.at(-1)!.role !== 'user') turns.pop();
  if (turns.length === 0) return item.inputText ?? '';
  return turns.length === 1 ? turns[0]!.content : turns;
}

/** A snake_case id from the question's first words, unique among `taken` (which it joins). */
export function questionId(item: ReviewItem, taken: Set<string>): string {
  const words = (item.inputText ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, 6);
  let base = words.join('_').slice(0, 40).replace(/_+$/, '') || `trace_${item.traceId.slice(0, 8)}`;
  if (!/^[a-z]/.test(base)) base = `q_${base}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  taken.add(id);
  return id;
}

/**
 * The new question: input from the user turns, the reference from a passed answer, the reviewer's tags. The
 * reviewer's note says what was wrong with this answer, not what a good answer does, so it is kept as
 * `metadata.review_note` and never becomes `criteria` (which the judges read).
 */
export function questionFromItem(item: ReviewItemDetail, label: Label | null, taken: Set<string>): Question {
  const question: Question = { id: questionId(item, taken), input: questionInput(item) };
  if (label?.verdict === 'pass' && item.outputText) question.expected = { reference: item.outputText };
  if (label?.tags.length) question.tags = [...label.tags];
  question.metadata = { source_trace: item.traceId };
  if (label?.notes.trim()) question.metadata.review_note = label.notes.trim();
  return question;
}

/** The ids and source traces of a dataset file's questions (read leniently: the file may hold errors elsewhere). */
export function datasetQuestions(text: string): { ids: Set<string>; bySourceTrace: Map<string, string> } {
  const data = parseDocument(text).toJS() as {
    questions?: { id?: unknown; metadata?: { source_trace?: unknown } }[];
  } | null;
  const ids = new Set<string>();
  const bySourceTrace = new Map<string, string>();
  for (const q of data?.questions ?? []) {
    if (typeof q?.id !== 'string') continue;
    ids.add(q.id);
    if (typeof q.metadata?.source_trace === 'string') bySourceTrace.set(q.metadata.source_trace, q.id);
  }
  return { ids, bySourceTrace };
}

/** Appends questions to a dataset file's `questions` in the style of the questions there; nothing else changes. */
export function appendQuestions(text: string, questions: readonly Question[]): string {
  return appendYaml(text, ['questions'], questions);
}
