// Edits of a dataset's questions applied to the YAML text through the Document API, so comments and order survive.
import { isMap, isSeq, parseDocument, type Document, type YAMLSeq } from 'yaml';
import { preserveOriginalLines } from '../../../src-shared/text/preserve-lines';

export type QuestionRow = Readonly<{
  index: number;
  id: string;
  turns: readonly { role: string; content: string }[];
  disabled: boolean;
  tags: readonly string[];
  split: string | null;
}>;

function questionsOf(doc: Document): YAMLSeq | undefined {
  const node = doc.get('questions', true);
  return isSeq(node) ? node : undefined;
}

/** The questions as the table shows them; undefined while the text does not parse. */
export function questionRows(text: string): QuestionRow[] | undefined {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return undefined;
  const questions = (doc.toJS() as { questions?: unknown } | null)?.questions;
  if (!Array.isArray(questions)) return [];
  return questions.map((raw, index) => {
    const q = (raw ?? {}) as Record<string, unknown>;
    const input = q.input;
    const turns =
      typeof input === 'string'
        ? [{ role: 'user', content: input }]
        : Array.isArray(input)
          ? (input as { role: string; content: string }[])
          : [];
    return {
      index,
      id: typeof q.id === 'string' ? q.id : `(question ${index + 1})`,
      turns,
      disabled: q.disabled === true,
      tags: Array.isArray(q.tags) ? q.tags.map(String) : [],
      split: typeof q.split === 'string' ? q.split : null,
    };
  });
}

function edit(text: string, change: (doc: Document, questions: YAMLSeq) => void): string {
  const doc = parseDocument(text);
  const questions = questionsOf(doc);
  if (doc.errors.length > 0 || !questions) return text;
  change(doc, questions);
  return preserveOriginalLines(text, doc.toString({ lineWidth: 0 }));
}

export function toggleDisabled(text: string, index: number): string {
  return edit(text, (_doc, questions) => {
    const item = questions.items[index];
    if (!isMap(item)) return;
    if (item.get('disabled') === true) item.delete('disabled');
    else item.set('disabled', true);
  });
}

export function moveQuestion(text: string, index: number, by: -1 | 1): string {
  return edit(text, (_doc, questions) => {
    const target = index + by;
    if (target < 0 || target >= questions.items.length) return;
    const [item] = questions.items.splice(index, 1);
    questions.items.splice(target, 0, item);
  });
}

/** Appends a question with a fresh id (`new_question`, `new_question_2`, …). */
export function addQuestion(text: string): string {
  return edit(text, (doc, questions) => {
    const ids = new Set((questionRows(text) ?? []).map((row) => row.id));
    let id = 'new_question';
    for (let n = 2; ids.has(id); n++) id = `new_question_${n}`;
    questions.add(doc.createNode({ id, input: 'Write the question here.', criteria: 'What a good answer does.' }));
  });
}
